//! The position: pieces, side to move, turn, stones in hand, and what can
//! be read of them (play and undo are in `play.rs`).

use super::{zobrist, Bitboard, Piece, PieceKind, Setup, Side, Square};

/// A Merchant Kaissa position, always consistent (see the rules reference, §3 for
/// what the parser rejects). Build it with [`Position::start`] (also
/// [`Default`]), by parsing the text notation or with a [`Setup`]; change it
/// with [`Position::play`] and [`Position::undo`] (checked) or their
/// `_unchecked` forms (the fast path for engines).
///
/// ```
/// use kaissa_chaturaji::kaissa::{Move, Position};
/// let mut pos = Position::start();
/// let undo = pos.play("e2e5".parse::<Move>()?)?;
/// assert_eq!(
///     pos.to_string(),
///     "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh"
/// );
/// pos.undo(undo)?;
/// assert_eq!(pos, Position::start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Equality and hashing
///
/// Two positions are equal when they have the same pieces on the same
/// squares, the same side to move, the same turn number and the same stones
/// in hand. [`Hash`](core::hash::Hash) feeds the Zobrist key
/// ([`Position::hash`]) to the hasher, which is consistent with that
/// equality (the key ignores turn numbers past 11, so two positions that
/// differ only there are unequal but hash alike, which `Hash` allows).
///
/// # Threads
///
/// A position is plain data (no pointers, no interior mutability): it is
/// [`Send`] and [`Sync`]. A `&Position` may be shared by any number of
/// threads at once (every query takes `&self`); changing it needs
/// `&mut Position`, so the borrow checker rules out a data race. To let
/// several threads search from one position, give each its own clone
/// (about 2 KB, one `memcpy`).
///
/// ```
/// use kaissa_chaturaji::kaissa::{perft, Position};
/// let pos = Position::start();
/// let counts: Vec<u64> = std::thread::scope(|s| {
///     let handles: Vec<_> = (1..=2).map(|d| s.spawn({
///         let pos = &pos;
///         move || perft(pos, d)
///     })).collect();
///     handles.into_iter().map(|h| h.join().unwrap()).collect()
/// });
/// assert_eq!(counts, [40, 1600]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) squares: [Option<Piece>; 100],
    pub(crate) by_side: [Bitboard; 2],
    pub(crate) by_kind: [Bitboard; 10],
    pub(crate) to_move: Side,
    pub(crate) turn: u32,
    pub(crate) in_hand: [bool; 2],
    pub(crate) hash: u64,
}

impl Default for Position {
    /// The start position, [`Position::start`].
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// assert_eq!(Position::default(), Position::start());
    /// ```
    fn default() -> Position {
        Position::start()
    }
}

impl core::hash::Hash for Position {
    /// Feeds the Zobrist key to `state` (see the type's docs).
    ///
    /// ```
    /// use std::collections::HashSet;
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut seen = HashSet::new();
    /// assert!(seen.insert(Position::start()));
    /// assert!(!seen.insert(Position::default()));
    /// ```
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The start position's text.
pub const START_TEXT: &str = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh";

impl Position {
    /// An empty board with this side to move, turn and stones in hand; the
    /// parser and the set-up builder fill it in after validating.
    pub(crate) fn empty(to_move: Side, turn: u32, in_hand: [bool; 2]) -> Position {
        let mut pos = Position {
            squares: [None; 100],
            by_side: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 10],
            to_move,
            turn,
            in_hand,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The start position: Yellow to move at turn 1, both Home Stones in
    /// hand (also [`Position::default`]).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, START_TEXT};
    /// assert_eq!(Position::start().to_string(), START_TEXT);
    /// ```
    #[must_use]
    pub fn start() -> Position {
        super::Setup::start().build_trusted()
    }

    /// The piece on `square`, if any.
    #[must_use]
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.squares[square.index() as usize]
    }

    /// The squares holding pieces of `side`.
    #[must_use]
    #[inline]
    pub fn pieces_of(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    /// The squares holding pieces of `kind`, both sides.
    #[must_use]
    #[inline]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares holding `side`'s pieces of `kind`.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{PieceKind, Position, Side};
    /// assert_eq!(Position::start().pieces(Side::Yellow, PieceKind::Spearman).count(), 6);
    /// ```
    #[must_use]
    #[inline]
    pub fn pieces(&self, side: Side, kind: PieceKind) -> Bitboard {
        self.by_side[side.index()] & self.by_kind[kind.index()]
    }

    /// Every occupied square.
    #[must_use]
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// The side to move.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, Side};
    /// assert_eq!(Position::start().to_move(), Side::Yellow);
    /// ```
    #[must_use]
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The side to move's turn number: its how-many-th move it is about to
    /// make (Yellow's turn N is ply 2N-1, Red's is ply 2N).
    #[must_use]
    #[inline]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Plies played since the start: `2 (turn - 1)` plus one if Red is to move.
    #[must_use]
    pub fn ply(&self) -> u32 {
        // A valid turn is at most `MAX_TURN`, so this fits in a `u32`;
        // saturating, a position left unspecified by an unchecked misuse
        // still answers without a panic.
        (self.turn.saturating_sub(1))
            .saturating_mul(2)
            .saturating_add(self.to_move.index() as u32)
    }

    /// Whether `side`'s Home Stone is still in hand (not yet placed).
    #[must_use]
    #[inline]
    pub fn stone_in_hand(&self, side: Side) -> bool {
        self.in_hand[side.index()]
    }

    /// Where `side`'s Home Stone stands, if it is on the board.
    #[must_use]
    pub fn stone_square(&self, side: Side) -> Option<Square> {
        (self.by_kind[PieceKind::HomeStone.index()] & self.by_side[side.index()]).first()
    }

    /// Whether `side`'s Home Stone has been captured: neither in hand nor on
    /// the board.
    #[must_use]
    #[inline]
    pub fn stone_captured(&self, side: Side) -> bool {
        !self.in_hand[side.index()]
            && (self.by_kind[PieceKind::HomeStone.index()] & self.by_side[side.index()]).is_empty()
    }

    /// The Zobrist hash, kept up to date by [`play`](Self::play) and
    /// [`undo`](Self::undo). See [`compute_hash`](Self::compute_hash).
    #[must_use]
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch: every piece on its square, the
    /// side to move, the stones in hand and the side to move's turn clamped to
    /// 11 (turns past the Home Stone window are alike for the rules).
    #[must_use]
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for square in self.occupied() {
            if let Some(piece) = self.piece_at(square) {
                hash ^= zobrist::piece(piece, square);
            }
        }
        if self.to_move == Side::Red {
            hash ^= zobrist::red_to_move();
        }
        for side in Side::ALL {
            if self.in_hand[side.index()] {
                hash ^= zobrist::in_hand(side);
            }
        }
        hash ^ zobrist::turn(self.to_move, self.turn)
    }

    /// A [`Setup`] holding this position (to edit it and build another).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let pos = Position::start();
    /// assert_eq!(pos.to_setup().build()?, pos);
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup::from_parts(self.squares, self.to_move, self.turn, self.in_hand)
    }
}
