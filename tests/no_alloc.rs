//! Proof that the hot path never touches the heap: a counting global
//! allocator around random games of move generation, legality checks, play,
//! undo and perft. (This file is its own test binary, so nothing else runs
//! in it while the count is taken.)

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use kaissa_chaturaji::kaissa::{self, Move, MoveList, Position, Square};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

struct CountingAllocator;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Runs `work` and returns how many allocations it made.
fn allocations_during(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    work();
    ALLOCATIONS.load(Ordering::SeqCst) - before
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
