//! Playing and taking back moves. Nothing here allocates (except the
//! message of an [`IllegalMoveError`]).

use crate::error::IllegalMoveError;

use super::dice::Roll;
use super::moves::Move;
use super::position::{Position, State};
use super::square::{Bitboard, Square};
use super::tables::{promotion_kind, PROMOTION_SQUARES, SPECIAL_PROMOTION_SQUARES};
use super::types::{Colour, Piece, PieceKind};

/// What [`Position::undo`] needs to take a move back exactly: a copy of the
/// position's state before the move (about 100 bytes, no heap).
///
/// Decision: the state is small enough that saving it whole is as cheap as
/// recording the changes, and it makes undo exact by construction (the
/// board, command, flags, counters and hash all come back).
#[derive(Debug, Clone)]
pub struct Undo {
    state: State,
}

impl Position {
    /// Plays `mv`, which must be legal for some roll in this position (check
    /// with [`Position::is_legal`] or use [`Position::play_checked`]);
    /// returns what [`Position::undo`] needs. Does not allocate.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules};
    /// let mut pos = Position::start(Rules::default());
    /// let before = pos.clone();
    /// let undo = pos.play("h1f3".parse().unwrap());
    /// assert_eq!(pos.to_move(), Colour::Black);
    /// assert_eq!(pos.hash(), pos.compute_hash());
    /// pos.undo(undo);
    /// assert_eq!(pos, before);
    /// ```
    ///
    /// # Panics
    /// When `mv` moves from an empty square (a broken precondition).
    pub fn play(&mut self, mv: Move) -> Undo {
        let undo = Undo { state: self.state };
        let seat = self.state.to_move;
        let mut captured = false;
        if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
            let piece = self
                .piece_at(from)
                .expect("Position::play: no piece on the from square");
            let c = piece.colour;
            let mut released = [false; 4];
            if let Some(victim) = self.piece_at(to) {
                self.remove(victim.colour, victim.kind, to);
                captured = true;
                self.note_capture(victim, &mut released);
            }
            self.remove(c, piece.kind, from);
            let kind = match mv {
                Move::Promotion { kind, .. } => kind,
                _ if piece.kind == PieceKind::Pawn
                    && PROMOTION_SQUARES[c.index()].contains(to)
                    && self.state.lost_pawn[c.index()] =>
                {
                    promotion_kind(to)
                }
                _ => piece.kind,
            };
            self.put(c, kind, to);
            if piece.kind == PieceKind::Boat {
                let victims = self.triumph_victims(to);
                for sq in victims {
                    let boat = self.piece_at(sq).expect("triumph victim is a boat");
                    self.remove(boat.colour, boat.kind, sq);
                    captured = true;
                }
            }
            if piece.kind == PieceKind::Raja && matches!(mv, Move::Normal { .. }) {
                self.conquer(c, to);
            }
            for colour in Colour::ALL {
                if released[colour.index()] {
                    self.release_waiting_pawns(colour);
                }
                if self.is_out(colour) && self.state.command[colour.index()].is_some() {
                    self.set_command(colour, None);
                }
            }
        }
        self.state.quiet = if captured {
            0
        } else {
            self.state.quiet.saturating_add(1)
        };
        self.state.ply = self.state.ply.saturating_add(1);
        let next = self.next_seat_after(seat);
        self.set_to_move(next);
        undo
    }

    /// Takes back the move that returned `undo` (the last one played).
    pub fn undo(&mut self, undo: Undo) {
        self.state = undo.state;
    }

    /// Plays `mv` if it is legal for `roll`; otherwise leaves the position
    /// untouched and says why.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Roll, Rules};
    /// let mut pos = Position::start(Rules::default());
    /// let err = pos.play_checked(Roll::new(3).unwrap(), "h1f3".parse().unwrap()).unwrap_err();
    /// assert_eq!(err.reason, "the roll does not let this piece move");
    /// assert_eq!(pos, Position::start(Rules::default()));
    /// ```
    pub fn play_checked(&mut self, roll: Roll, mv: Move) -> Result<Undo, IllegalMoveError> {
        if self.is_legal(roll, mv) {
            return Ok(self.play(mv));
        }
        Err(IllegalMoveError::legacy(
            mv.to_string(),
            self.illegal_reason(roll, mv),
        ))
    }

    fn illegal_reason(&self, roll: Roll, mv: Move) -> &'static str {
        if self.is_finished() {
            return "the game is finished";
        }
        let (from, to) = match (mv.from(), mv.to()) {
            (Some(f), Some(t)) => (f, t),
            _ => return "a pass is legal only when the roll allows no move",
        };
        let piece = match self.piece_at(from) {
            Some(p) => p,
            None => return "no piece on the from square",
        };
        if self.state.command[piece.colour.index()] != Some(self.state.to_move) {
            return "the seat to move does not command that piece";
        }
        if !roll.allows(piece.kind) {
            return "the roll does not let this piece move";
        }
        let special = piece.kind == PieceKind::Pawn
            && self.special_promotion_possible(piece.colour)
            && SPECIAL_PROMOTION_SQUARES.contains(to);
        let as_plain = Move::Normal { from, to };
        let as_special = Move::Promotion {
            from,
            to,
            kind: PieceKind::Raja,
        };
        if special && self.is_legal(roll, as_special) {
            return "a special promotion must name the new piece (K, E, H or B)";
        }
        if !special && self.is_legal(roll, as_plain) {
            return "only a special promotion takes a piece suffix";
        }
        "the piece cannot move there"
    }

    fn note_capture(&mut self, victim: Piece, released: &mut [bool; 4]) {
        let c = victim.colour.index();
        match victim.kind {
            PieceKind::Raja => {
                let n = self.state.captured_rajas[c].saturating_add(1);
                self.set_captured_rajas(victim.colour, n);
            }
            PieceKind::Pawn if !self.state.lost_pawn[c] => {
                self.set_lost_pawn(victim.colour);
                released[c] = true;
            }
            _ => {}
        }
    }

    /// The other boats of every 2x2 block of four boats that contains `to`.
    pub(crate) fn triumph_victims(&self, to: Square) -> Bitboard {
        let boats = self.state.kinds[PieceKind::Boat.index()];
        let (f, r) = (to.file() as i8, to.rank() as i8);
        let mut victims = Bitboard::EMPTY;
        for (df, dr) in [(-1, -1), (-1, 0), (0, -1), (0, 0)] {
            let mut block = Bitboard::EMPTY;
            for (bf, br) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                if let Some(sq) = Square::from_coords(f + df + bf, r + dr + br) {
                    block |= sq.bitboard();
                }
            }
            if block.count() == 4 && (block & boats) == block {
                victims |= block;
            }
        }
        victims & !to.bitboard()
    }

    /// A raja of `colour` has moved onto `to`: conquest of the ally's throne.
    fn conquer(&mut self, colour: Colour, to: Square) {
        let ally = self.rules.ally(colour);
        if to == ally.throne()
            && self.state.command[colour.index()] == Some(colour)
            && self.state.command[ally.index()] == Some(ally)
        {
            self.set_command(ally, Some(colour));
        }
    }

    /// `colour` has just lost its first pawn: its waiting pawns promote.
    fn release_waiting_pawns(&mut self, colour: Colour) {
        let waiting = self.pieces(colour, PieceKind::Pawn) & PROMOTION_SQUARES[colour.index()];
        for sq in waiting {
            self.remove(colour, PieceKind::Pawn, sq);
            self.put(colour, promotion_kind(sq), sq);
        }
    }
}
