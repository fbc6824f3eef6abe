//! Attack maps: which pieces of a side attack a square
//! ([`Position::attackers`], [`Position::is_attacked_by`]).
//!
//! A piece of `side` *attacks* a square when it could capture there if an
//! enemy piece stood on it, the rest of the board as it is (the rules
//! reference, §1, the pieces' moves): sliders along their lines up to the
//! first piece in the way, the Tarnsman by its leap over anything, the
//! Spearman on the two squares diagonally forward only (its straight moves
//! never capture), the Rider and the others on their squares. The Home
//! Stone attacks nothing (it never captures). Whose turn it is, the Home
//! Stone placement window and whether the game is over do not matter: an
//! attack map describes the board, not the next move. What stands on the
//! square itself does not matter either, so a square holding one of
//! `side`'s own pieces has attackers too (the pieces that defend it).

use super::tables::attackers_of;
use super::{Bitboard, Position, Side, Square};

impl Position {
    /// The squares of the pieces of `side` that attack `square`. Traces the
    /// rays from `square` once for every slider; nothing is allocated.
    ///
    /// A piece *attacks* a square when it could capture there if an enemy
    /// piece stood on it, the rest of the board as it is (the rules
    /// reference, §1): sliders along their lines up to the first piece in
    /// the way, the Tarnsman by its leap over anything, the Spearman on the
    /// two squares diagonally forward only (its straight moves never
    /// capture). The Home Stone attacks nothing (it never captures). The
    /// side to move, the placement window and whether the game is over do
    /// not matter, nor what stands on `square` (a square holding one of
    /// `side`'s own pieces has its defenders as attackers).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, Side};
    /// let pos = Position::start();
    /// let e3 = "e3".parse()?;
    /// // The Spearmen of d2 and f2 reach e3, the Tarnsman of d1 leaps to f4.
    /// let names: Vec<String> = pos.attackers(Side::Yellow, e3).iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["d2", "f2"]);
    /// let f4 = pos.attackers(Side::Yellow, "f4".parse()?);
    /// assert_eq!(f4.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["d1"]);
    /// assert!(pos.attackers(Side::Red, e3).is_empty());
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn attackers(&self, side: Side, square: Square) -> Bitboard {
        attackers_of(side, square, self.occupied(), |kind| {
            self.pieces(side, kind)
        })
    }

    /// Whether any piece of `side` attacks `square` (see
    /// [`Position::attackers`]).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{Position, Side};
    /// let pos = Position::start();
    /// assert!(pos.is_attacked_by(Side::Yellow, "e3".parse()?));
    /// assert!(!pos.is_attacked_by(Side::Yellow, "e5".parse()?));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn is_attacked_by(&self, side: Side, square: Square) -> bool {
        !self.attackers(side, square).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kaissa::{Move, Piece, PieceKind};
    use crate::random::SplitMix64;

    /// The attackers the slow, obviously right way: put an enemy Rider on
    /// `square` (keeping every Home Stone accounted for), give `side` the
    /// move at turn 1 (outside the placement window, so that only piece
    /// moves are generated), and list the pieces whose generated moves go
    /// to `square`.
    fn attackers_by_move_generation(pos: &Position, side: Side, square: Square) -> Bitboard {
        let mut setup = pos.to_setup();
        if let Some(piece) = setup.remove(square) {
            if piece.kind == PieceKind::HomeStone {
                setup.set_stone_in_hand(piece.side, true);
            }
        }
        setup.put(
            square,
            Piece {
                side: side.other(),
                kind: PieceKind::Rider,
            },
        );
        for each in Side::ALL {
            let stone = Piece {
                side: each,
                kind: PieceKind::HomeStone,
            };
            if !Square::all().any(|s| setup.piece_at(s) == Some(stone)) {
                setup.set_stone_in_hand(each, true);
            }
        }
        setup.set_to_move(side).set_turn(1);
        let probe = setup.build().expect("the probe position is valid");
        let mut found = Bitboard::EMPTY;
        probe.for_each_move(|mv| {
            if let Move::Normal { from, to } = mv {
                if to == square {
                    found |= Bitboard::from_square(from);
                }
            }
        });
        found
    }

    #[test]
    fn attackers_agree_with_move_generation() {
        let mut rng = SplitMix64::new(2026);
        let mut checked = 0;
        for game in 0..12u64 {
            let mut pos = Position::start();
            for ply in 0..160 {
                if ply % 8 == (game % 8) as usize {
                    for side in Side::ALL {
                        for square in Square::all() {
                            assert_eq!(
                                pos.attackers(side, square),
                                attackers_by_move_generation(&pos, side, square),
                                "{side} on {square} in {pos}"
                            );
                            checked += 1;
                        }
                    }
                }
                let Some(mv) = pos.choose_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
        }
        assert!(checked > 10_000, "only {checked} cases");
    }

    #[test]
    fn the_home_stone_attacks_nothing() {
        let pos = Position::from_text("10/10/10/10/10/4h5/10/10/10/4H5 y 12 -").unwrap();
        for square in Square::all() {
            assert!(pos.attackers(Side::Yellow, square).is_empty());
            assert!(!pos.is_attacked_by(Side::Red, square));
        }
    }
}
