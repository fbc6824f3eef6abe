//! WebAssembly bindings of the `kaissa-chaturaji` rules library: the
//! classes behind the npm package `kaissa-chaturaji` (its hand-written
//! `index.js` wraps them in the `kaissa` and `chaturaji` namespaces).
//!
//! Every input from JavaScript is checked here or by the library before
//! it changes anything; a bad one becomes a thrown `Error` whose `name`
//! is the library's error type (`NotationError`, `IllegalMoveError`, ...)
//! and whose message is the library's. A Rust panic would trap the
//! WebAssembly instance, so none may be reachable from an input.

#![deny(missing_docs)]

mod agents;
mod chaturaji;
mod dests;
mod errors;
mod js;
mod kaissa;
mod record;

use wasm_bindgen::prelude::*;

pub use agents::Agent;
pub use chaturaji::{ChaturajiPosition, Dice};
pub use kaissa::KaissaPosition;
pub use record::read_records;

/// Milliseconds from the JavaScript clock (`performance.now()` where it
/// exists, else `Date.now()`): the agents' time budgets read it.
#[cfg(target_arch = "wasm32")]
fn now_ms() -> f64 {
    let global = js_sys::global();
    let performance = js_sys::Reflect::get(&global, &JsValue::from_str("performance"))
        .ok()
        .filter(|p| p.is_object());
    if let Some(performance) = performance {
        let now = js_sys::Reflect::get(&performance, &JsValue::from_str("now"))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        if let Some(value) = now
            .and_then(|f| f.call0(&performance).ok())
            .and_then(|v| v.as_f64())
        {
            return value;
        }
    }
    js_sys::Date::now()
}

/// Runs when the module is instantiated: installs the agents' clock.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(start)]
pub fn start() {
    kaissa_chaturaji::agents::set_clock(now_ms);
}

/// The version of the bindings (the npm package's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}
