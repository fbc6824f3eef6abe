//! Attack maps: which pieces of a colour attack a square
//! ([`Position::attackers`], [`Position::is_attacked_by`]).
//!
//! A piece of `colour` *attacks* a square when its movement reaches it as a
//! capture (the rules reference, §2, the pieces' moves): the raja's step,
//! the elephant's slide up to the first piece in the way, the horse's leap,
//! the boat's jump two squares diagonally, and the pawn's two squares
//! diagonally forward (its straight step never captures). The map is the
//! board's geometry alone: it ignores the die (which kind may move now),
//! who commands the army and whose turn it is, and the capture limits of
//! the sheet's rules (a pawn takes only pawns and boats there, a boat only
//! pawns). Those depend on what would stand on the square; a caller who
//! needs them filters the attackers by the kinds that may take the piece
//! there. What stands on the square itself does not matter, so a square
//! holding one of `colour`'s own pieces has attackers too (its defenders).

use super::movegen::elephant_reach;
use super::tables::{BOAT_MOVES, HORSE_MOVES, PAWN_CAPTURES, RAJA_MOVES};
use super::{Bitboard, Colour, PieceKind, Position, Square};

impl Position {
    /// The squares of the pieces of `colour` that attack `square`. Nothing
    /// is allocated.
    ///
    /// A piece *attacks* a square when its movement reaches it as a capture
    /// (the rules reference, §2): the raja's step, the elephant's slide up
    /// to the first piece in the way, the horse's leap, the boat's jump two
    /// squares diagonally, the pawn's two squares diagonally forward (never
    /// its straight step). It is the board's geometry alone: the die, who
    /// commands the army, whose turn it is and the sheet's capture limits
    /// (a pawn takes only pawns and boats, a boat only pawns) are ignored;
    /// filter the attackers by kind to apply those. What stands on `square`
    /// does not matter (its defenders count too).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position};
    /// let pos = Position::default();
    /// let f3 = "f3".parse()?;
    /// // Red's boat on h1 jumps to f3 (the first move of a 2 at the start).
    /// assert!(pos.attackers(Colour::Red, f3).contains("h1".parse()?));
    /// assert!(pos.is_attacked_by(Colour::Red, f3));
    /// assert!(!pos.is_attacked_by(Colour::Yellow, f3));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn attackers(&self, colour: Colour, square: Square) -> Bitboard {
        let s = square.index();
        let of = |kind| self.pieces(colour, kind);
        // Every reach is symmetric but the pawn's, which points forward: a
        // pawn of `colour` reaches `square` exactly when a pawn marching the
        // other way (the colour opposite, two seats on) would reach the
        // pawn's square from `square`.
        let opposite = Colour::from_index(colour.index() + 2);
        (RAJA_MOVES[s] & of(PieceKind::Raja))
            | (elephant_reach(square, self.occupied()) & of(PieceKind::Elephant))
            | (HORSE_MOVES[s] & of(PieceKind::Horse))
            | (BOAT_MOVES[s] & of(PieceKind::Boat))
            | (PAWN_CAPTURES[opposite.index()][s] & of(PieceKind::Pawn))
    }

    /// Whether any piece of `colour` attacks `square` (see
    /// [`Position::attackers`]).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position};
    /// let pos = Position::default();
    /// assert!(!pos.is_attacked_by(Colour::Black, "d4".parse()?));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn is_attacked_by(&self, colour: Colour, square: Square) -> bool {
        !self.attackers(colour, square).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaturaji::{Move, Piece, Roll, Rules};
    use crate::random::SplitMix64;

    /// The attackers the slow, obviously right way, by the move generator
    /// of the Ludii ruleset (where every piece may capture every piece of
    /// another colour): the same board with a pawn of another colour on
    /// `square`, `colour` to move and no decision pending, and the pieces
    /// whose generated moves for any roll go to `square`. `None` when
    /// `colour` would have no piece left to move.
    fn attackers_by_move_generation(
        pos: &Position,
        colour: Colour,
        square: Square,
    ) -> Option<Bitboard> {
        let mut setup = pos.to_setup();
        setup.remove(square);
        setup.put(square, Piece::new(colour.next(), PieceKind::Pawn));
        if Square::all().all(|s| setup.piece_at(s).map(|p| p.colour) != Some(colour)) {
            return None;
        }
        for each in Colour::ALL {
            setup.set_score(each, 0);
        }
        setup
            .set_to_move(colour)
            .set_pending_promotion(None)
            .set_ply(0);
        let probe = setup
            .build(Rules::ludii())
            .expect("the probe position is valid");
        let mut found = Bitboard::EMPTY;
        for roll in Roll::ALL {
            for mv in probe.legal_moves(roll) {
                if let Move::Normal { from, to } | Move::Promotion { from, to, .. } = mv {
                    if to == square {
                        found |= from.bitboard();
                    }
                }
            }
        }
        Some(found)
    }

    #[test]
    fn attackers_agree_with_move_generation() {
        let mut rng = SplitMix64::new(64);
        let mut checked = 0;
        for game in 0..16u64 {
            let mut pos = Position::default();
            for ply in 0..200 {
                if ply % 10 == (game % 10) as usize {
                    for colour in Colour::ALL {
                        for square in Square::all() {
                            if let Some(slow) = attackers_by_move_generation(&pos, colour, square) {
                                assert_eq!(
                                    pos.attackers(colour, square),
                                    slow,
                                    "{colour} on {square} in {pos}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
                let roll = crate::chaturaji::roll_with(&mut rng);
                let Some(mv) = pos.choose_move(roll, &mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
        }
        assert!(checked > 10_000, "only {checked} cases");
    }
}
