//! The position: board, command, flags, counters and hash.

use super::piece::{Colour, Piece, PieceKind};
use super::rules::Rules;
use super::tables::START_SQUARES;
use super::zobrist;
use super::{Bitboard, Square};

/// Everything that changes in play (all but the rules options).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct State {
    pub(crate) colours: [Bitboard; 4],
    pub(crate) kinds: [Bitboard; 5],
    pub(crate) to_move: Colour,
    /// `None` exactly when the colour has no piece on the board.
    pub(crate) command: [Option<Colour>; 4],
    pub(crate) lost_pawn: [bool; 4],
    pub(crate) captured_rajas: [u8; 4],
    /// Sheet: plies since the last capture. Ludii: always 0.
    pub(crate) quiet: u32,
    /// Sheet: plies since the start. Ludii: rolled plies since the start
    /// (the text's turns; decision plies are not counted).
    pub(crate) ply: u32,
    pub(crate) hash: u64,
    /// Ludii: the scores by colour index (always 0 under the sheet's rules).
    pub(crate) scores: [u32; 4],
    /// Ludii: the square of the pawn whose promotion the colour to move must
    /// decide now (always `None` under the sheet's rules).
    pub(crate) decision: Option<Square>,
}

/// A Chaturaji position together with the rules options it is played under.
///
/// A `Position` is always valid: it is built by [`Position::start`] (or
/// `Default`, the start under the default rules), by parsing text
/// ([`Position::from_text`], `FromStr`) or by a [`Setup`](super::Setup),
/// which reject inconsistent positions, and changed only by legal moves
/// and exchanges (the one exception is [`Position::play_unchecked`] given
/// an illegal move, whose result is unspecified). `Display` writes the position text
/// (the rules reference, §3). `Eq` and `Hash` compare everything, the rules
/// options and the counters included.
///
/// # Text both ways
/// `Display` writes the position text of the position's ruleset: the
/// sheet's seven fields (the rules reference, §3.3) or Ludii's five
/// (§3.5). [`Position::from_text`] reads a text under the rules options it
/// is given; `FromStr` (`text.parse()`) reads it under the options
/// [`Rules::for_text`] picks from the text's shape alone:
/// [`Rules::ludii()`] for the Ludii form (exactly five space-separated
/// fields, or a comma in the third field, where Ludii writes its scores),
/// [`Rules::default()`] for any other text. A text read under options it
/// does not fit gets an error of kind
/// [`WrongRules`](crate::error::NotationErrorKind::WrongRules) that names
/// the options that fit.
///
/// A text does not say which alliances or which draw limit its game is
/// played with: those travel beside the text, as the name of a chess
/// variant travels beside a FEN. So `Position::from_text(&pos.to_string(),
/// pos.rules())` gives `pos` back under any options, and
/// `pos.to_string().parse()` does whenever `pos.rules()` is what
/// `Rules::for_text` picks (the default options, or `Rules::ludii()`).
/// With the `serde` feature a position is serialized as its rules and its
/// text side by side (the `serde_support` module).
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Alliances, Position, Rules, LUDII_START_TEXT};
/// use kaissa_chaturaji::error::NotationErrorKind;
/// // Either form parses, under the options its shape implies.
/// let ludii: Position = LUDII_START_TEXT.parse()?;
/// assert_eq!(ludii.rules(), Rules::ludii());
/// // Other options are given beside the text.
/// let opposite = Rules::default().with_alliances(Alliances::Opposite);
/// let pos = Position::start(opposite);
/// assert_eq!(Position::from_text(&pos.to_string(), pos.rules())?, pos);
/// let err = Position::from_text(LUDII_START_TEXT, opposite).unwrap_err();
/// assert_eq!(err.kind(), NotationErrorKind::WrongRules);
/// # Ok::<(), kaissa_chaturaji::NotationError>(())
/// ```
///
/// # Thread safety
/// A `Position` is plain data (no pointers, no interior
/// mutability), so it is `Send` and `Sync`. A `&Position` can be shared by
/// any number of threads (every query takes `&self`); changing it needs
/// `&mut`, so one thread at a time. To explore in parallel, clone it (a
/// clone is a cheap copy of 128 bytes, with no heap).
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules};
/// let pos = Position::start(Rules::default());
/// assert_eq!(pos.to_move(), Colour::Red);
/// let text = pos.to_string();
/// assert_eq!(Position::from_text(&text, Rules::default()).unwrap(), pos);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) rules: Rules,
    pub(crate) state: State,
}

impl Default for Position {
    /// The start position under the default rules.
    fn default() -> Position {
        Position::start(Rules::default())
    }
}

impl Position {
    /// The start position: every army on its start squares, Red to move
    /// (Green under the Ludii ruleset, with every score 0).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules, LUDII_START_TEXT, START_TEXT};
    /// assert_eq!(Position::start(Rules::default()).to_string(), START_TEXT);
    /// assert_eq!(Position::default(), Position::start(Rules::default()));
    /// assert_eq!(Position::start(Rules::ludii()).to_string(), LUDII_START_TEXT);
    /// ```
    #[must_use]
    pub fn start(rules: Rules) -> Position {
        let mut state = State {
            colours: [Bitboard::EMPTY; 4],
            kinds: [Bitboard::EMPTY; 5],
            to_move: Colour::Red,
            command: [
                Some(Colour::Red),
                Some(Colour::Black),
                Some(Colour::Yellow),
                Some(Colour::Green),
            ],
            lost_pawn: [false; 4],
            captured_rajas: [0; 4],
            quiet: 0,
            ply: 0,
            hash: 0,
            scores: [0; 4],
            decision: None,
        };
        state.to_move = rules.first_mover();
        for colour in Colour::ALL {
            for (kind, square) in START_SQUARES[colour.index()] {
                state.colours[colour.index()] |= square.bitboard();
                state.kinds[kind.index()] |= square.bitboard();
            }
        }
        let mut pos = Position { rules, state };
        pos.state.hash = pos.compute_hash();
        pos
    }

    /// The rules options this position is played under.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The piece on `square`, if any.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules, Square};
    /// let pos = Position::start(Rules::default());
    /// let piece = pos.piece_at(Square::parse("d1").unwrap()).unwrap();
    /// assert_eq!(piece.to_string(), "gK");
    /// ```
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let bb = square.bitboard();
        let colour = Colour::ALL
            .into_iter()
            .find(|c| !(self.state.colours[c.index()] & bb).is_empty())?;
        let kind = PieceKind::ALL
            .into_iter()
            .find(|k| !(self.state.kinds[k.index()] & bb).is_empty())?;
        Some(Piece::new(colour, kind))
    }

    /// The squares holding pieces of `colour`.
    #[must_use]
    pub fn pieces_of(&self, colour: Colour) -> Bitboard {
        self.state.colours[colour.index()]
    }

    /// The squares holding pieces of `kind` (any colour).
    #[must_use]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.state.kinds[kind.index()]
    }

    /// The squares holding `colour`'s pieces of `kind`.
    #[must_use]
    pub fn pieces(&self, colour: Colour, kind: PieceKind) -> Bitboard {
        self.state.colours[colour.index()] & self.state.kinds[kind.index()]
    }

    /// All occupied squares.
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        let c = &self.state.colours;
        c[0] | c[1] | c[2] | c[3]
    }

    /// The seat to move (after the game has ended, the seat that would be next).
    #[must_use]
    pub fn to_move(&self) -> Colour {
        self.state.to_move
    }

    /// The seat commanding `colour`'s army: its own, or its ally's once its
    /// throne was conquered; `None` when no piece of `colour` is left (`x`).
    #[must_use]
    pub fn commander(&self, colour: Colour) -> Option<Colour> {
        self.state.command[colour.index()]
    }

    /// Whether `colour` has lost a pawn to capture (so its pawns promote).
    #[must_use]
    pub fn lost_pawn(&self, colour: Colour) -> bool {
        self.state.lost_pawn[colour.index()]
    }

    /// How many rajas of `colour` have been captured and not exchanged back
    /// (they are kept by the other alliance).
    #[must_use]
    pub fn captured_rajas(&self, colour: Colour) -> u8 {
        self.state.captured_rajas[colour.index()]
    }

    /// Plies played since the last capture.
    #[must_use]
    pub fn quiet_plies(&self) -> u32 {
        self.state.quiet
    }

    /// Plies played since the start. Under the Ludii ruleset, the rolled
    /// plies (the text's `<turns>` field, the count the turn limit
    /// [`LUDII_TURN_LIMIT`](super::LUDII_TURN_LIMIT) applies to): promotion
    /// decisions are not counted, as the position text does not record them.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Roll, Rules};
    /// let mut pos = Position::start(Rules::ludii());
    /// pos.play(Roll::new(3).unwrap(), "b1c3".parse()?)?;
    /// assert_eq!(pos.ply(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.state.ply
    }

    /// The score of `colour` (Ludii ruleset: the values of the pieces it
    /// has captured; always 0 under the sheet's rules).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules};
    /// let pos = Position::from_text(
    ///     "8/8/8/8/8/8/8/3,gK,rK,3 g 3,0,0,7 - 40", Rules::ludii())?;
    /// assert_eq!(pos.score(Colour::Green), 7);
    /// assert_eq!(pos.score(Colour::Red), 3);
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn score(&self, colour: Colour) -> u32 {
        self.state.scores[colour.index()]
    }

    /// The four scores by colour index (Red, Black, Yellow, Green), as the
    /// Ludii position text writes them.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules};
    /// assert_eq!(Position::start(Rules::ludii()).scores(), [0, 0, 0, 0]);
    /// ```
    #[must_use]
    pub fn scores(&self) -> [u32; 4] {
        self.state.scores
    }

    /// The square of the pawn whose promotion the colour to move must
    /// decide now (Ludii ruleset), or `None`. While a decision is pending,
    /// the legal moves are the decision's choices whatever the roll (see
    /// [`Position::promotion_choices`]).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules, Square};
    /// let pos = Position::from_text(
    ///     "3,gP,4/8/8/8/8/8/8/3,rK,4 g 0,0,0,0 d8 12", Rules::ludii())?;
    /// assert_eq!(pos.pending_promotion(), Square::parse("d8"));
    /// assert_eq!(Position::start(Rules::ludii()).pending_promotion(), None);
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn pending_promotion(&self) -> Option<Square> {
        self.state.decision
    }

    /// The Zobrist hash, kept up to date incrementally by moves and
    /// exchanges. It covers every piece on its square, the seat to move, the
    /// command of each colour (`x` included), the lost-pawn flags and the
    /// number of captured rajas of each colour, and (Ludii) the scores and
    /// the pending decision; not the quiet, ply and turn counters, nor the
    /// rules options. Keys are made at compile time.
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }

    /// The Zobrist hash computed from scratch (equal to [`Position::hash`]
    /// in every reachable position; for tests).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let s = &self.state;
        let mut h = zobrist::to_move(s.to_move.index());
        for c in 0..4 {
            for k in 0..5 {
                for sq in s.colours[c] & s.kinds[k] {
                    h ^= zobrist::piece(c, k, sq.index());
                }
            }
            h ^= zobrist::command(c, s.command[c].map_or(4, Colour::index));
            if s.lost_pawn[c] {
                h ^= zobrist::lost_pawn(c);
            }
            h ^= zobrist::captured_rajas(c, s.captured_rajas[c]);
            h ^= zobrist::score(c, s.scores[c]);
        }
        if let Some(sq) = s.decision {
            h ^= zobrist::decision(sq.index());
        }
        h
    }

    /// The squares of all pieces whose army `seat` commands.
    #[must_use]
    pub fn commanded(&self, seat: Colour) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for c in Colour::ALL {
            if self.state.command[c.index()] == Some(seat) {
                bb |= self.state.colours[c.index()];
            }
        }
        bb
    }

    /// Whether `seat` commands at least one piece (a seat not in play is skipped).
    #[must_use]
    pub fn seat_in_play(&self, seat: Colour) -> bool {
        self.state.command.contains(&Some(seat))
    }

    /// The next seat in play after `seat` in turn order (`seat` itself last).
    #[inline]
    pub(crate) fn next_seat_after(&self, seat: Colour) -> Colour {
        // The seats in play as bits, turned so that bit 0 is the seat after
        // `seat`: the lowest set bit is the next seat in play (no loop with
        // a data-dependent exit, which the branch predictor misses).
        let mut in_play = 0u32;
        for commander in self.state.command {
            // `None` (4) sets bit 4, cut off below.
            in_play |= 1 << commander.map_or(4, Colour::index);
        }
        let in_play = in_play & 15;
        let turned = ((in_play | in_play << 4) >> ((seat.index() + 1) & 3)) & 15;
        // Bit 3 is `seat` itself, also when no seat at all is in play.
        let next = (turned | 8).trailing_zeros() as usize;
        Colour::from_index(seat.index() + 1 + next)
    }

    /// Whether `colour` is out of the game (no piece of it on the board).
    #[must_use]
    pub fn is_out(&self, colour: Colour) -> bool {
        self.state.colours[colour.index()].is_empty()
    }

    // --- mutation helpers, hash kept incrementally -------------------------

    pub(crate) fn put(&mut self, colour: Colour, kind: PieceKind, square: Square) {
        let bb = square.bitboard();
        self.state.colours[colour.index()] |= bb;
        self.state.kinds[kind.index()] |= bb;
        self.state.hash ^= zobrist::piece(colour.index(), kind.index(), square.index());
    }

    pub(crate) fn remove(&mut self, colour: Colour, kind: PieceKind, square: Square) {
        let bb = !square.bitboard();
        self.state.colours[colour.index()] &= bb;
        self.state.kinds[kind.index()] &= bb;
        self.state.hash ^= zobrist::piece(colour.index(), kind.index(), square.index());
    }

    pub(crate) fn set_command(&mut self, colour: Colour, seat: Option<Colour>) {
        let c = colour.index();
        self.state.hash ^= zobrist::command(c, self.state.command[c].map_or(4, Colour::index));
        self.state.command[c] = seat;
        self.state.hash ^= zobrist::command(c, seat.map_or(4, Colour::index));
    }

    pub(crate) fn set_to_move(&mut self, seat: Colour) {
        self.state.hash ^=
            zobrist::to_move(self.state.to_move.index()) ^ zobrist::to_move(seat.index());
        self.state.to_move = seat;
    }

    pub(crate) fn set_captured_rajas(&mut self, colour: Colour, count: u8) {
        let c = colour.index();
        self.state.hash ^= zobrist::captured_rajas(c, self.state.captured_rajas[c])
            ^ zobrist::captured_rajas(c, count);
        self.state.captured_rajas[c] = count;
    }

    pub(crate) fn set_score(&mut self, colour: Colour, score: u32) {
        let c = colour.index();
        self.state.hash ^= zobrist::score(c, self.state.scores[c]) ^ zobrist::score(c, score);
        self.state.scores[c] = score;
    }

    pub(crate) fn set_decision(&mut self, decision: Option<Square>) {
        if let Some(sq) = self.state.decision {
            self.state.hash ^= zobrist::decision(sq.index());
        }
        if let Some(sq) = decision {
            self.state.hash ^= zobrist::decision(sq.index());
        }
        self.state.decision = decision;
    }

    pub(crate) fn set_lost_pawn(&mut self, colour: Colour) {
        let c = colour.index();
        if !self.state.lost_pawn[c] {
            self.state.lost_pawn[c] = true;
            self.state.hash ^= zobrist::lost_pawn(c);
        }
    }
}
