//! Merchant Kaissa: the 10x10 game of John Norman's Gor novels, won by
//! capturing the enemy Home Stone (the rules reference, §1, Merchant Kaissa).
//!
//! ```
//! use kaissa_chaturaji::kaissa::{Outcome, Position};
//! let mut pos = Position::start();
//! for text in ["e2e5", "e9e6", "d1f4"] {
//!     pos.play(text.parse()?)?;
//! }
//! assert_eq!(pos.outcome(), Outcome::Ongoing);
//! assert_eq!(pos.to_string(), "ibstqutsbi/arpp1pppra/10/10/4p5/4P5/5T4/10/ARPP1PPPRA/IBS1QUTSBI r 2 Hh");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Decisions beyond the rules are listed, for both games, on the
//! [library decisions](https://github.com/kaissa-chaturaji/kaissa-chaturaji/blob/main/docs/decisions.md) page.

mod attacks;
mod bitboard;
mod choose;
mod diagram;
mod home_stone;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod piece;
mod play;
mod position;
mod readable;
mod setup;
mod square;
mod tables;
mod validate;
mod zobrist;

#[cfg(feature = "capi")]
pub(crate) use bitboard::for_each_square;
pub use bitboard::{Bitboard, BitboardIter};
pub use choose::play_seeded_game;
pub use diagram::Diagram;
pub use home_stone::{HomeStoneWindow, FIRST_PLACEMENT_TURN, LAST_PLACEMENT_TURN};
#[cfg(all(feature = "agents", target_arch = "x86_64"))]
pub(crate) use movegen::has_bit_instructions;
pub use moves::{Move, MoveList, MAX_MOVES};
pub use notation::MAX_TURN;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{perft, perft_divide, perft_full};
pub use piece::{Piece, PieceKind, Side};
pub use play::Undo;
pub use position::{Position, START_TEXT};
pub use setup::Setup;
pub use square::{Square, HEIGHT, WIDTH};
#[cfg(feature = "agents")]
pub(crate) use tables::{attackers_of, attacks_inline};
pub use tables::{attacks, spearman_pushes, TARNSMAN_LEAPS};
