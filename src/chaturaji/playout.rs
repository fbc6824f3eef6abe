//! The seeded random game under the sheet's rules, fast: the loop of
//! [`play_seeded_game`](super::play_seeded_game) (so of the playouts).
//!
//! Each ply draws the same words and plays the same move as the reference
//! path (`roll_with`, then [`Position::choose_move_unchecked`] and
//! [`Position::apply_sheet`]), which the tests compare it with ply by ply.
//! What makes it cheaper:
//!
//! - the die's face picks one of four loops, each knowing the kinds it
//!   moves (no per-piece dispatch on the kind, which was an indirect jump
//!   the branch predictor mostly missed);
//! - the `k`-th move is found with one `pdep` when the CPU has BMI2;
//! - a quiet move (onto an empty square, by far the most common) is played
//!   from what the choice already knows (the piece's colour and kind), with
//!   the hash kept up to date; a capture, and a roll that may offer a
//!   special promotion (a colour with one pawn and one boat), take the
//!   reference path.

use super::dice::{GamePly, Roll};
use super::movegen::elephant_reach;
use super::moves::Move;
use super::position::Position;
use super::square::{Bitboard, Square};
use super::tables::{
    promotion_kind, BOAT_MOVES, HORSE_MOVES, PAWN_CAPTURES, PAWN_STEPS, PROMOTION_SQUARES,
    RAJA_MOVES,
};
use super::types::{Colour, PieceKind};
use super::zobrist;
use crate::random::{RandomSource, SplitMix64};

/// The most pieces one seat commands (two armies of eight).
const MAX_MOVERS: usize = 16;

/// The pieces that may move for the roll, in square order, with their
/// target sets (possibly empty), and the number of moves in all.
struct Movers {
    from: [u8; MAX_MOVERS],
    targets: [u64; MAX_MOVERS],
    len: usize,
    total: u32,
}

impl Movers {
    #[inline(always)]
    fn new() -> Movers {
        Movers {
            from: [0; MAX_MOVERS],
            targets: [0; MAX_MOVERS],
            len: 0,
            total: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, from: Square, targets: Bitboard) {
        let i = self.len & (MAX_MOVERS - 1);
        self.from[i] = from.index() as u8;
        self.targets[i] = targets.0;
        self.len += 1;
        self.total += targets.0.count_ones();
    }

    /// The `k`-th move (`k` below `self.total`) as (from, to), in the order
    /// of the move list (by from square, then to square).
    #[inline(always)]
    fn nth<const BMI2: bool>(&self, mut k: u32) -> (Square, Square) {
        let mut i = 0;
        while i + 1 < self.len.min(MAX_MOVERS) {
            let n = self.targets[i].count_ones();
            if k < n {
                break;
            }
            k -= n;
            i += 1;
        }
        let from = Square::from_index(self.from[i]);
        (from, Square::from_index(select::<BMI2>(self.targets[i], k)))
    }
}

/// The index of the `k`-th lowest set bit of `bits` (`k` below its
/// population count).
#[inline(always)]
fn select<const BMI2: bool>(bits: u64, k: u32) -> u8 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: `BMI2` is true only inside `sheet_game_x86`, which is
        // entered only when the CPU has BMI2.
        let bit = unsafe { core::arch::x86_64::_pdep_u64(1u64 << (k & 63), bits) };
        return (bit.trailing_zeros() & 63) as u8;
    }
    let mut bits = bits;
    for _ in 0..k {
        bits &= bits.wrapping_sub(1);
    }
    (bits.trailing_zeros() & 63) as u8
}

impl Position {
    /// Whether the game is over under the sheet's rules (the same as
    /// `self.sheet_outcome().is_over()`): while every colour has a piece,
    /// only the draw rule can have ended it.
    #[inline(always)]
    pub(crate) fn sheet_is_over(&self) -> bool {
        let c = &self.state.colours;
        if (c[0].0 != 0) & (c[1].0 != 0) & (c[2].0 != 0) & (c[3].0 != 0) {
            return matches!(self.rules.draw_limit, Some(limit) if self.state.quiet >= u32::from(limit));
        }
        self.sheet_outcome().is_over()
    }

    /// One ply of the seeded game under the sheet's rules, on a position
    /// whose game is not over: the die, the choice and the move, exactly
    /// as `roll_with`, [`Position::choose_move_unchecked`] and
    /// [`Position::apply_sheet`] (the same words drawn).
    #[inline(always)]
    fn sheet_random_ply<const BMI2: bool>(&mut self, rng: &mut SplitMix64) -> (Roll, Move) {
        // `roll_with` is `Roll::ALL[below(4)]`, and `below(4)` is the top
        // two bits of one word (4 divides 2^64: never a rejection).
        let face = (rng.next_u64() >> 62) as usize;
        let roll = Roll::ALL[face & 3];
        let st = &self.state;
        let seat = st.to_move;
        let s = seat.index();
        let ally = self.rules.ally(seat);
        let a = ally.index();
        let c = &st.colours;
        let k = &st.kinds;
        let occupied = c[0] | c[1] | c[2] | c[3];
        let empty = !occupied;
        let opponents = occupied & !(c[s] | c[a]);
        let open = empty | opponents;
        let own = self.commanded(seat);
        let mine = c[s];
        let mut movers = Movers::new();
        // The kind that moves, and for the 5 the rajas among the movers.
        let (kind, rajas) = match face & 3 {
            0 => {
                let prey = empty | (opponents & k[PieceKind::Pawn.index()]);
                for from in own & k[PieceKind::Boat.index()] {
                    movers.push(from, BOAT_MOVES[from.index()] & prey);
                }
                (PieceKind::Boat, Bitboard::EMPTY)
            }
            1 => {
                for from in own & k[PieceKind::Horse.index()] {
                    movers.push(from, HORSE_MOVES[from.index()] & open);
                }
                (PieceKind::Horse, Bitboard::EMPTY)
            }
            2 => {
                for from in own & k[PieceKind::Elephant.index()] {
                    movers.push(from, elephant_reach(from, occupied) & open);
                }
                (PieceKind::Elephant, Bitboard::EMPTY)
            }
            _ => {
                // A colour with one pawn and one boat may promote
                // specially (four moves per square): the reference path.
                let pawns = k[PieceKind::Pawn.index()];
                let special = |colour: Colour| {
                    let mine = c[colour.index()];
                    mine.count() == 2
                        && (mine & pawns).count() == 1
                        && (mine & k[PieceKind::Boat.index()]).count() == 1
                };
                if special(seat) || special(ally) {
                    let mv = self.choose_move_unchecked(roll, rng);
                    self.apply_sheet(mv);
                    return (roll, mv);
                }
                let rajas = k[PieceKind::Raja.index()];
                let pawn_prey = opponents & (pawns | k[PieceKind::Boat.index()]);
                for from in own & (rajas | pawns) {
                    let f = from.index();
                    let colour = if (mine & from.bitboard()).is_empty() {
                        a
                    } else {
                        s
                    };
                    let pawn =
                        (PAWN_STEPS[colour][f] & empty) | (PAWN_CAPTURES[colour][f] & pawn_prey);
                    let raja = RAJA_MOVES[f] & open;
                    let targets = if rajas.contains(from) { raja } else { pawn };
                    movers.push(from, targets);
                }
                (PieceKind::Pawn, rajas)
            }
        };
        if movers.total == 0 {
            // The list holds the single pass: `below(1)` still draws.
            rng.next_u64();
            self.apply_sheet(Move::Pass);
            return (roll, Move::Pass);
        }
        let (from, to) = movers.nth::<BMI2>(rng.below(u64::from(movers.total)) as u32);
        let mv = Move::Normal { from, to };
        if occupied.contains(to) {
            // A capture: the reference path.
            self.apply_sheet(mv);
            return (roll, mv);
        }
        let kind = if rajas.contains(from) {
            PieceKind::Raja
        } else {
            kind
        };
        let colour = if mine.contains(from) { seat } else { ally };
        self.quiet_move(colour, kind, from, to);
        (roll, mv)
    }

    /// Plays the normal move of `colour`'s `kind` from `from` to the empty
    /// square `to` (a legal move for the seat to move), as
    /// [`Position::apply_sheet`] does.
    #[inline(always)]
    fn quiet_move(&mut self, colour: Colour, kind: PieceKind, from: Square, to: Square) {
        let ci = colour.index();
        let (from_bb, to_bb) = (from.bitboard(), to.bitboard());
        let promoted = kind == PieceKind::Pawn
            && PROMOTION_SQUARES[ci].contains(to)
            && self.state.lost_pawn[ci];
        let new_kind = if promoted { promotion_kind(to) } else { kind };
        let st = &mut self.state;
        st.colours[ci] ^= from_bb | to_bb;
        st.kinds[kind.index()] ^= from_bb;
        st.kinds[new_kind.index()] |= to_bb;
        st.hash ^= zobrist::piece(ci, kind.index(), from.index())
            ^ zobrist::piece(ci, new_kind.index(), to.index());
        let mut captured = false;
        if kind == PieceKind::Boat {
            let victims = self.triumph_victims(to);
            if !victims.is_empty() {
                captured = true;
                for sq in victims {
                    if let Some(boat) = self.piece_at(sq) {
                        self.remove(boat.colour, boat.kind, sq);
                    }
                }
                // As after any capture: colours left without a piece are out
                // (a triumph captures no pawn, so releases no waiting pawn).
                for colour in Colour::ALL {
                    if self.is_out(colour) && self.state.command[colour.index()].is_some() {
                        self.set_command(colour, None);
                    }
                }
            }
        }
        if kind == PieceKind::Raja {
            self.conquer(colour, to);
        }
        self.state.quiet = if captured {
            0
        } else {
            self.state.quiet.saturating_add(1)
        };
        self.state.ply = self.state.ply.saturating_add(1);
        let seat = self.state.to_move;
        let next = self.next_seat_after(seat);
        self.set_to_move(next);
    }
}

/// The loop of [`play_seeded_game`](super::play_seeded_game) under the
/// sheet's rules: at most `max_plies` plies while the game goes on,
/// `on_ply` after each.
pub(crate) fn sheet_game(
    position: &mut Position,
    rng: &mut SplitMix64,
    max_plies: u32,
    on_ply: impl FnMut(GamePly, &Position),
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt")
    {
        // SAFETY: the CPU has these features, checked just above.
        return unsafe { sheet_game_x86(position, rng, max_plies, on_ply) };
    }
    sheet_game_body::<false>(position, rng, max_plies, on_ply);
}

/// [`sheet_game`] compiled with popcnt, tzcnt, lzcnt and pdep.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn sheet_game_x86(
    position: &mut Position,
    rng: &mut SplitMix64,
    max_plies: u32,
    on_ply: impl FnMut(GamePly, &Position),
) {
    sheet_game_body::<true>(position, rng, max_plies, on_ply);
}

#[inline(always)]
fn sheet_game_body<const BMI2: bool>(
    position: &mut Position,
    rng: &mut SplitMix64,
    max_plies: u32,
    mut on_ply: impl FnMut(GamePly, &Position),
) {
    for _ in 0..max_plies {
        if position.sheet_is_over() {
            break;
        }
        let seat = position.state.to_move;
        let (roll, mv) = position.sheet_random_ply::<BMI2>(rng);
        on_ply(
            GamePly {
                seat,
                roll: Some(roll),
                mv,
            },
            position,
        );
    }
}
