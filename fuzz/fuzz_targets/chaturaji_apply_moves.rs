//! Fuzz play, undo and exchanges: the first byte picks the ruleset (bit 6:
//! Ludii, from `LUDII_SEEDS`), a start position (`common/chaturaji_checks.rs`,
//! `SEEDS`) and the rules (bit 7 the alliances, falling back to the sheet's
//! when the seed is not valid under the other); then each byte is one step: 0xFF takes the last move back,
//! 0xFE agrees an exchange when one is possible (the next byte choosing the
//! pair and squares), anything else rolls the die (`byte & 3`) and plays a
//! legal move for it (`byte >> 2` modulo the number of moves). Every
//! invariant is checked at every ply; the `is_legal` sweep over every
//! from/to pair and suffix (about 100,000 calls, slow under the sanitizer)
//! runs on the last position of one input in eight (by length).
#![no_main]

#[path = "../common/chaturaji_checks.rs"]
mod checks;

use kaissa_chaturaji::chaturaji::{Position, Roll, Square, Undo};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut pos = if first & 0x40 != 0 {
        // The Ludii ruleset.
        let seed = checks::LUDII_SEEDS[(first & 0x3f) as usize % checks::LUDII_SEEDS.len()];
        Position::from_text(seed, checks::rules_from_byte(8)).expect("valid Ludii seed")
    } else {
        let seed = checks::SEEDS[(first & 0x3f) as usize % checks::SEEDS.len()];
        let rules = checks::rules_from_byte(first >> 7 | (first & 6));
        Position::from_text(seed, rules)
            .or_else(|_| Position::from_text(seed, checks::rules_from_byte(first & 6)))
            .expect("valid seed")
    };
    let mut history: Vec<(Position, Undo)> = Vec::new();
    let mut bytes = rest.iter().copied();
    while let Some(byte) = bytes.next() {
        let lists = checks::check_position(&pos, false);
        match byte {
            0xFF => {
                if let Some((before, undo)) = history.pop() {
                    // A stale record (an earlier move) is refused.
                    if let Some((_, stale)) = history.first() {
                        let current = pos.clone();
                        assert!(pos.undo(stale.clone()).is_err());
                        assert_eq!(pos, current);
                    }
                    pos.undo(undo.clone()).unwrap();
                    assert_eq!(pos, before);
                    // So is a record used twice.
                    assert!(pos.undo(undo).is_err());
                    assert_eq!(pos, before);
                }
                continue;
            }
            0xFE => {
                let choice = bytes.next().map_or(0, usize::from);
                let pairs = pos.possible_exchanges();
                if pairs.is_empty() {
                    continue;
                }
                let (a, b) = pairs[choice % pairs.len()];
                let sa: Vec<Square> = pos.raja_return_squares(a).iter().collect();
                let sb: Vec<Square> = pos.raja_return_squares(b).iter().collect();
                pos.apply_exchange((a, sa[choice % sa.len()]), (b, sb[(choice / 7) % sb.len()]))
                    .expect("a possible exchange applies");
                history.clear();
                continue;
            }
            _ => {}
        }
        let r = (byte & 3) as usize;
        let moves = &lists[r];
        if moves.is_empty() {
            break;
        }
        let mv = moves[(byte >> 2) as usize % moves.len()];
        let before = pos.clone();
        let undo = checks::play_and_check(&mut pos, Roll::ALL[r], mv);
        history.push((before, undo));
    }
    // The sweep costs about 100,000 `is_legal` calls: one input in eight.
    checks::check_position(&pos, data.len() % 8 == 0);
    while let Some((before, undo)) = history.pop() {
        pos.undo(undo).unwrap();
        assert_eq!(pos, before);
        assert_eq!(pos.hash(), before.hash());
    }
});
