//! Playing and taking back moves. Nothing here allocates (except the
//! message of an [`IllegalMoveError`]).

use crate::error::{IllegalMoveError, IllegalMoveReason, UndoError};

use super::dice::Roll;
use super::moves::Move;
use super::piece::{Colour, Piece, PieceKind};
use super::position::{Position, State};
use super::rules::Rules;
use super::tables::{promotion_kind, PROMOTION_SQUARES};
use super::{Bitboard, Square};

/// What [`Position::undo`] needs to take a move back exactly, returned by
/// [`Position::play`] and [`Position::play_unchecked`]: a copy of the
/// position's state before the move (about 120 bytes, no heap, its
/// counters included), the move, the hash of the position the move made and
/// the rules options, so that [`Position::undo`] can refuse, in constant
/// time, a record that does not belong to the position it is given.
///
/// Decision: the state is small enough that saving it whole is as cheap as
/// recording the changes, and it makes undo exact by construction (the
/// board, command, flags, counters and hash all come back).
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Position, Roll};
/// let mut pos = Position::default();
/// let undo = pos.play(Roll::new(2).unwrap(), "h1f3".parse()?)?;
/// assert_eq!(undo.played().to_string(), "h1f3");
/// pos.undo(undo)?;
/// assert_eq!(pos, Position::default());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Undo {
    /// The state before the move.
    before: State,
    /// The move.
    played: Move,
    /// The hash of the position the move made.
    hash_after: u64,
    /// The rules options of the position.
    rules: Rules,
}

impl Undo {
    /// The move this record takes back.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Move, Position};
    /// let mut pos = Position::default();
    /// assert_eq!(pos.play_unchecked(Move::Pass).played(), Move::Pass);
    /// ```
    #[must_use]
    pub const fn played(&self) -> Move {
        self.played
    }
}

impl Position {
    /// Plays `mv` if it is legal for `roll`, and returns what
    /// [`Position::undo`] needs to take it back; otherwise leaves the
    /// position untouched and says why. Does not allocate unless the move
    /// is illegal (the error's text).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Roll};
    /// use kaissa_chaturaji::error::IllegalMoveReason;
    /// let mut pos = Position::default();
    /// let err = pos.play(Roll::new(3).unwrap(), "h1f3".parse()?).unwrap_err();
    /// assert_eq!(err.reason(), IllegalMoveReason::NotForThisRoll);
    /// assert_eq!(err.move_text(), "3:h1f3");
    /// assert_eq!(pos, Position::default());
    /// pos.play(Roll::new(2).unwrap(), "h1f3".parse()?)?;
    /// assert_eq!(pos.to_move(), Colour::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, roll: Roll, mv: Move) -> Result<Undo, IllegalMoveError> {
        if self.is_legal(roll, mv) {
            return Ok(self.play_unchecked(mv));
        }
        Err(IllegalMoveError::new(
            format!("{roll}:{mv}"),
            self.illegal_reason(roll, mv),
        ))
    }

    /// Plays `mv` without checking it: the fast path, for moves the library
    /// generated or chose for this position ([`Position::legal_moves`],
    /// [`Position::choose_move`]) or checked with [`Position::is_legal`].
    /// Returns what [`Position::undo`] needs. Does not allocate.
    ///
    /// Contract: `mv` must be legal in this position for some roll. Given
    /// any other move this function still does not panic and is never
    /// undefined behaviour, but the position afterwards is unspecified (it
    /// may break the rules' invariants; the returned record still takes
    /// the move back with [`Position::undo_unchecked`]).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Roll};
    /// let mut pos = Position::default();
    /// let mv = pos.legal_moves(Roll::new(2).unwrap())[0];
    /// let undo = pos.play_unchecked(mv);
    /// assert_eq!(pos.to_move(), Colour::Black);
    /// assert_eq!(pos.hash(), pos.compute_hash());
    /// pos.undo_unchecked(undo);
    /// assert_eq!(pos, Position::default());
    /// ```
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        // Built in place (the return slot): the state is copied once.
        let mut undo = Undo {
            before: self.state,
            played: mv,
            hash_after: 0,
            rules: self.rules,
        };
        self.apply(mv);
        undo.hash_after = self.state.hash;
        undo
    }

    /// Plays `mv` (as [`Position::play_unchecked`], same contract) without
    /// making an undo record: for playouts and for callers that save the
    /// state themselves (perft).
    #[inline]
    pub(crate) fn apply(&mut self, mv: Move) {
        if self.rules.is_ludii() {
            return self.apply_ludii(mv);
        }
        self.apply_sheet(mv);
    }

    /// [`apply`](Self::apply) under the sheet's rules (the caller knows the
    /// ruleset: a loop that checked it once).
    #[inline]
    pub(crate) fn apply_sheet(&mut self, mv: Move) {
        let seat = self.state.to_move;
        let captured = match (mv.from(), mv.to()) {
            (Some(from), Some(to)) => self.move_piece(mv, from, to),
            _ => false,
        };
        self.state.quiet = if captured {
            0
        } else {
            self.state.quiet.saturating_add(1)
        };
        self.state.ply = self.state.ply.saturating_add(1);
        let next = self.next_seat_after(seat);
        self.set_to_move(next);
    }

    /// The board part of a move of the piece on `from` to `to`: captures,
    /// promotion, boat triumph, conquest, released waiting pawns and
    /// colours put out. Returns whether anything was captured. An empty
    /// `from` (only in an illegal move) changes nothing: the move plays as
    /// a pass.
    #[inline(always)]
    fn move_piece(&mut self, mv: Move, from: Square, to: Square) -> bool {
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let mut captured = false;
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
                if let Some(boat) = self.piece_at(sq) {
                    self.remove(boat.colour, boat.kind, sq);
                    captured = true;
                }
            }
        }
        if piece.kind == PieceKind::Raja && matches!(mv, Move::Normal { .. }) {
            self.conquer(c, to);
        }
        // Only a capture releases waiting pawns or puts a colour out.
        if captured {
            self.after_capture(released);
        }
        captured
    }

    /// After a capture: promotes the waiting pawns of the colours in
    /// `released` (those that have just lost their first pawn, see
    /// `note_capture`) and takes away the command of every colour left
    /// without a piece.
    #[inline(always)]
    pub(super) fn after_capture(&mut self, released: [bool; 4]) {
        for colour in Colour::ALL {
            if released[colour.index()] {
                self.release_waiting_pawns(colour);
            }
            if self.is_out(colour) && self.state.command[colour.index()].is_some() {
                self.set_command(colour, None);
            }
        }
    }

    /// Takes back the move that returned `undo`, if `undo` belongs to this
    /// position: the record must come from the last move played on exactly
    /// this position (the hash it made, the ply one above the record's, the
    /// quiet count reset or one above the record's, the same rules
    /// options), which is checked in constant time before anything changes. A record
    /// from another position, a stale one (an earlier move) or one already
    /// used gives [`UndoError`] and leaves the position untouched.
    ///
    /// Two histories that reach the very same position (same board, fields
    /// and counters) cannot be told apart: a record from either takes it
    /// back to that history's previous position. (Only when the ply counter
    /// has saturated at `u32::MAX` does the check lose its grip on stale
    /// records; no real game gets there.) A raja exchange is not a move: a
    /// record made before an exchange no longer belongs to the position.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Roll};
    /// let mut pos = Position::default();
    /// let first = pos.play(Roll::new(2).unwrap(), "h1f3".parse()?)?;
    /// let second = pos.play(Roll::new(5).unwrap(), "e7e6".parse()?)?;
    /// assert!(pos.undo(first.clone()).is_err()); // stale: not the last move
    /// pos.undo(second.clone())?;
    /// assert!(pos.undo(second).is_err()); // already used
    /// pos.undo(first)?;
    /// assert_eq!(pos, Position::default());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self, undo: Undo) -> Result<(), UndoError> {
        if !self.belongs(&undo) {
            return Err(UndoError);
        }
        self.state = undo.before;
        Ok(())
    }

    /// Takes back the move that returned `undo` without checking that the
    /// record belongs to this position: the fast path. Contract: `undo`
    /// comes from the last move played on this position (and not taken back
    /// yet). Given another record it does not panic and is never undefined
    /// behaviour, but the position becomes the record's saved position
    /// (with this position's rules options), which may be unrelated.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Move, Position};
    /// let mut pos = Position::default();
    /// let undo = pos.play_unchecked(Move::Pass);
    /// pos.undo_unchecked(undo);
    /// assert_eq!(pos, Position::default());
    /// ```
    pub fn undo_unchecked(&mut self, undo: Undo) {
        self.state = undo.before;
    }

    /// Whether `undo` was made by the last move played on this position:
    /// the hash the move made, the same rules options, and the counters the
    /// move made from the saved ones (ply one up; quiet reset by a capture,
    /// which leaves fewer pieces, else one up).
    #[inline]
    pub(crate) fn belongs(&self, undo: &Undo) -> bool {
        let (before, now) = (&undo.before, &self.state);
        if self.rules.is_ludii() {
            // A decision ply does not count as a turn; quiet stays 0.
            let turns = if before.decision.is_some() {
                before.ply
            } else {
                before.ply.saturating_add(1)
            };
            return undo.hash_after == now.hash && undo.rules == self.rules && turns == now.ply;
        }
        let pieces = |state: &State| {
            let c = &state.colours;
            (c[0] | c[1] | c[2] | c[3]).count()
        };
        let quiet = if pieces(before) > pieces(now) {
            0
        } else {
            before.quiet.saturating_add(1)
        };
        undo.hash_after == now.hash
            && undo.rules == self.rules
            && before.ply.saturating_add(1) == now.ply
            && quiet == now.quiet
    }

    /// More words about an illegal move for a message (the C ABI's last
    /// error): whether a special promotion's suffix is missing or unwanted.
    #[cfg(feature = "capi")]
    pub(crate) fn illegal_hint(&self, roll: Roll, mv: Move) -> Option<&'static str> {
        let (from, to) = (mv.from()?, mv.to()?);
        let as_special = Move::Promotion {
            from,
            to,
            kind: PieceKind::Raja,
        };
        match mv {
            Move::Normal { .. } if self.is_legal(roll, as_special) => {
                Some("a special promotion must name the new piece (K, E, H or B)")
            }
            Move::Promotion { .. } if self.is_legal(roll, Move::Normal { from, to }) => {
                Some("only a special promotion takes a piece suffix")
            }
            _ => None,
        }
    }

    fn illegal_reason(&self, roll: Roll, mv: Move) -> IllegalMoveReason {
        if self.is_over() {
            return IllegalMoveReason::GameOver;
        }
        if self.state.decision.is_some() || matches!(mv, Move::Decision { .. }) {
            return IllegalMoveReason::DecisionMismatch;
        }
        let Some(from) = mv.from() else {
            return IllegalMoveReason::PassNotAllowed;
        };
        let piece = match self.piece_at(from) {
            Some(p) if self.state.command[p.colour.index()] == Some(self.state.to_move) => p,
            _ => return IllegalMoveReason::NoPieceToMove,
        };
        if !roll.allows(piece.kind) {
            return IllegalMoveReason::NotForThisRoll;
        }
        IllegalMoveReason::CannotReach
    }

    pub(crate) fn note_capture(&mut self, victim: Piece, released: &mut [bool; 4]) {
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
    #[inline]
    pub(crate) fn triumph_victims(&self, to: Square) -> Bitboard {
        let boats = self.state.kinds[PieceKind::Boat.index()].0;
        let mut victims = 0;
        for block in BOAT_BLOCKS[to.index()] {
            // An off-board block is 0: never "full" (`to` is in every
            // real block, so a real block is never 0).
            if block != 0 && boats & block == block {
                victims |= block;
            }
        }
        Bitboard(victims & !to.bitboard().0)
    }

    /// A raja of `colour` has moved onto `to`: conquest of the ally's throne.
    pub(crate) fn conquer(&mut self, colour: Colour, to: Square) {
        let ally = self.rules.ally(colour);
        if to == ally.throne()
            && self.state.command[colour.index()] == Some(colour)
            && self.state.command[ally.index()] == Some(ally)
        {
            self.set_command(ally, Some(colour));
        }
    }

    /// `colour` has just lost its first pawn: its waiting pawns promote.
    pub(crate) fn release_waiting_pawns(&mut self, colour: Colour) {
        let waiting = self.pieces(colour, PieceKind::Pawn) & PROMOTION_SQUARES[colour.index()];
        for sq in waiting {
            self.remove(colour, PieceKind::Pawn, sq);
            self.put(colour, promotion_kind(sq), sq);
        }
    }
}

/// The 2x2 blocks of squares that contain each square (up to four; 0 for a
/// block that would leave the board), for the boat triumph.
static BOAT_BLOCKS: [[u64; 4]; 64] = {
    let mut table = [[0u64; 4]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i8, (sq / 8) as i8);
        let corners = [(-1i8, -1i8), (-1, 0), (0, -1), (0, 0)];
        let mut i = 0;
        while i < 4 {
            let (f0, r0) = (f + corners[i].0, r + corners[i].1);
            if f0 >= 0 && r0 >= 0 && f0 + 1 < 8 && r0 + 1 < 8 {
                let low = (r0 * 8 + f0) as u32;
                table[sq][i] =
                    (1u64 << low) | (1 << (low + 1)) | (1 << (low + 8)) | (1 << (low + 9));
            }
            i += 1;
        }
        sq += 1;
    }
    table
};
