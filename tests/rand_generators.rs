//! Real `rand` 0.10 generators drive the library through the `rand_core`
//! feature: `RandCore` takes them as a `RandomSource` for the die and both
//! games' `choose_move`, and `SplitMix64` serves where rand wants a
//! generator. This file only compiles when the feature's rand_core is the
//! one `rand` 0.10 implements, so a dependency on another rand_core version
//! (whose traits rand's generators do not implement) fails here first.
//!
//! Run by `tests/packaging/features.rs` (`--all-features`), or directly with
//! `cargo test --features rand_core --test rand_generators`.
#![cfg(feature = "rand_core")]

use kaissa_chaturaji::chaturaji::{self, roll_with, Roll, Rules};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::random::{RandCore, RandomSource, SplitMix64};
use rand::rngs::{SmallRng, Xoshiro256PlusPlus};
use rand::{Rng, RngExt, SeedableRng};

/// Plays a Kaissa game with `rng` choosing every move, at most `plies`;
/// returns the moves' text.
fn kaissa_game(rng: &mut impl RandomSource, plies: usize) -> Vec<String> {
    let mut pos = kaissa::Position::start();
    let mut played = Vec::new();
    while played.len() < plies {
        let Some(mv) = pos.choose_move(rng) else {
            break;
        };
        played.push(mv.to_string());
        pos.play(mv).expect("choose_move gives a legal move");
    }
    played
}

/// Plays a Chaturaji game with `rng` throwing the die and choosing every
/// move, at most `plies`; returns the rolls and moves' text.
fn chaturaji_game(rng: &mut impl RandomSource, plies: usize) -> Vec<String> {
    let mut pos = chaturaji::Position::start(Rules::default());
    let mut played = Vec::new();
    while played.len() < plies {
        let roll = roll_with(rng);
        assert!(Roll::ALL.contains(&roll));
        let Some(mv) = pos.choose_move(roll, rng) else {
            break;
        };
        played.push(format!("{roll}:{mv}"));
        pos.play(roll, mv).expect("choose_move gives a legal move");
    }
    played
}

#[test]
fn rand_generators_choose_moves_in_both_games() {
    // The same seed replays the same games; the generator is used by value
    // and, lent, through `&mut`.
    let seeded = || RandCore(Xoshiro256PlusPlus::seed_from_u64(2024));
    let kaissa_moves = kaissa_game(&mut seeded(), 60);
    assert_eq!(kaissa_moves.len(), 60, "{kaissa_moves:?}");
    assert_eq!(kaissa_game(&mut seeded(), 60), kaissa_moves);
    let mut lent = Xoshiro256PlusPlus::seed_from_u64(2024);
    assert_eq!(kaissa_game(&mut RandCore(&mut lent), 60), kaissa_moves);

    let chaturaji_moves = chaturaji_game(&mut seeded(), 60);
    assert!(!chaturaji_moves.is_empty());
    assert_eq!(chaturaji_game(&mut seeded(), 60), chaturaji_moves);

    // rand's small generator, whatever its algorithm on this platform.
    let mut small = RandCore(SmallRng::seed_from_u64(7));
    assert!(!kaissa_game(&mut small, 20).is_empty());
    assert!(!chaturaji_game(&mut small, 20).is_empty());
}

#[test]
fn rand_core_draws_are_the_generators_words() {
    let mut theirs = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut wrapped = RandCore(theirs.clone());
    for _ in 0..50 {
        assert_eq!(wrapped.next_u64(), Rng::next_u64(&mut theirs));
    }
    for bound in [1, 4, 6, 1098, u64::MAX] {
        assert!(wrapped.below(bound) < bound);
    }
}

#[test]
fn splitmix64_is_a_rand_generator() {
    // rand's seeding gives SplitMix64 the seed `SplitMix64::new` takes, and
    // rand's sampling runs on it, reproducibly.
    let mut rng = SplitMix64::seed_from_u64(11);
    assert_eq!(rng, SplitMix64::new(11));
    let faces: Vec<u8> = (0..100).map(|_| rng.random_range(2..=5u8)).collect();
    assert!(faces.iter().all(|face| (2..=5).contains(face)));
    let mut again = SplitMix64::new(11);
    assert!(faces
        .iter()
        .all(|&face| again.random_range(2..=5u8) == face));
    // A rand generator seeded from SplitMix64 chooses moves in turn.
    let mut child = RandCore(Xoshiro256PlusPlus::from_rng(&mut rng));
    assert_eq!(kaissa_game(&mut child, 10).len(), 10);
}
