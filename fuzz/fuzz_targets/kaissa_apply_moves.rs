//! Fuzz play and undo: the first byte picks a start position, then each byte
//! picks a legal move by index (`byte % number of moves`), except 0xFF, which
//! takes the last move back. Every invariant of `tests/props_kaissa.rs` is
//! checked at every ply; the 10,100-move `is_legal` sweep runs every eighth
//! ply and at the end of the game.
#![no_main]

#[path = "../common/kaissa_checks.rs"]
mod checks;

use kaissa_chaturaji::kaissa::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let seed = checks::SEEDS[first as usize % checks::SEEDS.len()];
    let mut pos: Position = seed.parse().expect("valid seed");
    let mut history = Vec::new();
    for (i, &byte) in rest.iter().enumerate() {
        let moves = checks::check_position(&pos, i % 8 == 0);
        if byte == 0xFF {
            if let Some((before, undo)) = history.pop() {
                pos.undo(undo);
                assert_eq!(pos, before);
            }
            continue;
        }
        if moves.is_empty() {
            break;
        }
        let mv = moves[byte as usize % moves.len()];
        let before = pos.clone();
        let undo = checks::play_and_check(&mut pos, mv);
        history.push((before, undo));
    }
    checks::check_position(&pos, true);
    while let Some((before, undo)) = history.pop() {
        pos.undo(undo);
        assert_eq!(pos, before);
        assert_eq!(pos.hash(), before.hash());
    }
});
