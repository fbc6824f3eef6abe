//! Chaturaji: the four-player dice game on the 8x8 board (the rules
//! reference, §2, Chaturaji; its text in §3.3), with Ludii's free-for-all
//! ruleset with scores as a rules option ([`Rules::ludii`]; §2.13, its
//! text in §3.5).
//!
//! ```
//! use kaissa_chaturaji::chaturaji::{Colour, Outcome, Position, Roll, Rules};
//! let mut pos = Position::start(Rules::default());
//! for (face, text) in [(2, "h1f3"), (4, "pass"), (5, "b7c7")] {
//!     pos.play(Roll::new(face).unwrap(), text.parse()?)?;
//! }
//! assert_eq!((pos.outcome(), pos.to_move()), (Outcome::Ongoing, Colour::Green));
//! assert_eq!(Position::from_text(&pos.to_string(), pos.rules())?, pos);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Decisions beyond the rules are listed, for both games, on the
//! [library decisions](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/decisions.md) page.

mod attacks;
mod bitboard;
mod choose;
mod diagram;
mod dice;
mod exchange;
pub(crate) mod ludii;
mod movegen;
pub(crate) mod moves;
mod notation;
mod outcome;
mod perft;
mod piece;
mod play;
mod playout;
mod position;
mod readable;
mod rules;
mod setup;
mod square;
mod tables;
mod validate;
mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use diagram::{Diagram, LEGEND};
pub use dice::{play_seeded_game, roll_with, DiceRoller, GamePly, Roll};
pub use exchange::ExchangeError;
pub use moves::{Move, MoveList, MAX_MOVES};
pub use notation::{FIELDS, LUDII_FIELDS, LUDII_START_TEXT, START_TEXT};
pub use outcome::Outcome;
pub(crate) use perft::perft_any;
pub use perft::{perft, perft_divide};
pub use piece::{Colour, Piece, PieceKind};
pub use play::Undo;
pub use position::Position;
#[cfg(feature = "capi")]
pub(crate) use position::State;
pub use rules::{Alliances, Rules, Ruleset, LUDII_TURN_LIMIT};
pub use setup::Setup;
pub use square::Square;
pub use tables::{
    promotion_kind, BACK_EDGE, BOAT_MOVES, FAR_EDGE, HORSE_LINES, HORSE_MOVES, MARKED,
    MARKED_SQUARES, PAWN_CAPTURES, PAWN_STEPS, PROMOTION_SQUARES, RAJA_MOVES,
    SPECIAL_PROMOTION_SQUARES, START_SQUARES, THRONES,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// Every public type is plain data that threads may share.
    #[test]
    fn types_are_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Position>();
        assert_send_sync::<Setup>();
        assert_send_sync::<Undo>();
        assert_send_sync::<Move>();
        assert_send_sync::<MoveList>();
        assert_send_sync::<Rules>();
        assert_send_sync::<Outcome>();
        assert_send_sync::<DiceRoller>();
        assert_send_sync::<ExchangeError>();
        assert_send_sync::<Diagram<'static>>();
    }
}
