//! The Ludii ruleset's promotion decision: a pawn on its far edge becomes
//! a kind its colour has none of, chosen in a ply of its own without a
//! roll (the rules reference, §2.13).

use arrayvec::ArrayVec;

use super::super::moves::{Move, MoveList, MoveSink};
use super::super::piece::PieceKind;
use super::super::position::Position;

/// The kinds a promotion decision may choose, in the order its moves are
/// generated: raja, elephant, horse, boat.
const CHOICES: [PieceKind; 4] = [
    PieceKind::Raja,
    PieceKind::Elephant,
    PieceKind::Horse,
    PieceKind::Boat,
];

impl Position {
    /// The kinds the pending promotion decision may choose (Ludii ruleset):
    /// among raja, elephant, horse and boat, those of which the colour to
    /// move has no piece on the board, in that order. Empty when no decision
    /// is pending, and also when the colour has a piece of every one of the
    /// four kinds: its only decision move is then [`Move::Pass`] and the pawn
    /// stays a pawn.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{PieceKind, Position, Rules};
    /// // Green has a horse: it may choose a raja, an elephant or a boat.
    /// let pos = Position::from_text(
    ///     "3,gP,4/8/8/8/8/8/8/1,gH,1,rK,4 g 0,0,0,0 d8 12", Rules::ludii())?;
    /// assert_eq!(
    ///     pos.promotion_choices().as_slice(),
    ///     [PieceKind::Raja, PieceKind::Elephant, PieceKind::Boat]
    /// );
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn promotion_choices(&self) -> ArrayVec<PieceKind, 4> {
        let mut out = ArrayVec::new();
        if self.state.decision.is_some() {
            let mine = self.state.colours[self.state.to_move.index()];
            for kind in CHOICES {
                if (mine & self.state.kinds[kind.index()]).is_empty() {
                    out.push(kind);
                }
            }
        }
        out
    }

    /// The moves of the pending promotion decision (Ludii ruleset), made
    /// without a roll: [`Move::Decision`] for each of
    /// [`Position::promotion_choices`], or the single [`Move::Pass`] when
    /// there is none. Empty when no decision is pending or the game is over.
    /// The same list [`Position::legal_moves`] gives for any roll while the
    /// decision is pending.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Move, PieceKind, Position, Rules};
    /// let pos = Position::from_text(
    ///     "3,gP,4/8/8/8/8/8/8/1,gH,gE,gK,gB,3 r 0,0,0,0 - 12", Rules::ludii())?;
    /// assert!(pos.decision_moves().is_empty());
    /// let pos = Position::from_text(
    ///     "3,gP,4/8/8/8/8/8/8/1,gH,gE,gK,gB,2,rK g 0,0,0,0 d8 12", Rules::ludii())?;
    /// assert_eq!(pos.decision_moves().as_slice(), [Move::Pass]);
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn decision_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if self.state.decision.is_some() && !self.is_over() {
            self.generate_decisions(&mut moves);
        }
        moves
    }

    /// Fills `moves` (already cleared) with the pending decision's moves.
    pub(crate) fn generate_decisions<S: MoveSink>(&self, moves: &mut S) {
        for kind in self.promotion_choices() {
            moves.push_move(Move::Decision { kind });
        }
        if moves.has_no_moves() {
            moves.push_move(Move::Pass);
        }
    }

    /// The number of moves of the pending decision (at least 1).
    pub(crate) fn decision_count(&self) -> usize {
        self.promotion_choices().len().max(1)
    }

    /// Whether `mv` is a move of the pending decision.
    pub(crate) fn is_legal_decision(&self, mv: Move) -> bool {
        let choices = self.promotion_choices();
        match mv {
            Move::Decision { kind } => choices.contains(&kind),
            Move::Pass => choices.is_empty(),
            _ => false,
        }
    }
}
