//! Fuzz the Chaturaji move parser: any bytes either parse to a move that
//! formats back to the same text, or give a `NotationError` for the field
//! `move` at an offset inside the text. A parsed move is asked of the start
//! position under both alliance options and the Ludii ruleset (and of a
//! Ludii position waiting for a promotion decision): legal for a roll
//! exactly when generated for it, and `play` agrees.
#![no_main]

#[path = "../common/chaturaji_checks.rs"]
mod checks;

use kaissa_chaturaji::chaturaji::{Move, MoveList, Position, Roll, Square};
use kaissa_chaturaji::error::Field;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<Move>() {
        Ok(mv) => {
            assert_eq!(mv.to_string(), text, "not canonical");
            if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
                assert_ne!(from, to);
            }
            let decision = Position::from_text(checks::LUDII_SEEDS[2], checks::rules_from_byte(8))
                .expect("a Ludii decision");
            let starts = [0u8, 1, 8].map(|byte| Position::start(checks::rules_from_byte(byte)));
            for start in starts.into_iter().chain([decision]) {
                for roll in Roll::ALL {
                    let mut moves = MoveList::new();
                    start.generate_moves(roll, &mut moves);
                    let legal = moves.contains(&mv);
                    assert_eq!(start.is_legal(roll, mv), legal);
                    let mut pos = start.clone();
                    match pos.play(roll, mv) {
                        Ok(undo) => {
                            assert!(legal);
                            pos.undo(undo).unwrap();
                        }
                        Err(_) => assert!(!legal),
                    }
                    assert_eq!(pos, start);
                }
            }
        }
        Err(err) => checks::check_error(&text, &err, &[Field::Move]),
    }
    if let Some(sq) = Square::parse(&text) {
        assert_eq!(sq.to_string(), text);
    }
});
