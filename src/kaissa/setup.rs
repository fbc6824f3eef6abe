//! Building a position piece by piece: [`Setup`].

use core::fmt;

use super::home_stone::LAST_PLACEMENT_TURN;
use super::notation::{write_text, MAX_TURN};
use super::{Piece, PieceKind, Position, Side, Square};
use crate::error::{Field, NotationError, NotationErrorKind as Kind};

/// A position under construction: pieces on squares, the side to move, the
/// turn number and the Home Stones in hand, with no rule checked until
/// [`build`](Setup::build). Plain data (`Clone`, `Debug`, `Eq`, `Hash`,
/// `Send`, `Sync`).
///
/// [`Setup::default`] and [`Setup::empty`] give an empty board with Yellow
/// to move at turn 1 and both stones in hand; [`Setup::start`] the start
/// position; [`Position::to_setup`] any position. `build` checks exactly
/// what the position text parser checks (the rules reference (§3, notation), one shared
/// function), and reports it with the same [`NotationError`] (without an
/// offset, as there is no text).
///
/// ```
/// use kaissa_chaturaji::kaissa::{Piece, Position, Setup, Side};
/// let mut setup = Setup::empty();
/// setup
///     .put("e1".parse()?, Piece::from_letter('H').unwrap())
///     .put("e10".parse()?, Piece::from_letter('h').unwrap())
///     .put("a1".parse()?, Piece::from_letter('U').unwrap())
///     .set_stone_in_hand(Side::Yellow, false)
///     .set_stone_in_hand(Side::Red, false)
///     .set_to_move(Side::Red)
///     .set_turn(12);
/// let pos = setup.build()?;
/// assert_eq!(pos.to_string(), "4h5/10/10/10/10/10/10/10/10/U3H5 r 12 -");
/// assert_eq!(pos.to_setup(), setup);
/// # Ok::<(), kaissa_chaturaji::NotationError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    board: [Option<Piece>; 100],
    to_move: Side,
    turn: u32,
    in_hand: [bool; 2],
}

impl Default for Setup {
    /// The same as [`Setup::empty`].
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Setup;
    /// assert_eq!(Setup::default(), Setup::empty());
    /// ```
    fn default() -> Setup {
        Setup::empty()
    }
}

/// The back ranks of the start position, a1..j1 (upper case: Yellow's; Red
/// mirrors them on rank 10).
const START_BACK: [PieceKind; 10] = {
    use PieceKind::*;
    [
        Initiate, Builder, Scribe, Tarnsman, Ubara, Ubar, Tarnsman, Scribe, Builder, Initiate,
    ]
};

/// The Spearman ranks of the start position, a2..j2.
const START_FRONT: [PieceKind; 10] = {
    use PieceKind::*;
    [
        Assassin, Rider, Spearman, Spearman, Spearman, Spearman, Spearman, Spearman, Rider,
        Assassin,
    ]
};

impl Setup {
    /// An empty board, Yellow to move at turn 1, both Home Stones in hand
    /// (a consistent position: it builds).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Setup;
    /// let pos = Setup::empty().build()?;
    /// assert_eq!(pos.to_string(), "10/10/10/10/10/10/10/10/10/10 y 1 Hh");
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 100],
            to_move: Side::Yellow,
            turn: 1,
            in_hand: [true, true],
        }
    }

    /// The start position (the rules reference, §1, Merchant Kaissa).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, Setup};
    /// assert_eq!(Setup::start().build()?, Position::start());
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub const fn start() -> Setup {
        let mut setup = Setup::empty();
        let mut file = 0;
        while file < 10 {
            setup.board[file] = Some(Piece {
                side: Side::Yellow,
                kind: START_BACK[file],
            });
            setup.board[10 + file] = Some(Piece {
                side: Side::Yellow,
                kind: START_FRONT[file],
            });
            setup.board[80 + file] = Some(Piece {
                side: Side::Red,
                kind: START_FRONT[file],
            });
            setup.board[90 + file] = Some(Piece {
                side: Side::Red,
                kind: START_BACK[file],
            });
            file += 1;
        }
        setup
    }

    /// A set-up from its parts (for [`Position::to_setup`]).
    pub(crate) const fn from_parts(
        board: [Option<Piece>; 100],
        to_move: Side,
        turn: u32,
        in_hand: [bool; 2],
    ) -> Setup {
        Setup {
            board,
            to_move,
            turn,
            in_hand,
        }
    }

    /// Puts `piece` on `square`, replacing whatever stood there. (A Home
    /// Stone put on the board must also be taken out of hand with
    /// [`set_stone_in_hand`](Self::set_stone_in_hand), or `build` refuses
    /// it.)
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Piece, Setup};
    /// let mut setup = Setup::empty();
    /// let ubar = Piece::from_letter('U').unwrap();
    /// setup.put("f1".parse()?, ubar);
    /// assert_eq!(setup.piece_at("f1".parse()?), Some(ubar));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    pub fn put(&mut self, square: Square, piece: Piece) -> &mut Self {
        self.board[square.index() as usize] = Some(piece);
        self
    }

    /// Takes the piece off `square` and returns it (`None` if the square
    /// was empty).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Setup;
    /// let mut setup = Setup::start();
    /// let piece = setup.remove("f1".parse()?);
    /// assert_eq!(piece.map(|p| p.letter()), Some('U'));
    /// assert_eq!(setup.remove("f1".parse()?), None);
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        self.board[square.index() as usize].take()
    }

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Setup;
    /// assert_eq!(Setup::start().piece_at("e10".parse()?).map(|p| p.letter()), Some('q'));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index() as usize]
    }

    /// Sets the side to move.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Setup, Side};
    /// let pos = Setup::start().set_to_move(Side::Red).build()?;
    /// assert_eq!(pos.to_move(), Side::Red);
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    pub fn set_to_move(&mut self, side: Side) -> &mut Self {
        self.to_move = side;
        self
    }

    /// The side to move.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Setup, Side};
    /// assert_eq!(Setup::empty().to_move(), Side::Yellow);
    /// ```
    #[must_use]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// Sets the side to move's turn number (from 1; `build` refuses 0 and
    /// numbers above [`MAX_TURN`]).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Setup;
    /// let pos = Setup::start().set_turn(8).build()?;
    /// assert_eq!(pos.turn(), 8);
    /// assert!(Setup::start().set_turn(0).build().is_err());
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    pub fn set_turn(&mut self, turn: u32) -> &mut Self {
        self.turn = turn;
        self
    }

    /// The side to move's turn number.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Setup;
    /// assert_eq!(Setup::start().turn(), 1);
    /// ```
    #[must_use]
    pub const fn turn(&self) -> u32 {
        self.turn
    }

    /// Sets whether `side`'s Home Stone is still in hand.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Setup, Side};
    /// let mut setup = Setup::start();
    /// setup.set_stone_in_hand(Side::Red, false).set_stone_in_hand(Side::Yellow, false);
    /// // Both stones gone: not a position.
    /// assert!(setup.build().is_err());
    /// ```
    pub fn set_stone_in_hand(&mut self, side: Side, in_hand: bool) -> &mut Self {
        self.in_hand[side.index()] = in_hand;
        self
    }

    /// Whether `side`'s Home Stone is in hand.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Setup, Side};
    /// assert!(Setup::start().stone_in_hand(Side::Red));
    /// ```
    #[must_use]
    pub const fn stone_in_hand(&self, side: Side) -> bool {
        self.in_hand[side.index()]
    }

    /// The position, if the set-up is one the rules allow: exactly the
    /// checks of the position text parser (the rules reference (§3, notation): the turn
    /// number in range, no Spearman on its own back rank, at most one
    /// stone of a side and not both on the board and in hand, no stone in
    /// hand after its side's 10th turn, not both stones captured, a
    /// captured stone's owner to move). The error names the field (the
    /// board, side, turn or hand) and has no offset.
    ///
    /// ```
    /// use kaissa_chaturaji::error::{Field, NotationErrorKind};
    /// use kaissa_chaturaji::kaissa::{Piece, Setup};
    /// let mut setup = Setup::start();
    /// setup.put("a1".parse()?, Piece::from_letter('P').unwrap());
    /// let err = setup.build().unwrap_err();
    /// assert_eq!(err.field(), Field::Board);
    /// assert_eq!(err.kind(), NotationErrorKind::Inconsistent);
    /// assert_eq!(err.offset(), None);
    /// // The parser says the same about the same position.
    /// let text_err = setup.to_string().parse::<kaissa_chaturaji::kaissa::Position>().unwrap_err();
    /// assert_eq!((text_err.field(), text_err.kind()), (err.field(), err.kind()));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    pub fn build(&self) -> Result<Position, NotationError> {
        check_setup(self, None)?;
        Ok(self.build_trusted())
    }

    /// The position, without checks (for set-ups already checked).
    pub(crate) fn build_trusted(&self) -> Position {
        let mut pos = Position::empty(self.to_move, self.turn, self.in_hand);
        for (index, piece) in self.board.iter().enumerate() {
            if let Some(piece) = *piece {
                pos.put(piece, Square::new_unchecked(index as u8));
            }
        }
        pos
    }
}

impl fmt::Display for Setup {
    /// Writes the set-up as a position text (the rules reference, §3, notation), whether or
    /// not it is consistent: parsing the text accepts or rejects it exactly
    /// as [`Setup::build`] does.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Setup, START_TEXT};
    /// assert_eq!(Setup::start().to_string(), START_TEXT);
    /// assert_eq!(Setup::empty().set_turn(0).to_string(), "10/10/10/10/10/10/10/10/10/10 y 0 Hh");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_text(f, &self.board, self.to_move, self.turn, self.in_hand)
    }
}

/// Where the parts of a position text start (byte offsets), so that the
/// consistency checks can point into the text.
#[derive(Debug, Clone)]
pub(crate) struct TextOffsets {
    /// The offset of each square's piece letter (unused for empty squares).
    pub(crate) squares: [usize; 100],
    pub(crate) side: usize,
    pub(crate) turn: usize,
    pub(crate) hand: usize,
    /// The offsets of the `H` and `h` letters of the hand field (when they
    /// are there).
    pub(crate) hand_letters: [usize; 2],
}

impl Default for TextOffsets {
    fn default() -> Self {
        TextOffsets {
            squares: [0; 100],
            side: 0,
            turn: 0,
            hand: 0,
            hand_letters: [0; 2],
        }
    }
}

/// The consistency rules of the rules reference (§3.1), shared by the
/// position text parser (which gives `offsets`, so errors point into the
/// text) and [`Setup::build`] (no offsets). The checks run in a fixed
/// order, so both report the same first problem.
pub(crate) fn check_setup(
    setup: &Setup,
    offsets: Option<&TextOffsets>,
) -> Result<(), NotationError> {
    check_turn(setup.turn, offsets)?;
    let stones = check_board(setup, offsets)?;
    check_stones_in_hand(setup, &stones, offsets)?;
    check_captured_stones(setup, &stones, offsets)
}

/// A consistency error: pointing at byte `at` of the text when there is
/// one, without an offset for a [`Setup`].
fn setup_error(field: Field, at: Option<usize>, kind: Kind, reason: String) -> NotationError {
    match at {
        Some(offset) => NotationError::at(field, offset, kind, reason),
        None => NotationError::without_offset(field, kind, reason),
    }
}

/// The turn number is in `1..=MAX_TURN`.
fn check_turn(turn: u32, offsets: Option<&TextOffsets>) -> Result<(), NotationError> {
    if turn == 0 || turn > MAX_TURN {
        return Err(setup_error(
            Field::Turn,
            offsets.map(|o| o.turn),
            Kind::OutOfRange,
            format!("turn {turn} is not in 1..={MAX_TURN}"),
        ));
    }
    Ok(())
}

/// The board rules, square by square from a1: no Spearman on its own back
/// rank (the rules reference, §1.4) and at most one Home Stone per side
/// (§1.6). Returns the square of each side's stone on the board, if any.
fn check_board(
    setup: &Setup,
    offsets: Option<&TextOffsets>,
) -> Result<[Option<Square>; 2], NotationError> {
    let mut stone: [Option<Square>; 2] = [None; 2];
    for (index, entry) in setup.board.iter().enumerate() {
        let Some(piece) = *entry else {
            continue;
        };
        let square = Square::new_unchecked(index as u8);
        let letter_at = offsets.map(|o| o.squares[index]);
        if piece.kind == PieceKind::Spearman && square.rank() == piece.side.back_rank() {
            return Err(setup_error(
                Field::Board,
                letter_at,
                Kind::Inconsistent,
                format!(
                    "a {} Spearman cannot stand on its own back rank ({square})",
                    piece.side
                ),
            ));
        }
        if piece.kind == PieceKind::HomeStone {
            if let Some(first) = stone[piece.side.index()] {
                return Err(setup_error(
                    Field::Board,
                    letter_at,
                    Kind::Inconsistent,
                    format!(
                        "a second {} Home Stone ({square}; the first is on {first})",
                        piece.side
                    ),
                ));
            }
            stone[piece.side.index()] = Some(square);
        }
    }
    Ok(stone)
}

/// A stone in hand (the rules reference, §1.6), Yellow's first: not also
/// on the board (`stones`), and its side has not yet played its 10th turn.
fn check_stones_in_hand(
    setup: &Setup,
    stones: &[Option<Square>; 2],
    offsets: Option<&TextOffsets>,
) -> Result<(), NotationError> {
    for side in Side::ALL {
        if !setup.in_hand[side.index()] {
            continue;
        }
        let letter_at = offsets.map(|o| o.hand_letters[side.index()]);
        if let Some(square) = stones[side.index()] {
            return Err(setup_error(
                Field::Hand,
                letter_at,
                Kind::Inconsistent,
                format!("{side}'s Home Stone is both on the board ({square}) and in hand"),
            ));
        }
        // The turn the side is about to play (its current turn if to
        // move, else its next one): past 10 it can no longer hold it.
        let next_turn = if side == setup.to_move || side == Side::Red {
            setup.turn
        } else {
            setup.turn + 1
        };
        if next_turn > LAST_PLACEMENT_TURN {
            return Err(setup_error(
                Field::Hand,
                letter_at,
                Kind::Inconsistent,
                format!("{side}'s Home Stone is still in hand after its 10th turn"),
            ));
        }
    }
    Ok(())
}

/// A captured stone (neither on the board, `stones`, nor in hand) ended
/// the game (the rules reference, §1.7): not both captured, and a
/// captured stone's owner is to move.
fn check_captured_stones(
    setup: &Setup,
    stones: &[Option<Square>; 2],
    offsets: Option<&TextOffsets>,
) -> Result<(), NotationError> {
    let captured =
        Side::ALL.map(|side| !setup.in_hand[side.index()] && stones[side.index()].is_none());
    if captured[0] && captured[1] {
        return Err(setup_error(
            Field::Hand,
            offsets.map(|o| o.hand),
            Kind::Inconsistent,
            "both Home Stones are gone (neither on the board nor in hand)".into(),
        ));
    }
    let other = setup.to_move.other();
    if captured[other.index()] {
        return Err(setup_error(
            Field::Side,
            offsets.map(|o| o.side),
            Kind::Inconsistent,
            format!(
                "{other}'s Home Stone was captured, which ended the game: {other} must be to move"
            ),
        ));
    }
    Ok(())
}
