//! Move generation and legality.
//!
//! There is no check in Kaissa, so every move the pieces can make is legal;
//! the only conditions beyond piece movement are the Home Stone window and
//! the end of the game (a finished game has no moves).

use super::attacks::{attacks, spearman_pushes};
use super::home_stone::{FIRST_PLACEMENT_TURN, LAST_PLACEMENT_TURN};
use super::{Bitboard, Move, MoveList, PieceKind, Position, Side, Square};

impl Position {
    /// The squares the piece on `from` (of the side to move or not) may move
    /// to, ignoring whose turn it is and the Home Stone window.
    #[inline]
    pub(crate) fn piece_targets(&self, from: Square) -> Bitboard {
        let Some(piece) = self.piece_at(from) else {
            return Bitboard::EMPTY;
        };
        let occupied = self.occupied();
        let own = self.by_side[piece.side.index()];
        let enemy = self.by_side[piece.side.other().index()];
        let hits = attacks(piece.kind, piece.side, from, occupied);
        match piece.kind {
            PieceKind::Spearman => (hits & enemy) | spearman_pushes(piece.side, from, occupied),
            PieceKind::HomeStone => hits & !occupied,
            _ => hits & !own,
        }
    }

    /// Whether the game is decided by the Home Stone rules: a stone was
    /// captured, or the side to move must place its stone and cannot.
    #[inline]
    pub(crate) fn decided_by_stone(&self) -> bool {
        let side = self.side_to_move;
        self.stone_captured(side) || (self.must_place() && self.placement_squares().is_empty())
    }

    /// Whether the side to move is on its last chance to place (turn 10, stone
    /// in hand): then placements are its only moves.
    #[inline]
    pub(crate) fn must_place(&self) -> bool {
        self.in_hand[self.side_to_move.index()] && self.turn >= LAST_PLACEMENT_TURN
    }

    /// The empty back-rank squares where the side to move may place its stone
    /// now (empty outside the window).
    #[inline]
    pub(crate) fn placement_squares(&self) -> Bitboard {
        let side = self.side_to_move;
        if !self.in_hand[side.index()]
            || self.turn < FIRST_PLACEMENT_TURN
            || self.turn > LAST_PLACEMENT_TURN
        {
            return Bitboard::EMPTY;
        }
        back_rank(side) & !self.occupied()
    }

    /// Appends every legal move to `moves` (after clearing it). A finished
    /// game has none.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{MoveList, Position};
    /// let pos = Position::start();
    /// let mut moves = MoveList::new();
    /// pos.generate_moves(&mut moves);
    /// assert_eq!(moves.len(), 40);
    /// ```
    pub fn generate_moves(&self, moves: &mut MoveList) {
        moves.clear();
        if self.decided_by_stone() {
            return;
        }
        for to in self.placement_squares() {
            moves.push(Move::Place { to });
        }
        if self.must_place() {
            return;
        }
        for from in self.by_side[self.side_to_move.index()] {
            for to in self.piece_targets(from) {
                moves.push(Move::Normal { from, to });
            }
        }
    }

    /// Every legal move, in a fresh list.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// The number of legal moves, without building the list.
    pub fn count_moves(&self) -> usize {
        if self.decided_by_stone() {
            return 0;
        }
        let placements = self.placement_squares().count() as usize;
        if self.must_place() {
            return placements;
        }
        placements
            + self.by_side[self.side_to_move.index()]
                .iter()
                .map(|from| self.piece_targets(from).count() as usize)
                .sum::<usize>()
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        if self.decided_by_stone() {
            return false;
        }
        !self.placement_squares().is_empty()
            || (!self.must_place()
                && self.by_side[self.side_to_move.index()]
                    .iter()
                    .any(|from| !self.piece_targets(from).is_empty()))
    }

    /// Whether `mv` is legal here, checked directly (no move list is built).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let pos = Position::start();
    /// assert!(pos.is_legal("c2c5".parse()?));
    /// assert!(!pos.is_legal("c2c6".parse()?));
    /// assert!(!pos.is_legal("H@e1".parse()?)); // not before turn 8
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.illegality(mv).is_none()
    }

    /// Why `mv` is not legal, or `None` when it is.
    pub(crate) fn illegality(&self, mv: Move) -> Option<&'static str> {
        if self.decided_by_stone() {
            return Some("the game is over");
        }
        let side = self.side_to_move;
        match mv {
            Move::Place { to } => {
                if !self.in_hand[side.index()] {
                    Some("the Home Stone is not in hand")
                } else if self.turn < FIRST_PLACEMENT_TURN {
                    Some("the Home Stone may be placed only on turns 8 to 10")
                } else if !back_rank(side).contains(to) {
                    Some("the Home Stone must be placed on the side's own back rank")
                } else if self.piece_at(to).is_some() {
                    Some("the Home Stone must be placed on an empty square")
                } else {
                    None
                }
            }
            Move::Normal { from, to } => {
                if self.must_place() {
                    return Some("the Home Stone must be placed on this turn");
                }
                match self.piece_at(from) {
                    None => Some("no piece on the from square"),
                    Some(piece) if piece.side != side => {
                        Some("the piece on the from square belongs to the other side")
                    }
                    Some(_) if self.piece_targets(from).contains(to) => None,
                    Some(_) => Some("the piece cannot move there"),
                }
            }
        }
    }
}

/// The back rank of `side` (rank 1 for Yellow, rank 10 for Red).
pub(crate) const fn back_rank(side: Side) -> Bitboard {
    match side {
        Side::Yellow => Bitboard::RANK_1,
        Side::Red => Bitboard::RANK_10,
    }
}
