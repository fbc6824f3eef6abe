//! Building a position piece by piece.

use crate::error::{Field, NotationError, NotationErrorKind};

use super::ludii::text::derive_fields;
use super::piece::{Colour, Piece};
use super::position::{Position, State};
use super::rules::Rules;
use super::square::Square;
use super::validate::{check_consistency, Inconsistency};

/// A position under construction: the board and every field of the
/// position text (seat to move, command of each colour, lost-pawn flags,
/// captured rajas, quiet plies, ply; and for the Ludii ruleset the scores
/// and the pending promotion decision, its turns being the ply), not yet
/// checked.
///
/// Plain data (`Clone`, `Debug`, `Eq`, `Hash`); `Default` is
/// [`Setup::empty`]. Setters take `&mut self` and return it, so they chain.
/// [`Setup::build`] checks the set-up with exactly the consistency rules of
/// the text parser ([`Position::from_text`]) and returns the same
/// [`NotationError`], without an offset.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Colour, Piece, PieceKind, Rules, Setup, Square};
/// let sq = |name| Square::parse(name).unwrap();
/// let mut setup = Setup::empty();
/// setup
///     .put(sq("d1"), Piece::new(Colour::Green, PieceKind::Raja))
///     .put(sq("e8"), Piece::new(Colour::Black, PieceKind::Raja))
///     .set_commander(Colour::Green, Some(Colour::Green))
///     .set_commander(Colour::Black, Some(Colour::Black))
///     .set_to_move(Colour::Black);
/// let pos = setup.build(Rules::default())?;
/// assert_eq!(pos.to_string(), "4,bK,3/8/8/8/8/8/8/3,gK,4 b xbxg - - 0 0");
/// assert_eq!(pos.to_setup(), setup);
/// # Ok::<(), kaissa_chaturaji::NotationError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    board: [Option<Piece>; 64],
    to_move: Colour,
    command: [Option<Colour>; 4],
    lost_pawn: [bool; 4],
    captured_rajas: [u8; 4],
    quiet: u32,
    ply: u32,
    scores: [u32; 4],
    decision: Option<Square>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl Setup {
    /// An empty board, Red to move, every colour's command `x` (no pieces),
    /// no lost pawns, no captured rajas, counters 0. (It does not build as
    /// it is: a position needs a piece.)
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// let setup = Setup::empty();
    /// assert_eq!(setup.to_move(), Colour::Red);
    /// assert_eq!(setup.commander(Colour::Green), None);
    /// assert_eq!(setup, Setup::default());
    /// ```
    #[must_use]
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 64],
            to_move: Colour::Red,
            command: [None; 4],
            lost_pawn: [false; 4],
            captured_rajas: [0; 4],
            quiet: 0,
            ply: 0,
            scores: [0; 4],
            decision: None,
        }
    }

    /// The start position's board and fields (every army on its start
    /// squares and commanding itself, Red to move).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules, Setup};
    /// assert_eq!(Setup::start().build(Rules::default()), Ok(Position::default()));
    /// ```
    #[must_use]
    pub fn start() -> Setup {
        Position::default().to_setup()
    }

    /// What stands on `square`.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Setup, Square};
    /// let piece = Setup::start().piece_at(Square::parse("h4").unwrap()).unwrap();
    /// assert_eq!(piece.to_string(), "rK");
    /// ```
    #[must_use]
    pub const fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    /// Puts `piece` on `square`, replacing whatever stood there.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Piece, PieceKind, Setup, Square};
    /// let sq = Square::parse("c3").unwrap();
    /// let piece = Piece::new(Colour::Yellow, PieceKind::Horse);
    /// assert_eq!(Setup::empty().put(sq, piece).piece_at(sq), Some(piece));
    /// ```
    pub fn put(&mut self, square: Square, piece: Piece) -> &mut Setup {
        self.board[square.index()] = Some(piece);
        self
    }

    /// Takes the piece off `square` and returns it (`None` when the square
    /// was empty).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Setup, Square};
    /// let mut setup = Setup::start();
    /// let h1 = Square::parse("h1").unwrap();
    /// assert_eq!(setup.remove(h1).unwrap().to_string(), "rB");
    /// assert_eq!(setup.remove(h1), None);
    /// ```
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        self.board[square.index()].take()
    }

    /// The seat to move.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// assert_eq!(Setup::start().to_move(), Colour::Red);
    /// ```
    #[must_use]
    pub const fn to_move(&self) -> Colour {
        self.to_move
    }

    /// Sets the seat to move (it must command a piece, or `build` fails).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// assert_eq!(Setup::start().set_to_move(Colour::Green).to_move(), Colour::Green);
    /// ```
    pub fn set_to_move(&mut self, seat: Colour) -> &mut Setup {
        self.to_move = seat;
        self
    }

    /// The seat commanding `colour`'s army; `None` is the text's `x`.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// assert_eq!(Setup::start().commander(Colour::Black), Some(Colour::Black));
    /// ```
    #[must_use]
    pub const fn commander(&self, colour: Colour) -> Option<Colour> {
        self.command[colour.index()]
    }

    /// Sets the seat commanding `colour`'s army: `Some(colour)` for its own,
    /// `Some(ally)` after a throne conquest, `None` (`x`) exactly when no
    /// piece of `colour` is on the board.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// let mut setup = Setup::start();
    /// setup.set_commander(Colour::Green, Some(Colour::Red));
    /// assert_eq!(setup.commander(Colour::Green), Some(Colour::Red));
    /// ```
    pub fn set_commander(&mut self, colour: Colour, seat: Option<Colour>) -> &mut Setup {
        self.command[colour.index()] = seat;
        self
    }

    /// Sets, for every colour, the command the usual way for a position
    /// without conquests: its own seat when a piece of it is on the board,
    /// `x` otherwise. A convenience after placing pieces.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Piece, PieceKind, Rules, Setup, Square};
    /// let mut setup = Setup::empty();
    /// setup
    ///     .put(Square::parse("a1").unwrap(), Piece::new(Colour::Green, PieceKind::Boat))
    ///     .set_command_from_board()
    ///     .set_to_move(Colour::Green);
    /// assert_eq!(setup.commander(Colour::Green), Some(Colour::Green));
    /// assert_eq!(setup.commander(Colour::Red), None);
    /// assert!(setup.build(Rules::default()).is_ok());
    /// ```
    pub fn set_command_from_board(&mut self) -> &mut Setup {
        for colour in Colour::ALL {
            let present = self.board.iter().flatten().any(|p| p.colour == colour);
            self.command[colour.index()] = present.then_some(colour);
        }
        self
    }

    /// Whether `colour` has lost a pawn to capture.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// assert!(!Setup::start().lost_pawn(Colour::Red));
    /// ```
    #[must_use]
    pub const fn lost_pawn(&self, colour: Colour) -> bool {
        self.lost_pawn[colour.index()]
    }

    /// Sets whether `colour` has lost a pawn to capture.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// assert!(Setup::start().set_lost_pawn(Colour::Red, true).lost_pawn(Colour::Red));
    /// ```
    pub fn set_lost_pawn(&mut self, colour: Colour, lost: bool) -> &mut Setup {
        self.lost_pawn[colour.index()] = lost;
        self
    }

    /// How many rajas of `colour` are captured (held by the other alliance).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// assert_eq!(Setup::start().captured_rajas(Colour::Red), 0);
    /// ```
    #[must_use]
    pub const fn captured_rajas(&self, colour: Colour) -> u8 {
        self.captured_rajas[colour.index()]
    }

    /// Sets how many rajas of `colour` are captured.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// assert_eq!(Setup::start().set_captured_rajas(Colour::Red, 1).captured_rajas(Colour::Red), 1);
    /// ```
    pub fn set_captured_rajas(&mut self, colour: Colour, count: u8) -> &mut Setup {
        self.captured_rajas[colour.index()] = count;
        self
    }

    /// Plies since the last capture.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Setup;
    /// assert_eq!(Setup::start().quiet_plies(), 0);
    /// ```
    #[must_use]
    pub const fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Sets the plies since the last capture (at most the ply).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Setup;
    /// assert_eq!(Setup::start().set_quiet_plies(3).quiet_plies(), 3);
    /// ```
    pub fn set_quiet_plies(&mut self, quiet: u32) -> &mut Setup {
        self.quiet = quiet;
        self
    }

    /// Plies played since the start.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Setup;
    /// assert_eq!(Setup::start().ply(), 0);
    /// ```
    #[must_use]
    pub const fn ply(&self) -> u32 {
        self.ply
    }

    /// Sets the plies played since the start.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Setup;
    /// assert_eq!(Setup::start().set_ply(12).ply(), 12);
    /// ```
    pub fn set_ply(&mut self, ply: u32) -> &mut Setup {
        self.ply = ply;
        self
    }

    /// The score of `colour` (Ludii ruleset).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// assert_eq!(Setup::start().score(Colour::Green), 0);
    /// ```
    #[must_use]
    pub const fn score(&self, colour: Colour) -> u32 {
        self.scores[colour.index()]
    }

    /// Sets the score of `colour` (Ludii ruleset; a set-up built under the
    /// sheet's rules must keep every score 0).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Setup};
    /// assert_eq!(Setup::start().set_score(Colour::Green, 5).score(Colour::Green), 5);
    /// ```
    pub fn set_score(&mut self, colour: Colour, score: u32) -> &mut Setup {
        self.scores[colour.index()] = score;
        self
    }

    /// The square of the pawn whose promotion the colour to move must
    /// decide (Ludii ruleset), if any.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Setup;
    /// assert_eq!(Setup::start().pending_promotion(), None);
    /// ```
    #[must_use]
    pub const fn pending_promotion(&self) -> Option<Square> {
        self.decision
    }

    /// Sets the square of the pawn whose promotion the colour to move must
    /// decide (Ludii ruleset; `None` for none, which a set-up built under
    /// the sheet's rules must keep).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Piece, PieceKind, Rules, Setup, Square};
    /// let sq = |name| Square::parse(name).unwrap();
    /// let mut setup = Setup::empty();
    /// setup
    ///     .put(sq("c8"), Piece::new(Colour::Green, PieceKind::Pawn))
    ///     .put(sq("h1"), Piece::new(Colour::Red, PieceKind::Boat))
    ///     .set_to_move(Colour::Green)
    ///     .set_pending_promotion(Some(sq("c8")));
    /// let pos = setup.build(Rules::ludii())?;
    /// assert_eq!(pos.to_string(), "2,gP,5/8/8/8/8/8/8/7,rB g 0,0,0,0 c8 0");
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    pub fn set_pending_promotion(&mut self, square: Option<Square>) -> &mut Setup {
        self.decision = square;
        self
    }

    /// The position, played under `rules`, if the set-up is consistent:
    /// exactly the checks the text parser makes after reading a text (the
    /// same function), so a set-up builds exactly when its position text
    /// parses, and fails with the same error (kind
    /// [`WrongRules`](crate::error::NotationErrorKind::WrongRules) for a
    /// command that only the other alliance pairing allows). The error has
    /// no offset.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Rules, Setup};
    /// use kaissa_chaturaji::error::{Field, NotationErrorKind};
    /// let err = Setup::start().set_to_move(Colour::Red).set_quiet_plies(1)
    ///     .build(Rules::default()).unwrap_err();
    /// assert_eq!(err.field(), Field::Quiet);
    /// assert_eq!(err.offset(), None);
    /// assert_eq!(err.kind(), NotationErrorKind::Inconsistent);
    /// ```
    ///
    /// Under the Ludii ruleset the fields its text does not have are not
    /// used: the command is derived from the board (each colour with pieces
    /// commands itself), and the lost-pawn flags, captured rajas and quiet
    /// plies are taken as none. Under the sheet's rules the scores must be
    /// 0 and no decision may be pending.
    pub fn build(&self, rules: Rules) -> Result<Position, NotationError> {
        let mut state = State::EMPTY;
        for square in Square::all() {
            if let Some(piece) = self.board[square.index()] {
                state.colours[piece.colour.index()] |= square.bitboard();
                state.kinds[piece.kind.index()] |= square.bitboard();
            }
        }
        state.to_move = self.to_move;
        state.command = self.command;
        state.lost_pawn = self.lost_pawn;
        state.captured_rajas = self.captured_rajas;
        state.quiet = self.quiet;
        state.ply = self.ply;
        state.scores = self.scores;
        state.decision = self.decision;
        if rules.is_ludii() {
            derive_fields(&mut state);
        } else if state.scores != [0; 4] || state.decision.is_some() {
            let field = if state.decision.is_some() {
                Field::Decision
            } else {
                Field::Scores
            };
            return Err(NotationError::without_offset(
                field,
                NotationErrorKind::Inconsistent,
                "scores and promotion decisions belong to the Ludii ruleset; under the sheet's rules they must be 0 and none",
            ));
        }
        check_consistency(&state, rules).map_err(Inconsistency::without_offset)?;
        let mut pos = Position { rules, state };
        pos.state.hash = pos.compute_hash();
        debug_assert_eq!(pos.validate(), Ok(()), "the builder let through {pos:?}");
        Ok(pos)
    }
}

impl Position {
    /// The position's board and fields as a [`Setup`] (the rules options
    /// are not part of it): `pos.to_setup().build(pos.rules())` gives `pos`
    /// back.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Position;
    /// let pos = Position::default();
    /// assert_eq!(pos.to_setup().build(pos.rules()), Ok(pos));
    /// ```
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for square in self.occupied() {
            setup.board[square.index()] = self.piece_at(square);
        }
        setup.to_move = self.state.to_move;
        setup.command = self.state.command;
        setup.lost_pawn = self.state.lost_pawn;
        setup.captured_rajas = self.state.captured_rajas;
        setup.quiet = self.state.quiet;
        setup.ply = self.state.ply;
        setup.scores = self.state.scores;
        setup.decision = self.state.decision;
        setup
    }
}
