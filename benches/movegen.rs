//! Move generation and perft throughput (`cargo bench`). Figures are nodes
//! (or moves) per second; compare ratios within one run, as the machines are
//! shared and noisy.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

use kaissa_chaturaji::kaissa::{self, MoveList, Position};

const MIDDLEGAME: &str =
    "hb1tqut1bi/ar2ppp1sr/2p1s2p2/3p1t3a/10/10/1APPPP1A2/6P3/1R5PR1/HBSTQUTSBI r 12 -";

fn kaissa_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("kaissa");
    for (name, text) in [("start", kaissa::START_TEXT), ("middlegame", MIDDLEGAME)] {
        let pos: Position = text.parse().expect("valid bench position");
        let count = pos.count_moves() as u64;
        group.throughput(Throughput::Elements(count));
        group.bench_function(format!("legal_moves/{name}"), |b| {
            let mut moves = MoveList::new();
            b.iter(|| {
                black_box(&pos).generate_moves(&mut moves);
                moves.len()
            })
        });
        let nodes = kaissa::perft(&mut pos.clone(), 3);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft_bulk_3/{name}"), |b| {
            let mut p = pos.clone();
            b.iter(|| kaissa::perft(black_box(&mut p), 3))
        });
        group.bench_function(format!("perft_full_3/{name}"), |b| {
            let mut p = pos.clone();
            b.iter(|| kaissa::perft_full(black_box(&mut p), 3))
        });
    }
    group.finish();
}

criterion_group!(benches, kaissa_benches);
criterion_main!(benches);
