//! The exception classes, and the one place where the library's Rust
//! errors become Python exceptions.
//!
//! Every class derives from `kaissa_chaturaji.Error`, itself a
//! `ValueError`, and carries the library's own message; the parts of the
//! Rust error a program may want to inspect are attributes of the
//! exception (`field`, `offset`, `line`, `column`, ...).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
use pyo3::IntoPyObjectExt;

use kaissa_chaturaji::agents::LimitError as RustLimit;
use kaissa_chaturaji::error::{IllegalMoveError as RustIllegal, NotationError as RustNotation};
use kaissa_chaturaji::readable::ReadableMoveError as RustReadable;
use kaissa_chaturaji::record::{ActionError, RecordError as RustRecord, ResultError, TextError};

create_exception!(
    kaissa_chaturaji,
    Error,
    PyValueError,
    "The base of every error this package raises about a game: a ValueError."
);
create_exception!(
    kaissa_chaturaji,
    NotationError,
    Error,
    "A text that does not parse (a position, a move, a square), or a \
     position the rules exclude. Attributes: field (the part of the text, \
     e.g. 'board', 'turn', 'move'), offset (byte offset into the text, or \
     None), kind (what is wrong, e.g. 'unexpected-character') and reason."
);
create_exception!(
    kaissa_chaturaji,
    IllegalMoveError,
    Error,
    "A well-formed move that is not legal where it was played; nothing \
     changed. Attributes: move_text and reason."
);
create_exception!(
    kaissa_chaturaji,
    ReadableMoveError,
    Error,
    "A readable move (SAN-like for Kaissa, 'gH b1-c3' for Chaturaji) that \
     does not name exactly one legal move. Attributes: kind ('malformed', \
     'game-over', 'no-match', 'ambiguous', 'wrong-marker' or 'illegal'), \
     offset (for 'malformed', else None) and candidates (the legal moves an \
     ambiguous text could be, in canonical readable form)."
);
create_exception!(
    kaissa_chaturaji,
    ExchangeError,
    Error,
    "A Chaturaji raja exchange that is not possible; nothing changed."
);
create_exception!(
    kaissa_chaturaji,
    RecordError,
    Error,
    "A game record that cannot be read, or a change a record refuses (a \
     bad tag or comment, a result that does not fit the final position). \
     Attributes: line and column (from 1, or None when not reading) and ply \
     (the number of the action concerned, or None)."
);
create_exception!(
    kaissa_chaturaji.agents,
    LimitError,
    Error,
    "A limit an agent cannot honour, such as a depth for MCTS or an \
     expectimax depth past its deepest; nothing was searched. Attributes: \
     agent (its spec) and reason."
);

/// `value` as a Python object (`None` if the conversion failed, which
/// for the plain values used here only happens without memory).
fn any<'py>(py: Python<'py>, value: impl IntoPyObjectExt<'py>) -> Bound<'py, PyAny> {
    value
        .into_bound_py_any(py)
        .unwrap_or_else(|_| py.None().into_bound(py))
}

/// Sets the attributes of an exception about to be raised.
fn with_attributes<'py>(
    py: Python<'py>,
    err: PyErr,
    attributes: &[(&str, Bound<'py, PyAny>)],
) -> PyErr {
    let value = err.value(py);
    for (name, item) in attributes {
        // Setting an attribute on a fresh exception instance cannot fail
        // short of memory; the message is what matters then.
        let _ = value.setattr(*name, item);
    }
    err
}

/// A `NotationError` from the library's error.
pub fn notation(err: RustNotation) -> PyErr {
    Python::attach(|py| {
        let kind = format!("{:?}", err.kind());
        let attributes = [
            ("field", any(py, err.field().name())),
            ("offset", any(py, err.offset())),
            ("kind", any(py, kebab(&kind))),
            ("reason", any(py, err.reason())),
        ];
        with_attributes(py, NotationError::new_err(err.to_string()), &attributes)
    })
}

/// An `IllegalMoveError` from the library's error.
pub fn illegal(err: RustIllegal) -> PyErr {
    Python::attach(|py| {
        let attributes = [
            ("move_text", any(py, err.move_text())),
            ("reason", any(py, err.reason().description())),
        ];
        with_attributes(py, IllegalMoveError::new_err(err.to_string()), &attributes)
    })
}

/// A `ReadableMoveError` from the library's error.
pub fn readable(err: RustReadable) -> PyErr {
    Python::attach(|py| {
        let (kind, offset, candidates): (&str, Option<usize>, Vec<String>) = match &err {
            RustReadable::Malformed { offset, .. } => ("malformed", Some(*offset), Vec::new()),
            RustReadable::GameOver => ("game-over", None, Vec::new()),
            RustReadable::NoMatch { .. } => ("no-match", None, Vec::new()),
            RustReadable::Ambiguous { candidates } => ("ambiguous", None, candidates.clone()),
            RustReadable::WrongMarker { .. } => ("wrong-marker", None, Vec::new()),
            RustReadable::Illegal(_) => ("illegal", None, Vec::new()),
            _ => ("other", None, Vec::new()),
        };
        let candidates = PyList::new(py, candidates)
            .map(Bound::into_any)
            .unwrap_or_else(|_| py.None().into_bound(py));
        let attributes = [
            ("kind", any(py, kind)),
            ("offset", any(py, offset)),
            ("candidates", candidates),
        ];
        with_attributes(py, ReadableMoveError::new_err(err.to_string()), &attributes)
    })
}

/// An `ExchangeError` with the library's message.
pub fn exchange(err: impl std::fmt::Display) -> PyErr {
    ExchangeError::new_err(err.to_string())
}

/// A `RecordError` with a position in the text (from the reader).
pub fn record(err: RustRecord) -> PyErr {
    Python::attach(|py| {
        let attributes = [
            ("line", any(py, err.line())),
            ("column", any(py, err.column())),
            ("ply", any(py, err.ply())),
        ];
        with_attributes(py, RecordError::new_err(err.to_string()), &attributes)
    })
}

/// A `RecordError` about a change to a record (no position in a text).
fn record_change(message: String) -> PyErr {
    Python::attach(|py| {
        let none = || py.None().into_bound(py);
        let attributes = [("line", none()), ("column", none()), ("ply", none())];
        with_attributes(py, RecordError::new_err(message), &attributes)
    })
}

/// A result or termination word that names none.
pub fn result_word(message: String) -> PyErr {
    record_change(message)
}

/// A refused result or termination.
pub fn result(err: ResultError) -> PyErr {
    record_change(err.to_string())
}

/// A refused tag or comment.
pub fn text(err: TextError) -> PyErr {
    record_change(err.to_string())
}

/// An action a record refuses: an illegal move, an impossible exchange,
/// or a Ludii decision out of place.
pub fn action(err: ActionError) -> PyErr {
    match err {
        ActionError::Illegal(err) => illegal(err),
        ActionError::Exchange(err) => exchange(err),
        other => Python::attach(|py| {
            let attributes = [
                ("move_text", py.None().into_bound(py)),
                ("reason", any(py, other.to_string())),
            ];
            with_attributes(
                py,
                IllegalMoveError::new_err(other.to_string()),
                &attributes,
            )
        }),
    }
}

/// An `IllegalMoveError` for an action id or move that is not legal
/// here, with `move_text` (`None` when the id names no move) and `reason`.
pub fn illegal_action(move_text: Option<String>, reason: String) -> PyErr {
    Python::attach(|py| {
        let message = match &move_text {
            Some(text) => format!("illegal action {text}: {reason}"),
            None => reason.clone(),
        };
        let attributes = [
            ("move_text", any(py, move_text)),
            ("reason", any(py, reason)),
        ];
        with_attributes(py, IllegalMoveError::new_err(message), &attributes)
    })
}

/// A `LimitError` from the library's error.
pub fn limit(err: RustLimit) -> PyErr {
    Python::attach(|py| {
        let attributes = [
            ("agent", any(py, err.agent.as_str())),
            ("reason", any(py, err.reason)),
        ];
        with_attributes(py, LimitError::new_err(err.to_string()), &attributes)
    })
}

/// `UnexpectedCharacter` as `unexpected-character`: a Rust variant name
/// as a Python-friendly word.
fn kebab(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("ReadableMoveError", py.get_type::<ReadableMoveError>())?;
    m.add("ExchangeError", py.get_type::<ExchangeError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    Ok(())
}
