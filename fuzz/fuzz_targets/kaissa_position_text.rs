//! Fuzz the Kaissa position parser: any bytes (as UTF-8, lossily) either
//! parse to a valid position that formats back to the same text, or give a
//! `NotationError` naming a known field at a column inside the text. Parsed
//! positions are then exercised: every legal move is played and undone.
#![no_main]

#[path = "../common/kaissa_checks.rs"]
mod checks;

use kaissa_chaturaji::kaissa::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<Position>() {
        Ok(pos) => {
            assert_eq!(pos.to_string(), text, "not canonical");
            let moves = checks::check_position(&pos, false);
            let mut scratch = pos.clone();
            for mv in moves {
                let undo = checks::play_and_check(&mut scratch, mv);
                checks::check_position(&scratch, false);
                scratch.undo(undo).expect("the record of the last move");
                assert_eq!(scratch, pos);
            }
        }
        Err(err) => checks::check_error(&text, &err, checks::POSITION_FIELDS),
    }
});
