//! Zobrist keys, generated at compile time from a fixed SplitMix64 seed.
//!
//! The hash covers every piece on its square, the side to move, each side's
//! stone in hand, and the side to move's turn number clamped to `1..=11`:
//! turns only matter for the Home Stone window (8 to 10), so two positions
//! that differ only in a turn number past 10 hash alike, as they are alike for
//! the rules.

use super::{Piece, Side, Square};
use crate::random::SplitMix64;

const PIECE_KEYS_LEN: usize = 2 * 10 * 100;

struct Keys {
    pieces: [u64; PIECE_KEYS_LEN],
    red_to_move: u64,
    in_hand: [u64; 2],
    turn: [[u64; 12]; 2],
}

const fn build() -> Keys {
    let mut rng = SplitMix64::new(0x4b61_6973_7361_2121);
    let mut keys = Keys {
        pieces: [0; PIECE_KEYS_LEN],
        red_to_move: 0,
        in_hand: [0; 2],
        turn: [[0; 12]; 2],
    };
    let mut i = 0;
    while i < PIECE_KEYS_LEN {
        let (next, value) = rng.next_const();
        rng = next;
        keys.pieces[i] = value;
        i += 1;
    }
    let (next, value) = rng.next_const();
    rng = next;
    keys.red_to_move = value;
    let mut side = 0;
    while side < 2 {
        let (next, value) = rng.next_const();
        rng = next;
        keys.in_hand[side] = value;
        let mut turn = 0;
        while turn < 12 {
            let (next, value) = rng.next_const();
            rng = next;
            keys.turn[side][turn] = value;
            turn += 1;
        }
        side += 1;
    }
    keys
}

const BUILT: Keys = build();
static KEYS: Keys = BUILT;

/// For a side to move at a turn (clamped), the change of hash when it hands
/// the move over: its turn key and the side key out, the next side's turn
/// key in. One lookup instead of three on every play and undo.
static SIDE_SWITCH: [[u64; 12]; 2] = {
    let mut table = [[0u64; 12]; 2];
    let mut turn = 1;
    while turn < 12 {
        let next_turn = if turn + 1 < 12 { turn + 1 } else { 11 };
        // Yellow at `turn` hands over to Red at `turn`; Red to Yellow at `turn + 1`.
        table[0][turn] = BUILT.turn[0][turn] ^ BUILT.red_to_move ^ BUILT.turn[1][turn];
        table[1][turn] = BUILT.turn[1][turn] ^ BUILT.red_to_move ^ BUILT.turn[0][next_turn];
        turn += 1;
    }
    table
};

/// The key of `piece` standing on `square`.
#[inline(always)]
pub fn piece(piece: Piece, square: Square) -> u64 {
    KEYS.pieces[(piece.side.index() * 10 + piece.kind.index()) * 100 + square.index() as usize]
}

/// The key present when Red is to move.
#[inline(always)]
pub fn red_to_move() -> u64 {
    KEYS.red_to_move
}

/// The key present while `side`'s Home Stone is in hand.
#[inline(always)]
pub fn in_hand(side: Side) -> u64 {
    KEYS.in_hand[side.index()]
}

/// The change of hash when `side`, to move at `turn`, hands the move to the
/// other side (see [`turn`] and [`red_to_move`]).
#[inline(always)]
pub fn side_switch(side: Side, turn: u32) -> u64 {
    SIDE_SWITCH[side.index()][turn.min(11) as usize]
}

/// The key of `side` being to move at `turn` (clamped to 11).
#[inline(always)]
pub fn turn(side: Side, turn: u32) -> u64 {
    KEYS.turn[side.index()][turn.min(11) as usize]
}
