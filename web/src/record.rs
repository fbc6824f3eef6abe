//! Game records, outcomes and picture options as JavaScript values.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use kaissa_chaturaji::chaturaji;
use kaissa_chaturaji::kaissa::{self, DrawReason, WinReason};
use kaissa_chaturaji::record::{Reader, Record};
use kaissa_chaturaji::svg::SvgOptions;

use crate::chaturaji::rules_name;
use crate::{errors, js};

/// `{word, winners, reason, isOver}` from its parts.
fn outcome(word: &str, winners: &[&str], reason: Option<&str>) -> Object {
    js::object(&[
        ("word", JsValue::from_str(word)),
        ("winners", js::strings(winners).into()),
        ("reason", reason.map_or(JsValue::NULL, JsValue::from_str)),
        ("isOver", JsValue::from(reason.is_some())),
    ])
}

/// A Kaissa outcome: the tools' outcome word, the winning side, and the
/// reason in the words of a record's `Termination` tag.
pub fn kaissa_outcome(value: kaissa::Outcome) -> Object {
    let word = value.word();
    match value {
        kaissa::Outcome::Ongoing => outcome(word, &[], None),
        kaissa::Outcome::Win { winner, reason } => {
            let reason = match reason {
                WinReason::HomeStoneCaptured => "home-stone-captured",
                WinReason::DefaultLoss => "default-loss",
                WinReason::Resignation => "resignation",
                _ => "other",
            };
            outcome(word, &[winner.name()], Some(reason))
        }
        kaissa::Outcome::Draw { reason } => {
            let reason = match reason {
                DrawReason::NoLegalMoves => "no-legal-moves",
                DrawReason::Agreement => "agreement",
                DrawReason::TurnLimit => "turn-limit",
                _ => "other",
            };
            outcome(word, &[], Some(reason))
        }
        _ => outcome(word, &[], Some("other")),
    }
}

/// A Chaturaji outcome (a draw is by the quiet-ply rule under the
/// sheet's ruleset, by the turn limit under Ludii's).
pub fn chaturaji_outcome(value: chaturaji::Outcome, ludii: bool) -> Object {
    let word = value.word();
    match value {
        chaturaji::Outcome::Ongoing => outcome(word, &[], None),
        chaturaji::Outcome::AllianceWins([a, b]) => {
            outcome(word, &[a.name(), b.name()], Some("opponents-out"))
        }
        chaturaji::Outcome::Draw if ludii => outcome(word, &[], Some("turn-limit")),
        chaturaji::Outcome::Draw => outcome(word, &[], Some("quiet-plies")),
        chaturaji::Outcome::ColourWins(colour) => outcome(word, &[colour.name()], Some("ranking")),
        chaturaji::Outcome::TopScoreTie => outcome(word, &[], Some("ranking")),
        _ => outcome(word, &[], Some("other")),
    }
}

/// The picture options: squares of `size` pixels (the library keeps it
/// within 8..=1000; default 48), coordinates unless `coordinates` is
/// false.
pub fn svg_options(size: Option<f64>, coordinates: Option<bool>) -> SvgOptions {
    let size = size
        .filter(|s| s.is_finite())
        .map_or(48, |s| s.clamp(0.0, 1000.0) as u32);
    SvgOptions::default()
        .with_square_size(size)
        .with_coordinates(coordinates.unwrap_or(true))
}

/// Calls `set` with every own property of `tags` whose value is a string
/// (`undefined` and `null` set nothing); a value of another type is a
/// `TypeError`.
pub fn set_tags(
    tags: &JsValue,
    mut set: impl FnMut(&str, &str) -> Result<(), JsValue>,
) -> Result<(), JsValue> {
    if tags.is_undefined() || tags.is_null() {
        return Ok(());
    }
    let Some(object) = tags.dyn_ref::<Object>() else {
        return Err(js_sys::TypeError::new("tags are an object of strings").into());
    };
    for entry in Object::entries(object).iter() {
        let pair: Array = entry.unchecked_into();
        let (name, value) = (pair.get(0).as_string(), pair.get(1).as_string());
        match (name, value) {
            (Some(name), Some(value)) => set(&name, &value)?,
            _ => return Err(js_sys::TypeError::new("every tag value is a string").into()),
        }
    }
    Ok(())
}

/// One record as a plain object: `{game, rules, tags, result,
/// termination, start, actions, final}`.
fn record_object(record: &Record) -> Object {
    let tags = Object::new();
    for (name, value) in record.tags().iter() {
        let _ = Reflect::set(&tags, &JsValue::from_str(name), &JsValue::from_str(value));
    }
    let rules = record.as_chaturaji().map_or(JsValue::NULL, |r| {
        JsValue::from_str(rules_name(r.options()))
    });
    let actions = js::strings((0..record.action_count()).filter_map(|i| record.action_text(i)));
    js::object(&[
        ("game", JsValue::from_str(record.game())),
        ("rules", rules),
        ("tags", tags.into()),
        ("result", JsValue::from_str(&record.result().to_string())),
        (
            "termination",
            JsValue::from_str(&record.termination().to_string()),
        ),
        ("start", js::optional(record.position_text(0))),
        ("actions", actions.into()),
        ("final", JsValue::from_str(&record.final_position_text())),
    ])
}

/// Reads every game record in `text` (each checked against the rules) as
/// plain objects; `RecordError` with `line` and `column` for the first
/// bad one. `lenient` also reads hand-written records that lack their
/// `Result` and `Termination`.
#[wasm_bindgen(js_name = readRecords)]
pub fn read_records(text: &str, lenient: Option<bool>) -> Result<Array, JsValue> {
    let mut reader = Reader::new(text.as_bytes());
    if lenient.unwrap_or(false) {
        reader = reader.lenient();
    }
    let records = Array::new();
    for record in reader {
        let record = record.map_err(errors::record)?;
        records.push(&record_object(&record));
    }
    Ok(records)
}
