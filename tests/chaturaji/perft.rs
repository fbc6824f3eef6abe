//! Perft numbers for Chaturaji (docs/rules.md §2.11, perft with chance nodes).

use kaissa_chaturaji::chaturaji::{
    perft, perft_divide, Alliances, MoveList, Position, Roll, Rules,
};

fn start(alliances: Alliances) -> Position {
    Position::start(Rules::default().with_alliances(alliances))
}

#[test]
fn start_counts_per_face() {
    // Source: docs/rules.md §2.11 (perft with chance nodes): 2 -> h1f3; 3 -> h2f1, h2f3;
    // 4 -> the single pass; 5 -> four pawns and the raja to g5 and h5.
    let pos = start(Alliances::Sheet);
    let mut moves = MoveList::new();
    let mut texts = Vec::new();
    for roll in Roll::ALL {
        pos.generate_moves(roll, &mut moves);
        let mut t: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        t.sort();
        texts.push(t);
    }
    assert_eq!(texts[0], ["h1f3"]);
    assert_eq!(texts[1], ["h2f1", "h2f3"]);
    assert_eq!(texts[2], ["pass"]);
    assert_eq!(texts[3], ["g1f1", "g2f2", "g3f3", "g4f4", "h4g5", "h4h5"]);
    // Source: docs/rules.md: perft(start, 1) = 1 + 2 + 1 + 6 = 10.
    assert_eq!(perft(&pos, 1), 10);
    let divide = perft_divide(&pos, 1);
    assert_eq!(divide.len(), 10);
    assert!(divide.iter().all(|d| d.2 == 1));
}

#[test]
fn first_round_is_ten_to_the_depth() {
    // Source: docs/rules.md: no move of the first round touches another army,
    // so perft(start, d) = 10^d for d <= 4.
    for alliances in [Alliances::Sheet, Alliances::Opposite] {
        let pos = start(alliances);
        for (depth, expected) in [(0, 1), (1, 10), (2, 100), (3, 1000), (4, 10_000)] {
            assert_eq!(perft(&pos, depth), expected, "{alliances:?} depth {depth}");
        }
    }
}

#[test]
fn depth_five() {
    // Source: docs/rules.md, "from an independent reference implementation":
    // perft(start, 5) = 111900 (sheet), 113800 (partners opposite).
    assert_eq!(perft(&start(Alliances::Sheet), 5), 111_900);
    assert_eq!(perft(&start(Alliances::Opposite), 5), 113_800);
}

#[test]
fn depth_five_divide_sums() {
    let pos = start(Alliances::Sheet);
    let total: u64 = perft_divide(&pos, 5).iter().map(|d| d.2).sum();
    assert_eq!(total, 111_900);
}

#[test]
fn depth_six() {
    // Source: docs/rules.md, "from an independent reference implementation":
    // perft(start, 6) = 1245799 (sheet), 1288720 (partners opposite).
    assert_eq!(perft(&start(Alliances::Sheet), 6), 1_245_799);
    assert_eq!(perft(&start(Alliances::Opposite), 6), 1_288_720);
}

#[test]
fn ludii_ruleset() {
    // The Ludii ruleset (docs/rules.md §2.13) from its start, Green first. The
    // first round touches no other army (10^d to depth 4); the deeper
    // counts are the library's, checked against the independent model of
    // §2.13 in `tests/ludii/props.rs` (depth 5 there).
    let pos = Position::start(Rules::ludii());
    for (depth, expected) in [(1, 10), (2, 100), (3, 1000), (4, 10_000)] {
        assert_eq!(perft(&pos, depth), expected, "depth {depth}");
    }
    assert_eq!(perft(&pos, 5), 114_900);
    assert_eq!(perft(&pos, 6), 1_322_648);
    let divide = perft_divide(&pos, 5);
    assert!(divide.iter().all(|d| d.0.is_some()));
    assert_eq!(divide.iter().map(|d| d.2).sum::<u64>(), 114_900);
}
