//! Kaissa perft against independent data.
//!
//! `tests/data/kaissa.perft` was produced by `scripts/kaissa_perft_pyffish.py`
//! with Fairy-Stockfish's Python package `pyffish` (an independent
//! implementation; see the file's header for the version and the variant
//! definition). It knows no Home Stone, so every entry stays before either
//! side's turn 8. Lines: `<depth> <nodes> <position text>`.

use kaissa_chaturaji::kaissa::{perft, perft_divide, perft_full, Position};

struct Entry {
    depth: u32,
    nodes: u64,
    text: String,
}

fn entries() -> Vec<Entry> {
    let data = include_str!("../data/kaissa.perft");
    data.lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let depth = parts.next().unwrap().parse().expect("depth");
            let nodes = parts.next().unwrap().parse().expect("nodes");
            let text = parts.next().expect("position text").to_string();
            Entry { depth, nodes, text }
        })
        .collect()
}

#[test]
fn perft_matches_fairy_stockfish() {
    let entries = entries();
    assert!(entries.len() >= 40, "too few perft entries");
    for entry in &entries {
        let pos: Position = entry.text.parse().expect("valid position text in data");
        assert_eq!(
            perft(&pos, entry.depth),
            entry.nodes,
            "perft {} of {}",
            entry.depth,
            entry.text
        );
        assert_eq!(
            pos.to_string(),
            entry.text,
            "perft left the position changed"
        );
    }
}

/// Start-position counts quoted in the issue, from Fairy-Stockfish (pyffish).
#[test]
fn start_position_perft() {
    let pos = Position::start();
    assert_eq!(perft(&pos, 1), 40);
    assert_eq!(perft(&pos, 2), 1600);
    assert_eq!(perft(&pos, 3), 70656);
    assert_eq!(perft_full(&pos, 3), 70656);
    let divide = perft_divide(&pos, 2);
    assert_eq!(divide.len(), 40);
    assert!(divide.iter().all(|&(_, nodes)| nodes == 40));
}
