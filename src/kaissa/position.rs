//! The position: pieces, side to move, turn, stones in hand; play and undo.

use super::{zobrist, Bitboard, Move, Piece, PieceKind, Side, Square};
use crate::error::IllegalMoveError;

/// A Merchant Kaissa position, always consistent (see RULES.md Part III for
/// what the parser rejects). Build it with [`Position::start`] or by parsing
/// the text notation; change it with [`Position::play`] and
/// [`Position::undo`].
///
/// ```
/// use kaissa_chaturaji::kaissa::{Move, Position};
/// let mut pos = Position::start();
/// let undo = pos.play_checked("e2e5".parse::<Move>()?)?;
/// assert_eq!(
///     pos.to_string(),
///     "ibstqutsbi/arppppppra/10/10/10/4P5/10/10/ARPP1PPPRA/IBSTQUTSBI r 1 Hh"
/// );
/// pos.undo(undo);
/// assert_eq!(pos, Position::start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) squares: [Option<Piece>; 100],
    pub(crate) by_side: [Bitboard; 2],
    pub(crate) by_kind: [Bitboard; 10],
    pub(crate) side_to_move: Side,
    pub(crate) turn: u32,
    pub(crate) in_hand: [bool; 2],
    pub(crate) hash: u64,
}

/// What [`Position::undo`] needs to take a move back: the move, what it
/// captured and the hash before it. Small and `Copy`; keep it on the stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undo {
    /// The move that was played.
    pub mv: Move,
    /// The piece that moved (the Home Stone for a placement).
    pub moved: Piece,
    /// The piece it captured, if any.
    pub captured: Option<Piece>,
    /// The position's hash before the move (restored as it is, rather than
    /// recomputed key by key).
    pub hash_before: u64,
}

/// The start position's text.
pub const START_TEXT: &str = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh";

impl Position {
    /// An empty board, Yellow to move at turn 1, both stones in hand. Used by
    /// the parser, which fills it in and validates it.
    pub(crate) fn empty(side_to_move: Side, turn: u32, in_hand: [bool; 2]) -> Position {
        let mut pos = Position {
            squares: [None; 100],
            by_side: [Bitboard::EMPTY; 2],
            by_kind: [Bitboard::EMPTY; 10],
            side_to_move,
            turn,
            in_hand,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The start position: Yellow to move at turn 1, both Home Stones in hand.
    pub fn start() -> Position {
        START_TEXT
            .parse()
            .expect("the start position text is valid")
    }

    /// The piece on `square`, if any.
    #[inline]
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.squares[square.index() as usize]
    }

    /// The squares holding pieces of `side`.
    #[inline]
    pub fn pieces_of(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    /// The squares holding pieces of `kind`, both sides.
    #[inline]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// The side to move's turn number: its how-many-th move it is about to
    /// make (Yellow's turn N is ply 2N-1, Red's is ply 2N).
    #[inline]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Plies played since the start: `2 (turn - 1)` plus one if Red is to move.
    pub fn ply(&self) -> u64 {
        2 * (self.turn as u64 - 1) + self.side_to_move.index() as u64
    }

    /// Whether `side`'s Home Stone is still in hand (not yet placed).
    #[inline]
    pub fn stone_in_hand(&self, side: Side) -> bool {
        self.in_hand[side.index()]
    }

    /// Where `side`'s Home Stone stands, if it is on the board.
    pub fn stone_square(&self, side: Side) -> Option<Square> {
        (self.by_kind[PieceKind::HomeStone.index()] & self.by_side[side.index()]).first()
    }

    /// Whether `side`'s Home Stone has been captured: neither in hand nor on
    /// the board.
    #[inline]
    pub fn stone_captured(&self, side: Side) -> bool {
        !self.in_hand[side.index()]
            && (self.by_kind[PieceKind::HomeStone.index()] & self.by_side[side.index()]).is_empty()
    }

    /// The Zobrist hash, kept up to date by [`play`](Self::play) and
    /// [`undo`](Self::undo). See [`compute_hash`](Self::compute_hash).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch: every piece on its square, the
    /// side to move, the stones in hand and the side to move's turn clamped to
    /// 11 (turns past the Home Stone window are alike for the rules).
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for square in self.occupied() {
            if let Some(piece) = self.piece_at(square) {
                hash ^= zobrist::piece(piece, square);
            }
        }
        if self.side_to_move == Side::Red {
            hash ^= zobrist::red_to_move();
        }
        for side in Side::ALL {
            if self.in_hand[side.index()] {
                hash ^= zobrist::in_hand(side);
            }
        }
        hash ^ zobrist::turn(self.side_to_move, self.turn)
    }

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
        self.by_side[piece.side.index()] |= bit;
        self.by_kind[piece.kind.index()] |= bit;
    }

    /// Takes `piece` off `square`: board and sets only.
    #[inline(always)]
    fn remove_from_board(&mut self, piece: Piece, square: Square) {
        let bit = Bitboard::from_square(square);
        self.squares[square.index() as usize] = None;
        self.by_side[piece.side.index()] ^= bit;
        self.by_kind[piece.kind.index()] ^= bit;
    }

    /// Moves `piece` from `from` to the empty (or just emptied) `to`: board
    /// and sets only.
    #[inline(always)]
    fn slide_on_board(&mut self, piece: Piece, from: Square, to: Square) {
        let bits = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.squares[from.index() as usize] = None;
        self.squares[to.index() as usize] = Some(piece);
        self.by_side[piece.side.index()] ^= bits;
        self.by_kind[piece.kind.index()] ^= bits;
    }

    /// Passes the turn to the other side (and counts Red's moves into the
    /// turn number), hash included.
    #[inline(always)]
    fn switch_sides(&mut self) {
        self.hash ^= zobrist::side_switch(self.side_to_move, self.turn);
        if self.side_to_move == Side::Red {
            self.turn += 1;
        }
        self.side_to_move = self.side_to_move.other();
    }

    /// Plays `mv`, which must be legal ([`is_legal`](Self::is_legal)); returns
    /// what [`undo`](Self::undo) needs. Playing an illegal move leaves the
    /// position inconsistent (checked in debug builds); use
    /// [`play_checked`](Self::play_checked) for moves from outside.
    #[inline(always)]
    pub fn play(&mut self, mv: Move) -> Undo {
        debug_assert!(self.is_legal(mv), "illegal move {mv} played");
        let hash_before = self.hash;
        let mover = self.side_to_move;
        let (moved, captured) = match mv {
            Move::Normal { from, to } => {
                let piece =
                    self.squares[from.index() as usize].expect("a piece on the from square");
                let captured = self.squares[to.index() as usize];
                if let Some(victim) = captured {
                    let bit = Bitboard::from_square(to);
                    self.by_side[victim.side.index()] ^= bit;
                    self.by_kind[victim.kind.index()] ^= bit;
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
            hash_before,
        }
    }

    /// Takes back the move `undo` came from; it must be the last move played.
    #[inline(always)]
    pub fn undo(&mut self, undo: Undo) {
        if self.side_to_move == Side::Yellow {
            self.turn -= 1;
        }
        self.side_to_move = self.side_to_move.other();
        match undo.mv {
            Move::Normal { from, to } => {
                self.slide_on_board(undo.moved, to, from);
                if let Some(victim) = undo.captured {
                    self.put_on_board(victim, to);
                }
            }
            Move::Place { to } => {
                self.remove_from_board(undo.moved, to);
                self.in_hand[self.side_to_move.index()] = true;
            }
        }
        self.hash = undo.hash_before;
    }

    /// Plays `mv` if it is legal; otherwise returns why not and leaves the
    /// position untouched.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut pos = Position::start();
    /// let err = pos.play_checked("e2e6".parse()?).unwrap_err();
    /// assert_eq!(err.text, "e2e6");
    /// assert_eq!(pos, Position::start());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_checked(&mut self, mv: Move) -> Result<Undo, IllegalMoveError> {
        match self.illegality(mv) {
            None => Ok(self.play(mv)),
            Some(reason) => Err(IllegalMoveError::legacy(mv.to_string(), reason)),
        }
    }
}

impl Position {
    /// Checks the invariants every position keeps (the consistency rules of
    /// RULES.md Part III and the agreement of the internal tables), without
    /// allocating. Positions built by the library always pass; this is for
    /// callers that rebuild positions from untrusted pieces (the C ABI's
    /// undo) and for tests.
    pub fn validate(&self) -> Result<(), &'static str> {
        let mut by_side = [Bitboard::EMPTY; 2];
        let mut by_kind = [Bitboard::EMPTY; 10];
        for square in Square::all() {
            if let Some(piece) = self.piece_at(square) {
                by_side[piece.side.index()] |= Bitboard::from_square(square);
                by_kind[piece.kind.index()] |= Bitboard::from_square(square);
                if piece.kind == PieceKind::Spearman && square.rank() == piece.side.back_rank() {
                    return Err("a Spearman stands on its own back rank");
                }
            }
        }
        if by_side != self.by_side || by_kind != self.by_kind || self.hash != self.compute_hash() {
            return Err("internal tables disagree");
        }
        if self.turn == 0 || self.turn > super::MAX_TURN {
            return Err("turn number out of range");
        }
        for side in Side::ALL {
            let stones = (by_kind[PieceKind::HomeStone.index()] & by_side[side.index()]).count();
            if stones > 1 {
                return Err("more than one Home Stone of a side on the board");
            }
            if self.in_hand[side.index()] {
                if stones == 1 {
                    return Err("a Home Stone both on the board and in hand");
                }
                let next_turn = if side == self.side_to_move || side == Side::Red {
                    self.turn
                } else {
                    self.turn + 1
                };
                if next_turn > super::LAST_PLACEMENT_TURN {
                    return Err("a Home Stone still in hand after its side's 10th turn");
                }
            }
        }
        let captured = Side::ALL.map(|side| self.stone_captured(side));
        if captured[0] && captured[1] {
            return Err("both Home Stones captured");
        }
        if captured[self.side_to_move.other().index()] {
            return Err("a captured Home Stone whose owner is not to move");
        }
        Ok(())
    }
}
