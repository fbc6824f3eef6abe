//! The Home Stone placement window, exposed as data.

use super::movegen::back_rank;
use super::{Bitboard, Position, Side};

/// The first turn on which a side may place its Home Stone.
pub const FIRST_PLACEMENT_TURN: u32 = 8;
/// The last turn on which a side may (and, if still holding it, must) place
/// its Home Stone; a side that cannot then loses by default.
pub const LAST_PLACEMENT_TURN: u32 = 10;

/// Where one side stands with its Home Stone placement (the rules reference, §1, Merchant Kaissa),
/// from [`Position::home_stone_window`]. Fields may be added (it is
/// `#[non_exhaustive]`: read it, do not build it).
///
/// ```
/// use kaissa_chaturaji::kaissa::{Position, Side};
/// let pos: Position =
///     "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 Hh".parse()?;
/// let window = pos.home_stone_window(Side::Yellow);
/// assert_eq!((window.first_turn, window.last_turn), (8, 10));
/// assert!(window.open_now && !window.last_chance);
/// assert_eq!(window.squares.count(), 1); // only a1 is empty
/// assert!(!pos.home_stone_window(Side::Red).open_now);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct HomeStoneWindow {
    /// The side this describes.
    pub side: Side,
    /// The first turn on which it may place: 8.
    pub first_turn: u32,
    /// The last turn on which it may place: 10.
    pub last_turn: u32,
    /// The side's own next turn number (its current turn when it is to move).
    pub next_turn: u32,
    /// Whether its stone is still in hand.
    pub in_hand: bool,
    /// Whether it may place its stone on this very move: it is to move, the
    /// stone is in hand, the turn is within 8..=10, the game is not over and
    /// an empty square of its back rank exists.
    pub open_now: bool,
    /// Whether this is its last chance: it is to move at turn 10 with the
    /// stone in hand, so it must place now (or, with a full back rank, it has
    /// lost by default).
    pub last_chance: bool,
    /// The squares it may place its stone on now: the empty squares of its
    /// back rank while the window is open, else none.
    pub squares: Bitboard,
}

impl Position {
    /// The Home Stone window of `side` (see [`HomeStoneWindow`]).
    #[must_use]
    pub fn home_stone_window(&self, side: Side) -> HomeStoneWindow {
        let to_move = side == self.to_move;
        let next_turn = if to_move || side == Side::Red {
            self.turn
        } else {
            self.turn.saturating_add(1)
        };
        let in_hand = self.in_hand[side.index()];
        let game_over = self.stone_captured(self.to_move);
        let in_window = to_move
            && in_hand
            && !game_over
            && (FIRST_PLACEMENT_TURN..=LAST_PLACEMENT_TURN).contains(&self.turn);
        let squares = if in_window {
            back_rank(side) & !self.occupied()
        } else {
            Bitboard::EMPTY
        };
        HomeStoneWindow {
            side,
            first_turn: FIRST_PLACEMENT_TURN,
            last_turn: LAST_PLACEMENT_TURN,
            next_turn,
            in_hand,
            open_now: !squares.is_empty(),
            last_chance: in_window && self.turn == LAST_PLACEMENT_TURN,
            squares,
        }
    }
}
