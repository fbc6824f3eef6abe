//! Playing and taking back Kaissa moves: the checked and unchecked paths
//! and the [`Undo`] record.

use super::{zobrist, Bitboard, Move, Piece, PieceKind, Position, Side, Square};
use crate::error::{IllegalMoveError, UndoError};

/// What [`Position::undo`] needs to take a move back, returned by
/// [`Position::play`] and [`Position::play_unchecked`]: the move, the piece
/// that moved, what it captured, and the position's hash and turn before
/// and after the move (so that [`Position::undo`] can check in constant time
/// that the record belongs to the position it is given). Small and `Copy`;
/// keep it on the stack or in a game history. Its fields are private: only
/// the library makes records.
///
/// ```
/// use kaissa_chaturaji::kaissa::{Move, Position};
/// let mut pos = Position::start();
/// let mv: Move = "e2e5".parse()?;
/// let undo = pos.play(mv)?;
/// assert_eq!(undo.played(), mv);
/// assert_eq!(undo.captured(), None);
/// assert_eq!(undo.moved().letter(), 'P');
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Undo {
    mv: Move,
    moved: Piece,
    captured: Option<Piece>,
    /// The side to move's turn number after the move.
    turn_after: u32,
    /// The position's hash before the move (restored as it is, rather than
    /// recomputed key by key).
    hash_before: u64,
    /// The position's hash after the move: with `turn_after`, what
    /// [`Position::undo`] compares.
    hash_after: u64,
}

impl Undo {
    /// The move that was played.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut pos = Position::start();
    /// let undo = pos.play("c2c4".parse()?)?;
    /// assert_eq!(undo.played().to_string(), "c2c4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn played(&self) -> Move {
        self.mv
    }

    /// The piece that moved (the side's Home Stone for a placement).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{PieceKind, Position};
    /// let mut pos = Position::start();
    /// let undo = pos.play("d1f4".parse()?)?;
    /// assert_eq!(undo.moved().kind, PieceKind::Tarnsman);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn moved(&self) -> Piece {
        self.moved
    }

    /// The piece the move captured, if any.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{PieceKind, Position};
    /// let mut pos: Position = "4h5/10/10/10/10/10/10/10/4p4B/4H5 y 12 -".parse()?;
    /// let undo = pos.play("j2e2".parse()?)?;
    /// assert_eq!(undo.captured().map(|p| p.kind), Some(PieceKind::Spearman));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn captured(&self) -> Option<Piece> {
        self.captured
    }

    /// The position's Zobrist hash before the move.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut pos = Position::start();
    /// let undo = pos.play("c2c4".parse()?)?;
    /// assert_eq!(undo.hash_before(), Position::start().hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn hash_before(&self) -> u64 {
        self.hash_before
    }

    /// The position's Zobrist hash right after the move.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut pos = Position::start();
    /// let undo = pos.play("c2c4".parse()?)?;
    /// assert_eq!(undo.hash_after(), pos.hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn hash_after(&self) -> u64 {
        self.hash_after
    }

    /// The turn number of the side to move right after the move (the
    /// `<turn>` field of the position text then).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut pos = Position::start();
    /// let undo = pos.play("c2c4".parse()?)?;
    /// assert_eq!(undo.turn_after(), 1); // Red to move at its turn 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn turn_after(&self) -> u32 {
        self.turn_after
    }

    /// The side that played the move.
    #[inline(always)]
    pub(crate) const fn mover(&self) -> Side {
        self.moved.side
    }

    /// A record that belongs to no position (a Yellow Home Stone placed on
    /// a1 from turn 0): a placeholder for the C ABI's handles.
    #[cfg(feature = "capi")]
    pub(crate) const fn placeholder() -> Undo {
        let stone = Piece {
            side: Side::Yellow,
            kind: PieceKind::HomeStone,
        };
        Undo {
            mv: Move::Place {
                to: Square::new_unchecked(0),
            },
            moved: stone,
            captured: None,
            turn_after: 0,
            hash_before: 0,
            hash_after: 0,
        }
    }

    /// A record rebuilt from its parts, for the C ABI (which checks them
    /// first): `mover` played `mv` with `moved`, capturing `captured`.
    #[cfg(feature = "capi")]
    pub(crate) const fn from_parts(
        mv: Move,
        moved: Piece,
        captured: Option<Piece>,
        turn_after: u32,
        hash_before: u64,
        hash_after: u64,
    ) -> Undo {
        Undo {
            mv,
            moved,
            captured,
            turn_after,
            hash_before,
            hash_after,
        }
    }
}

impl Position {
    /// Puts `piece` on the empty `square`, hash included.
    #[inline(always)]
    pub(crate) fn put(&mut self, piece: Piece, square: Square) {
        self.put_on_board(piece, square);
        self.hash ^= zobrist::piece(piece, square);
    }

    /// Puts `piece` on the empty `square`: board and sets only.
    #[inline(always)]
    fn put_on_board(&mut self, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        self.squares[square.index() as usize] = Some(piece);
        self.by_side[piece.side.index()].insert_in_place(bit);
        self.by_kind[piece.kind.index()].insert_in_place(bit);
    }

    /// Takes `piece` off `square`: board and sets only.
    #[inline(always)]
    fn remove_from_board(&mut self, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        self.squares[square.index() as usize] = None;
        self.by_side[piece.side.index()].toggle_in_place(bit);
        self.by_kind[piece.kind.index()].toggle_in_place(bit);
    }

    /// Moves `piece` from `from` to the empty (or just emptied) `to`: board
    /// and sets only.
    #[inline(always)]
    fn slide_on_board(&mut self, piece: Piece, from: Square, to: Square) {
        let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.squares[from.index() as usize] = None;
        self.squares[to.index() as usize] = Some(piece);
        self.by_side[piece.side.index()].toggle_in_place(bits);
        self.by_kind[piece.kind.index()].toggle_in_place(bits);
    }

    /// Passes the turn without a move, as [`Position::switch_sides`]: a
    /// null move for searches (not a move of the rules). Taken back by
    /// restoring the side to move, the turn and the hash.
    #[cfg(feature = "agents")]
    pub(crate) fn pass_turn(&mut self) {
        self.switch_sides();
    }

    /// Passes the turn to the other side (and counts Red's moves into the
    /// turn number), hash included.
    #[inline(always)]
    fn switch_sides(&mut self) {
        self.hash ^= zobrist::side_switch(self.to_move, self.turn);
        // Wrapping: never reached by legal play (the turn stops at
        // MAX_TURN), and keeps `play_unchecked` panic-free whatever it is
        // given.
        if self.to_move == Side::Red {
            self.turn = self.turn.wrapping_add(1);
        }
        self.to_move = self.to_move.other();
    }

    /// Plays `mv` if it is legal and returns the record that takes it back;
    /// otherwise returns why not ([`IllegalMoveError::reason`]) and leaves
    /// the position untouched. A finished game has no legal move.
    ///
    /// ```
    /// use kaissa_chaturaji::error::IllegalMoveReason;
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut pos = Position::start();
    /// let err = pos.play("e2e6".parse()?).unwrap_err();
    /// assert_eq!(err.reason(), IllegalMoveReason::CannotReach);
    /// assert_eq!(err.move_text(), "e2e6");
    /// assert_eq!(pos, Position::start());
    /// let err = pos.play("e9e8".parse()?).unwrap_err(); // Red's piece
    /// assert_eq!(err.reason(), IllegalMoveReason::NoPieceToMove);
    /// let undo = pos.play("e2e5".parse()?)?;
    /// pos.undo(undo)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Undo, IllegalMoveError> {
        match self.illegality(mv) {
            None => Ok(self.play_unchecked(mv)),
            Some(reason) => Err(IllegalMoveError::new(mv.to_string(), reason)),
        }
    }

    /// Plays `mv` without checking it: the fast path for engines, which play
    /// only moves from [`legal_moves`](Self::legal_moves) or
    /// [`generate_moves`](Self::generate_moves). Returns what
    /// [`undo_unchecked`](Self::undo_unchecked) (or [`undo`](Self::undo))
    /// needs.
    ///
    /// Contract: `mv` must be legal here ([`is_legal`](Self::is_legal)).
    /// With an illegal move this never panics and is never undefined
    /// behaviour, but the position is unspecified afterwards (it may break
    /// the rules' invariants, and later results on it are meaningless); use
    /// [`play`](Self::play) for moves from outside.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut pos = Position::start();
    /// let moves = pos.legal_moves();
    /// let undo = pos.play_unchecked(moves[0]);
    /// pos.undo_unchecked(undo);
    /// assert_eq!(pos, Position::start());
    /// ```
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let hash_before = self.hash;
        let mover = self.to_move;
        let (moved, captured) = match mv {
            Move::Normal { from, to } => {
                // An empty from-square (an illegal move) moves a phantom
                // stone of the mover: no panic, an unspecified position.
                let piece = self.squares[from.index() as usize].unwrap_or(Piece {
                    side: mover,
                    kind: PieceKind::HomeStone,
                });
                let captured = self.squares[to.index() as usize];
                if let Some(victim) = captured {
                    let bit = Bitboard::from_square(to);
                    self.by_side[victim.side.index()].toggle_in_place(bit);
                    self.by_kind[victim.kind.index()].toggle_in_place(bit);
                    self.hash ^= zobrist::piece(victim, to);
                }
                self.slide_on_board(piece, from, to);
                self.hash ^= zobrist::piece(piece, from) ^ zobrist::piece(piece, to);
                (piece, captured)
            }
            Move::Place { to } => {
                let stone = Piece {
                    side: mover,
                    kind: PieceKind::HomeStone,
                };
                self.in_hand[mover.index()] = false;
                self.hash ^= zobrist::in_hand(mover);
                self.put(stone, to);
                (stone, None)
            }
        };
        self.switch_sides();
        Undo {
            mv,
            moved,
            captured,
            turn_after: self.turn,
            hash_before,
            hash_after: self.hash,
        }
    }

    /// Takes back the move `undo` came from, if it was the last move played
    /// to reach exactly this position; otherwise returns [`UndoError`] and
    /// leaves the position untouched. The check takes constant time: the
    /// record holds the hash and turn number the position had right after
    /// its move, and they must match the position's (the hash covers the
    /// pieces, the side to move and the stones in hand).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut pos = Position::start();
    /// let first = pos.play("e2e5".parse()?)?;
    /// let second = pos.play("e9e6".parse()?)?;
    /// assert!(pos.undo(first).is_err()); // not the last move
    /// pos.undo(second)?;
    /// pos.undo(first)?;
    /// assert!(pos.undo(first).is_err()); // already taken back
    /// assert_eq!(pos, Position::start());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn undo(&mut self, undo: Undo) -> Result<(), UndoError> {
        if self.undo_matches(&undo) {
            self.undo_unchecked(undo);
            Ok(())
        } else {
            Err(UndoError)
        }
    }

    /// Whether `undo` was made by the last move played to reach exactly
    /// this position (see [`undo`](Self::undo)).
    #[inline(always)]
    pub(crate) fn undo_matches(&self, undo: &Undo) -> bool {
        self.hash == undo.hash_after
            && self.turn == undo.turn_after
            && self.to_move == undo.mover().other()
    }

    /// Whether the pieces of `undo` stand where its move left them (the
    /// moved piece, of the side not to move, on the target; the from-square
    /// empty; a captured piece of the other side; a placed stone out of
    /// hand): what keeps [`undo_unchecked`](Self::undo_unchecked) from
    /// breaking the board's tables even with a made-up record. Constant
    /// time. (The C ABI checks this besides its records' digest.)
    #[cfg(feature = "capi")]
    #[inline(always)]
    pub(crate) fn undo_fits(&self, undo: &Undo) -> bool {
        let mover = undo.mover();
        if mover == self.to_move || self.piece_at(undo.mv.to()) != Some(undo.moved) {
            return false;
        }
        match undo.mv {
            Move::Normal { from, to } => {
                from != to
                    && self.piece_at(from).is_none()
                    && undo.captured.is_none_or(|victim| victim.side != mover)
            }
            Move::Place { .. } => {
                undo.moved.kind == PieceKind::HomeStone
                    && undo.captured.is_none()
                    && !self.in_hand[mover.index()]
            }
        }
    }

    /// Takes back the move `undo` came from, without checking the record:
    /// the fast path for engines.
    ///
    /// Contract: `undo` must come from the last move played on this
    /// position (by [`play`](Self::play) or
    /// [`play_unchecked`](Self::play_unchecked)) and not have been taken
    /// back yet. With any other record this never panics and is never
    /// undefined behaviour, but the position is unspecified afterwards; use
    /// [`undo`](Self::undo) for records you are not sure of.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut pos = Position::start();
    /// let undo = pos.play_unchecked("e2e5".parse()?);
    /// pos.undo_unchecked(undo);
    /// assert_eq!(pos, Position::start());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn undo_unchecked(&mut self, undo: Undo) {
        if self.to_move == Side::Yellow {
            self.turn = self.turn.wrapping_sub(1);
        }
        self.to_move = self.to_move.other();
        let mover = self.to_move;
        match undo.mv {
            Move::Normal { from, to } => {
                self.slide_on_board(undo.moved, to, from);
                if let Some(victim) = undo.captured {
                    self.put_on_board(victim, to);
                }
            }
            Move::Place { to } => {
                self.remove_from_board(undo.moved, to);
                self.in_hand[mover.index()] = true;
            }
        }
        self.hash = undo.hash_before;
    }
}
