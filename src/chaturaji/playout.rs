//! The seeded random game under the sheet's rules, fast: the loop of
//! [`play_seeded_game`](super::play_seeded_game) (so of the playouts).
//!
//! Each ply draws the same words and plays the same move as the reference
//! path (`roll_with`, then [`Position::choose_move_unchecked`] and
//! [`Position::apply_sheet`]), which the tests compare it with ply by ply.
//! What makes it cheaper (measured in BENCHMARKS.md):
//!
//! - the die's face picks a loop by two binary branches (rajas and pawns;
//!   elephants; boats and horses sharing one loop), each loop knowing the
//!   kinds it moves: no per-piece dispatch on the kind (an indirect jump
//!   the branch predictor mostly missed) and no four-way jump on the face
//!   (missed three times in four: the face is random);
//! - the `k`-th move is found with one `pdep` when the CPU has BMI2, its
//!   piece by counting the pieces' first-move indices, without a branch
//!   on `k`;
//! - a move is played from what the choice already knows (the piece's
//!   colour and kind; a captured piece is read from the bitboards without a
//!   search), with the hash kept up to date; only a roll that may offer a
//!   special promotion (a colour with one pawn and one boat, rare) takes
//!   the reference path;
//! - promotion, boat triumph and throne conquest are tested by rare
//!   conditions (a far-edge square, three boats around, the ally's
//!   throne), not by branches on the random kind;
//! - the loop keeps its buffers, the seats in play, who commands whom,
//!   whether an alliance has won and which colours may promote specially
//!   between plies (they change only with a capture or a conquest).

use super::dice::{GamePly, Roll};
use super::moves::Move;
use super::outcome::Outcome;
use super::piece::{Colour, Piece, PieceKind};
use super::position::Position;
use super::tables::{
    promotion_kind, BOAT_MOVES, HORSE_MOVES, PAWN_CAPTURES, PAWN_STEPS, PROMOTION_SQUARES,
    RAJA_MOVES, RAYS, THRONES,
};
use super::zobrist;
use super::{Bitboard, Square};
use crate::random::{RandomSource, SplitMix64};

/// The squares an elephant on `from` reaches (as
/// [`elephant_reach`](super::movegen::elephant_reach)): along each
/// orthogonal ray up to and including the first occupied square, without a
/// branch. A sentinel blocker on h8 (63) or a1 (0), whose rays in that
/// direction are empty, stands for "no blocker": the whole ray is reached.
/// (Perft keeps the branching form, which its positions predict well and
/// which takes fewer instructions there.)
#[inline(always)]
fn elephant_reach(from: Square, occupied: Bitboard) -> Bitboard {
    let mut reach = 0;
    for (d, rays) in RAYS.iter().enumerate() {
        let ray = rays[from.index()].0;
        let blockers = ray & occupied.0;
        // N and E rays go up in index, S and W down.
        let first = if d < 2 {
            (blockers | 1 << 63).trailing_zeros()
        } else {
            63 - (blockers | 1).leading_zeros()
        };
        reach |= ray ^ rays[first as usize & 63].0;
    }
    Bitboard(reach)
}

/// The kinds each face moves, by face - 2 (two for the 5, the same one
/// twice otherwise).
const FACE_KINDS: [[usize; 2]; 4] = [[3, 3], [2, 2], [1, 1], [0, 4]];

/// The most pieces one seat commands (two armies of eight).
const MAX_MOVERS: usize = 16;

/// The pieces that may move for the roll, in square order, with their
/// target sets (possibly empty), and the number of moves in all.
struct Movers {
    from: [u8; MAX_MOVERS],
    targets: [u64; MAX_MOVERS],
    /// The moves of the pieces before each (its first move's index).
    start: [u32; MAX_MOVERS],
    len: usize,
    total: u32,
}

impl Movers {
    #[inline(always)]
    fn new() -> Movers {
        Movers {
            from: [0; MAX_MOVERS],
            targets: [0; MAX_MOVERS],
            start: [0; MAX_MOVERS],
            len: 0,
            total: 0,
        }
    }

    /// Empties the list (the arrays are kept: only `len` entries count).
    #[inline(always)]
    fn clear(&mut self) {
        self.len = 0;
        self.total = 0;
    }

    #[inline(always)]
    fn push(&mut self, from: Square, targets: Bitboard) {
        let i = self.len & (MAX_MOVERS - 1);
        self.from[i] = from.index() as u8;
        self.targets[i] = targets.0;
        self.start[i] = self.total;
        self.len += 1;
        self.total += targets.0.count_ones();
    }

    /// The `k`-th move (`k` below `self.total`) as (from, to), in the order
    /// of the move list (by from square, then to square).
    #[inline(always)]
    fn nth<const BMI2: bool>(&self, k: u32) -> (Square, Square) {
        // The last piece whose first move is at most `k` (one with no move
        // shares its start with the next, so it is passed over): counted
        // without a branch on `k`, which comes last in the ply.
        let mut i = 0;
        for j in 1..self.len.min(MAX_MOVERS) {
            i += usize::from(self.start[j] <= k);
        }
        let i = i & (MAX_MOVERS - 1);
        let from = Square::from_index(self.from[i]);
        let to = select::<BMI2>(self.targets[i], k - self.start[i]);
        (from, Square::from_index(to))
    }
}

/// The index of the `k`-th lowest set bit of `bits` (`k` below its
/// population count).
#[inline(always)]
fn select<const BMI2: bool>(bits: u64, k: u32) -> u8 {
    #[cfg(target_arch = "x86_64")]
    if BMI2 {
        // SAFETY: `BMI2` is true only inside `sheet_game_x86`, which is
        // entered only when the CPU has BMI2.
        let bit = unsafe { core::arch::x86_64::_pdep_u64(1u64 << (k & 63), bits) };
        return (bit.trailing_zeros() & 63) as u8;
    }
    let mut bits = bits;
    for _ in 0..k {
        bits &= bits.wrapping_sub(1);
    }
    (bits.trailing_zeros() & 63) as u8
}

/// The next seat in play after each seat, by the set of seats in play
/// (bit `i` for seat `i`): as [`Position::next_seat_after`], the seat
/// itself when no other is in play.
static NEXT_SEAT: [[Colour; 4]; 16] = {
    let mut table = [[Colour::Red; 4]; 16];
    let mut in_play = 0;
    while in_play < 16 {
        let mut seat = 0;
        while seat < 4 {
            let mut step = 1;
            while step < 4 && in_play & (1 << ((seat + step) & 3)) == 0 {
                step += 1;
            }
            table[in_play][seat] = Colour::from_index(seat + step);
            seat += 1;
        }
        in_play += 1;
    }
    table
};

/// What the loop keeps from ply to ply: the movers' buffers, and what
/// changes only with a capture or a throne conquest (then refreshed by
/// [`Scratch::refresh`]).
struct Scratch {
    movers: Movers,
    /// The seats in play (bit `i` for seat `i`).
    in_play: usize,
    /// For each seat, the colours whose armies it commands (bit `i` for
    /// colour `i`).
    commands: [u8; 4],
    /// Whether an alliance has won (no piece of either opponent left).
    won: bool,
    /// The colours that may have exactly one pawn and one boat and no
    /// other piece (bit `i` for colour `i`): every such colour, and maybe
    /// some that no longer have (a promotion since the refresh), for which
    /// the reference path, exact, is taken needlessly. A colour comes to
    /// one pawn and one boat only by losing a piece: a capture, after which
    /// the loop refreshes.
    special: u8,
}

impl Scratch {
    /// Reads the command and the colours left from `position`.
    #[inline(always)]
    fn refresh(&mut self, position: &Position) {
        self.in_play = position.seats_in_play();
        let mut commands = [0u8; 4];
        for (colour, commander) in position.state.command.iter().enumerate() {
            if let Some(seat) = commander {
                commands[seat.index()] |= 1 << colour;
            }
        }
        self.commands = commands;
        let c = &position.state.colours;
        self.won = matches!(position.sheet_outcome(), Outcome::AllianceWins(_));
        let k = &position.state.kinds;
        let (pawns, boats) = (k[PieceKind::Pawn.index()], k[PieceKind::Boat.index()]);
        let mut special = 0;
        for (colour, &mine) in c.iter().enumerate() {
            if mine.count() == 2 && (mine & pawns).count() == 1 && (mine & boats).count() == 1 {
                special |= 1 << colour;
            }
        }
        self.special = special;
    }
}

impl Position {
    /// The seats in play as bits (bit `i` for seat `i`): the commanders.
    #[inline(always)]
    fn seats_in_play(&self) -> usize {
        let mut bits = 0usize;
        for commander in self.state.command {
            // `None` (4) sets bit 4, cut off below.
            bits |= 1 << commander.map_or(4, Colour::index);
        }
        bits & 15
    }

    /// Whether the game is over under the sheet's rules (the same as
    /// `self.sheet_outcome().is_over()`): an alliance has won (`won`, kept
    /// by the loop), or the draw rule applies (`limit`: the draw limit, or
    /// `u64::MAX`, which no count reaches, for none).
    #[inline(always)]
    fn sheet_is_over(&self, won: bool, limit: u64) -> bool {
        won | (u64::from(self.state.quiet) >= limit)
    }

    /// One ply of the seeded game under the sheet's rules, on a position
    /// whose game is not over: the die, the choice and the move, exactly
    /// as `roll_with`, [`Position::choose_move_unchecked`] and
    /// [`Position::apply_sheet`] (the same words drawn).
    ///
    /// Longer than the house limit on purpose: it is the playout hot loop's
    /// body, and keeping the die, the choice and the move in one function
    /// lets the compiler keep the position's sets in registers across them
    /// (measured in BENCHMARKS.md, "Playouts: the tuned loops against the plain loop").
    #[inline(always)]
    fn sheet_random_ply<const BMI2: bool>(
        &mut self,
        rng: &mut SplitMix64,
        scratch: &mut Scratch,
    ) -> (Roll, Move) {
        // `roll_with` is `Roll::ALL[below(4)]`, and `below(4)` is the top
        // two bits of one word (4 divides 2^64: never a rejection).
        let face = (rng.next_u64() >> 62) as usize;
        let roll = Roll::ALL[face & 3];
        let st = &self.state;
        let seat = st.to_move;
        let s = seat.index();
        let ally = self.rules.ally(seat);
        let a = ally.index();
        let c = &st.colours;
        let k = &st.kinds;
        // The armies the seat commands: its own and, after a conquest, its
        // ally's (`commanded`, from the kept masks).
        let commands = u64::from(scratch.commands[s]);
        let own = Bitboard(
            (c[s].0 & 0u64.wrapping_sub((commands >> s) & 1))
                | (c[a].0 & 0u64.wrapping_sub((commands >> a) & 1)),
        );
        // Nearly half the rolls name a kind the seat has no piece of: the
        // pass, before anything else is computed.
        let [ka, kb] = FACE_KINDS[face & 3];
        if (own & (k[ka] | k[kb])).is_empty() {
            // The list holds the single pass: `below(1)` still draws.
            rng.next_u64();
            self.state.quiet = self.state.quiet.saturating_add(1);
            self.end_ply(scratch.in_play);
            return (roll, Move::Pass);
        }
        let occupied = c[0] | c[1] | c[2] | c[3];
        let empty = !occupied;
        let opponents = occupied & !(c[s] | c[a]);
        let open = empty | opponents;
        let mine = c[s];
        let movers = &mut scratch.movers;
        movers.clear();
        // The kind that moves, and for the 5 the rajas among the movers.
        // Two binary branches on the (random) face rather than a four-way
        // jump, which the branch predictor misses three times in four:
        // the boat and the horse share a loop (a leap table and what it
        // may land on, picked by the face).
        let (kind, rajas) = if face & 3 == 3 {
            // A colour with one pawn and one boat may promote
            // specially (four moves per square): the reference path.
            if (scratch.special >> s | scratch.special >> a) & 1 != 0 {
                let mv = self.choose_move_unchecked(roll, rng);
                self.apply_sheet(mv);
                scratch.refresh(self);
                return (roll, mv);
            }
            let rajas = k[PieceKind::Raja.index()];
            let pawns = k[PieceKind::Pawn.index()];
            let pawn_prey = opponents & (pawns | k[PieceKind::Boat.index()]);
            let pieces = own & (rajas | pawns);
            let push = |movers: &mut Movers, from: Square, colour: usize| {
                let f = from.index();
                let pawn = (PAWN_STEPS[colour][f] & empty) | (PAWN_CAPTURES[colour][f] & pawn_prey);
                let raja = RAJA_MOVES[f] & open;
                // A select without a branch: the kind is random.
                let is_raja = 0u64.wrapping_sub((rajas.0 >> f) & 1);
                movers.push(from, Bitboard(pawn.0 ^ ((pawn.0 ^ raja.0) & is_raja)));
            };
            if (pieces & c[a]).is_empty() {
                // The usual case: the seat's own army only, one colour.
                for from in pieces {
                    push(movers, from, s);
                }
            } else {
                for from in pieces {
                    let colour = if mine.contains(from) { s } else { a };
                    push(movers, from, colour);
                }
            }
            (PieceKind::Pawn, rajas)
        } else if face & 3 == 2 {
            for from in own & k[PieceKind::Elephant.index()] {
                movers.push(from, elephant_reach(from, occupied) & open);
            }
            (PieceKind::Elephant, Bitboard::EMPTY)
        } else {
            // Face 2 (index 0): boats, landing on empty squares and
            // opponents' pawns; face 3 (index 1): horses, on any open square.
            let horse = face & 1 == 1;
            let boat_land = empty | (opponents & k[PieceKind::Pawn.index()]);
            let land = if horse { open } else { boat_land };
            let kind = if horse {
                PieceKind::Horse
            } else {
                PieceKind::Boat
            };
            let leaps = if horse { &HORSE_MOVES } else { &BOAT_MOVES };
            for from in own & k[kind.index()] {
                movers.push(from, leaps[from.index()] & land);
            }
            (kind, Bitboard::EMPTY)
        };
        if movers.total == 0 {
            // The list holds the single pass: `below(1)` still draws.
            rng.next_u64();
            self.state.quiet = self.state.quiet.saturating_add(1);
            self.end_ply(scratch.in_play);
            return (roll, Move::Pass);
        }
        let (from, to) = movers.nth::<BMI2>(rng.below(u64::from(movers.total)) as u32);
        let kind = if rajas.contains(from) {
            PieceKind::Raja
        } else {
            kind
        };
        let colour = if mine.contains(from) { seat } else { ally };
        if self.normal_move(colour, kind, from, to) {
            scratch.refresh(self);
        }
        self.end_ply(scratch.in_play);
        (roll, Move::Normal { from, to })
    }

    /// The piece on `square`, which holds one: read from the bitboards
    /// without a search (exactly one colour set and one kind set hold it).
    #[inline(always)]
    fn occupant(&self, square: Square) -> Piece {
        let bit = |bb: Bitboard| ((bb.0 >> square.index()) & 1) as usize;
        let (c, k) = (&self.state.colours, &self.state.kinds);
        let colour = bit(c[1]) | (bit(c[2]) * 2) | (bit(c[3]) * 3);
        let kind = bit(k[1]) | (bit(k[2]) * 2) | (bit(k[3]) * 3) | (bit(k[4]) * 4);
        Piece::new(Colour::from_index(colour), PieceKind::ALL[kind.min(4)])
    }

    /// The end of every ply: the ply counter, and the turn to the next seat
    /// in play (`in_play`, the seats in play now).
    #[inline(always)]
    fn end_ply(&mut self, in_play: usize) {
        self.state.ply = self.state.ply.saturating_add(1);
        let seat = self.state.to_move;
        let next = NEXT_SEAT[in_play & 15][seat.index()];
        self.set_to_move(next);
    }

    /// Plays the normal move of `colour`'s `kind` from `from` to `to` (a
    /// legal move for the seat to move that is no special promotion), as
    /// [`Position::apply_sheet`] does, but for the end of the ply
    /// ([`Position::end_ply`]). Returns whether the command or the colours
    /// on the board may have changed (a capture, or a raja on its ally's
    /// throne).
    #[inline(always)]
    fn normal_move(&mut self, colour: Colour, kind: PieceKind, from: Square, to: Square) -> bool {
        let ci = colour.index();
        let (from_bb, to_bb) = (from.bitboard(), to.bitboard());
        let occupied = {
            let c = &self.state.colours;
            c[0] | c[1] | c[2] | c[3]
        };
        let mut captured = false;
        let mut released = [false; 4];
        if occupied.contains(to) {
            let victim = self.occupant(to);
            self.remove(victim.colour, victim.kind, to);
            captured = true;
            self.note_capture(victim, &mut released);
        }
        // Rare conditions, tested without a branch on the (random) kind.
        let promoted = (kind == PieceKind::Pawn)
            & PROMOTION_SQUARES[ci].contains(to)
            & self.state.lost_pawn[ci];
        let new_kind = if promoted { promotion_kind(to) } else { kind };
        let st = &mut self.state;
        st.colours[ci] ^= from_bb | to_bb;
        st.kinds[kind.index()] ^= from_bb;
        st.kinds[new_kind.index()] |= to_bb;
        st.hash ^= zobrist::piece(ci, kind.index(), from.index())
            ^ zobrist::piece(ci, new_kind.index(), to.index());
        // A boat triumph needs three more boats next to `to`.
        let boats = self.state.kinds[PieceKind::Boat.index()];
        if (kind == PieceKind::Boat) & ((RAJA_MOVES[to.index()] & boats).count() >= 3) {
            let victims = self.triumph_victims(to);
            if !victims.is_empty() {
                captured = true;
                for sq in victims {
                    let boat = self.occupant(sq);
                    self.remove(boat.colour, boat.kind, sq);
                }
            }
        }
        // A conquest needs a raja on its ally's throne.
        let mut conquest = false;
        if (kind == PieceKind::Raja) & (to == THRONES[self.rules.ally(colour).index()]) {
            self.conquer(colour, to);
            conquest = true;
        }
        if captured {
            // Only a capture releases waiting pawns or puts a colour out.
            self.after_capture(released);
            self.state.quiet = 0;
        } else {
            self.state.quiet = self.state.quiet.saturating_add(1);
        }
        captured | conquest
    }
}

/// The loop of [`play_seeded_game`](super::play_seeded_game) under the
/// sheet's rules: at most `max_plies` plies while the game goes on,
/// `on_ply` after each.
pub(crate) fn sheet_game(
    position: &mut Position,
    rng: &mut SplitMix64,
    max_plies: u32,
    on_ply: impl FnMut(GamePly, &Position),
) {
    #[cfg(target_arch = "x86_64")]
    if fast_bit_instructions() {
        // SAFETY: the CPU has these features (`fast_bit_instructions`).
        return unsafe { sheet_game_x86(position, rng, max_plies, on_ply) };
    }
    sheet_game_body::<false>(position, rng, max_plies, on_ply);
}

/// Whether the CPU has popcnt, tzcnt, lzcnt and pdep, with a fast `pdep`:
/// AMD's processors before Zen 3 (family 0x17 and older) run it in
/// microcode, hundreds of cycles for a few set bits, so they take the
/// portable loop. Read once and kept (the `cpuid` behind it can be slow
/// under a hypervisor).
#[cfg(target_arch = "x86_64")]
fn fast_bit_instructions() -> bool {
    use core::sync::atomic::{AtomicU8, Ordering};
    /// 0: not read yet; 1: no; 2: yes.
    static FAST: AtomicU8 = AtomicU8::new(0);
    match FAST.load(Ordering::Relaxed) {
        1 => return false,
        2 => return true,
        _ => {}
    }
    let has = std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("lzcnt");
    let fast = has && !slow_pdep();
    FAST.store(if fast { 2 } else { 1 }, Ordering::Relaxed);
    fast
}

/// Whether this is an AMD processor of family 0x17 or older (Zen 2 and
/// before), whose `pdep` is microcoded.
#[cfg(target_arch = "x86_64")]
fn slow_pdep() -> bool {
    use core::arch::x86_64::__cpuid;
    // SAFETY: `cpuid` exists on every x86_64 processor.
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1)) };
    // "AuthenticAMD": "Auth" in ebx, "enti" in edx, "cAMD" in ecx.
    let amd = vendor.ebx == 0x6874_7541 && vendor.edx == 0x6974_6e65 && vendor.ecx == 0x444d_4163;
    let base = (signature.eax >> 8) & 0xf;
    let family = if base == 0xf {
        base + ((signature.eax >> 20) & 0xff)
    } else {
        base
    };
    amd && family <= 0x17
}

/// [`sheet_game`] compiled with popcnt, tzcnt, lzcnt and pdep.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
unsafe fn sheet_game_x86(
    position: &mut Position,
    rng: &mut SplitMix64,
    max_plies: u32,
    on_ply: impl FnMut(GamePly, &Position),
) {
    sheet_game_body::<true>(position, rng, max_plies, on_ply);
}

#[inline(always)]
fn sheet_game_body<const BMI2: bool>(
    position: &mut Position,
    rng: &mut SplitMix64,
    max_plies: u32,
    mut on_ply: impl FnMut(GamePly, &Position),
) {
    let mut scratch = Scratch {
        movers: Movers::new(),
        in_play: 0,
        commands: [0; 4],
        won: false,
        special: 0,
    };
    scratch.refresh(position);
    let limit = position.rules.draw_limit.map_or(u64::MAX, u64::from);
    for _ in 0..max_plies {
        if position.sheet_is_over(scratch.won, limit) {
            break;
        }
        let seat = position.state.to_move;
        let (roll, mv) = position.sheet_random_ply::<BMI2>(rng, &mut scratch);
        on_ply(
            GamePly {
                seat,
                roll: Some(roll),
                mv,
            },
            position,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaturaji::{roll_with, Alliances, Rules};

    /// The seeded game the reference way: `roll_with`, the list-free
    /// choice of `choose_move` and the generic move.
    fn reference_game(start: &Position, seed: u64, max_plies: u32) -> Vec<(Roll, Move, Position)> {
        let mut rng = SplitMix64::new(seed);
        let mut pos = start.clone();
        let mut plies = Vec::new();
        while plies.len() < max_plies as usize && !pos.sheet_outcome().is_over() {
            let roll = roll_with(&mut rng);
            let mv = pos.choose_move_unchecked(roll, &mut rng);
            pos.apply_sheet(mv);
            plies.push((roll, mv, pos.clone()));
        }
        plies
    }

    /// Both compiled forms of the loop (the portable one, which this CPU
    /// may never take, and the one with BMI2 when the CPU has it) play the
    /// reference games ply by ply.
    #[test]
    fn both_forms_play_the_reference_games() {
        let mut starts = vec![
            Position::start(Rules::default()),
            Position::start(Rules::default().with_alliances(Alliances::Opposite)),
        ];
        for text in [
            "8/8/8/8/6,bB,rB/6,yB,1/7,gP/gB,7 g rbyg - - 3 50",
            "4,bK,3/8/8/yK,4,gH,2/8/2,gP,5/8/3,rK,4 r rbyr - - 11 61",
        ] {
            starts.push(Position::from_text(text, Rules::default()).unwrap());
        }
        for start in &starts {
            for seed in 0..40 {
                let expected = reference_game(start, seed, 2_000);
                let check = |got: Vec<(Roll, Move, Position)>| {
                    assert_eq!(got.len(), expected.len(), "{start} seed {seed}");
                    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
                        assert_eq!(g, e, "{start} seed {seed} ply {i}");
                    }
                };
                let mut pos = start.clone();
                let mut got = Vec::new();
                sheet_game_body::<false>(
                    &mut pos,
                    &mut SplitMix64::new(seed),
                    2_000,
                    |p, after| {
                        got.push((p.roll.unwrap(), p.mv, after.clone()));
                    },
                );
                check(got);
                // Both forms are tested where the CPU has the instructions,
                // a slow pdep or not.
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("lzcnt")
                {
                    let mut pos = start.clone();
                    let mut got = Vec::new();
                    // SAFETY: the CPU has these features, checked above.
                    unsafe {
                        sheet_game_x86(&mut pos, &mut SplitMix64::new(seed), 2_000, |p, after| {
                            got.push((p.roll.unwrap(), p.mv, after.clone()));
                        });
                    }
                    check(got);
                }
            }
        }
    }
}
