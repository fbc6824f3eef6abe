//! Move generation and legality.
//!
//! There is no check in Kaissa, so every move the pieces can make is legal;
//! the only conditions beyond piece movement are the Home Stone window and
//! the end of the game (a finished game has no moves).

use super::bitboard::for_each_square;
use super::home_stone::{FIRST_PLACEMENT_TURN, LAST_PLACEMENT_TURN};
use super::tables::{
    all_rays, count_spearmen_captures, count_spearmen_pushes, diagonal_rays, orthogonal_rays,
    reaches, spearman_captures, spearmen_pushes, STEP, TARNSMAN, WITHIN_2, WITHIN_3, WITHIN_5,
};
use super::{Bitboard, Move, MoveList, PieceKind, Position, Side, Square};
use crate::error::IllegalMoveReason;

impl Position {
    /// Whether the game is over before any move is looked at: a stone was
    /// captured, the side to move must place its stone and cannot, or the
    /// turn numbers have run out ([`turn_limit_reached`](Self::turn_limit_reached)).
    #[inline]
    pub(crate) fn is_decided(&self) -> bool {
        let side = self.to_move;
        self.stone_captured(side)
            || (self.must_place() && self.placement_squares().is_empty())
            || self.turn_limit_reached()
    }

    /// Whether Red is to move at the largest turn number the notation can
    /// write ([`MAX_TURN`](super::MAX_TURN)): its move would start a turn no
    /// text can hold, so the game ends there, drawn. (A billion turns: no
    /// real game gets there; the bound keeps every position writable.)
    #[inline]
    pub(crate) fn turn_limit_reached(&self) -> bool {
        self.to_move == Side::Red && self.turn >= super::MAX_TURN
    }

    /// Whether the side to move is on its last chance to place (turn 10, stone
    /// in hand): then placements are its only moves.
    #[inline]
    pub(crate) fn must_place(&self) -> bool {
        self.in_hand[self.to_move.index()] && self.turn >= LAST_PLACEMENT_TURN
    }

    /// The empty back-rank squares where the side to move may place its stone
    /// now (empty outside the window).
    #[inline]
    pub(crate) fn placement_squares(&self) -> Bitboard {
        let side = self.to_move;
        if !self.in_hand[side.index()]
            || self.turn < FIRST_PLACEMENT_TURN
            || self.turn > LAST_PLACEMENT_TURN
        {
            return Bitboard::EMPTY;
        }
        back_rank(side) & !self.occupied()
    }

    /// Fills `moves` with every legal move (it is cleared first), for
    /// callers that reuse one list. A finished game has none.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::{MoveList, Position};
    /// let pos = Position::start();
    /// let mut moves = MoveList::new();
    /// pos.generate_moves(&mut moves);
    /// assert_eq!(moves.len(), 40);
    /// ```
    #[inline]
    pub fn generate_moves(&self, moves: &mut MoveList) {
        moves.clear();
        self.for_each_move(|mv| moves.push(mv));
    }

    /// Calls `f` with every legal move, in the order of
    /// [`generate_moves`](Self::generate_moves) (placements first, then by
    /// from square and to square), without building a list: for callers
    /// that store moves in their own form.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut count = 0;
    /// Position::start().for_each_move(|_| count += 1);
    /// assert_eq!(count, 40);
    /// ```
    #[inline]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        if self.is_decided() {
            return;
        }
        for to in self.placement_squares() {
            f(Move::Place { to });
        }
        if self.must_place() {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if has_bit_instructions() {
            // SAFETY: the CPU has the features, checked just above.
            return unsafe { self.piece_moves_x86(&mut f) };
        }
        self.piece_moves(&mut f);
    }

    /// Calls `f` with the piece moves of the side to move, by from square
    /// then to square.
    #[inline(always)]
    fn piece_moves(&self, f: &mut impl FnMut(Move)) {
        let ctx = Context::new(self, self.to_move);
        // Plain loops over the 64-bit halves: with closures, the optimiser
        // kept the (large) per-piece body out of line, where it lacks the
        // bit instructions of `piece_moves_x86`.
        for (half, base) in [(ctx.own as u64, 0u8), ((ctx.own >> 64) as u64, 64)] {
            let mut bits = half;
            while bits != 0 {
                let from = Square::new_unchecked(base + bits.trailing_zeros() as u8);
                bits &= bits - 1;
                if let Some(piece) = self.squares[from.index() as usize] {
                    let targets = ctx.targets(piece.kind, from.index() as usize);
                    for_each_square(targets, |to| f(Move::Normal { from, to }));
                }
            }
        }
    }

    /// [`piece_moves`](Self::piece_moves) compiled with the bit
    /// instructions (popcnt, lzcnt, tzcnt) the baseline x86-64 target lacks.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    unsafe fn piece_moves_x86(&self, f: &mut impl FnMut(Move)) {
        self.piece_moves(f);
    }

    /// Calls `f` with the legal moves grouped by origin, in the order of
    /// [`for_each_move`](Self::for_each_move): first `(None, squares)` for
    /// the placements (when there are any), then `(Some(from), targets)`
    /// for each piece of the side to move (targets possibly empty). For
    /// callers that keep or encode moves as sets (the C ABI checks later
    /// moves against them; an action mask is written from them).
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut count = 0;
    /// Position::start().for_each_target_set(|_from, targets| count += targets.count());
    /// assert_eq!(count, 40);
    /// ```
    #[inline]
    pub fn for_each_target_set(&self, mut f: impl FnMut(Option<Square>, Bitboard)) {
        if !self.placement_set(&mut f) {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if has_bit_instructions() {
            // SAFETY: the CPU has the features, checked just above.
            return unsafe { self.target_sets_x86(&mut f) };
        }
        self.target_sets(&mut f);
    }

    /// The start of both target-set walks: nothing for a decided game,
    /// else `(None, squares)` for the placements (when there are any).
    /// Returns whether the pieces' sets come next (not when a stone must
    /// be placed).
    #[inline(always)]
    fn placement_set(&self, f: &mut impl FnMut(Option<Square>, Bitboard)) -> bool {
        if self.is_decided() {
            return false;
        }
        let placements = self.placement_squares();
        if !placements.is_empty() {
            f(None, placements);
        }
        !self.must_place()
    }

    /// The piece part of [`for_each_target_set`](Self::for_each_target_set).
    #[inline(always)]
    fn target_sets(&self, f: &mut impl FnMut(Option<Square>, Bitboard)) {
        let ctx = Context::new(self, self.to_move);
        // Plain loops, as in `piece_moves`: the per-piece body stays in
        // `target_sets_x86`, with its bit instructions.
        for (half, base) in [(ctx.own as u64, 0u8), ((ctx.own >> 64) as u64, 64)] {
            let mut bits = half;
            while bits != 0 {
                let from = Square::new_unchecked(base + bits.trailing_zeros() as u8);
                bits &= bits - 1;
                if let Some(piece) = self.squares[from.index() as usize] {
                    let targets = ctx.targets(piece.kind, from.index() as usize);
                    f(Some(from), Bitboard(targets));
                }
            }
        }
    }

    /// [`target_sets`](Self::target_sets) compiled with popcnt, lzcnt and
    /// tzcnt.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    unsafe fn target_sets_x86(&self, f: &mut impl FnMut(Option<Square>, Bitboard)) {
        self.target_sets(f);
    }

    /// Calls `f` with the legal moves grouped by origin, as
    /// [`for_each_target_set`](Self::for_each_target_set) does, but the
    /// pieces kind by kind (in the order of [`PieceKind::ALL`], each kind
    /// by square) rather than square by square: faster, as each kind's
    /// code runs for all its pieces, for callers to whom the order of the
    /// sets does not matter.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let mut count = 0;
    /// Position::start().for_each_target_set_by_kind(|_from, targets| count += targets.count());
    /// assert_eq!(count, 40);
    /// ```
    #[inline]
    pub fn for_each_target_set_by_kind(&self, mut f: impl FnMut(Option<Square>, Bitboard)) {
        if !self.placement_set(&mut f) {
            return;
        }
        #[cfg(target_arch = "x86_64")]
        if has_bit_instructions() {
            // SAFETY: the CPU has the features, checked just above.
            return unsafe { self.target_sets_by_kind_x86(&mut f) };
        }
        self.target_sets_by_kind(&mut f);
    }

    /// The piece part of
    /// [`for_each_target_set_by_kind`](Self::for_each_target_set_by_kind).
    #[inline(always)]
    fn target_sets_by_kind(&self, f: &mut impl FnMut(Option<Square>, Bitboard)) {
        let ctx = Context::new(self, self.to_move);
        for kind in PieceKind::ALL {
            let pieces = self.by_kind[kind.index()].0 & ctx.own;
            for (half, base) in [(pieces as u64, 0u8), ((pieces >> 64) as u64, 64)] {
                let mut bits = half;
                while bits != 0 {
                    let from = Square::new_unchecked(base + bits.trailing_zeros() as u8);
                    bits &= bits - 1;
                    let targets = ctx.targets(kind, from.index() as usize);
                    f(Some(from), Bitboard(targets));
                }
            }
        }
    }

    /// [`target_sets_by_kind`](Self::target_sets_by_kind) compiled with
    /// popcnt, lzcnt and tzcnt.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    unsafe fn target_sets_by_kind_x86(&self, f: &mut impl FnMut(Option<Square>, Bitboard)) {
        self.target_sets_by_kind(f);
    }

    /// The number of piece moves of the side to move (placements excluded).
    #[inline]
    fn count_piece_moves(&self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if has_bit_instructions() {
            // SAFETY: the CPU has the features, checked just above.
            return unsafe { self.count_piece_moves_x86() };
        }
        Context::new(self, self.to_move).count_legal_moves(self)
    }

    /// [`count_piece_moves`](Self::count_piece_moves) compiled with popcnt,
    /// lzcnt and tzcnt.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1")]
    unsafe fn count_piece_moves_x86(&self) -> u32 {
        Context::new(self, self.to_move).count_legal_moves(self)
    }

    /// Every legal move, in a fresh list (on the stack: a
    /// [`MoveList`] never allocates). A finished game has none.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Position;
    /// let moves = Position::start().legal_moves();
    /// assert_eq!(moves.len(), 40);
    /// assert!(moves.iter().any(|mv| mv.to_string() == "d1f4"));
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate_moves(&mut moves);
        moves
    }

    /// The number of legal moves, without building the list.
    #[must_use]
    pub fn count_legal_moves(&self) -> usize {
        if self.is_decided() {
            return 0;
        }
        let placements = self.placement_squares().count() as usize;
        if self.must_place() {
            return placements;
        }
        placements + self.count_piece_moves() as usize
    }

    /// Whether the side to move has at least one legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        if self.is_decided() {
            return false;
        }
        if !self.placement_squares().is_empty() {
            return true;
        }
        if self.must_place() {
            return false;
        }
        let ctx = Context::new(self, self.to_move);
        Bitboard(ctx.own).iter().any(|from| {
            self.squares[from.index() as usize]
                .is_some_and(|piece| ctx.targets(piece.kind, from.index() as usize) != 0)
        })
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
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.illegality(mv).is_none()
    }

    /// Why `mv` is not legal, or `None` when it is.
    pub(crate) fn illegality(&self, mv: Move) -> Option<IllegalMoveReason> {
        if self.is_decided() {
            return Some(IllegalMoveReason::GameOver);
        }
        let side = self.to_move;
        match mv {
            Move::Place { to } => {
                let allowed = self.in_hand[side.index()]
                    && (FIRST_PLACEMENT_TURN..=LAST_PLACEMENT_TURN).contains(&self.turn)
                    && back_rank(side).contains(to)
                    && self.piece_at(to).is_none();
                (!allowed).then_some(IllegalMoveReason::PlacementNotAllowed)
            }
            Move::Normal { from, to } => {
                if self.must_place() {
                    return Some(IllegalMoveReason::PlacementRequired);
                }
                match self.piece_at(from) {
                    Some(piece) if piece.side == side => {
                        let own = self.by_side[side.index()].0;
                        let enemy = self.by_side[side.other().index()].0;
                        if from != to && reaches(piece, from, to, own, enemy) {
                            None
                        } else {
                            Some(IllegalMoveReason::CannotReach)
                        }
                    }
                    _ => Some(IllegalMoveReason::NoPieceToMove),
                }
            }
        }
    }
}

/// Whether the CPU has popcnt, lzcnt and tzcnt (cached by the standard
/// library after the first call: a load and a test).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn has_bit_instructions() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
}

/// What every piece move of one side depends on, computed once per
/// generation.
pub(super) struct Context {
    side: Side,
    pub(super) own: u128,
    enemy: u128,
    occupied: u128,
    /// Squares a piece of the side may move to: empty or enemy.
    open: u128,
    empty: u128,
}

impl Context {
    #[inline(always)]
    pub(super) fn new(pos: &Position, side: Side) -> Context {
        let own = pos.by_side[side.index()].0;
        let enemy = pos.by_side[side.other().index()].0;
        let occupied = own | enemy;
        let empty = !occupied & Bitboard::FULL.0;
        Context {
            side,
            own,
            enemy,
            occupied,
            open: !own & Bitboard::FULL.0,
            empty,
        }
    }

    /// The squares a piece of `kind` (of this side) on `sq` may move to.
    #[inline(always)]
    pub(super) fn targets(&self, kind: PieceKind, sq: usize) -> u128 {
        let occ = self.occupied;
        match kind {
            PieceKind::Ubar => all_rays(sq, occ) & self.open,
            PieceKind::Ubara => all_rays(sq, occ) & WITHIN_3[sq] & self.open,
            PieceKind::Assassin => all_rays(sq, occ) & WITHIN_2[sq] & self.open,
            PieceKind::Builder => orthogonal_rays(sq, occ) & self.open,
            PieceKind::Initiate => diagonal_rays(sq, occ) & self.open,
            PieceKind::Scribe => diagonal_rays(sq, occ) & WITHIN_5[sq] & self.open,
            PieceKind::Tarnsman => TARNSMAN[sq] & self.open,
            PieceKind::Rider => STEP[sq] & self.open,
            PieceKind::HomeStone => STEP[sq] & self.empty,
            PieceKind::Spearman => {
                (spearman_captures(self.side, sq) & self.enemy)
                    | spearmen_pushes(self.side, 1u128 << sq, self.empty)
            }
        }
    }

    /// The number of piece moves of this side (placements excluded), kind
    /// by kind: Spearmen all at once with shifts, the others per square.
    #[inline(always)]
    fn count_legal_moves(&self, pos: &Position) -> u32 {
        let of = |kind: PieceKind| pos.by_kind[kind.index()].0 & self.own;
        let mut n = 0;
        for kind in PieceKind::ALL {
            if kind != PieceKind::Spearman {
                for sq in Bitboard(of(kind)) {
                    n += self.targets(kind, sq.index() as usize).count_ones();
                }
            }
        }
        let spearmen = of(PieceKind::Spearman);
        n + count_spearmen_pushes(self.side, spearmen, self.empty)
            + count_spearmen_captures(self.side, spearmen, self.enemy)
    }
}

/// The back rank of `side` (rank 1 for Yellow, rank 10 for Red).
pub(crate) const fn back_rank(side: Side) -> Bitboard {
    match side {
        Side::Yellow => Bitboard::RANK_1,
        Side::Red => Bitboard::RANK_10,
    }
}
