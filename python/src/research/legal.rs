//! The legal action ids of one game of the batched environment, as it
//! keeps them between steps: what a random draw picks from (in the
//! game's order of its moves), what a chosen id is checked against, and
//! what the game's mask row is written from.
//!
//! Chaturaji keeps a list of ids ([`IdList`]). A Kaissa position has
//! about a hundred moves, and Kaissa keeps one bit per action id
//! ([`KaissaIds`]), set a whole piece at a time: the ids of the moves
//! from one square are consecutive and in the order of their target
//! squares (see [`super::actions`]), so a piece's target set, compressed
//! against every square a piece could reach from its square (`pext`), is
//! the run of its moves' bits.

use std::sync::OnceLock;

use kaissa_chaturaji::kaissa::Position;

use super::{actions, bits};

/// The legal action ids of a game at a player node.
pub trait Legal: Default + Send + Sync {
    /// The number of legal ids.
    fn len(&self) -> usize;

    /// Whether there is none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The legal id at `index` in the game's order of its moves.
    fn get(&self, index: usize) -> Option<u16>;

    /// Whether `id` is legal.
    fn contains(&self, id: u16) -> bool;

    /// Writes the mask row: 1 at each legal id, 0 everywhere else (every
    /// byte of `mask`, whatever it held).
    fn write_mask(&self, mask: &mut [u8]);

    /// The memory these ids take outside the game's own struct, as its
    /// start and length in bytes (for a prefetch; no bytes when none).
    fn heap(&self) -> (*const u8, usize);
}

/// The legal ids as a list, in the game's order.
#[derive(Default)]
pub struct IdList(pub Vec<u16>);

impl Legal for IdList {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn get(&self, index: usize) -> Option<u16> {
        self.0.get(index).copied()
    }

    fn contains(&self, id: u16) -> bool {
        self.0.contains(&id)
    }

    fn write_mask(&self, mask: &mut [u8]) {
        mask.fill(0);
        for &id in &self.0 {
            if let Some(slot) = mask.get_mut(usize::from(id)) {
                *slot = 1;
            }
        }
    }

    fn heap(&self) -> (*const u8, usize) {
        (self.0.as_ptr().cast::<u8>(), 2 * self.0.len())
    }
}

/// 64-bit words of [`KaissaIds`]: room for every Kaissa action id.
const WORDS: usize = 54;

/// The legal ids of a Kaissa position, one bit per id, with the counts a
/// draw in the game's order needs: the position lists its placements
/// first, though their ids come after every line's.
#[derive(Clone)]
pub struct KaissaIds {
    /// Bit `id % 64` of word `id / 64` is set when `id` is legal.
    words: [u64; WORDS],
    /// The number of legal ids.
    count: u16,
    /// How many of them are placements.
    placements: u16,
}

impl Default for KaissaIds {
    fn default() -> KaissaIds {
        KaissaIds {
            words: [0; WORDS],
            count: 0,
            placements: 0,
        }
    }
}

/// The line ids of the moves from one square.
#[derive(Clone, Copy, Default)]
struct Origin {
    /// Every square a piece could reach from this one (the lines through
    /// it and the Tarnsman's leaps), bits 0 to 63 of its set.
    reach_low: u64,
    /// The same, squares 64 to 99.
    reach_high: u64,
    /// The number of squares in `reach_low`.
    low_count: u32,
    /// The id of the move to the lowest square of the reach.
    first: u16,
}

/// The origins of the 100 squares, built once from the id table.
fn origins() -> &'static [Origin; 100] {
    static ORIGINS: OnceLock<[Origin; 100]> = OnceLock::new();
    ORIGINS.get_or_init(|| {
        let mut origins = [Origin::default(); 100];
        for (from, origin) in origins.iter_mut().enumerate() {
            let mut reach = 0u128;
            for to in 0..100 {
                if let Some(id) = actions::kaissa_line_id(from, to) {
                    if reach == 0 {
                        origin.first = id;
                    }
                    reach |= 1u128 << to;
                }
            }
            origin.reach_low = reach as u64;
            origin.reach_high = (reach >> 64) as u64;
            origin.low_count = origin.reach_low.count_ones();
        }
        origins
    })
}

/// Whether the CPU has BMI2's `pext` and `pdep`, and popcnt (cached by
/// the standard library after the first call).
#[inline(always)]
fn has_bmi2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("bmi2") && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The squares of `targets` (all within the reach of `from`) as a run of
/// bits, bit `k` for the `k`-th square of the reach: target by target.
fn compress_plain(from: usize, targets: u128) -> u64 {
    let first = origins()[from].first;
    let mut run = 0u64;
    let mut bits = targets;
    while bits != 0 {
        let to = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if let Some(id) = actions::kaissa_line_id(from, to) {
            run |= 1u64 << (id - first);
        }
    }
    run
}

/// [`compress_plain`] with two `pext`.
///
/// # Safety
/// The CPU must have BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
unsafe fn compress_bmi2(origin: &Origin, targets: u128) -> u64 {
    use core::arch::x86_64::_pext_u64;
    let low = _pext_u64(targets as u64, origin.reach_low);
    let high = _pext_u64((targets >> 64) as u64, origin.reach_high);
    low | high << origin.low_count
}

/// The target sets [`KaissaIds::refill`] gathers before it adds them.
const GATHERED: usize = 32;

/// The origin a gathered target set of placements has.
const PLACEMENTS: u8 = u8::MAX;

impl KaissaIds {
    /// Refills the ids with those of the legal moves of `pos`.
    pub fn refill(&mut self, pos: &Position) {
        self.refill_with(pos, has_bmi2());
    }

    /// [`refill`](Self::refill), with `pext` when `bmi2` (which the CPU
    /// must then have) or target by target. The generator's target sets
    /// are gathered a few at a time and added together: the generator
    /// then inlines its small closure and keeps its own bit instructions,
    /// and the adding has BMI2's.
    fn refill_with(&mut self, pos: &Position, bmi2: bool) {
        self.words = [0; WORDS];
        self.count = 0;
        self.placements = 0;
        let mut squares = [0u8; GATHERED];
        let mut targets = [0u128; GATHERED];
        let mut gathered = 0;
        pos.for_each_target_set_by_kind(|from, set| {
            if gathered == GATHERED {
                self.add_sets(&squares, &targets, bmi2);
                gathered = 0;
            }
            squares[gathered] = from.map_or(PLACEMENTS, |square| square.index());
            targets[gathered] = set.bits();
            gathered += 1;
        });
        self.add_sets(&squares[..gathered], &targets[..gathered], bmi2);
    }

    /// Adds the target sets from `squares` (or of placements).
    fn add_sets(&mut self, squares: &[u8], targets: &[u128], bmi2: bool) {
        #[cfg(target_arch = "x86_64")]
        if bmi2 {
            // SAFETY: the CPU has BMI2 and popcnt (the caller's word).
            unsafe { self.add_sets_bmi2(squares, targets) };
            return;
        }
        let _ = bmi2;
        for (&square, &set) in squares.iter().zip(targets) {
            self.add_set(square, set, |from, _origin, set| compress_plain(from, set));
        }
    }

    /// [`add_sets`](Self::add_sets) with `pext` and popcnt.
    ///
    /// # Safety
    /// The CPU must have BMI2 and popcnt.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,popcnt")]
    unsafe fn add_sets_bmi2(&mut self, squares: &[u8], targets: &[u128]) {
        for (&square, &set) in squares.iter().zip(targets) {
            // SAFETY: the CPU has BMI2 (the caller's word).
            self.add_set(square, set, |_from, origin, set| unsafe {
                compress_bmi2(origin, set)
            });
        }
    }

    /// Adds the target set `targets` of the piece on `square` (or of the
    /// placements), compressed against its reach with `compress`.
    #[inline(always)]
    fn add_set(
        &mut self,
        square: u8,
        targets: u128,
        compress: impl Fn(usize, &Origin, u128) -> u64,
    ) {
        let count = targets.count_ones() as u16;
        self.count += count;
        if square == PLACEMENTS {
            // The placement slots: files a to j of rank 1, then of rank
            // 10 (squares 0 to 9 and 90 to 99).
            self.placements = count;
            let first = actions::kaissa_first_placement();
            self.set_run(first, targets as u64 & 0x3ff);
            self.set_run(first + 10, (targets >> 90) as u64 & 0x3ff);
            return;
        }
        let from = usize::from(square);
        let Some(origin) = origins().get(from) else {
            return;
        };
        self.set_run(origin.first, compress(from, origin, targets));
    }

    /// Sets the bits of `run` from bit `first` on.
    #[inline(always)]
    fn set_run(&mut self, first: u16, run: u64) {
        bits::set_run(&mut self.words, usize::from(first), run);
    }

    /// The id of the `rank`-th set bit (from 0, lowest first).
    #[inline(always)]
    fn select_plain(&self, mut rank: usize) -> Option<u16> {
        for (i, &word) in self.words.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if rank < ones {
                let mut bits = word;
                for _ in 0..rank {
                    bits &= bits - 1;
                }
                return Some((64 * i) as u16 + bits.trailing_zeros() as u16);
            }
            rank -= ones;
        }
        None
    }

    /// [`select_plain`](Self::select_plain) with popcnt and `pdep`.
    ///
    /// # Safety
    /// The CPU must have BMI2 and popcnt.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,popcnt")]
    unsafe fn select_bmi2(&self, mut rank: usize) -> Option<u16> {
        use core::arch::x86_64::_pdep_u64;
        for (i, &word) in self.words.iter().enumerate() {
            let ones = word.count_ones() as usize;
            if rank < ones {
                let bit = _pdep_u64(1u64 << rank, word);
                return Some((64 * i) as u16 + bit.trailing_zeros() as u16);
            }
            rank -= ones;
        }
        None
    }

    /// The id of the `rank`-th set bit, with `pdep` when `bmi2`.
    fn select(&self, rank: usize, bmi2: bool) -> Option<u16> {
        #[cfg(target_arch = "x86_64")]
        if bmi2 {
            // SAFETY: the CPU has BMI2 and popcnt (the caller's word).
            return unsafe { self.select_bmi2(rank) };
        }
        let _ = bmi2;
        self.select_plain(rank)
    }

    /// [`Legal::get`], with `pdep` when `bmi2`.
    fn get_with(&self, index: usize, bmi2: bool) -> Option<u16> {
        let (count, placements) = (usize::from(self.count), usize::from(self.placements));
        if index >= count {
            return None;
        }
        // Placements first, as the position lists them: their bits are
        // the last `placements` set.
        let rank = if index < placements {
            count - placements + index
        } else {
            index - placements
        };
        self.select(rank, bmi2)
    }
}

impl Legal for KaissaIds {
    fn len(&self) -> usize {
        usize::from(self.count)
    }

    fn get(&self, index: usize) -> Option<u16> {
        self.get_with(index, has_bmi2())
    }

    fn contains(&self, id: u16) -> bool {
        self.words
            .get(usize::from(id / 64))
            .is_some_and(|&word| word >> (id % 64) & 1 == 1)
    }

    fn write_mask(&self, mask: &mut [u8]) {
        bits::expand(&self.words, mask);
    }

    fn heap(&self) -> (*const u8, usize) {
        (std::ptr::null(), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaissa_chaturaji::kaissa::{Bitboard, MoveList};
    use kaissa_chaturaji::random::{RandomSource, SplitMix64};

    #[test]
    fn every_id_has_a_bit() {
        assert!(64 * WORDS >= actions::kaissa_actions());
    }

    #[test]
    fn the_ids_from_a_square_are_one_run() {
        // What the compressed target sets rely on: the k-th square of a
        // square's reach has the id `first + k`, and a reach fits a word.
        for (from, origin) in origins().iter().enumerate() {
            let reach = u128::from(origin.reach_low) | u128::from(origin.reach_high) << 64;
            assert!(reach.count_ones() <= 64, "square {from}");
            let reach = Bitboard::from_bits(reach).expect("on the board");
            for (k, to) in reach.iter().enumerate() {
                let id = actions::kaissa_line_id(from, usize::from(to.index()));
                assert_eq!(id, Some(origin.first + k as u16), "{from} to {to}");
            }
        }
    }

    /// Checks `ids` against the move list of `pos`, the plain way: the
    /// same ids in the same order, the same membership of every id, and
    /// the mask written from the list.
    fn agrees_with_the_move_list(pos: &Position, ids: &KaissaIds, bmi2: bool) {
        let mut list = MoveList::new();
        pos.generate_moves(&mut list);
        let mut expected = Vec::new();
        actions::kaissa_ids(&list, &mut expected);
        assert_eq!(ids.len(), expected.len(), "{pos}");
        let listed: Vec<u16> = (0..ids.len() + 1)
            .filter_map(|i| ids.get_with(i, bmi2))
            .collect();
        assert_eq!(listed, expected, "{pos}");
        let all = actions::kaissa_actions();
        let mut mask = vec![7u8; all];
        ids.write_mask(&mut mask);
        let mut plain = vec![0u8; all];
        for &id in &expected {
            plain[usize::from(id)] = 1;
        }
        assert_eq!(mask, plain, "{pos}");
        for id in 0..all as u16 + 64 {
            assert_eq!(ids.contains(id), expected.contains(&id), "{pos} {id}");
        }
    }

    #[test]
    fn the_bits_are_the_ids_of_the_move_list() {
        // Random games through the Home Stone window and to their end,
        // with `pext` and target by target alike.
        let ways: &[bool] = if has_bmi2() { &[false, true] } else { &[false] };
        let mut rng = SplitMix64::new(3);
        let mut list = MoveList::new();
        for game in 0..24 {
            let mut pos = Position::start();
            for _ply in 0..400 {
                for &bmi2 in ways {
                    let mut ids = KaissaIds::default();
                    ids.refill_with(&pos, bmi2);
                    agrees_with_the_move_list(&pos, &ids, bmi2);
                }
                pos.generate_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                // Some games take the first move often: long games, with
                // pieces crowded in the corners of the id table.
                let pick = if game % 3 == 0 && rng.below(2) == 0 {
                    0
                } else {
                    rng.below(list.len() as u64) as usize
                };
                pos.play_unchecked(list[pick]);
            }
        }
    }
}
