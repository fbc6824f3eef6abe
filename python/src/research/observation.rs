//! Observations: what a player sees, as a flat vector of small integers
//! (one byte each), the same for every player (both games are of perfect
//! information). OpenSpiel gets it as floats, the batched environment as
//! bytes.
//!
//! **Merchant Kaissa** (`KAISSA_OBSERVATION` = 2009 values):
//!
//! | index | meaning |
//! |---|---|
//! | `plane * 100 + square` for plane 0–19 | 1 where a piece of side `plane / 10` (Yellow 0, Red 1) and kind `plane % 10` stands (kinds `U Q T S B I P R A H`); square `rank * 10 + file`, a1 = 0 |
//! | 2000, 2001 | Yellow, Red is to move |
//! | 2002, 2003 | Yellow's, Red's Home Stone is in hand |
//! | 2004–2008 | the side to move's turn is at most 7, 8, 9, 10, at least 11 (the Home Stone window, `docs/rules.md` §1.6) |
//!
//! **Chaturaji** (`CHATURAJI_OBSERVATION` = 1370 values):
//!
//! | index | meaning |
//! |---|---|
//! | `plane * 64 + square` for plane 0–19 | 1 where a piece of colour `plane / 5` (Red, Black, Yellow, Green) and kind `plane % 5` (`K E H B P`) stands; square `rank * 8 + file` |
//! | 1280–1343 | 1 on the pawn awaiting a promotion decision (Ludii ruleset) |
//! | 1344–1347 | the colour (seat) to move |
//! | 1348–1351 | the face rolled, 2 to 5 (none before the roll and at a decision) |
//! | 1352–1355 | the colour's army is commanded by its ally (conquered) |
//! | 1356–1359 | the colour has lost a pawn (its pawns promote) |
//! | 1360–1363 | the rajas of the colour held captured (at most 255) |
//! | 1364 | plies left before the quiet-ply draw, or rolled plies before the Ludii turn limit (at most 255; 255 with no limit) |
//! | 1365–1368 | the colours' Ludii scores (at most 255; 0 under the sheet's rules) |
//! | 1369 | the game is over |

use kaissa_chaturaji::chaturaji::{self, Colour, LUDII_TURN_LIMIT};
use kaissa_chaturaji::game::{Chaturaji, Game, Kaissa};
use kaissa_chaturaji::kaissa::{PieceKind, Side};

use super::bits;

/// The length of a Kaissa observation.
pub const KAISSA_OBSERVATION: usize = 2009;

/// The length of a Chaturaji observation.
pub const CHATURAJI_OBSERVATION: usize = 1370;

/// A count as a byte, at most 255.
fn saturate(count: u64) -> u8 {
    u8::try_from(count).unwrap_or(u8::MAX)
}

/// Writes the observation of `game` into `out`, which must be all zeros
/// and `KAISSA_OBSERVATION` long (only the ones are written).
pub fn write_kaissa(game: &Kaissa, out: &mut [u8]) {
    let pos = game.position();
    // One pass over the occupied squares (each piece's plane from the
    // piece itself), not one per side and kind.
    for square in pos.occupied().iter() {
        if let Some(piece) = pos.piece_at(square) {
            let plane = (piece.side.index() * 10 + piece.kind.index()) * 100;
            out[plane + usize::from(square.index())] = 1;
        }
    }
    write_kaissa_state(game, &mut out[2000..]);
}

/// The Kaissa piece kinds in the order of their indices (of their
/// planes).
const KINDS: [PieceKind; 10] = {
    let mut kinds = [PieceKind::Ubar; 10];
    let mut i = 0;
    while i < 10 {
        kinds[PieceKind::ALL[i].index()] = PieceKind::ALL[i];
        i += 1;
    }
    kinds
};

/// Writes the observation of `game` into `out`, `KAISSA_OBSERVATION` long:
/// every byte of it, whatever it held (the bytes of [`write_kaissa`] on
/// zeros). The piece planes are packed in order into one set of 2,000
/// bits (each from its set of squares) and written out in one pass.
pub fn fill_kaissa(game: &Kaissa, out: &mut [u8]) {
    let pos = game.position();
    let mut planes = [0u64; 32];
    let mut packer = bits::Packer::new(&mut planes);
    for side in Side::ALL {
        for kind in KINDS {
            let squares = pos.pieces(side, kind).bits();
            packer.push(squares as u64, 64);
            packer.push((squares >> 64) as u64, 36);
        }
    }
    packer.finish();
    let (piece_planes, state) = out.split_at_mut(2000);
    bits::expand(&planes, piece_planes);
    state.fill(0);
    write_kaissa_state(game, state);
}

/// Writes the values after the piece planes (from index 2000 on) into
/// `out`, all zeros: whose move it is, the stones in hand and the turn.
fn write_kaissa_state(game: &Kaissa, out: &mut [u8]) {
    let pos = game.position();
    for side in [Side::Yellow, Side::Red] {
        if pos.stone_in_hand(side) {
            out[2 + side.index()] = 1;
        }
    }
    out[pos.to_move().index()] = 1;
    let turn = pos.turn().clamp(7, 11) as usize;
    out[4 + turn - 7] = 1;
}

/// Writes the observation of `game` into `out`, which must be all zeros
/// and `CHATURAJI_OBSERVATION` long (only the non-zero values are
/// written).
pub fn write_chaturaji(game: &Chaturaji, out: &mut [u8]) {
    let pos = game.position();
    let rules = pos.rules();
    for colour in Colour::ALL {
        let c = colour.index();
        for kind in chaturaji::PieceKind::ALL {
            let plane = (c * 5 + kind.index()) * 64;
            for square in pos.pieces(colour, kind).iter() {
                out[plane + square.index()] = 1;
            }
        }
        if rules.is_ludii() {
            out[1365 + c] = saturate(u64::from(pos.score(colour)));
        } else {
            if pos.commander(colour).is_some_and(|seat| seat != colour) {
                out[1352 + c] = 1;
            }
            out[1356 + c] = u8::from(pos.lost_pawn(colour));
            out[1360 + c] = pos.captured_rajas(colour);
        }
    }
    if let Some(square) = pos.pending_promotion() {
        out[1280 + square.index()] = 1;
    }
    out[1344 + pos.to_move().index()] = 1;
    if let Some(roll) = game.pending_roll() {
        out[1348 + usize::from(roll.face() - 2)] = 1;
    }
    out[1364] = if rules.is_ludii() {
        saturate(u64::from(LUDII_TURN_LIMIT.saturating_sub(pos.ply())))
    } else {
        match rules.draw_limit {
            Some(limit) => saturate(u64::from(
                u32::from(limit).saturating_sub(pos.quiet_plies()),
            )),
            None => u8::MAX,
        }
    };
    out[1369] = u8::from(game.is_over());
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaissa_chaturaji::game::{Actor, Game};
    use kaissa_chaturaji::random::{RandomSource, SplitMix64};

    #[test]
    fn a_filled_kaissa_observation_is_the_written_one() {
        // Random games to their end: filling a row that held other bytes
        // gives what writing into zeros gives.
        let mut rng = SplitMix64::new(5);
        for _game in 0..12 {
            let mut game = Kaissa::default();
            while let Actor::Player(_) = game.actor() {
                let mut written = vec![0u8; KAISSA_OBSERVATION];
                write_kaissa(&game, &mut written);
                let mut filled = vec![9u8; KAISSA_OBSERVATION];
                fill_kaissa(&game, &mut filled);
                assert_eq!(filled, written, "{}", game.position());
                let actions = game.legal_actions();
                let pick = rng.below(actions.as_ref().len() as u64) as usize;
                game.apply_unchecked(actions.as_ref()[pick]);
            }
        }
    }
}
