//! Fuzz the Kaissa move and square parsers: any bytes either parse to a move
//! (or square) that formats back to the same text, or give a `NotationError`
//! for the field `move` (or `square`) at a column inside the text. A parsed
//! move is asked of the start position: legal exactly when generated.
#![no_main]

#[path = "../common/kaissa_checks.rs"]
mod checks;

use kaissa_chaturaji::error::Field;
use kaissa_chaturaji::kaissa::{Move, Position, Square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<Move>() {
        Ok(mv) => {
            assert_eq!(mv.to_string(), text, "not canonical");
            if let Move::Normal { from, to } = mv {
                assert_ne!(from, to);
            }
            let start = Position::start();
            let legal = start.legal_moves().contains(&mv);
            assert_eq!(start.is_legal(mv), legal);
            let mut pos = start.clone();
            match pos.play(mv) {
                Ok(undo) => {
                    assert!(legal);
                    pos.undo(undo).expect("the record of the last move");
                }
                Err(err) => {
                    assert!(!legal);
                    assert_eq!(err.move_text(), text);
                }
            }
            assert_eq!(pos, start);
        }
        Err(err) => checks::check_error(&text, &err, &[Field::Move]),
    }
    match text.parse::<Square>() {
        Ok(sq) => assert_eq!(sq.to_string(), text),
        Err(err) => checks::check_error(&text, &err, &[Field::Square]),
    }
});
