//! Move generation and legality for a roll. Nothing here allocates.

use super::dice::Roll;
use super::moves::{Move, MoveList, MoveSink};
use super::piece::{Colour, Piece, PieceKind};
use super::position::Position;
use super::tables::{
    BOAT_MOVES, HORSE_MOVES, PAWN_CAPTURES, PAWN_STEPS, RAJA_MOVES, RAYS, SPECIAL_PROMOTION_SQUARES,
};
use super::{Bitboard, Square};

/// What every move of the seat to move depends on. The capture rules of
/// the two rulesets differ only in whose pieces may be captured and what a
/// pawn and a boat may capture, so these are sets here and the movement
/// code is shared.
///
/// The generators take the ruleset as a const parameter (`LUDII`): one
/// source, compiled once per ruleset, so the sheet's code pays nothing for
/// the Ludii ruleset beyond the one branch at each entry point.
struct Context {
    /// Pieces the seat to move commands.
    own: Bitboard,
    /// Pieces it may capture (sheet: of the other alliance; Ludii: of the
    /// three other colours).
    opponents: Bitboard,
    empty: Bitboard,
    occupied: Bitboard,
    /// What a pawn may capture (sheet: opponents' pawns and boats; Ludii:
    /// any opponent).
    pawn_prey: Bitboard,
    /// What a boat may capture (sheet: opponents' pawns; Ludii: any
    /// opponent).
    boat_prey: Bitboard,
}

/// The squares an elephant on `from` reaches: along each orthogonal ray up
/// to and including the first occupied square.
pub(crate) fn elephant_reach(from: Square, occupied: Bitboard) -> Bitboard {
    let mut reach = Bitboard::EMPTY;
    for (d, rays) in RAYS.iter().enumerate() {
        let ray = rays[from.index()];
        let blockers = (ray & occupied).0;
        if blockers == 0 {
            reach |= ray;
        } else {
            // N and E rays go up in index, S and W down.
            let first = if d < 2 {
                blockers.trailing_zeros()
            } else {
                63 - blockers.leading_zeros()
            };
            reach |= Bitboard(ray.0 ^ rays[first as usize].0);
        }
    }
    reach
}

impl Position {
    #[inline(always)]
    fn context<const LUDII: bool>(&self) -> Context {
        let seat = self.state.to_move;
        let occupied = self.occupied();
        if LUDII {
            let own = self.state.colours[seat.index()];
            let opponents = occupied & !own;
            return Context {
                own,
                opponents,
                empty: !occupied,
                occupied,
                pawn_prey: opponents,
                boat_prey: opponents,
            };
        }
        let ally = self.rules.ally(seat);
        let friends = self.state.colours[seat.index()] | self.state.colours[ally.index()];
        let opponents = occupied & !friends;
        let pawns = self.state.kinds[PieceKind::Pawn.index()];
        let boats = self.state.kinds[PieceKind::Boat.index()];
        Context {
            own: self.commanded(seat),
            opponents,
            empty: !occupied,
            occupied,
            pawn_prey: opponents & (pawns | boats),
            boat_prey: opponents & pawns,
        }
    }

    /// Whether `colour` has exactly one pawn and one boat and no other piece,
    /// so that its pawn may be specially promoted (never under the Ludii
    /// ruleset, which has no special promotion).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position};
    /// assert!(!Position::default().special_promotion_possible(Colour::Red));
    /// ```
    #[must_use]
    pub fn special_promotion_possible(&self, colour: Colour) -> bool {
        !self.rules.is_ludii() && self.one_pawn_and_boat(colour)
    }

    /// Whether `colour` has exactly one pawn and one boat and no other
    /// piece (the sheet's condition for a special promotion).
    #[inline(always)]
    fn one_pawn_and_boat(&self, colour: Colour) -> bool {
        let mine = self.state.colours[colour.index()];
        mine.count() == 2
            && (mine & self.state.kinds[PieceKind::Pawn.index()]).count() == 1
            && (mine & self.state.kinds[PieceKind::Boat.index()]).count() == 1
    }

    /// Whether a pawn of `colour` makes special promotions under the
    /// ruleset `LUDII` (never under Ludii's).
    #[inline(always)]
    pub(crate) fn special<const LUDII: bool>(&self, piece: Piece) -> bool {
        !LUDII && piece.kind == PieceKind::Pawn && self.one_pawn_and_boat(piece.colour)
    }

    /// The squares `piece` on `from` may move to under the capture rules.
    #[inline(always)]
    fn targets(&self, ctx: &Context, piece: Piece, from: Square) -> Bitboard {
        let s = from.index();
        let open = ctx.empty | ctx.opponents;
        match piece.kind {
            PieceKind::Raja => RAJA_MOVES[s] & open,
            PieceKind::Elephant => elephant_reach(from, ctx.occupied) & open,
            PieceKind::Horse => HORSE_MOVES[s] & open,
            PieceKind::Boat => BOAT_MOVES[s] & (ctx.empty | ctx.boat_prey),
            PieceKind::Pawn => {
                let c = piece.colour.index();
                (PAWN_STEPS[c][s] & ctx.empty) | (PAWN_CAPTURES[c][s] & ctx.pawn_prey)
            }
        }
    }

    /// Calls `f` with each piece the seat to move may move for `roll`, in
    /// the order of the move list, and its target squares (possibly none).
    /// The sheet's rules only (the Ludii ruleset chooses from its list).
    #[inline(always)]
    pub(crate) fn for_each_mover(&self, roll: Roll, mut f: impl FnMut(Square, Piece, Bitboard)) {
        debug_assert!(!self.rules.is_ludii());
        let ctx = self.context::<false>();
        // The kinds of each face (two for the 5, the same one twice
        // otherwise): a table rather than a branch on the roll.
        const KINDS: [[usize; 2]; 4] = [[3, 3], [2, 2], [1, 1], [0, 4]];
        let [a, b] = KINDS[(roll.face() - 2) as usize & 3];
        let movers = self.state.kinds[a] | self.state.kinds[b];
        // The piece without a search: its kind is `a` or `b`, and its
        // colour the seat's own or, after a throne conquest, its ally's
        // (the only other army a seat can command under the sheet's rules).
        let seat = self.state.to_move;
        let mine = self.state.colours[seat.index()];
        let ally = self.rules.ally(seat);
        let kinds_a = self.state.kinds[a];
        for from in ctx.own & movers {
            let bit = from.bitboard();
            let colour = if (mine & bit).is_empty() { ally } else { seat };
            let kind = if (kinds_a & bit).is_empty() { b } else { a };
            let piece = Piece::new(colour, PieceKind::ALL[kind]);
            f(from, piece, self.targets(&ctx, piece, from));
        }
    }

    /// Calls `f` with every legal non-pass move for `roll`, stopping early
    /// when `f` returns `true`; returns whether it stopped early.
    #[inline(always)]
    fn for_each_move<const LUDII: bool>(
        &self,
        roll: Roll,
        mut f: impl FnMut(Move) -> bool,
    ) -> bool {
        let ctx = self.context::<LUDII>();
        let mut movers = Bitboard::EMPTY;
        for kind in roll.kinds() {
            movers |= self.state.kinds[kind.index()];
        }
        for from in ctx.own & movers {
            let piece = match self.piece_at(from) {
                Some(p) => p,
                None => continue,
            };
            let targets = self.targets(&ctx, piece, from);
            let special = self.special::<LUDII>(piece);
            for to in targets {
                if special && SPECIAL_PROMOTION_SQUARES.contains(to) {
                    for kind in PieceKind::SPECIAL_PROMOTION {
                        if f(Move::Promotion { from, to, kind }) {
                            return true;
                        }
                    }
                } else if f(Move::Normal { from, to }) {
                    return true;
                }
            }
        }
        false
    }

    /// The legal moves for `roll`: the single [`Move::Pass`] when there is
    /// none, and no move at all when the game is over. While a Ludii
    /// promotion decision is pending, the decision's moves whatever the
    /// roll (no die is rolled for it: see [`Position::decision_moves`]). Does not allocate
    /// (the list lives on the stack; [`Position::generate_moves`] refills a
    /// list the caller keeps).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Move, Position, Roll};
    /// let pos = Position::default();
    /// let counts = Roll::ALL.map(|roll| pos.legal_moves(roll).len());
    /// assert_eq!(counts, [1, 2, 1, 6]); // face 4 gives the single pass
    /// let moves = pos.legal_moves(Roll::new(2).unwrap());
    /// assert_eq!(moves[0].to_string(), "h1f3");
    /// assert_eq!(pos.legal_moves(Roll::new(4).unwrap()).as_slice(), [Move::Pass]);
    /// ```
    #[must_use]
    pub fn legal_moves(&self, roll: Roll) -> MoveList {
        let mut moves = MoveList::new();
        self.generate_moves(roll, &mut moves);
        moves
    }

    /// Clears `moves`, then fills it with the legal moves for `roll` (as
    /// [`Position::legal_moves`]: the single [`Move::Pass`] when there is
    /// none, nothing when the game is over). Does not allocate.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{MoveList, Position, Roll};
    /// let pos = Position::default();
    /// let mut moves = MoveList::new();
    /// pos.generate_moves(Roll::new(3).unwrap(), &mut moves);
    /// assert_eq!(moves.len(), 2);
    /// pos.generate_moves(Roll::new(5).unwrap(), &mut moves);
    /// assert_eq!(moves.len(), 6);
    /// ```
    pub fn generate_moves(&self, roll: Roll, moves: &mut MoveList) {
        self.generate_into(roll, moves);
    }

    /// [`Position::generate_moves`] into any list of moves (the shared
    /// [`Game`](crate::game::Game) interface lists its own action type).
    #[inline]
    pub(crate) fn generate_into<S: MoveSink>(&self, roll: Roll, moves: &mut S) {
        if self.rules.is_ludii() {
            moves.clear_moves();
            self.generate_moves_ludii(roll, moves);
            return;
        }
        self.generate_moves_sheet(roll, moves);
    }

    /// [`Position::generate_moves`] under the sheet's rules (the caller
    /// knows the ruleset).
    #[inline(always)]
    pub(crate) fn generate_moves_sheet<S: MoveSink>(&self, roll: Roll, moves: &mut S) {
        moves.clear_moves();
        if self.sheet_outcome().is_over() {
            return;
        }
        self.for_each_move::<false>(roll, |mv| {
            moves.push_move(mv);
            false
        });
        if moves.has_no_moves() {
            moves.push_move(Move::Pass);
        }
    }

    /// [`Position::generate_moves`] under the Ludii ruleset (`moves` is
    /// empty).
    fn generate_moves_ludii<S: MoveSink>(&self, roll: Roll, moves: &mut S) {
        if self.ludii_is_over() {
            return;
        }
        if self.state.decision.is_some() {
            self.generate_decisions(moves);
            return;
        }
        self.for_each_move::<true>(roll, |mv| {
            moves.push_move(mv);
            false
        });
        if moves.has_no_moves() {
            moves.push_move(Move::Pass);
        }
    }

    /// The number of legal moves for `roll` (1 for the pass, 0 when the game
    /// is over), without storing them.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Position, Roll};
    /// assert_eq!(Position::default().count_legal_moves(Roll::new(5).unwrap()), 6);
    /// ```
    #[must_use]
    pub fn count_legal_moves(&self, roll: Roll) -> usize {
        if self.rules.is_ludii() {
            if self.ludii_is_over() {
                return 0;
            }
            if self.state.decision.is_some() {
                return self.decision_count();
            }
            return self.count_moves_fast::<true>(roll).max(1) as usize;
        }
        if self.sheet_outcome().is_over() {
            return 0;
        }
        self.count_moves_fast::<false>(roll).max(1) as usize
    }

    /// [`count_legal_moves`](Self::count_legal_moves), with popcnt when the CPU has it.
    #[inline(always)]
    fn count_moves_fast<const LUDII: bool>(&self, roll: Roll) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has popcnt, checked just above.
            return unsafe { self.count_moves_popcnt::<LUDII>(roll) };
        }
        self.count_moves_generic::<LUDII>(roll)
    }

    /// The number of non-pass moves for `roll`, by population counts: the
    /// moves [`for_each_move`](Self::for_each_move) would visit.
    #[inline(always)]
    fn count_moves_generic<const LUDII: bool>(&self, roll: Roll) -> u32 {
        let ctx = self.context::<LUDII>();
        let mut movers = Bitboard::EMPTY;
        for kind in roll.kinds() {
            movers |= self.state.kinds[kind.index()];
        }
        let mut n = 0;
        for from in ctx.own & movers {
            let Some(piece) = self.piece_at(from) else {
                continue;
            };
            let targets = self.targets(&ctx, piece, from);
            if self.special::<LUDII>(piece) {
                let special = (targets & SPECIAL_PROMOTION_SQUARES).count();
                n +=
                    targets.count() - special + special * PieceKind::SPECIAL_PROMOTION.len() as u32;
            } else {
                n += targets.count();
            }
        }
        n
    }

    /// The sum over the four faces of [`count_legal_moves`]
    /// (Self::count_legal_moves): the leaves of perft at depth 1, counted in
    /// one pass over the pieces (at a Ludii promotion decision, which is
    /// not a chance node, its moves once).
    #[inline]
    pub(crate) fn count_legal_moves_all_rolls(&self) -> u64 {
        if self.rules.is_ludii() {
            if self.ludii_is_over() {
                return 0;
            }
            if self.state.decision.is_some() {
                return self.decision_count() as u64;
            }
            return self.count_all_rolls_fast::<true>();
        }
        self.count_legal_moves_all_rolls_sheet()
    }

    /// [`count_legal_moves_all_rolls`](Self::count_legal_moves_all_rolls)
    /// under the sheet's rules (the caller knows the ruleset).
    #[inline(always)]
    pub(crate) fn count_legal_moves_all_rolls_sheet(&self) -> u64 {
        if self.sheet_outcome().is_over() {
            return 0;
        }
        self.count_all_rolls_fast::<false>()
    }

    /// [`count_all_rolls`](Self::count_all_rolls), with popcnt when the CPU
    /// has it.
    #[inline(always)]
    fn count_all_rolls_fast<const LUDII: bool>(&self) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has popcnt, checked just above.
            return unsafe { self.count_all_rolls_popcnt::<LUDII>() };
        }
        self.count_all_rolls::<LUDII>()
    }

    #[inline(always)]
    fn count_all_rolls<const LUDII: bool>(&self) -> u64 {
        let ctx = self.context::<LUDII>();
        // By face - 2 (boat, horse, elephant, raja and pawn).
        let mut counts = [0u32; 4];
        for from in ctx.own {
            let Some(piece) = self.piece_at(from) else {
                continue;
            };
            let targets = self.targets(&ctx, piece, from);
            let n = if self.special::<LUDII>(piece) {
                let special = (targets & SPECIAL_PROMOTION_SQUARES).count();
                targets.count() - special + special * PieceKind::SPECIAL_PROMOTION.len() as u32
            } else {
                targets.count()
            };
            counts[(piece.kind.face() - 2) as usize & 3] += n;
        }
        counts.iter().map(|&n| u64::from(n.max(1))).sum()
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn count_all_rolls_popcnt<const LUDII: bool>(&self) -> u64 {
        self.count_all_rolls::<LUDII>()
    }

    /// [`count_legal_moves`](Self::count_legal_moves) compiled with popcnt.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn count_moves_popcnt<const LUDII: bool>(&self, roll: Roll) -> u32 {
        self.count_moves_generic::<LUDII>(roll)
    }

    /// Whether `mv` is legal for `roll`, checked directly (the list of all
    /// moves is not generated; a `Pass` only needs to find that no other
    /// move exists). While a Ludii promotion decision is pending, whether
    /// `mv` is one of its choices, whatever the roll.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Move, Position, Roll, Rules};
    /// let pos = Position::start(Rules::default());
    /// let two = Roll::new(2).unwrap();
    /// assert!(pos.is_legal(two, "h1f3".parse().unwrap()));
    /// assert!(!pos.is_legal(two, Move::Pass));
    /// assert!(pos.is_legal(Roll::new(4).unwrap(), Move::Pass));
    /// ```
    #[must_use]
    pub fn is_legal(&self, roll: Roll, mv: Move) -> bool {
        if self.rules.is_ludii() {
            if self.ludii_is_over() {
                return false;
            }
            if self.state.decision.is_some() {
                return self.is_legal_decision(mv);
            }
            return self.is_legal_move::<true>(roll, mv);
        }
        if self.sheet_outcome().is_over() {
            return false;
        }
        self.is_legal_move::<false>(roll, mv)
    }

    /// [`Position::is_legal`] in a position that goes on and waits for no
    /// decision, under the ruleset `LUDII`.
    #[inline(always)]
    fn is_legal_move<const LUDII: bool>(&self, roll: Roll, mv: Move) -> bool {
        let (from, to, promotion) = match mv {
            Move::Pass => return !self.for_each_move::<LUDII>(roll, |_| true),
            Move::Normal { from, to } => (from, to, None),
            Move::Promotion { from, to, kind } => (from, to, Some(kind)),
            Move::Decision { .. } => return false,
        };
        let ctx = self.context::<LUDII>();
        if !ctx.own.contains(from) {
            return false;
        }
        let piece = match self.piece_at(from) {
            Some(p) => p,
            None => return false,
        };
        if !roll.allows(piece.kind) || !self.targets(&ctx, piece, from).contains(to) {
            return false;
        }
        let special = self.special::<LUDII>(piece) && SPECIAL_PROMOTION_SQUARES.contains(to);
        match promotion {
            None => !special,
            Some(kind) => special && kind != PieceKind::Pawn,
        }
    }
}
