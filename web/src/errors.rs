//! The one place where the library's Rust errors become JavaScript
//! errors: an `Error` whose `name` is the Rust type's and whose message is
//! the library's.

use js_sys::{Error, RangeError, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use kaissa_chaturaji::agents::SpecError;
use kaissa_chaturaji::chaturaji::ExchangeError;
use kaissa_chaturaji::error::{IllegalMoveError, NotationError};
use kaissa_chaturaji::readable::ReadableMoveError;
use kaissa_chaturaji::record::{ActionError, RecordError, TextError};

/// An `Error` named `name` with `message`, and these extra properties.
pub fn named(name: &str, message: &str, properties: &[(&str, JsValue)]) -> JsValue {
    let error = Error::new(message);
    error.set_name(name);
    for (key, value) in properties {
        let _ = Reflect::set(&error, &JsValue::from_str(key), value);
    }
    error.into()
}

/// A `RangeError`: a number or a name out of its range.
pub fn range(message: &str) -> JsValue {
    RangeError::new(message).unchecked_into()
}

/// `NotationError`: a text that does not parse, with `field` and `offset`.
pub fn notation(err: NotationError) -> JsValue {
    let offset = err
        .offset()
        .map_or(JsValue::NULL, |o| JsValue::from(o as f64));
    named(
        "NotationError",
        &err.to_string(),
        &[
            ("field", JsValue::from_str(err.field().name())),
            ("offset", offset),
            ("reason", JsValue::from_str(err.reason())),
        ],
    )
}

/// `IllegalMoveError`: a well-formed move that is not legal here.
pub fn illegal(err: IllegalMoveError) -> JsValue {
    named(
        "IllegalMoveError",
        &err.to_string(),
        &[
            ("moveText", JsValue::from_str(err.move_text())),
            ("reason", JsValue::from_str(err.reason().description())),
        ],
    )
}

/// `ReadableMoveError`: a readable move that names no legal move, or
/// several.
pub fn readable(err: ReadableMoveError) -> JsValue {
    named("ReadableMoveError", &err.to_string(), &[])
}

/// `ExchangeError`: a raja exchange that is not possible.
pub fn exchange(err: ExchangeError) -> JsValue {
    named("ExchangeError", &err.to_string(), &[])
}

/// `RecordError`: a record that cannot be read, with `line` and `column`.
pub fn record(err: RecordError) -> JsValue {
    let number = |n: usize| JsValue::from(n as f64);
    named(
        "RecordError",
        &err.to_string(),
        &[
            ("line", number(err.line())),
            ("column", number(err.column())),
        ],
    )
}

/// `RecordError` for an action a record refuses.
pub fn action(err: ActionError) -> JsValue {
    named("RecordError", &err.to_string(), &[])
}

/// `RecordError` for a tag a record refuses.
pub fn text(err: TextError) -> JsValue {
    named("RecordError", &err.to_string(), &[])
}

/// `SpecError`: an agent spec that names no agent for this game.
pub fn spec(err: SpecError) -> JsValue {
    named("SpecError", &err.to_string(), &[])
}

/// `UndoError`: nothing to take back.
pub fn undo(message: &str) -> JsValue {
    named("UndoError", message, &[])
}
