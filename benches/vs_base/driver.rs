//! The workload of `scripts/bench-vs-base`, compiled against this tree
//! (with `--cfg kc_now`) and against an older commit's tree (without it),
//! so that both commits run the same games and perfts alternately. Prints
//! the work done (plies or nodes: equal for both builds) and the seconds:
//! the time this thread spent on a CPU (`/proc/thread-self/schedstat`, in
//! nanoseconds; Linux), which leaves out the time other processes on a busy
//! machine took the core; the wall-clock time where that file is missing.
//!
//! Usage: `driver <mode> <n>`; modes: `kaissa_playouts`,
//! `chaturaji_playouts`, `chaturaji_playouts_opposite` (the `opposite`
//! alliances) (n games each, seeds 0..n), `kaissa_perft_bulk`,
//! `kaissa_perft_full`, `chaturaji_perft` (from the start, depths 4, 3
//! and 5, n times).

#![allow(unexpected_cfgs)] // `kc_now` comes from scripts/bench-vs-base

use std::time::Instant;

use kaissa_chaturaji::chaturaji::{self, Alliances, Rules};
use kaissa_chaturaji::kaissa;

/// A Kaissa playout: before the tuning the whole list every ply and
/// `outcome()` to see the end; now `kaissa::play_seeded_game`.
#[cfg(not(kc_now))]
fn kaissa_game(seed: u64) -> u64 {
    use kaissa_chaturaji::random::{RandomSource, SplitMix64};
    let mut rng = SplitMix64::new(seed);
    let mut pos = kaissa::Position::start();
    let mut plies = 0;
    while plies < 10_000 && pos.outcome() == kaissa::Outcome::Ongoing {
        let moves = pos.legal_moves();
        let mv = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(mv);
        plies += 1;
    }
    plies
}

#[cfg(kc_now)]
fn kaissa_game(seed: u64) -> u64 {
    let mut pos = kaissa::Position::start();
    let mut plies = 0;
    kaissa::play_seeded_game(&mut pos, seed, 10_000, |_, _| plies += 1);
    plies
}

fn chaturaji_game(seed: u64) -> u64 {
    chaturaji_game_under(Rules::default(), seed)
}

/// A game with the opposite seats allied (the `opposite` rules option).
fn chaturaji_game_opposite(seed: u64) -> u64 {
    chaturaji_game_under(Rules::default().with_alliances(Alliances::Opposite), seed)
}

fn chaturaji_game_under(rules: Rules, seed: u64) -> u64 {
    let mut pos = chaturaji::Position::start(rules);
    let mut plies = 0;
    chaturaji::play_seeded_game(&mut pos, seed, 10_000, |_, _| plies += 1);
    plies
}

/// The nanoseconds this thread has run on a CPU, if the kernel says.
fn cpu_nanos() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mode, n) = match args.as_slice() {
        [_, mode, n] => (mode.as_str(), n.parse::<u64>().unwrap_or(1)),
        _ => {
            eprintln!("usage: driver <mode> <n>");
            std::process::exit(2);
        }
    };
    let kaissa_start = kaissa::Position::start();
    let chaturaji_start = chaturaji::Position::start(Rules::default());
    let started = Instant::now();
    let cpu_started = cpu_nanos();
    let work: u64 = match mode {
        "kaissa_playouts" => (0..n).map(kaissa_game).sum(),
        "chaturaji_playouts" => (0..n).map(chaturaji_game).sum(),
        "chaturaji_playouts_opposite" => (0..n).map(chaturaji_game_opposite).sum(),
        "kaissa_perft_bulk" => (0..n).map(|_| kaissa::perft(&kaissa_start, 4)).sum(),
        "kaissa_perft_full" => (0..n).map(|_| kaissa::perft_full(&kaissa_start, 3)).sum(),
        "chaturaji_perft" => (0..n).map(|_| chaturaji::perft(&chaturaji_start, 5)).sum(),
        other => {
            eprintln!("unknown mode {other}");
            std::process::exit(2);
        }
    };
    let wall = started.elapsed().as_secs_f64();
    let secs = match (cpu_started, cpu_nanos()) {
        (Some(a), Some(b)) if b > a => (b - a) as f64 / 1e9,
        _ => wall,
    };
    println!("{work} {secs:.4}");
}
