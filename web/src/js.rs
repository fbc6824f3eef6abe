//! Small helpers that build JavaScript values and check JavaScript
//! numbers.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

use crate::errors;

/// A plain object with these properties.
pub fn object(properties: &[(&str, JsValue)]) -> Object {
    let object = Object::new();
    for (name, value) in properties {
        // Setting a property of a fresh plain object cannot fail.
        let _ = Reflect::set(&object, &JsValue::from_str(name), value);
    }
    object
}

/// An array of strings.
pub fn strings<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> Array {
    items
        .into_iter()
        .map(|s| JsValue::from_str(s.as_ref()))
        .collect()
}

/// The items' texts separated by single spaces.
pub fn joined<T: core::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    use core::fmt::Write;
    let mut text = String::with_capacity(512);
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        // Writing to a String cannot fail.
        let _ = write!(text, "{item}");
    }
    text
}

/// A string, or `undefined` for `None`.
pub fn optional(text: Option<String>) -> JsValue {
    text.map_or(JsValue::UNDEFINED, |t| JsValue::from_str(&t))
}

/// A whole number from `min` to `max` given as a JavaScript number, or a
/// `RangeError` naming `what`.
pub fn whole(value: f64, min: u32, max: u32, what: &str) -> Result<u32, JsValue> {
    if value.fract() == 0.0 && value >= f64::from(min) && value <= f64::from(max) {
        Ok(value as u32)
    } else {
        Err(errors::range(&format!(
            "{what} must be a whole number from {min} to {max}, not {value}"
        )))
    }
}

/// A perft depth: 0 to 64 (deeper counts never end anyway).
pub fn depth(depth: f64) -> Result<u32, JsValue> {
    whole(depth, 0, 64, "depth")
}

/// A seed: a whole number from 0 to 2^53 - 1, or a BigInt below 2^64.
pub fn seed(seed: &JsValue) -> Result<u64, JsValue> {
    if seed.is_undefined() || seed.is_null() {
        return Ok(0);
    }
    if let Some(n) = seed.as_f64() {
        if n.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(&n) {
            return Ok(n as u64);
        }
    } else if seed.is_bigint() {
        if let Ok(n) = u64::try_from(seed.clone()) {
            return Ok(n);
        }
    }
    Err(errors::range(
        "a seed is a whole number from 0 to 2^53 - 1 or a BigInt below 2^64",
    ))
}

/// A short quotation of a text for an error message (at most 24
/// characters).
pub fn quote(text: &str) -> String {
    format!("{:?}", text.chars().take(24).collect::<String>())
}
