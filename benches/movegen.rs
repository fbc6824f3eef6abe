//! Move generation and perft throughput (`cargo bench --bench movegen`).
//!
//! Figures are nodes (or moves, or plies) per second. The peer, shakmaty's
//! standard chess, runs in the same binary: compare ratios within one run,
//! as the machines are shared and noisy. See BENCHMARKS.md.

use std::time::Duration;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};

use kaissa_chaturaji::chaturaji;
use kaissa_chaturaji::kaissa::{self, Move, MoveList, Position};

/// Opening: both stones in hand, a few moves in.
const OPENING: &str = "ibstqutsbi/arppp1ppra/10/5p4/10/10/10/R2P6/A1P1PPPPRA/IBSTQUTSBI y 3 Hh";
/// Middlegame: both stones placed, turn 12.
const MIDDLEGAME: &str =
    "hb1tqut1bi/ar2ppp1sr/2p1s2p2/3p1t3a/10/10/1APPPP1A2/6P3/1R5PR1/HBSTQUTSBI r 12 -";
/// Endgame: a handful of pieces, both stones on the board.
const ENDGAME: &str = "4h5/2u7/10/3p6/6s3/10/5P4/1T8/2B7/4H4A y 30 -";

/// Kaissa perft depths: bulk counting leans on the last ply, so it goes one
/// deeper.
const KAISSA_BULK_DEPTH: u32 = 4;
const KAISSA_FULL_DEPTH: u32 = 3;
/// Chess depths for the peer (start position: 4,865,609 and 197,281 nodes).
const CHESS_BULK_DEPTH: u32 = 5;
const CHESS_FULL_DEPTH: u32 = 4;
/// Chaturaji perft over chance nodes (4 faces per ply).
const CHATURAJI_DEPTH: u32 = 5;

fn configure(group: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
}

fn kaissa_pos(text: &str) -> Position {
    text.parse().expect("valid bench position")
}

fn kaissa_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("kaissa");
    configure(&mut group);
    for (name, text) in [
        ("opening", OPENING),
        ("middlegame", MIDDLEGAME),
        ("endgame", ENDGAME),
    ] {
        let pos = kaissa_pos(text);
        group.throughput(Throughput::Elements(pos.count_legal_moves() as u64));
        group.bench_function(format!("legal_moves/{name}"), |b| {
            let mut moves = MoveList::new();
            b.iter(|| {
                black_box(&pos).generate_moves(&mut moves);
                moves.len()
            })
        });
    }
    for (name, text) in [("start", kaissa::START_TEXT), ("middlegame", MIDDLEGAME)] {
        let pos = kaissa_pos(text);
        let nodes = kaissa::perft(&pos, KAISSA_BULK_DEPTH);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft_bulk_{KAISSA_BULK_DEPTH}/{name}"), |b| {
            b.iter(|| kaissa::perft(black_box(&pos), KAISSA_BULK_DEPTH))
        });
        let nodes = kaissa::perft_full(&pos, KAISSA_FULL_DEPTH);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft_full_{KAISSA_FULL_DEPTH}/{name}"), |b| {
            b.iter(|| kaissa::perft_full(black_box(&pos), KAISSA_FULL_DEPTH))
        });
    }
    // is_legal on a mix: every legal move, and each of them reversed (almost
    // always illegal: the piece is not on the "from" square).
    let pos = kaissa_pos(MIDDLEGAME);
    let mut candidates: Vec<Move> = Vec::new();
    for &mv in pos.legal_moves().iter() {
        candidates.push(mv);
        if let Move::Normal { from, to } = mv {
            candidates.push(Move::Normal { from: to, to: from });
        }
    }
    group.throughput(Throughput::Elements(candidates.len() as u64));
    group.bench_function("is_legal/middlegame_mix", |b| {
        b.iter(|| {
            black_box(&candidates)
                .iter()
                .filter(|&&mv| pos.is_legal(mv))
                .count()
        })
    });
    group.finish();
}

/// A Chaturaji middlegame: the start after 40 seeded random plies.
fn chaturaji_middlegame() -> chaturaji::Position {
    let mut pos = chaturaji::Position::start(chaturaji::Rules::default());
    chaturaji::play_seeded_game(&mut pos, 7, 40, |_, _| {});
    assert!(!pos.is_over(), "bench middlegame must be ongoing");
    pos
}

fn chaturaji_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("chaturaji");
    configure(&mut group);
    let start = chaturaji::Position::start(chaturaji::Rules::default());
    let middle = chaturaji_middlegame();
    for (name, pos) in [("start", &start), ("middlegame", &middle)] {
        for roll in chaturaji::Roll::ALL {
            let moves = pos.legal_moves(roll);
            group.throughput(Throughput::Elements(moves.len() as u64));
            group.bench_function(format!("legal_moves/{name}/roll{}", roll.face()), |b| {
                let mut moves = chaturaji::MoveList::new();
                b.iter(|| {
                    black_box(pos).generate_moves(black_box(roll), &mut moves);
                    moves.len()
                })
            });
        }
        let nodes = chaturaji::perft(pos, CHATURAJI_DEPTH);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft_{CHATURAJI_DEPTH}/{name}"), |b| {
            b.iter(|| chaturaji::perft(black_box(pos), CHATURAJI_DEPTH))
        });
    }
    // Seeded random playouts to the end of the game (at most 10,000 plies).
    const GAMES: u64 = 20;
    let plies: u64 = (0..GAMES)
        .map(|seed| {
            let mut pos = start.clone();
            let mut n = 0u64;
            chaturaji::play_seeded_game(&mut pos, seed, 10_000, |_, _| n += 1);
            n
        })
        .sum();
    group.throughput(Throughput::Elements(plies));
    group.bench_function(format!("playouts/{GAMES}_games"), |b| {
        b.iter(|| {
            (0..GAMES)
                .map(|seed| {
                    let mut pos = start.clone();
                    chaturaji::play_seeded_game(&mut pos, seed, 10_000, |_, _| {});
                    pos.ply()
                })
                .sum::<u32>()
        })
    });
    // The same under the Ludii ruleset (docs/rules.md §2.13); every ply counts,
    // promotion decisions too.
    let ludii = chaturaji::Position::start(chaturaji::Rules::ludii());
    let plies: u64 = (0..GAMES)
        .map(|seed| {
            let mut pos = ludii.clone();
            let mut n = 0u64;
            chaturaji::play_seeded_game(&mut pos, seed, 10_000, |_, _| n += 1);
            n
        })
        .sum();
    group.throughput(Throughput::Elements(plies));
    group.bench_function(format!("playouts_ludii/{GAMES}_games"), |b| {
        b.iter(|| {
            (0..GAMES)
                .map(|seed| {
                    let mut pos = ludii.clone();
                    chaturaji::play_seeded_game(&mut pos, seed, 10_000, |_, _| {});
                    pos.ply()
                })
                .sum::<u32>()
        })
    });
    group.finish();
}

/// Full perft for the peer: every leaf is played (on a clone, shakmaty's
/// copy-make style).
fn chess_perft_full(pos: &shakmaty::Chess, depth: u32) -> u64 {
    use shakmaty::Position as _;
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in &pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += chess_perft_full(&child, depth - 1);
    }
    nodes
}

fn peer_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("shakmaty");
    configure(&mut group);
    let pos = shakmaty::Chess::default();
    let nodes = shakmaty::perft(&pos, CHESS_BULK_DEPTH);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("chess_perft_bulk_{CHESS_BULK_DEPTH}/start"), |b| {
        b.iter(|| shakmaty::perft(black_box(&pos), CHESS_BULK_DEPTH))
    });
    let nodes = chess_perft_full(&pos, CHESS_FULL_DEPTH);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("chess_perft_full_{CHESS_FULL_DEPTH}/start"), |b| {
        b.iter(|| chess_perft_full(black_box(&pos), CHESS_FULL_DEPTH))
    });
    group.finish();
}

/// Without the `capi` feature there is no C ABI to measure.
#[cfg(not(feature = "capi"))]
fn ffi_benches(_: &mut Criterion) {}

/// Legal moves through the C ABI (`kc_kaissa_legal_moves`, which converts to
/// `kc_kaissa_move`s and checks its arguments) beside the Rust call, on the
/// same position.
#[cfg(feature = "capi")]
fn ffi_benches(c: &mut Criterion) {
    use kaissa_chaturaji::ffi::kaissa::{
        kc_kaissa_legal_moves, kc_kaissa_move, kc_kaissa_position, kc_kaissa_position_free,
        kc_kaissa_position_from_text, KC_KAISSA_MAX_MOVES,
    };
    use kaissa_chaturaji::ffi::kc_status;

    let mut group = c.benchmark_group("ffi");
    configure(&mut group);
    let text = std::ffi::CString::new(MIDDLEGAME).expect("no NUL");
    let mut handle: *mut kc_kaissa_position = std::ptr::null_mut();
    // SAFETY: a NUL-terminated string and a writable pointer.
    let status = unsafe { kc_kaissa_position_from_text(text.as_ptr(), &mut handle) };
    assert_eq!(status, kc_status::KC_OK);
    let pos = kaissa_pos(MIDDLEGAME);
    group.throughput(Throughput::Elements(pos.count_legal_moves() as u64));
    group.bench_function("kaissa_legal_moves/rust", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            black_box(&pos).generate_moves(&mut moves);
            moves.len()
        })
    });
    group.bench_function("kaissa_legal_moves/c_abi", |b| {
        let mut buf = vec![
            kc_kaissa_move {
                kind: 0,
                from: 0,
                to: 0
            };
            KC_KAISSA_MAX_MOVES
        ];
        let mut len = 0usize;
        b.iter(|| {
            // SAFETY: a live position, a buffer of `buf.len()` moves and a
            // writable length.
            let status = unsafe {
                kc_kaissa_legal_moves(black_box(handle), buf.as_mut_ptr(), buf.len(), &mut len)
            };
            debug_assert_eq!(status, kc_status::KC_OK);
            len
        })
    });
    group.finish();
    // SAFETY: made above, freed once.
    unsafe { kc_kaissa_position_free(handle) };
    kaissa_c_abi_perft(c);
}

/// Kaissa full perft as a C program would run it, through the extern "C"
/// functions (`kaissa_chaturaji_benches::c_abi`, called through pointers the
/// optimiser cannot see through, as a C caller calls them):
/// `kc_kaissa_legal_moves` into a buffer per ply, then for every move,
/// leaves included, either `kc_kaissa_push` + `kc_kaissa_pop` (`c_abi_push`)
/// or `kc_kaissa_play` with a checked undo record + `kc_kaissa_undo`
/// (`c_abi_records`); or by index, the moves listed inside the position by
/// `kc_kaissa_list`, then `kc_kaissa_push_index` + `kc_kaissa_pop` for each
/// (`c_abi_indexed`), or `kc_kaissa_push_index(0)`, then
/// `kc_kaissa_pop_push_index` from sibling to sibling, then `kc_kaissa_pop`
/// (`c_abi_siblings`); or `kc_kaissa_list` + `kc_kaissa_visit` per node,
/// the library playing each listed move around a call to the C visitor and
/// taking it back (`c_abi_visited`). Beside them, in the same group, the
/// Rust `perft_full`
/// of the same positions and depth (the ratios are the C ABI's cost), and
/// `rust_calls`: the same Rust perft with play and undo each behind an
/// opaque call, the ceiling of any two-call loop.
#[cfg(feature = "capi")]
fn kaissa_c_abi_perft(c: &mut Criterion) {
    use kaissa_chaturaji::ffi::kaissa::{
        kc_kaissa_position, kc_kaissa_position_free, kc_kaissa_position_from_text,
    };
    use kaissa_chaturaji::ffi::kc_status;
    use kaissa_chaturaji_benches::c_abi::{
        kaissa_buffers, kaissa_perft_indexed, kaissa_perft_push, kaissa_perft_records,
        kaissa_perft_rust_calls, kaissa_perft_siblings, kaissa_perft_visited, KaissaApi, RustCalls,
    };

    let api = KaissaApi::new();
    let mut group = c.benchmark_group("kaissa_c_abi");
    configure(&mut group);
    let mut buffers = kaissa_buffers(KAISSA_FULL_DEPTH);
    for (name, text) in [("start", kaissa::START_TEXT), ("middlegame", MIDDLEGAME)] {
        let pos = kaissa_pos(text);
        let c_text = std::ffi::CString::new(text).expect("no NUL");
        let mut handle: *mut kc_kaissa_position = std::ptr::null_mut();
        // SAFETY: a NUL-terminated string and a writable pointer.
        let status = unsafe { kc_kaissa_position_from_text(c_text.as_ptr(), &mut handle) };
        assert_eq!(status, kc_status::KC_OK);
        let nodes = kaissa::perft_full(&pos, KAISSA_FULL_DEPTH);
        // SAFETY: a live position, used by these loops alone.
        unsafe {
            assert_eq!(
                kaissa_perft_records(&api, handle, KAISSA_FULL_DEPTH, &mut buffers),
                nodes
            );
            assert_eq!(
                kaissa_perft_push(&api, handle, KAISSA_FULL_DEPTH, &mut buffers),
                nodes
            );
            assert_eq!(kaissa_perft_indexed(&api, handle, KAISSA_FULL_DEPTH), nodes);
            assert_eq!(
                kaissa_perft_siblings(&api, handle, KAISSA_FULL_DEPTH),
                nodes
            );
            assert_eq!(kaissa_perft_visited(&api, handle, KAISSA_FULL_DEPTH), nodes);
        }
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft_full_{KAISSA_FULL_DEPTH}/{name}/rust"), |b| {
            b.iter(|| kaissa::perft_full(black_box(&pos), KAISSA_FULL_DEPTH))
        });
        let calls = RustCalls::new();
        assert_eq!(
            kaissa_perft_rust_calls(&calls, &mut pos.clone(), KAISSA_FULL_DEPTH),
            nodes
        );
        group.bench_function(
            format!("perft_full_{KAISSA_FULL_DEPTH}/{name}/rust_calls"),
            |b| {
                b.iter(|| {
                    kaissa_perft_rust_calls(&calls, &mut black_box(&pos).clone(), KAISSA_FULL_DEPTH)
                })
            },
        );
        group.bench_function(
            format!("perft_full_{KAISSA_FULL_DEPTH}/{name}/c_abi_visited"),
            |b| {
                // SAFETY: as above.
                b.iter(|| unsafe {
                    kaissa_perft_visited(&api, black_box(handle), KAISSA_FULL_DEPTH)
                })
            },
        );
        group.bench_function(
            format!("perft_full_{KAISSA_FULL_DEPTH}/{name}/c_abi_push"),
            |b| {
                // SAFETY: as above.
                b.iter(|| unsafe {
                    kaissa_perft_push(&api, black_box(handle), KAISSA_FULL_DEPTH, &mut buffers)
                })
            },
        );
        group.bench_function(
            format!("perft_full_{KAISSA_FULL_DEPTH}/{name}/c_abi_indexed"),
            |b| {
                // SAFETY: as above.
                b.iter(|| unsafe {
                    kaissa_perft_indexed(&api, black_box(handle), KAISSA_FULL_DEPTH)
                })
            },
        );
        group.bench_function(
            format!("perft_full_{KAISSA_FULL_DEPTH}/{name}/c_abi_siblings"),
            |b| {
                // SAFETY: as above.
                b.iter(|| unsafe {
                    kaissa_perft_siblings(&api, black_box(handle), KAISSA_FULL_DEPTH)
                })
            },
        );
        group.bench_function(
            format!("perft_full_{KAISSA_FULL_DEPTH}/{name}/c_abi_records"),
            |b| {
                // SAFETY: as above.
                b.iter(|| unsafe {
                    kaissa_perft_records(&api, black_box(handle), KAISSA_FULL_DEPTH, &mut buffers)
                })
            },
        );
        // SAFETY: made above, freed once.
        unsafe { kc_kaissa_position_free(handle) };
    }
    group.finish();
}

/// Without the `capi` feature there is no C ABI to measure.
#[cfg(not(feature = "capi"))]
fn chaturaji_c_abi_playouts(_: &mut Criterion) {}

/// Seeded random Chaturaji playouts through the C ABI, called as a C caller
/// would (`kaissa_chaturaji_benches::c_abi`: through pointers the optimiser
/// cannot see through), `kc_chaturaji_outcome` before every ply and then:
/// `kc_chaturaji_roll` + `kc_chaturaji_choose` + `kc_chaturaji_play_chosen`
/// (`c_abi_play_chosen`), `kc_chaturaji_roll_and_choose` +
/// `kc_chaturaji_play_chosen` (`c_abi_roll_and_choose`),
/// `kc_chaturaji_roll` + `kc_chaturaji_choose_move` + `kc_chaturaji_play`
/// (`c_abi_play_checked`), or `kc_chaturaji_play_random`
/// (`c_abi_play_random`). Beside them, in the same group, the same loop on
/// the Rust API (`outcome`, `roll_with`, `choose_move`, `play_unchecked`):
/// same seeds, same games, same plies, so the ratios of the times are the C
/// ABI's cost. The `_lean` pair skips the outcome call before each ply on
/// both sides and stops when the choice finds the game over
/// (`KC_ERR_GAME_OVER`, `None`): `c_abi_roll_and_choose_lean` against
/// `rust_lean`.
#[cfg(feature = "capi")]
fn chaturaji_c_abi_playouts(c: &mut Criterion) {
    use kaissa_chaturaji_benches::c_abi::{
        c_playout, rust_playout, rust_playout_lean, ChaturajiApi, ChaturajiHandles, Way,
    };

    const GAMES: u64 = 20;

    let api = ChaturajiApi::new();
    let start = chaturaji::Position::start(chaturaji::Rules::default());
    let handles = ChaturajiHandles::new();
    let (c_start, c_pos) = (handles.start, handles.pos);
    let ways = [
        ("c_abi_play_chosen", Way::Chosen),
        ("c_abi_roll_and_choose", Way::RollChoose),
        ("c_abi_play_checked", Way::Checked),
        ("c_abi_play_random", Way::Random),
        ("c_abi_roll_and_choose_lean", Way::RollChooseLean),
    ];
    // The same games every way.
    let mut plies = 0u64;
    for seed in 0..GAMES {
        let rust = rust_playout(&start, seed);
        assert_eq!(rust_playout_lean(&start, seed), rust, "seed {seed}");
        for (_, way) in ways {
            // SAFETY: live, distinct positions, made above.
            let c = unsafe { c_playout(&api, c_start, c_pos, seed, way) };
            assert_eq!(c, rust, "seed {seed}");
        }
        plies += u64::from(rust);
    }
    let mut group = c.benchmark_group("chaturaji_c_abi");
    configure(&mut group);
    group.throughput(Throughput::Elements(plies));
    group.bench_function(format!("playouts_{GAMES}_games/rust"), |b| {
        b.iter(|| {
            (0..GAMES)
                .map(|seed| rust_playout(black_box(&start), seed))
                .sum::<u32>()
        })
    });
    group.bench_function(format!("playouts_{GAMES}_games/rust_lean"), |b| {
        b.iter(|| {
            (0..GAMES)
                .map(|seed| rust_playout_lean(black_box(&start), seed))
                .sum::<u32>()
        })
    });
    for (name, way) in ways {
        group.bench_function(format!("playouts_{GAMES}_games/{name}"), |b| {
            b.iter(|| {
                (0..GAMES)
                    // SAFETY: as above.
                    .map(|seed| unsafe { c_playout(&api, black_box(c_start), c_pos, seed, way) })
                    .sum::<u32>()
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    kaissa_benches,
    chaturaji_benches,
    peer_benches,
    ffi_benches,
    chaturaji_c_abi_playouts
);
criterion_main!(benches);
