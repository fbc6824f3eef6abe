//! Playing a move under the Ludii ruleset: captures score, a pawn reaching
//! its far edge waits for the decision, and decisions promote.

use super::super::moves::Move;
use super::super::piece::PieceKind;
use super::super::position::Position;
use super::super::tables::FAR_EDGE;

impl Position {
    /// Ludii: plays `mv` (unchecked; see [`Position::play_unchecked`]).
    #[inline]
    pub(crate) fn apply_ludii(&mut self, mv: Move) {
        let mover = self.state.to_move;
        if let Some(square) = self.state.decision {
            // The decision ply: no roll, not counted in the turns.
            if let Move::Decision { kind } = mv {
                let pawn = self.pieces(mover, PieceKind::Pawn);
                if pawn.contains(square) && kind != PieceKind::Pawn {
                    self.remove(mover, PieceKind::Pawn, square);
                    self.put(mover, kind, square);
                }
            }
            self.set_decision(None);
            self.set_to_move(mover.next());
            return;
        }
        self.state.ply = self.state.ply.saturating_add(1);
        let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
            self.set_to_move(mover.next());
            return;
        };
        // Only the mover's own pieces move (anything else is an illegal
        // move, played as a pass).
        let Some(piece) = self.piece_at(from).filter(|p| p.colour == mover) else {
            self.set_to_move(mover.next());
            return;
        };
        if let Some(victim) = self.piece_at(to) {
            self.remove(victim.colour, victim.kind, to);
            let score = self.state.scores[mover.index()].saturating_add(victim.kind.value());
            self.set_score(mover, score);
            if self.is_out(victim.colour) {
                self.set_command(victim.colour, None);
            }
        }
        self.remove(mover, piece.kind, from);
        self.put(mover, piece.kind, to);
        if piece.kind == PieceKind::Pawn
            && FAR_EDGE[mover.index()].contains(to)
            && self.colours_left() > 1
        {
            self.set_decision(Some(to));
        } else {
            self.set_to_move(mover.next());
        }
    }
}
