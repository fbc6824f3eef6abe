//! Chaturaji: the four-player dice game on the 8x8 board, exactly as
//! RULES.md Part II and Part III define it.
//!
//! * [`Position`] (validated, carries its [`Rules`]): [`Position::start`],
//!   [`Position::from_text`], `Display` for the position text,
//!   [`Position::diagram`] for a drawing.
//! * Moves for a [`Roll`]: [`Position::legal_moves`] into a [`MoveList`]
//!   (bounded by [`MAX_MOVES`]), [`Position::is_legal`],
//!   [`Position::play`] / [`Position::undo`], [`Position::play_checked`].
//! * [`Position::outcome`] gives an [`Outcome`]; the raja exchange is
//!   [`Position::possible_exchanges`] and [`Position::apply_exchange`].
//! * The die: [`DiceRoller`], [`Position::choose_move`],
//!   [`play_seeded_game`]; [`perft`] and [`perft_divide`] over chance nodes.
//! * GUI data: [`MARKED_SQUARES`], [`THRONES`], [`START_SQUARES`],
//!   [`SPECIAL_PROMOTION_SQUARES`].
//!
//! # Decisions beyond RULES.md
//! * A text's seat to move must be in play, also after the game has ended
//!   (it is then the seat that would be next: the next seat in play after
//!   the mover); a text with no piece at all is rejected. Otherwise the parser rejects exactly
//!   what RULES.md Part III lists (a pawn on its own back edge, unreachable
//!   in play, is accepted: it simply marches on).
//! * A colour commanded by its ally whose ally has no piece left (`x`) is
//!   accepted: by the Decision on conquerors losing their own pieces, the
//!   conqueror's seat stays in play with the conquered army.
//! * When both an alliance has won and the quiet-ply limit is reached, the
//!   win is reported (a capture resets the count, so this only arises in
//!   hand-written texts).
//! * The special promotion squares are the 16 start squares of rajas,
//!   elephants, horses and boats whatever the pawn's colour, so such a
//!   promotion may happen off the pawn's far edge too.
//! * [`Position::choose_move`] returns `None` when the game is finished.
//! * Captured-raja counts are limited to 255 per colour in the text.
//! * The hash covers board, seat to move, command, lost-pawn flags and
//!   captured rajas; not the quiet and ply counters.

mod diagram;
mod dice;
mod exchange;
mod movegen;
mod moves;
mod notation;
mod outcome;
mod perft;
mod play;
mod position;
mod rules;
mod square;
mod tables;
mod types;
mod validate;
mod zobrist;

pub use diagram::Diagram;
pub use dice::{play_seeded_game, roll_with, DiceRoller, GamePly, Roll};
pub use exchange::ExchangeError;
pub use moves::{Move, MoveList, MAX_MOVES};
pub use notation::{FIELDS, START_TEXT};
pub use outcome::Outcome;
pub use perft::{perft, perft_divide};
pub use play::Undo;
pub use position::Position;
pub use rules::{Alliances, Rules};
pub use square::{Bitboard, BitboardIter, Square};
pub use tables::{
    promotion_kind, BACK_EDGE, BOAT_MOVES, FAR_EDGE, HORSE_LINES, HORSE_MOVES, MARKED,
    MARKED_SQUARES, PAWN_CAPTURES, PAWN_STEPS, PROMOTION_SQUARES, RAJA_MOVES,
    SPECIAL_PROMOTION_SQUARES, START_SQUARES, THRONES,
};
pub use types::{Colour, Piece, PieceKind};
