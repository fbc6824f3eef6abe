//! What only the Ludii ruleset (the rules reference, §2.13, the Ludii ruleset) does: scores, the
//! promotion decision ply, the end by one colour left or the turn limit, and
//! the ranking. Movement, the board, the die and perft are shared with the
//! sheet's rules (see `movegen.rs`, whose capture sets carry the
//! difference).

use arrayvec::ArrayVec;

use super::moves::{Move, MoveList, MoveSink};
use super::outcome::Outcome;
use super::piece::{Colour, PieceKind};
use super::position::Position;
use super::rules::LUDII_TURN_LIMIT;
use super::tables::FAR_EDGE;

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

    /// How many colours have a piece on the board.
    fn colours_left(&self) -> usize {
        self.state.colours.iter().filter(|c| !c.is_empty()).count()
    }

    /// Ludii: whether the game is over. A pending decision is made first;
    /// then the game is over when at most one colour owns the pieces left
    /// (in play that colour is always the mover: only the mover captures),
    /// or when the turn limit is reached.
    #[inline]
    pub(crate) fn ludii_is_over(&self) -> bool {
        self.state.decision.is_none()
            && (self.colours_left() <= 1 || self.state.ply >= LUDII_TURN_LIMIT)
    }

    /// Ludii: the outcome (see [`Outcome`]). The end by one colour left
    /// takes precedence over the turn limit when both come with the same
    /// move.
    pub(crate) fn ludii_outcome(&self) -> Outcome {
        if self.state.decision.is_some() {
            return Outcome::Ongoing;
        }
        if self.colours_left() <= 1 {
            let best = self.state.scores.iter().copied().max().unwrap_or(0);
            let mut top = Colour::ALL
                .into_iter()
                .filter(|c| self.state.scores[c.index()] == best);
            return match (top.next(), top.next()) {
                (Some(winner), None) => Outcome::ColourWins(winner),
                _ => Outcome::TopScoreTie,
            };
        }
        if self.state.ply >= LUDII_TURN_LIMIT {
            return Outcome::Draw;
        }
        Outcome::Ongoing
    }

    /// The final ranking of the four colours, by colour index (Red, Black,
    /// Yellow, Green): 1 is the best, and colours that tie share a rank (a
    /// colour's rank is one more than the number of colours ranked above
    /// it, so ranks may skip: 1, 2, 2, 4). `None` while the game goes on.
    ///
    /// Ludii ruleset: when one colour owns every piece left, by score (so
    /// the colours sharing the highest score all rank 1); at the turn limit
    /// the game is drawn for all, and all four rank 1 whatever the scores.
    /// Sheet: the winning alliance's two colours rank 1 and the other two
    /// rank 3; a draw ranks all four 1.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Rules};
    /// assert_eq!(Position::start(Rules::ludii()).ranking(), None);
    /// // Green owns every piece left: Red 30, Black 1, Yellow 30, Green 6.
    /// let pos = Position::from_text("8/8/8/8/8/8/8/3,gK,4 r 30,1,30,6 - 412", Rules::ludii())?;
    /// assert_eq!(pos.ranking(), Some([1, 4, 1, 3]));
    /// # Ok::<(), kaissa_chaturaji::NotationError>(())
    /// ```
    #[must_use]
    pub fn ranking(&self) -> Option<[u8; 4]> {
        let scores: [u32; 4] = match self.outcome() {
            Outcome::Ongoing => return None,
            Outcome::ColourWins(_) | Outcome::TopScoreTie => self.state.scores,
            Outcome::AllianceWins(winners) => Colour::ALL.map(|c| u32::from(winners.contains(&c))),
            _ => [0; 4],
        };
        Some(scores.map(|mine| 1 + scores.iter().filter(|&&other| other > mine).count() as u8))
    }

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
