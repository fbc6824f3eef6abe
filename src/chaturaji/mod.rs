//! Chaturaji: the four-player dice game on the 8x8 board, exactly as
//! the rules reference defines it (§2, Chaturaji; its text in §3.3), and
//! Ludii's free-for-all ruleset with scores (§2.13, its text in §3.5) as a
//! rules option.
//!
//! * [`Position`] (validated, carries its [`Rules`]): [`Position::start`]
//!   (and `Default`), [`Position::from_text`] and `FromStr` (see
//!   [Position text](#position-text)), a [`Setup`] built piece by piece,
//!   `Display` for the position text, [`Position::diagram`] for a drawing
//!   with a piece [`LEGEND`].
//! * Moves for a [`Roll`]: [`Position::legal_moves`] returns a [`MoveList`]
//!   (bounded by [`MAX_MOVES`]), [`Position::generate_moves`] refills one,
//!   [`Position::is_legal`] checks one.
//! * Checked by default, unchecked by name: [`Position::play`] (roll and
//!   move, an [`IllegalMoveError`](crate::IllegalMoveError) when illegal)
//!   and [`Position::undo`] (an [`UndoError`](crate::error::UndoError) for
//!   a record that does not belong to the position) leave the position
//!   untouched on error; [`Position::play_unchecked`] and
//!   [`Position::undo_unchecked`] are the fast paths for moves the library
//!   generated. An [`Undo`] record is plain data.
//! * [`Position::outcome`] gives an [`Outcome`] ([`Position::is_over`]);
//!   the raja exchange is [`Position::possible_exchanges`] and
//!   [`Position::apply_exchange`].
//! * The die: [`DiceRoller`], [`Position::choose_move`],
//!   [`play_seeded_game`]; [`perft`] and [`perft_divide`] over chance nodes.
//! * GUI data: [`MARKED_SQUARES`], [`THRONES`], [`START_SQUARES`],
//!   [`SPECIAL_PROMOTION_SQUARES`].
//!
//! # The Ludii ruleset
//! [`Rules::ludii`] (a [`Ruleset`] in [`Rules`]) plays the Ludii ruleset (the rules reference, §2.13): the
//! same board, pieces, movement, die, move lists, selection and perft, with
//! the rules that differ switched at the entry points (the move generators
//! are compiled once per ruleset). What it adds to the API:
//! * scores: [`Position::score`], [`Position::scores`] ([`PieceKind::value`]
//!   is what a capture earns); the end: [`Outcome::ColourWins`],
//!   [`Outcome::TopScoreTie`], [`Outcome::Draw`] at the turn limit
//!   ([`LUDII_TURN_LIMIT`]), and [`Position::ranking`];
//! * the promotion decision: [`Position::pending_promotion`] (its square),
//!   [`Position::promotion_choices`] (its kinds), [`Position::decision_moves`]
//!   ([`Move::Decision`], `=K` in text, or `pass`);
//! * its position text ([`LUDII_START_TEXT`], [`LUDII_FIELDS`]), read and
//!   written by the same [`Position::from_text`], `FromStr` and `Display`.
//!
//! # Position text
//! A position's text has one of two forms, by ruleset: the sheet's
//! `<board> <to-move> <command> <lost-pawn> <captured-rajas> <quiet> <ply>`
//! ([`FIELDS`], the rules reference, §3.3) and Ludii's `<board> <to-move>
//! <scores> <decision> <turns>` ([`LUDII_FIELDS`], §3.5). `Display` writes
//! the form of the position's ruleset.
//! * [`Position::from_text`] reads a text under the [`Rules`] it is
//!   given. A text that only other options read is refused with an error
//!   of kind [`WrongRules`](crate::error::NotationErrorKind::WrongRules)
//!   naming them: the other ruleset's form, or a command field (a
//!   conquest) that only the other alliance pairing allows.
//! * `FromStr` (`text.parse::<Position>()`) reads a text under the options
//!   [`Rules::for_text`] picks by its shape: [`Rules::ludii()`] when it
//!   has exactly five space-separated fields or a comma in its third field
//!   (Ludii's scores), [`Rules::default()`] otherwise. Every valid text of
//!   either form is thus read under its own ruleset.
//! * The alliances and the draw limit are not part of any text: they
//!   travel beside it, as the name of a chess variant travels beside a
//!   FEN. `Position::from_text(&pos.to_string(), pos.rules())` gives `pos`
//!   back under any options; `FromStr` does when `pos.rules()` is
//!   `Rules::default()` or `Rules::ludii()`. With the `serde` feature a
//!   position is serialized as `{ "rules": …, "position": <text> }` (the
//!   `serde_support` module), so nothing is lost.
//!
//! ```
//! use kaissa_chaturaji::chaturaji::{Position, Rules, LUDII_START_TEXT, START_TEXT};
//! assert_eq!(START_TEXT.parse::<Position>()?.rules(), Rules::default());
//! assert_eq!(LUDII_START_TEXT.parse::<Position>()?.rules(), Rules::ludii());
//! # Ok::<(), kaissa_chaturaji::NotationError>(())
//! ```
//!
//! # Decisions beyond the rules
//! * A text's seat to move must be in play, also after the game has ended
//!   (it is then the seat that would be next: the next seat in play after
//!   the mover); a text with no piece at all is rejected. Otherwise the parser rejects exactly
//!   what the rules reference, §3 lists (a pawn on its own back edge, unreachable
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
//! * [`Position::choose_move`] returns `None` when the game is over.
//! * Captured-raja counts are limited to 255 per colour in the text.
//! * The hash covers board, seat to move, command, lost-pawn flags and
//!   captured rajas; not the quiet and ply counters (under the Ludii
//!   ruleset also the scores and the pending decision).
//! * [`Position::play_unchecked`] given a move whose from-square is empty
//!   (never legal) plays it as a pass.
//!
//! # Library decisions under the Ludii ruleset
//! * A promotion decision is made without a roll: while one is pending,
//!   [`Position::legal_moves`], [`Position::is_legal`] and
//!   [`Position::play`] take any roll and ignore it; [`perft_divide`] and
//!   [`GamePly::roll`] give `None` for it, and [`play_seeded_game`] draws no
//!   roll for it. Its choices come in the order raja, elephant, horse,
//!   boat.
//! * [`Position::ply`] counts rolled plies only (the
//!   text's `<turns>`): a decision ply is not recorded anywhere in the
//!   text, so it is not counted.
//! * When the move that reaches the turn limit also leaves one colour
//!   owning every piece, the end by one colour left is reported (the board
//!   decides before the clock). After the end, the colour to move is the
//!   one after the mover.
//! * The ranking is competition ranking by score (ties share the better
//!   rank and the next rank is skipped: 1, 2, 2, 4); at the turn limit all
//!   four rank 1. Under the sheet's rules [`Position::ranking`] ranks the
//!   winning alliance 1 and the other 3 (a draw: all 1).
//! * Besides the rejection of §3.5 (a decision square without a pawn of the
//!   colour to move on its far edge), the text parser rejects a text with
//!   no piece at all (as for §3.3) and a pending decision when the
//!   colour to move owns every piece left (that pawn's move would have
//!   ended the game). Everything else well formed is accepted: any colour
//!   to move, pieceless ones too; turns past the limit (a finished game);
//!   a pawn on its own back edge.
//! * Scores are `u32` and saturate (only a hand-written text gets near the
//!   limit); the hash covers the scores and the pending decision, not the
//!   turns. A [`Setup`] built under the Ludii ruleset ignores command,
//!   lost-pawn flags, captured rajas and quiet plies (its text has none);
//!   under the sheet's rules its scores must be 0 and no decision pending.
//! * [`Position::play_unchecked`] given, under the Ludii ruleset, a move of
//!   a piece that is not the mover's (never legal) plays it as a pass; at a
//!   pending decision any move but a decision keeps the pawn.
//!
//! # Thread safety
//! Every type here is plain data: `Send` and `Sync`. Share a `&Position`
//! freely between threads; mutation needs `&mut Position`; clone a
//! position to work on it in another thread.
//!
//! ```
//! use kaissa_chaturaji::chaturaji::{perft, Position};
//! let pos = Position::default();
//! let counts: Vec<u64> = std::thread::scope(|s| {
//!     let handles: Vec<_> = (1..=3).map(|d| { let pos = &pos; s.spawn(move || perft(pos, d)) }).collect();
//!     handles.into_iter().map(|h| h.join().unwrap()).collect()
//! });
//! assert_eq!(counts, [10, 100, 1000]);
//! ```

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
