//! Proof that the hot path never touches the heap: a counting global
//! allocator around random games of move generation, legality checks, play,
//! undo and perft. Allocations are counted per thread, so the test harness's
//! own threads do not disturb the count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use kaissa_chaturaji::kaissa::{self, Move, MoveList, Position, Square};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: the slot may be gone while a thread shuts down.
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Runs `work` and returns how many allocations it made.
fn allocations_during(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    work();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn kaissa_hot_path_does_not_allocate() {
    let start = Position::start();
    let mut pos = start.clone();
    let mut rng = SplitMix64::new(2024);
    let mut plies = 0usize;
    let allocations = allocations_during(|| {
        let mut moves = MoveList::new();
        while plies < 10_000 {
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                pos = start.clone(); // a plain copy: no heap
                continue;
            }
            for (i, from) in Square::all().enumerate().step_by(7) {
                let to = Square::new(((i * 13) % 100) as u8).unwrap();
                if to != from {
                    let _ = pos.is_legal(Move::Normal { from, to });
                }
            }
            let _ = pos.home_stone_window(pos.side_to_move());
            let _ = pos.outcome();
            let mv = moves[rng.below(moves.len() as u64) as usize];
            if plies % 50 == 0 {
                let _ = kaissa::perft(&mut pos, 2);
                let _ = kaissa::perft_full(&mut pos, 1);
            }
            let undo = pos.play(mv);
            if plies % 3 == 0 {
                pos.undo(undo);
                pos.play(mv);
            }
            plies += 1;
        }
    });
    assert!(plies >= 10_000);
    assert_eq!(allocations, 0, "the Kaissa hot path allocated");
}

#[test]
fn chaturaji_hot_path_does_not_allocate() {
    use kaissa_chaturaji::chaturaji::{
        self as ch, roll_with, Alliances, DiceRoller, Move as CMove, MoveList as CMoveList, Roll,
        Rules,
    };
    for alliances in [Alliances::Sheet, Alliances::Opposite] {
        let start = ch::Position::start(Rules {
            alliances,
            ..Rules::default()
        });
        let mut pos = start.clone();
        let mut rng = SplitMix64::new(77);
        let mut roller = DiceRoller::new(5);
        let mut plies = 0usize;
        let allocations = allocations_during(|| {
            let mut moves = CMoveList::new();
            while plies < 10_000 {
                if pos.is_finished() {
                    pos = start.clone();
                    continue;
                }
                for roll in Roll::ALL {
                    pos.legal_moves(roll, &mut moves);
                    for &mv in &moves {
                        assert!(pos.is_legal(roll, mv));
                    }
                    let _ = pos.is_legal(roll, CMove::Pass);
                }
                let _ = pos.possible_exchanges();
                let _ = pos.outcome();
                let roll = if plies % 2 == 0 {
                    roller.roll()
                } else {
                    roll_with(&mut rng)
                };
                let mv = pos.choose_move(roll, &mut rng).expect("ongoing game");
                if plies % 100 == 0 {
                    let _ = ch::perft(&pos, 2);
                }
                let undo = pos.play(mv);
                if plies % 3 == 0 {
                    pos.undo(undo);
                    pos.play(mv);
                }
                plies += 1;
            }
        });
        assert_eq!(allocations, 0, "the Chaturaji hot path allocated");
    }
}
