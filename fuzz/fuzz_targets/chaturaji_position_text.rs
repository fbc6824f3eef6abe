//! Fuzz the Chaturaji position parser: the first byte picks the rules (bit 3
//! the Ludii ruleset, else bit 0 the alliances and bits 1-2 the draw limit),
//! the rest (as UTF-8, lossily)
//! either parses to a valid position that formats back to the same text, or
//! gives a `NotationError` naming a known field at an offset inside the text.
//! Parsed positions are then exercised: every legal move of every roll is
//! played (with the checks of `common/chaturaji_checks.rs`) and undone.
#![no_main]

#[path = "../common/chaturaji_checks.rs"]
mod checks;

use kaissa_chaturaji::chaturaji::{Position, Roll};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rules = checks::rules_from_byte(first);
    let text = String::from_utf8_lossy(rest);
    match Position::from_text(&text, rules) {
        Ok(pos) => {
            assert_eq!(pos.to_string(), text, "not canonical");
            let lists = checks::check_position(&pos, false);
            let mut scratch = pos.clone();
            for (i, roll) in Roll::ALL.into_iter().enumerate() {
                for &mv in lists[i].iter() {
                    let undo = checks::play_and_check(&mut scratch, roll, mv);
                    checks::check_position(&scratch, false);
                    scratch.undo(undo).unwrap();
                    assert_eq!(scratch, pos);
                }
            }
        }
        Err(err) => checks::check_error(&text, &err, checks::POSITION_FIELDS),
    }
});
