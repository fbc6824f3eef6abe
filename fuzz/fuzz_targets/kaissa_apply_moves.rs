//! Fuzz play and undo: the first byte picks a start position, then each byte
//! picks a legal move by index (`byte % number of moves`), except:
//! 0xFF takes the last move back; 0xFE tries the game's first undo record
//! (stale unless the position is the one that move made: refused, position
//! untouched); 0xF0..=0xFD play an arbitrary move (any from/to, or a
//! placement) through the checked `play`, which must agree with `is_legal`
//! and leave the position untouched when it refuses. Every invariant of
//! `tests/kaissa/props.rs` is checked at every ply; the 10,100-move
//! `is_legal` sweep runs every eighth ply and at the end of the game.
#![no_main]

#[path = "../common/kaissa_checks.rs"]
mod checks;

use kaissa_chaturaji::kaissa::{Move, Position, Square};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let seed = checks::SEEDS[first as usize % checks::SEEDS.len()];
    let mut pos: Position = seed.parse().expect("valid seed");
    // (before, record, after) of every move still on the board.
    let mut history: Vec<(Position, _, Position)> = Vec::new();
    for (i, &byte) in rest.iter().enumerate() {
        let moves = checks::check_position(&pos, i % 8 == 0);
        match byte {
            0xFF => {
                if let Some((before, undo, _)) = history.pop() {
                    pos.undo(undo).expect("the record of the last move");
                    assert_eq!(pos, before);
                }
                continue;
            }
            0xFE => {
                if let Some((before, undo, after)) = history.first() {
                    let mut probe = pos.clone();
                    match probe.undo(*undo) {
                        Ok(()) => {
                            assert_eq!(&pos, after, "a stale record accepted");
                            assert_eq!(&probe, before);
                        }
                        Err(_) => {
                            assert_ne!(&pos, after, "a fitting record refused");
                            assert_eq!(probe, pos, "a refused undo changed the position");
                        }
                    }
                }
                continue;
            }
            0xF0..=0xFD => {
                let from = Square::new(((i * 37 + byte as usize) % 100) as u8).expect("< 100");
                let mv = match Square::new(((i * 11 + byte as usize * 7) % 101) as u8) {
                    Some(to) => Move::Normal { from, to },
                    None => Move::Place { to: from },
                };
                let before = pos.clone();
                let legal = moves.contains(&mv);
                match pos.play(mv) {
                    Ok(undo) => {
                        assert!(legal, "{mv} accepted in {before}");
                        history.push((before, undo, pos.clone()));
                    }
                    Err(err) => {
                        assert!(!legal, "{mv} refused in {before}: {err}");
                        assert_eq!(pos, before);
                    }
                }
                continue;
            }
            _ => {}
        }
        if moves.is_empty() {
            break;
        }
        let mv = moves[byte as usize % moves.len()];
        let before = pos.clone();
        let undo = checks::play_and_check(&mut pos, mv);
        history.push((before, undo, pos.clone()));
    }
    checks::check_position(&pos, true);
    while let Some((before, undo, _)) = history.pop() {
        pos.undo(undo).expect("the record of the last move");
        assert_eq!(pos, before);
        assert_eq!(pos.hash(), before.hash());
    }
});
