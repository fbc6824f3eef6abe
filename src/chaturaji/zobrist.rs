//! Zobrist keys, generated at compile time with SplitMix64.
//!
//! The hash covers: every piece on its square (colour and kind), the seat to
//! move, the command of each colour (including `x`), the lost-pawn flags and
//! the number of captured rajas of each colour, and for the Ludii ruleset the
//! scores and the square of a pending promotion decision. It does not cover
//! the quiet, ply and turn counters or the rules options.
//!
//! The Ludii keys are drawn after all the others, so the sheet's keys (and
//! its positions' hashes) are what they were before the Ludii ruleset.

use crate::random::SplitMix64;

struct Keys {
    pieces: [[[u64; 64]; 5]; 4],
    to_move: [u64; 4],
    command: [[u64; 5]; 4],
    lost_pawn: [u64; 4],
    captured_raja: [u64; 4],
    score: [u64; 4],
    decision: [u64; 64],
}

const KEYS: Keys = {
    let mut rng = SplitMix64::new(0xC4A7_0BA1_1D1C_E5EE);
    let mut keys = Keys {
        pieces: [[[0; 64]; 5]; 4],
        to_move: [0; 4],
        command: [[0; 5]; 4],
        lost_pawn: [0; 4],
        captured_raja: [0; 4],
        score: [0; 4],
        decision: [0; 64],
    };
    let mut c = 0;
    while c < 4 {
        let mut k = 0;
        while k < 5 {
            let mut s = 0;
            while s < 64 {
                let (next, v) = rng.next_const();
                rng = next;
                keys.pieces[c][k][s] = v;
                s += 1;
            }
            let (next, v) = rng.next_const();
            rng = next;
            keys.command[c][k] = v;
            k += 1;
        }
        let (next, v) = rng.next_const();
        rng = next;
        keys.to_move[c] = v;
        let (next, v) = rng.next_const();
        rng = next;
        keys.lost_pawn[c] = v;
        let (next, v) = rng.next_const();
        rng = next;
        keys.captured_raja[c] = v | 1;
        c += 1;
    }
    let mut c = 0;
    while c < 4 {
        let (next, v) = rng.next_const();
        rng = next;
        keys.score[c] = v | 1;
        c += 1;
    }
    let mut s = 0;
    while s < 64 {
        let (next, v) = rng.next_const();
        rng = next;
        keys.decision[s] = v;
        s += 1;
    }
    keys
};

/// Key of a piece of colour index `colour` and kind index `kind` on `square`.
#[inline]
pub(crate) fn piece(colour: usize, kind: usize, square: usize) -> u64 {
    KEYS.pieces[colour][kind][square]
}

/// Key of the seat to move.
#[inline]
pub(crate) fn to_move(seat: usize) -> u64 {
    KEYS.to_move[seat]
}

/// Key of colour `colour` commanded by seat `seat` (4 = `x`, no pieces).
#[inline]
pub(crate) fn command(colour: usize, seat: usize) -> u64 {
    KEYS.command[colour][seat]
}

/// Key of a lost-pawn flag that is set.
#[inline]
pub(crate) fn lost_pawn(colour: usize) -> u64 {
    KEYS.lost_pawn[colour]
}

/// Contribution of `count` captured rajas of `colour`.
#[inline]
pub(crate) fn captured_rajas(colour: usize, count: u8) -> u64 {
    KEYS.captured_raja[colour].wrapping_mul(count as u64)
}

/// Contribution of the score `score` of `colour` (Ludii).
#[inline]
pub(crate) fn score(colour: usize, score: u32) -> u64 {
    KEYS.score[colour].wrapping_mul(score as u64)
}

/// Key of a pending promotion decision for the pawn on `square` (Ludii).
#[inline]
pub(crate) fn decision(square: usize) -> u64 {
    KEYS.decision[square]
}
