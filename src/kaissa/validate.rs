//! The invariants every Kaissa position keeps, checked on demand.

use super::{Bitboard, PieceKind, Position, Side, Square};
use crate::error::{Field, NotationError, NotationErrorKind};

impl Position {
    /// Checks the invariants every position keeps (the consistency rules of
    /// the rules reference, §3 and the agreement of the internal tables), without
    /// allocating when the position is valid. Positions built by the library
    /// always pass; this is for callers that rebuild positions from untrusted
    /// pieces (the C ABI's undo) and for tests. The error has no offset.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// assert_eq!(Position::start().validate(), Ok(()));
    /// ```
    pub fn validate(&self) -> Result<(), NotationError> {
        self.check_invariants().map_err(|reason| {
            NotationError::without_offset(Field::Board, NotationErrorKind::Inconsistent, reason)
        })
    }

    /// The first invariant [`Position::validate`] finds broken, in words.
    fn check_invariants(&self) -> Result<(), &'static str> {
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
                let next_turn = if side == self.to_move || side == Side::Red {
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
        if captured[self.to_move.other().index()] {
            return Err("a captured Home Stone whose owner is not to move");
        }
        Ok(())
    }
}
