//! The invariants every position keeps, checked without allocating.

use super::position::Position;
use super::square::Bitboard;
use super::tables::PROMOTION_SQUARES;
use super::types::{Colour, PieceKind};

impl Position {
    /// Checks the invariants every position keeps: the consistency rules of
    /// RULES.md Part III (command and `x`, allies only, no colour commanding
    /// one that does not command itself, no unpromoted pawn after a lost
    /// pawn, quiet <= ply, the seat to move in play) and the agreement of the
    /// internal tables and hash. Positions built by the library always pass;
    /// this is for callers that rebuild positions from untrusted data (the C
    /// ABI's undo) and for tests. Does not allocate.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules};
    /// assert_eq!(Position::start(Rules::default()).validate(), Ok(()));
    /// ```
    pub fn validate(&self) -> Result<(), &'static str> {
        let s = &self.state;
        let mut by_colour = Bitboard::EMPTY;
        for &colour in &s.colours {
            if !(by_colour & colour).is_empty() {
                return Err("a square holds pieces of two colours");
            }
            by_colour |= colour;
        }
        let mut by_kind = Bitboard::EMPTY;
        for &kind in &s.kinds {
            if !(by_kind & kind).is_empty() {
                return Err("a square holds pieces of two kinds");
            }
            by_kind |= kind;
        }
        if by_colour != by_kind {
            return Err("internal tables disagree");
        }
        if by_colour.is_empty() {
            return Err("no piece on the board");
        }
        let pawns = s.kinds[PieceKind::Pawn.index()];
        for colour in Colour::ALL {
            let i = colour.index();
            if s.lost_pawn[i] && !(s.colours[i] & pawns & PROMOTION_SQUARES[i]).is_empty() {
                return Err("an unpromoted pawn on its far edge after its colour lost a pawn");
            }
            let has_pieces = !s.colours[i].is_empty();
            match s.command[i] {
                None if has_pieces => return Err("a colour with pieces has no commander"),
                Some(_) if !has_pieces => return Err("a colour without pieces has a commander"),
                Some(seat) if seat != colour => {
                    let ally = self.rules.ally(colour);
                    if seat != ally {
                        return Err("a colour is commanded by a seat that is not its ally");
                    }
                    if matches!(s.command[ally.index()], Some(other) if other != ally) {
                        return Err(
                            "a colour is commanded by an ally that does not command itself",
                        );
                    }
                }
                _ => {}
            }
        }
        if s.quiet > s.ply {
            return Err("more quiet plies than plies");
        }
        if !self.seat_in_play(s.to_move) {
            return Err("the seat to move commands no piece");
        }
        if s.hash != self.compute_hash() {
            return Err("the hash does not match the position");
        }
        Ok(())
    }
}
