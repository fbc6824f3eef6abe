//! Scenario tests for Merchant Kaissa (docs/rules.md §1). Every expected value
//! below was worked out by hand from docs/rules.md, not copied from the library.

use std::collections::BTreeSet;

use kaissa_chaturaji::error::{Field, IllegalMoveReason, UndoError};
use kaissa_chaturaji::kaissa::{DrawReason, Move, Outcome, Position, Side, Square, WinReason};

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/// Builds a position text from `(square, letter)` pairs (an independent,
/// straightforward writer of docs/rules.md §3's board field).
fn fen(pieces: &[(&str, char)], side: char, turn: u32, hand: &str) -> String {
    let mut grid = [[None::<char>; 10]; 10];
    for &(sq, letter) in pieces {
        let b = sq.as_bytes();
        let file = (b[0] - b'a') as usize;
        let rank: usize = sq[1..].parse::<usize>().unwrap() - 1;
        assert!(grid[rank][file].is_none(), "square {sq} used twice");
        grid[rank][file] = Some(letter);
    }
    let mut ranks = Vec::new();
    for rank in (0..10).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for cell in grid[rank] {
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    format!("{} {side} {turn} {hand}", ranks.join("/"))
}

fn pos(text: &str) -> Position {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// All legal moves, as text.
fn moves_of(p: &Position) -> BTreeSet<String> {
    let list: Vec<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
    let out: BTreeSet<String> = list.iter().cloned().collect();
    assert_eq!(out.len(), list.len(), "duplicate moves in {list:?}");
    out
}

/// The legal destination squares of the piece on `from`.
fn targets(text: &str, from: &str) -> BTreeSet<String> {
    let p = pos(text);
    let from = sq(from);
    p.legal_moves()
        .iter()
        .filter_map(|m| match *m {
            Move::Normal { from: f, to } if f == from => Some(to.to_string()),
            _ => None,
        })
        .collect()
}

fn placements(p: &Position) -> BTreeSet<String> {
    moves_of(p)
        .into_iter()
        .filter(|m| m.starts_with("H@"))
        .collect()
}

/// Every move text the notation can express.
fn every_move() -> Vec<Move> {
    let mut all = Vec::new();
    for from in Square::all() {
        for to in Square::all() {
            if from != to {
                all.push(Move::Normal { from, to });
            }
        }
        all.push(Move::Place { to: from });
    }
    all
}

/// `is_legal` agrees with `legal_moves` for every expressible move.
fn check_is_legal_matches(p: &Position) {
    let legal = moves_of(p);
    for m in every_move() {
        assert_eq!(
            p.is_legal(m),
            legal.contains(&m.to_string()),
            "is_legal({m}) in {p}"
        );
    }
}

/// The start position text.
const START: &str = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh";

/// Start-like board with a1 and j10 empty (Yellow's Initiate on a3, Red's on
/// j8): each side has exactly one free back-rank square.
const WINDOW_BOARD: &str = "ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/1BSTQUTSBI";

// ---------------------------------------------------------------------------
// Pieces
// ---------------------------------------------------------------------------

#[test]
fn ubar_slides_any_distance_blocked_by_own_captures_enemy() {
    let t = fen(
        &[
            ("d4", 'U'),
            ("d7", 'R'),
            ("g7", 'b'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    let expected = set(&[
        "d5", "d6", // N, d7 own
        "d3", "d2", "d1", // S
        "e4", "f4", "g4", "h4", "i4", "j4", // E
        "c4", "b4", "a4", // W
        "e5", "f6", "g7", // NE, captures g7
        "c5", "b6", "a7", // NW
        "e3", "f2", "g1", // SE
        "c3", "b2", // SW, a1 own stone
    ]);
    assert_eq!(targets(&t, "d4"), expected);
}

#[test]
fn ubar_in_corner() {
    let t = fen(&[("a1", 'U'), ("j1", 'H'), ("a10", 'h')], 'y', 12, "-");
    let expected = set(&[
        "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", // N, captures the stone
        "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", // E, j1 own
        "b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10", // NE
    ]);
    assert_eq!(targets(&t, "a1"), expected);
}

#[test]
fn ubara_range_is_exactly_three() {
    let t = fen(&[("e5", 'Q'), ("a1", 'H'), ("a10", 'h')], 'y', 12, "-");
    let expected = set(&[
        "e6", "e7", "e8", "e4", "e3", "e2", "f5", "g5", "h5", "d5", "c5", "b5", "f6", "g7", "h8",
        "d6", "c7", "b8", "f4", "g3", "h2", "d4", "c3", "b2",
    ]);
    assert_eq!(targets(&t, "e5"), expected);
}

#[test]
fn ubara_blocked_by_own_and_capturing_enemy() {
    let t = fen(
        &[
            ("e5", 'Q'),
            ("e7", 'R'),
            ("c3", 't'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    let expected = set(&[
        "e6", // N stops before own e7
        "e4", "e3", "e2", "f5", "g5", "h5", "d5", "c5", "b5", "f6", "g7", "h8", "d6", "c7", "b8",
        "f4", "g3", "h2", "d4", "c3", // SW captures c3 and stops
    ]);
    assert_eq!(targets(&t, "e5"), expected);
}

#[test]
fn ubara_in_corner() {
    let t = fen(&[("j10", 'Q'), ("a1", 'H'), ("a10", 'h')], 'y', 12, "-");
    let expected = set(&["i10", "h10", "g10", "j9", "j8", "j7", "i9", "h8", "g7"]);
    assert_eq!(targets(&t, "j10"), expected);
}

#[test]
fn tarnsman_jumps_over_a_wall() {
    let mut pieces = vec![("e5", 'T'), ("a1", 'H'), ("a10", 'h')];
    // A wall around it, own and enemy pieces.
    pieces.extend([
        ("d4", 'R'),
        ("d5", 'r'),
        ("d6", 'R'),
        ("e4", 'r'),
        ("e6", 'R'),
        ("f4", 'r'),
        ("f5", 'R'),
        ("f6", 'r'),
        // a second ring on some lines
        ("e7", 'R'),
        ("g5", 'r'),
        ("c5", 'R'),
        ("e3", 'r'),
    ]);
    pieces.push(("h7", 'R')); // own piece on a target: not a move
    pieces.push(("g2", 'p')); // enemy on a target: capture
    let t = fen(&pieces, 'y', 12, "-");
    let expected = set(&["h3", "b7", "b3", "g8", "g2", "c8", "c2"]);
    assert_eq!(targets(&t, "e5"), expected);
}

#[test]
fn tarnsman_eight_targets_on_open_board() {
    let t = fen(&[("e5", 'T'), ("a1", 'H'), ("a10", 'h')], 'y', 12, "-");
    let expected = set(&["h7", "h3", "b7", "b3", "g8", "g2", "c8", "c2"]);
    assert_eq!(targets(&t, "e5"), expected);
}

#[test]
fn tarnsman_near_edges_and_corner() {
    let t = fen(&[("a1", 'T'), ("j1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(targets(&t, "a1"), set(&["d3", "c4"]));
    let t = fen(&[("c2", 'T'), ("j1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(targets(&t, "c2"), set(&["f4", "e5", "a5"]));
    // Red Tarnsman in the j10 corner.
    let t = fen(&[("j10", 't'), ("j1", 'H'), ("a10", 'h')], 'r', 12, "-");
    assert_eq!(targets(&t, "j10"), set(&["g8", "h7"]));
}

#[test]
fn scribe_diagonal_at_most_five() {
    let t = fen(&[("a1", 'S'), ("j1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(targets(&t, "a1"), set(&["b2", "c3", "d4", "e5", "f6"]));
    // From e5: NE reaches j10 (5 squares), no orthogonal moves.
    let t = fen(&[("e5", 'S'), ("j1", 'H'), ("a10", 'h')], 'y', 12, "-");
    let expected = set(&[
        "f6", "g7", "h8", "i9", "j10", "d6", "c7", "b8", "a9", "f4", "g3", "h2", "i1", "d4", "c3",
        "b2", "a1",
    ]);
    assert_eq!(targets(&t, "e5"), expected);
}

#[test]
fn scribe_blocked_and_capturing() {
    let t = fen(
        &[
            ("e5", 'S'),
            ("g7", 'q'),
            ("c3", 'B'),
            ("j1", 'H'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    let expected = set(&[
        "f6", "g7", "d6", "c7", "b8", "a9", "f4", "g3", "h2", "i1", "d4",
    ]);
    assert_eq!(targets(&t, "e5"), expected);
}

#[test]
fn builder_orthogonal_any_distance() {
    let t = fen(
        &[
            ("e5", 'B'),
            ("e8", 'A'),
            ("b5", 's'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    let expected = set(&[
        "e6", "e7", "e4", "e3", "e2", "e1", "f5", "g5", "h5", "i5", "j5", "d5", "c5", "b5",
    ]);
    assert_eq!(targets(&t, "e5"), expected);
    // Corner, whole rank and file.
    let t = fen(&[("j1", 'B'), ("a1", 'H'), ("a10", 'h')], 'y', 12, "-");
    let expected = set(&[
        "i1", "h1", "g1", "f1", "e1", "d1", "c1", "b1", "j2", "j3", "j4", "j5", "j6", "j7", "j8",
        "j9", "j10",
    ]);
    assert_eq!(targets(&t, "j1"), expected);
}

#[test]
fn initiate_diagonal_any_distance() {
    let t = fen(&[("c1", 'I'), ("j1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(
        targets(&t, "c1"),
        set(&["d2", "e3", "f4", "g5", "h6", "i7", "j8", "b2", "a3"])
    );
    let t = fen(
        &[
            ("e5", 'I'),
            ("g7", 'B'),
            ("b2", 'u'),
            ("j1", 'H'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    assert_eq!(
        targets(&t, "e5"),
        set(&["f6", "d6", "c7", "b8", "a9", "f4", "g3", "h2", "i1", "d4", "c3", "b2"])
    );
}

#[test]
fn rider_one_step() {
    let t = fen(
        &[
            ("e5", 'R'),
            ("e6", 'B'),
            ("f6", 'b'),
            ("e7", 'b'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    assert_eq!(
        targets(&t, "e5"),
        set(&["d4", "d5", "d6", "e4", "f4", "f5", "f6"])
    );
    let t = fen(&[("a1", 'R'), ("j1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(targets(&t, "a1"), set(&["a2", "b1", "b2"]));
}

#[test]
fn assassin_at_most_two() {
    let t = fen(&[("e5", 'A'), ("a1", 'H'), ("a10", 'h')], 'y', 12, "-");
    let expected = set(&[
        "e6", "e7", "e4", "e3", "f5", "g5", "d5", "c5", "f6", "g7", "d6", "c7", "f4", "g3", "d4",
        "c3",
    ]);
    assert_eq!(targets(&t, "e5"), expected);
    // Blocked by own on e6 (nothing north), enemy on f5 (captured, stop),
    // enemy on g7 at distance two (captured), own on c3 at distance two.
    let t = fen(
        &[
            ("e5", 'A'),
            ("e6", 'R'),
            ("f5", 'r'),
            ("g5", 'r'),
            ("g7", 'r'),
            ("c3", 'R'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    let expected = set(&[
        "e4", "e3", "f5", "d5", "c5", "f6", "g7", "d6", "c7", "f4", "g3", "d4",
    ]);
    assert_eq!(targets(&t, "e5"), expected);
    // Near the corner.
    let t = fen(&[("b2", 'A'), ("j1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(
        targets(&t, "b2"),
        set(&["b3", "b4", "b1", "c2", "d2", "a2", "c3", "d4", "a3", "c1", "a1"])
    );
}

#[test]
fn spearman_start_rank_one_two_or_three() {
    let t = fen(&[("e2", 'P'), ("a1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(targets(&t, "e2"), set(&["e3", "e4", "e5"]));
    let t = fen(&[("e9", 'p'), ("a1", 'H'), ("a10", 'h')], 'r', 12, "-");
    assert_eq!(targets(&t, "e9"), set(&["e8", "e7", "e6"]));
}

#[test]
fn spearman_multi_step_blocked() {
    // Blocked on the 1st square (by an enemy: straight moves never capture).
    let t = fen(
        &[("e2", 'P'), ("e3", 'r'), ("a1", 'H'), ("a10", 'h')],
        'y',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e2"), set(&[]));
    // Blocked on the 2nd square (own piece): cannot jump over it.
    let t = fen(
        &[("e2", 'P'), ("e4", 'R'), ("a1", 'H'), ("a10", 'h')],
        'y',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e2"), set(&["e3"]));
    // Blocked on the 3rd square (enemy).
    let t = fen(
        &[("e2", 'P'), ("e5", 'r'), ("a1", 'H'), ("a10", 'h')],
        'y',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e2"), set(&["e3", "e4"]));
    // Red: blocked on the 2nd square by an enemy, on the 3rd by own.
    let t = fen(
        &[("e9", 'p'), ("e7", 'R'), ("a1", 'H'), ("a10", 'h')],
        'r',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e9"), set(&["e8"]));
    let t = fen(
        &[("e9", 'p'), ("e6", 'r'), ("a1", 'H'), ("a10", 'h')],
        'r',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e9"), set(&["e8", "e7"]));
}

#[test]
fn spearman_off_start_rank_single_step_only() {
    let t = fen(&[("e3", 'P'), ("a1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(targets(&t, "e3"), set(&["e4"]));
    let t = fen(&[("e8", 'p'), ("a1", 'H'), ("a10", 'h')], 'r', 12, "-");
    assert_eq!(targets(&t, "e8"), set(&["e7"]));
    // A Yellow Spearman on rank 9 (Red's start rank) has no multi-step.
    let t = fen(&[("e9", 'P'), ("a1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(targets(&t, "e9"), set(&["e10"]));
    // A Red Spearman on rank 2 (Yellow's start rank) neither.
    let t = fen(&[("e2", 'p'), ("a1", 'H'), ("a10", 'h')], 'r', 12, "-");
    assert_eq!(targets(&t, "e2"), set(&["e1"]));
}

#[test]
fn spearman_captures_diagonally_forward_only() {
    // Enemies on every neighbour: only d5 and f5 (diagonal forward) are captures.
    let t = fen(
        &[
            ("e4", 'P'),
            ("d5", 'r'),
            ("e5", 'r'),
            ("f5", 'r'),
            ("d4", 'r'),
            ("f4", 'r'),
            ("d3", 'r'),
            ("e3", 'r'),
            ("f3", 'r'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e4"), set(&["d5", "f5"]));
    // Diagonal onto empty or own squares is not a move.
    let t = fen(
        &[("e4", 'P'), ("d5", 'R'), ("a1", 'H'), ("a10", 'h')],
        'y',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e4"), set(&["e5"]));
    // Red: forward is down.
    let t = fen(
        &[
            ("d5", 'p'),
            ("e4", 'R'),
            ("c4", 'R'),
            ("d4", 'R'),
            ("c6", 'R'),
            ("e6", 'R'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'r',
        12,
        "-",
    );
    assert_eq!(targets(&t, "d5"), set(&["c4", "e4"]));
    // On its start rank, a Red Spearman both steps and captures.
    let t = fen(
        &[
            ("e9", 'p'),
            ("d8", 'R'),
            ("f8", 'r'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'r',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e9"), set(&["e8", "e7", "e6", "d8"]));
}

#[test]
fn spearman_on_last_rank_has_no_move() {
    // No promotion; enemies diagonally behind are not capturable.
    let t = fen(
        &[
            ("e10", 'P'),
            ("d9", 'r'),
            ("f9", 'r'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e10"), set(&[]));
    let t = fen(
        &[
            ("e1", 'p'),
            ("d2", 'R'),
            ("f2", 'R'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'r',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e1"), set(&[]));
}

#[test]
fn no_en_passant() {
    let t = fen(
        &[("d9", 'p'), ("e7", 'P'), ("a1", 'H'), ("a10", 'h')],
        'r',
        12,
        "-",
    );
    let mut p = pos(&t);
    p.play(mv("d9d7")).unwrap();
    assert_eq!(
        p.to_string(),
        fen(
            &[("d7", 'p'), ("e7", 'P'), ("a1", 'H'), ("a10", 'h')],
            'y',
            13,
            "-"
        )
    );
    assert_eq!(targets(&p.to_string(), "e7"), set(&["e8"]));
    assert!(!p.is_legal(mv("e7d8")));
    assert!(!p.is_legal(mv("e7d7")));
    // Same after a triple step past a Spearman.
    let t = fen(
        &[("d2", 'P'), ("c4", 'p'), ("a1", 'H'), ("a10", 'h')],
        'y',
        12,
        "-",
    );
    let mut p = pos(&t);
    p.play(mv("d2d5")).unwrap();
    let after = p.to_string();
    assert_eq!(targets(&after, "c4"), set(&["c3"]));
}

#[test]
fn start_position_has_forty_moves() {
    // Spearmen 6x3, Riders 2x3, Assassins 2x4, Tarnsmen 2x4.
    let p = Position::start();
    assert_eq!(p.legal_moves().len(), 40);
    assert_eq!(targets(START, "d1"), set(&["a3", "g3", "b4", "f4"]));
    assert_eq!(targets(START, "a2"), set(&["a3", "a4", "b3", "c4"]));
    assert_eq!(targets(START, "b2"), set(&["a3", "b3", "c3"]));
    assert_eq!(targets(START, "e1"), set(&[]));
    let r = pos("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI r 1 Hh");
    assert_eq!(r.legal_moves().len(), 40);
    let rt = r.to_string();
    assert_eq!(targets(&rt, "g10"), set(&["j8", "d8", "i7", "e7"]));
    assert_eq!(targets(&rt, "j9"), set(&["j8", "j7", "i8", "h7"]));
}

// ---------------------------------------------------------------------------
// Home Stone
// ---------------------------------------------------------------------------

#[test]
fn no_placement_before_turn_eight() {
    for turn in 1..=7 {
        let p = pos(&format!("{WINDOW_BOARD} y {turn} Hh"));
        assert_eq!(placements(&p), set(&[]), "turn {turn}");
        assert!(!p.is_legal(mv("H@a1")), "turn {turn}");
        let p = pos(&format!("{WINDOW_BOARD} r {turn} Hh"));
        assert_eq!(placements(&p), set(&[]), "red turn {turn}");
        assert!(!p.is_legal(mv("H@j10")), "red turn {turn}");
    }
}

#[test]
fn placement_on_turns_eight_and_nine_alongside_other_moves() {
    for turn in [8, 9] {
        let p = pos(&format!("{WINDOW_BOARD} y {turn} Hh"));
        let all = moves_of(&p);
        assert_eq!(placements(&p), set(&["H@a1"]), "turn {turn}");
        assert!(all.contains("e2e5"));
        assert!(all.contains("a3b4"));
        assert!(p.is_legal(mv("H@a1")));
        assert!(p.is_legal(mv("e2e3")));
        let p = pos(&format!("{WINDOW_BOARD} r {turn} Hh"));
        let all = moves_of(&p);
        assert_eq!(placements(&p), set(&["H@j10"]), "red turn {turn}");
        assert!(all.contains("e9e6"));
        assert!(p.is_legal(mv("H@j10")));
        assert!(!p.is_legal(mv("H@a1")));
    }
}

#[test]
fn placement_only_on_empty_own_back_rank_squares() {
    // Yellow at turn 8: a1, c1 and j1 empty on rank 1; a2 and many others
    // empty elsewhere.
    let t = "ibstqutsbi/arppppppra/10/10/10/10/10/I1S6I/1RPPPPPPRA/1B1TQUTSB1 y 8 Hh";
    let p = pos(t);
    assert_eq!(placements(&p), set(&["H@a1", "H@c1", "H@j1"]));
    for bad in [
        "H@a2", "H@b1", "H@d1", "H@a3", "H@e5", "H@a10", "H@j10", "H@e9",
    ] {
        assert!(!p.is_legal(mv(bad)), "{bad}");
    }
    // Red at turn 9: b10 and h10 empty.
    let t = "i1stqut1bi/arppppppra/1b4s3/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBH r 9 h";
    let p = pos(t);
    assert_eq!(placements(&p), set(&["H@b10", "H@h10"]));
    for bad in ["H@a10", "H@b9", "H@b1", "H@a1", "H@h8"] {
        assert!(!p.is_legal(mv(bad)), "{bad}");
    }
}

#[test]
fn turn_ten_placement_is_the_only_move() {
    let p = pos(&format!("{WINDOW_BOARD} y 10 Hh"));
    assert_eq!(moves_of(&p), set(&["H@a1"]));
    assert!(!p.is_legal(mv("e2e3")));
    assert!(!p.is_legal(mv("a3b4")));
    assert_eq!(p.outcome(), Outcome::Ongoing);
    // Two free squares.
    let p = pos("ibstqutsbi/arppppppra/10/10/10/10/10/I8I/ARPPPPPPRA/1BSTQUTSB1 y 10 Hh");
    assert_eq!(moves_of(&p), set(&["H@a1", "H@j1"]));
    // Red places on rank 10 with H@x10.
    let p = pos("ibs1qutsb1/arppppppra/3t5i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI r 10 h");
    assert_eq!(moves_of(&p), set(&["H@d10", "H@j10"]));
    assert!(!p.is_legal(mv("e9e8")));
    let mut q = p.clone();
    q.play(mv("H@d10")).unwrap();
    assert_eq!(
        q.to_string(),
        "ibshqutsb1/arppppppra/3t5i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI y 11 -"
    );
    assert_eq!(q.outcome(), Outcome::Ongoing);
}

#[test]
fn stone_in_hand_at_turn_eleven_does_not_parse() {
    let e = "ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/1BSTQUTSBI y 11 Hh"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(e.field(), Field::Hand);
    let e = "ibstqutsbh/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/1BSTQUTSBI y 11 H"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(e.field(), Field::Hand);
}

#[test]
fn full_back_rank_on_turn_ten_is_a_default_loss() {
    let p = pos("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 10 Hh");
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Side::Red,
            reason: WinReason::DefaultLoss
        }
    );
    assert!(p.legal_moves().is_empty());
    // Back rank filled partly by an enemy piece.
    let p = pos("h9/10/10/10/10/10/10/10/10/BBBBBBBBBr y 10 H");
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Side::Red,
            reason: WinReason::DefaultLoss
        }
    );
    assert!(p.legal_moves().is_empty());
    // Red.
    let p = pos("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/HBSTQUTSBI r 10 h");
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Side::Yellow,
            reason: WinReason::DefaultLoss
        }
    );
    assert!(p.legal_moves().is_empty());
}

#[test]
fn full_back_rank_on_turns_eight_and_nine_is_fine() {
    for turn in [8, 9] {
        let p = pos(&format!(
            "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y {turn} Hh"
        ));
        assert_eq!(p.outcome(), Outcome::Ongoing);
        assert_eq!(p.legal_moves().len(), 40);
        assert_eq!(placements(&p), set(&[]));
        let p = pos(&format!(
            "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI r {turn} Hh"
        ));
        assert_eq!(p.outcome(), Outcome::Ongoing);
        assert_eq!(p.legal_moves().len(), 40);
    }
}

#[test]
fn home_stone_steps_to_empty_squares_and_never_captures() {
    let t = fen(
        &[
            ("e5", 'H'),
            ("e6", 'R'),
            ("f6", 'r'),
            ("d4", 'q'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    );
    assert_eq!(targets(&t, "e5"), set(&["d5", "d6", "e4", "f4", "f5"]));
    assert!(!pos(&t).is_legal(mv("e5f6")));
    assert!(!pos(&t).is_legal(mv("e5e7")));
    // Corner.
    let t = fen(&[("a1", 'H'), ("a10", 'h')], 'y', 12, "-");
    assert_eq!(targets(&t, "a1"), set(&["a2", "b1", "b2"]));
    // Next to the enemy stone: it cannot capture it either.
    let t = fen(&[("e5", 'H'), ("e6", 'h')], 'y', 12, "-");
    assert_eq!(
        targets(&t, "e5"),
        set(&["d4", "d5", "d6", "e4", "f4", "f5", "f6"])
    );
    // Red stone.
    let t = fen(&[("j10", 'h'), ("i10", 'B'), ("a1", 'H')], 'r', 12, "-");
    assert_eq!(targets(&t, "j10"), set(&["i9", "j9"]));
}

/// Yellow's `piece` on `from` captures Red's stone on e6.
fn yellow_captures_stone(letter: char, from: &str, extra: &[(&str, char)]) {
    let mut pieces = vec![("a1", 'H'), ("e6", 'h'), (from, letter)];
    pieces.extend_from_slice(extra);
    let text = fen(&pieces, 'y', 12, "-");
    let mut p = pos(&text);
    assert_eq!(p.outcome(), Outcome::Ongoing);
    let capture = mv(&format!("{from}e6"));
    assert!(p.is_legal(capture), "{letter} {from}e6 in {text}");
    p.play(capture).unwrap();
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Side::Yellow,
            reason: WinReason::HomeStoneCaptured
        }
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.to_move(), Side::Red);
    assert_eq!(p.turn(), 12);
    assert!(!p.stone_in_hand(Side::Red));
    let mut after = vec![("a1", 'H'), ("e6", letter)];
    after.extend_from_slice(extra);
    assert_eq!(p.to_string(), fen(&after, 'r', 12, "-"));
    // The resulting text parses back to the same position.
    assert_eq!(pos(&p.to_string()), p);
}

#[test]
fn every_piece_kind_captures_the_home_stone() {
    yellow_captures_stone('U', "e2", &[]);
    yellow_captures_stone('Q', "e3", &[]);
    yellow_captures_stone('Q', "b3", &[]);
    // Tarnsman over a wall.
    yellow_captures_stone(
        'T',
        "c3",
        &[
            ("c4", 'r'),
            ("d3", 'r'),
            ("d4", 'R'),
            ("d5", 'r'),
            ("e5", 'R'),
            ("c5", 'r'),
        ],
    );
    yellow_captures_stone('S', "a2", &[]);
    yellow_captures_stone('B', "a6", &[]);
    yellow_captures_stone('I', "j1", &[]);
    yellow_captures_stone('P', "d5", &[]);
    yellow_captures_stone('P', "f5", &[]);
    yellow_captures_stone('R', "f5", &[]);
    yellow_captures_stone('R', "e7", &[]);
    yellow_captures_stone('A', "e4", &[]);
    yellow_captures_stone('A', "g8", &[]);
}

#[test]
fn pieces_out_of_range_do_not_capture_the_stone() {
    // Ubara at distance 4, Assassin at distance 3, Rider at distance 2,
    // Spearman straight ahead or diagonally behind, the own Home Stone.
    for (letter, from) in [
        ('Q', "e2"),
        ('A', "e3"),
        ('R', "e4"),
        ('P', "e5"),
        ('P', "d7"),
        ('P', "f7"),
        ('H', "e5"),
    ] {
        let pieces: Vec<(&str, char)> = if letter == 'H' {
            vec![("e6", 'h'), (from, letter)]
        } else {
            vec![("a1", 'H'), ("e6", 'h'), (from, letter)]
        };
        let p = pos(&fen(&pieces, 'y', 12, "-"));
        assert!(!p.is_legal(mv(&format!("{from}e6"))), "{letter} {from}");
    }
    // Scribe six squares away on a diagonal.
    let p = pos(&fen(&[("a1", 'H'), ("h9", 'h'), ("b3", 'S')], 'y', 12, "-"));
    assert!(!p.is_legal(mv("b3h9")));
    assert!(targets(&p.to_string(), "b3").contains("g8"));
}

#[test]
fn red_captures_the_yellow_stone() {
    // Spearman diagonally forward (down for Red).
    let mut p = pos(&fen(
        &[("e4", 'H'), ("d5", 'p'), ("a10", 'h')],
        'r',
        12,
        "-",
    ));
    p.play(mv("d5e4")).unwrap();
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Side::Red,
            reason: WinReason::HomeStoneCaptured
        }
    );
    assert_eq!(p.to_move(), Side::Yellow);
    assert_eq!(p.turn(), 13);
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.to_string(),
        fen(&[("e4", 'p'), ("a10", 'h')], 'y', 13, "-")
    );
    // Not straight ahead.
    let p = pos(&fen(
        &[("e4", 'H'), ("e5", 'p'), ("a10", 'h')],
        'r',
        12,
        "-",
    ));
    assert!(!p.is_legal(mv("e5e4")));
    // Tarnsman.
    let mut p = pos(&fen(
        &[("e4", 'H'), ("g7", 't'), ("a10", 'h')],
        'r',
        12,
        "-",
    ));
    p.play(mv("g7e4")).unwrap();
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Side::Red,
            reason: WinReason::HomeStoneCaptured
        }
    );
    assert_eq!(
        p.to_string(),
        fen(&[("e4", 't'), ("a10", 'h')], 'y', 13, "-")
    );
}

#[test]
fn capture_of_a_stone_placed_this_window() {
    // Red's stone just placed on j10; Yellow's Builder takes it along rank 10.
    let mut p = pos("ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/1BSTQUTSBI r 8 Hh");
    p.play(mv("H@j10")).unwrap();
    assert_eq!(
        p.to_string(),
        "ibstqutsbh/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/1BSTQUTSBI y 9 H"
    );
    // A Yellow Tarnsman on h8 cannot reach j10 or j9; one on h7 can.
    let mut p = pos("ibstqutsbh/arppppppr1/7T1i/10/10/10/10/I9/ARPPPPPPRA/1BS1QUTSBI y 9 H");
    p.play(mv("h8j10")).unwrap_err();
    p.play(mv("h8j9")).unwrap_err();
    let mut q = pos("ibstqutsbh/arppppppr1/9i/7T2/10/10/10/I9/ARPPPPPPRA/1BS1QUTSBI y 9 H");
    q.play(mv("h7j10")).unwrap();
    assert_eq!(
        q.outcome(),
        Outcome::Win {
            winner: Side::Yellow,
            reason: WinReason::HomeStoneCaptured
        }
    );
    // Yellow's own stone is still in hand: the text keeps `H`, Red's is gone.
    assert_eq!(
        q.to_string(),
        "ibstqutsbT/arppppppr1/9i/10/10/10/10/I9/ARPPPPPPRA/1BS1QUTSBI r 9 H"
    );
    assert!(q.legal_moves().is_empty());
}

/// (next_turn, in_hand, open_now, last_chance, squares)
type Window = (u32, bool, bool, bool, BTreeSet<String>);

/// (text, side, next_turn, in_hand, open_now, last_chance, squares)
type WindowCase = (String, Side, u32, bool, bool, bool, BTreeSet<String>);

fn window(text: &str, side: Side) -> Window {
    let w = pos(text).home_stone_window(side);
    assert_eq!(w.side, side);
    assert_eq!(w.first_turn, 8);
    assert_eq!(w.last_turn, 10);
    let squares: BTreeSet<String> = w.squares.iter().map(|s| s.to_string()).collect();
    (w.next_turn, w.in_hand, w.open_now, w.last_chance, squares)
}

#[test]
fn home_stone_window_turn_by_turn() {
    let none = set(&[]);
    let b = WINDOW_BOARD;
    let y = Side::Yellow;
    let r = Side::Red;
    // (text, side, next_turn, in_hand, open_now, last_chance, squares)
    let cases: Vec<WindowCase> = vec![
        (
            format!("{b} y 7 Hh"),
            y,
            7,
            true,
            false,
            false,
            none.clone(),
        ),
        (
            format!("{b} y 7 Hh"),
            r,
            7,
            true,
            false,
            false,
            none.clone(),
        ),
        (
            format!("{b} r 7 Hh"),
            y,
            8,
            true,
            false,
            false,
            none.clone(),
        ),
        (
            format!("{b} r 7 Hh"),
            r,
            7,
            true,
            false,
            false,
            none.clone(),
        ),
        (format!("{b} y 8 Hh"), y, 8, true, true, false, set(&["a1"])),
        (
            format!("{b} y 8 Hh"),
            r,
            8,
            true,
            false,
            false,
            none.clone(),
        ),
        (
            format!("{b} r 8 Hh"),
            y,
            9,
            true,
            false,
            false,
            none.clone(),
        ),
        (
            format!("{b} r 8 Hh"),
            r,
            8,
            true,
            true,
            false,
            set(&["j10"]),
        ),
        (format!("{b} y 9 Hh"), y, 9, true, true, false, set(&["a1"])),
        (
            format!("{b} y 9 Hh"),
            r,
            9,
            true,
            false,
            false,
            none.clone(),
        ),
        (
            format!("{b} r 9 Hh"),
            y,
            10,
            true,
            false,
            false,
            none.clone(),
        ),
        (
            format!("{b} r 9 Hh"),
            r,
            9,
            true,
            true,
            false,
            set(&["j10"]),
        ),
        (
            format!("{b} y 10 Hh"),
            y,
            10,
            true,
            true,
            true,
            set(&["a1"]),
        ),
        (
            format!("{b} y 10 Hh"),
            r,
            10,
            true,
            false,
            false,
            none.clone(),
        ),
    ];
    for (text, side, next, in_hand, open, last, squares) in cases {
        assert_eq!(
            window(&text, side),
            (next, in_hand, open, last, squares),
            "{text} {side:?}"
        );
    }
    // Yellow placed on a1 at turn 10; Red's last chance.
    let t = "ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI r 10 h";
    assert_eq!(window(t, r), (10, true, true, true, set(&["j10"])));
    assert_eq!(window(t, y), (11, false, false, false, none.clone()));
    // Both placed, turn 11.
    let t = "ibstqutsbh/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI y 11 -";
    assert_eq!(window(t, y), (11, false, false, false, none.clone()));
    assert_eq!(window(t, r), (11, false, false, false, none.clone()));
    let t = "ibstqutsbh/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI r 11 -";
    assert_eq!(window(t, y), (12, false, false, false, none.clone()));
    assert_eq!(window(t, r), (11, false, false, false, none.clone()));
    // Already placed at turn 8: the window is closed for that side.
    let t = "ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI y 9 h";
    assert_eq!(window(t, y), (9, false, false, false, none.clone()));
    assert_eq!(window(t, r), (9, true, false, false, none.clone()));
    // Full back rank at turn 9: nothing to place on.
    let t = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 9 Hh";
    let (next, in_hand, _, last, squares) = window(t, y);
    assert_eq!(
        (next, in_hand, last, squares),
        (9, true, false, none.clone())
    );
    // Full back rank at turn 10: nothing to place on (lost by default).
    let t = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 10 Hh";
    let (next, in_hand, _, _, squares) = window(t, y);
    assert_eq!((next, in_hand, squares), (10, true, none));
}

#[test]
fn turn_number_bookkeeping() {
    let mut p = Position::start();
    assert_eq!((p.to_move(), p.turn()), (Side::Yellow, 1));
    p.play(mv("e2e3")).unwrap();
    assert_eq!((p.to_move(), p.turn()), (Side::Red, 1));
    assert_eq!(
        p.to_string(),
        "ibstqutsbi/arppppppra/10/10/10/10/10/4P5/ARPP1PPPRA/IBSTQUTSBI r 1 Hh"
    );
    p.play(mv("e9e7")).unwrap();
    assert_eq!((p.to_move(), p.turn()), (Side::Yellow, 2));
    assert_eq!(
        p.to_string(),
        "ibstqutsbi/arpp1pppra/10/4p5/10/10/10/4P5/ARPP1PPPRA/IBSTQUTSBI y 2 Hh"
    );
    p.play(mv("d1g3")).unwrap();
    assert_eq!((p.to_move(), p.turn()), (Side::Red, 2));
    p.play(mv("g10d8")).unwrap();
    assert_eq!((p.to_move(), p.turn()), (Side::Yellow, 3));
    assert_eq!(
        p.to_string(),
        "ibstqu1sbi/arpp1pppra/3t6/4p5/10/10/10/4P1T3/ARPP1PPPRA/IBS1QUTSBI y 3 Hh"
    );
}

#[test]
fn capturing_ubar_or_ubara_does_not_end_the_game() {
    let mut p = pos(&fen(
        &[
            ("a1", 'H'),
            ("e1", 'U'),
            ("e6", 'u'),
            ("j10", 'r'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    ));
    p.play(mv("e1e6")).unwrap();
    assert_eq!(p.outcome(), Outcome::Ongoing);
    assert!(!p.legal_moves().is_empty());
    let mut p = pos(&fen(
        &[("a1", 'H'), ("e3", 'Q'), ("e6", 'q'), ("a10", 'h')],
        'y',
        12,
        "-",
    ));
    p.play(mv("e3e6")).unwrap();
    assert_eq!(p.outcome(), Outcome::Ongoing);
    // Red has only its stone left and it can move.
    assert_eq!(moves_of(&p), set(&["a10a9", "a10b10", "a10b9"]));
    // Red captures Yellow's Ubar, Yellow retakes with the Ubara.
    let mut q = pos(&fen(
        &[
            ("f1", 'U'),
            ("e1", 'Q'),
            ("f5", 'u'),
            ("a1", 'H'),
            ("a10", 'h'),
        ],
        'r',
        12,
        "-",
    ));
    q.play(mv("f5f1")).unwrap();
    assert_eq!(q.outcome(), Outcome::Ongoing);
    q.play(mv("e1f1")).unwrap();
    assert_eq!(q.outcome(), Outcome::Ongoing);
}

#[test]
fn no_legal_moves_is_a_draw() {
    let draw = Outcome::Draw {
        reason: DrawReason::NoLegalMoves,
    };
    // Yellow: stone boxed in by enemy pieces, a Spearman on the last rank.
    let p = pos(&fen(
        &[
            ("a1", 'H'),
            ("e10", 'P'),
            ("a2", 'r'),
            ("b1", 'r'),
            ("b2", 'r'),
            ("j10", 'h'),
        ],
        'y',
        12,
        "-",
    ));
    assert_eq!(p.outcome(), draw);
    assert!(p.legal_moves().is_empty());
    // Yellow: stone boxed in, a Spearman blocked straight ahead.
    let p = pos(&fen(
        &[
            ("j1", 'H'),
            ("i1", 'r'),
            ("i2", 'r'),
            ("j2", 'r'),
            ("e5", 'P'),
            ("e6", 't'),
            ("a10", 'h'),
        ],
        'y',
        12,
        "-",
    ));
    assert_eq!(p.outcome(), draw);
    assert!(p.legal_moves().is_empty());
    // Yellow: stone boxed in by its own pieces, which cannot move either
    // (columns of Spearmen up to rank 10, an Initiate with own pieces on
    // both diagonals).
    let mut ranks = vec!["PPP6h".to_string()];
    ranks.extend((0..8).map(|_| "PPP7".to_string()));
    ranks.push("HI8".to_string());
    let p = pos(&format!("{} y 12 -", ranks.join("/")));
    assert_eq!(p.outcome(), draw);
    assert!(p.legal_moves().is_empty());
    // Red.
    let p = pos(&fen(
        &[
            ("j10", 'h'),
            ("i10", 'R'),
            ("i9", 'R'),
            ("j9", 'R'),
            ("e1", 'p'),
            ("a1", 'H'),
        ],
        'r',
        12,
        "-",
    ));
    assert_eq!(p.outcome(), draw);
    assert!(p.legal_moves().is_empty());
    // Not a draw when one move is left.
    let p = pos(&fen(
        &[
            ("a1", 'H'),
            ("e10", 'P'),
            ("a2", 'r'),
            ("b1", 'r'),
            ("j10", 'h'),
        ],
        'y',
        12,
        "-",
    ));
    assert_eq!(p.outcome(), Outcome::Ongoing);
    assert_eq!(moves_of(&p), set(&["a1b2"]));
}

// ---------------------------------------------------------------------------
// Play, undo, hash
// ---------------------------------------------------------------------------

fn check_play_undo_all(text: &str) {
    let mut p = pos(text);
    assert_eq!(p.to_string(), text);
    assert_eq!(p.hash(), p.compute_hash());
    let before = p.clone();
    for m in p.clone().legal_moves() {
        let undo = p.play(m).expect("a legal move");
        assert_eq!(p.hash(), p.compute_hash(), "{m} from {text}");
        // The text after any move parses back to the same position.
        assert_eq!(pos(&p.to_string()), p, "{m} from {text}");
        p.undo(undo).expect("the last move's record");
        assert_eq!(p.to_string(), text, "{m}");
        assert_eq!(p.hash(), before.hash(), "{m}");
        assert_eq!(p, before, "{m}");
    }
}

#[test]
fn play_undo_restores_text_and_hash() {
    check_play_undo_all(START);
    check_play_undo_all(&format!("{WINDOW_BOARD} y 8 Hh"));
    check_play_undo_all(&format!("{WINDOW_BOARD} r 9 Hh"));
    check_play_undo_all(&format!("{WINDOW_BOARD} y 10 Hh"));
    check_play_undo_all("ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI r 10 h");
    check_play_undo_all(&fen(
        &[
            ("a1", 'H'),
            ("e6", 'h'),
            ("e2", 'U'),
            ("c3", 'T'),
            ("d5", 'P'),
            ("f5", 'r'),
            ("d7", 'q'),
        ],
        'y',
        12,
        "-",
    ));
}

#[test]
fn hash_tracks_a_short_game_with_placements_and_captures() {
    let steps = [
        (
            "H@a1",
            "ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI r 8 h",
        ),
        (
            "H@j10",
            "ibstqutsbh/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI y 9 -",
        ),
        (
            "e2e5",
            "ibstqutsbh/arppppppra/9i/10/10/4P5/10/I9/ARPP1PPPRA/HBSTQUTSBI r 9 -",
        ),
        (
            "d9d6",
            "ibstqutsbh/arp1ppppra/9i/10/3p6/4P5/10/I9/ARPP1PPPRA/HBSTQUTSBI y 10 -",
        ),
        (
            "e5d6",
            "ibstqutsbh/arp1ppppra/9i/10/3P6/10/10/I9/ARPP1PPPRA/HBSTQUTSBI r 10 -",
        ),
        (
            "j8d2",
            "ibstqutsbh/arp1ppppra/10/10/3P6/10/10/I9/ARPi1PPPRA/HBSTQUTSBI y 11 -",
        ),
        (
            "c1d2",
            "ibstqutsbh/arp1ppppra/10/10/3P6/10/10/I9/ARPS1PPPRA/HB1TQUTSBI r 11 -",
        ),
    ];
    let start = format!("{WINDOW_BOARD} y 8 Hh");
    let mut p = pos(&start);
    let mut undos = Vec::new();
    let mut texts = vec![start.clone()];
    for (m, expected) in steps {
        let undo = p.play(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
        undos.push(undo);
        assert_eq!(p.to_string(), expected, "after {m}");
        assert_eq!(p.hash(), p.compute_hash(), "after {m}");
        assert_eq!(p.hash(), pos(expected).hash(), "after {m}");
        assert_eq!(p.outcome(), Outcome::Ongoing);
        texts.push(expected.to_string());
    }
    texts.pop();
    while let Some(undo) = undos.pop() {
        p.undo(undo).expect("the last move's record");
        let expected = texts.pop().unwrap();
        assert_eq!(p.to_string(), expected);
        assert_eq!(p.hash(), p.compute_hash());
        assert_eq!(p.hash(), pos(&expected).hash());
    }
    assert_eq!(p, pos(&start));
}

#[test]
fn hash_distinguishes_side_turn_and_hand() {
    let a = pos(&format!("{WINDOW_BOARD} y 8 Hh"));
    let b = pos(&format!("{WINDOW_BOARD} r 8 Hh"));
    let c = pos(&format!("{WINDOW_BOARD} y 9 Hh"));
    let d = pos("ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI y 8 h");
    let hashes: BTreeSet<u64> = [&a, &b, &c, &d].iter().map(|p| p.hash()).collect();
    assert_eq!(hashes.len(), 4);
    for p in [a, b, c, d] {
        assert_eq!(p.hash(), p.compute_hash());
    }
}

#[test]
fn play_checked_rejects_illegal_moves_and_leaves_the_position() {
    let cases: [(&str, &[&str]); 4] = [
        (
            START,
            &[
                "e2e6", "H@a1", "H@e5", "e9e8", "e5e6", "a1a2", "f1f2", "d1d4", "e2d3", "b2b4",
            ],
        ),
        (
            "ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI r 10 h",
            &["e9e8", "H@a1", "H@i10", "H@j9", "j8i7"],
        ),
        (
            "ibstqutsbh/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI y 11 -",
            &["H@b1", "H@a1", "a1a2", "a1b2", "e9e8"],
        ),
        (&format!("{WINDOW_BOARD} y 7 Hh"), &["H@a1", "H@j10"]),
    ];
    for (text, bad) in cases {
        let mut p = pos(text);
        let before = p.clone();
        for m in bad {
            assert!(!p.is_legal(mv(m)), "{m} in {text}");
            let err = p.play(mv(m));
            assert!(err.is_err(), "{m} in {text}");
            assert_eq!(err.unwrap_err().move_text(), *m);
            assert_eq!(p, before, "{m}");
            assert_eq!(p.to_string(), text);
            assert_eq!(p.hash(), before.hash());
        }
    }
}

#[test]
fn is_legal_agrees_with_move_list() {
    for text in [
        START.to_string(),
        format!("{WINDOW_BOARD} y 8 Hh"),
        format!("{WINDOW_BOARD} y 10 Hh"),
        format!("{WINDOW_BOARD} r 9 Hh"),
        fen(
            &[
                ("a1", 'H'),
                ("e6", 'h'),
                ("e2", 'P'),
                ("c3", 'T'),
                ("d5", 'P'),
                ("f5", 'r'),
                ("d7", 'q'),
            ],
            'y',
            12,
            "-",
        ),
    ] {
        check_is_legal_matches(&pos(&text));
    }
}

// ---------------------------------------------------------------------------
// Finished games
// ---------------------------------------------------------------------------

#[test]
fn finished_games_have_no_moves() {
    let finished = [
        // Yellow's stone captured: Red won.
        (
            fen(&[("e6", 'h'), ("e1", 'U'), ("b2", 'R')], 'y', 12, "-"),
            Outcome::Win {
                winner: Side::Red,
                reason: WinReason::HomeStoneCaptured,
            },
        ),
        // Red's stone captured, Red to move: Yellow won.
        (
            fen(&[("a1", 'H'), ("e1", 'u'), ("b9", 'p')], 'r', 12, "-"),
            Outcome::Win {
                winner: Side::Yellow,
                reason: WinReason::HomeStoneCaptured,
            },
        ),
        // Default loss.
        (
            "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 10 Hh".to_string(),
            Outcome::Win {
                winner: Side::Red,
                reason: WinReason::DefaultLoss,
            },
        ),
        (
            "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/HBSTQUTSBI r 10 h".to_string(),
            Outcome::Win {
                winner: Side::Yellow,
                reason: WinReason::DefaultLoss,
            },
        ),
    ];
    for (text, outcome) in finished {
        let mut p = pos(&text);
        assert_eq!(p.outcome(), outcome, "{text}");
        assert!(p.legal_moves().is_empty(), "{text}");
        let before = p.clone();
        for m in every_move() {
            assert!(!p.is_legal(m), "{m} in {text}");
        }
        for m in [
            "e1e2", "e1e5", "b2b3", "H@a1", "H@j10", "e6e5", "a1a2", "e2e3",
        ] {
            assert!(p.play(mv(m)).is_err(), "{m} in {text}");
            assert_eq!(p, before);
        }
    }
}

#[test]
fn start_position_basics() {
    let p = Position::start();
    assert_eq!(p.to_string(), START);
    assert_eq!(pos(START), p);
    assert_eq!(p.to_move(), Side::Yellow);
    assert_eq!(p.turn(), 1);
    assert!(p.stone_in_hand(Side::Yellow) && p.stone_in_hand(Side::Red));
    assert_eq!(p.outcome(), Outcome::Ongoing);
    assert!(p.piece_at(sq("e5")).is_none());
    assert_eq!(p.piece_at(sq("f1")).map(|x| x.letter()), Some('U'));
    assert_eq!(p.piece_at(sq("e10")).map(|x| x.letter()), Some('q'));
    assert_eq!(p.piece_at(sq("a9")).map(|x| x.letter()), Some('a'));
    assert!(p.diagram().to_string().contains('U'));
}

// ---------------------------------------------------------------------------
// Checked play and undo
// ---------------------------------------------------------------------------

#[test]
fn illegal_moves_say_why() {
    use IllegalMoveReason::*;
    let window = format!("{WINDOW_BOARD} y 8 Hh");
    let last_chance = format!("{WINDOW_BOARD} y 10 Hh");
    let cases: &[(&str, &str, IllegalMoveReason)] = &[
        (START, "e2e6", CannotReach),
        (START, "a1a2", CannotReach), // onto its own piece
        (START, "e5e6", NoPieceToMove),
        (START, "e9e8", NoPieceToMove), // Red's piece, Yellow to move
        (START, "H@e1", PlacementNotAllowed), // before turn 8
        (&window, "H@b1", PlacementNotAllowed), // occupied
        (&window, "H@a2", PlacementNotAllowed), // not the back rank
        (&window, "H@a10", PlacementNotAllowed), // Red's back rank
        (&last_chance, "a2a3", PlacementRequired),
        (&last_chance, "e5e6", PlacementRequired),
        // Yellow's stone is gone: the game is over.
        ("4h5/10/10/10/10/10/10/10/10/4U5 y 12 -", "f1f2", GameOver),
    ];
    for (text, m, reason) in cases {
        let mut p = pos(text);
        let before = p.clone();
        let err = p.play(mv(m)).unwrap_err();
        assert_eq!(
            (err.move_text(), err.reason()),
            (*m, *reason),
            "{m} in {text}"
        );
        assert!(err.to_string().contains(m));
        assert_eq!(p, before);
    }
}

/// A stale record: the hash ignores turn numbers from turn 11 on,
/// so a record must be checked against the turn too.
#[test]
fn a_stale_record_with_the_same_hash_is_refused() {
    let text = "9h/9r/10/10/10/10/10/10/R9/H9 y 12 -";
    let mut p = pos(text);
    let first = p.play(mv("a2a3")).unwrap();
    let after_first = p.clone();
    for m in ["j9i9", "a3b3", "i9j9", "b3a3"] {
        p.play(mv(m)).unwrap();
    }
    assert_eq!(
        p.hash(),
        after_first.hash(),
        "the same hash, two turns later"
    );
    assert_ne!(p, after_first);
    let before = p.clone();
    assert_eq!(p.undo(first), Err(UndoError::default()));
    assert_eq!(p, before);
    assert_eq!(p.to_string(), "9h/9r/10/10/10/10/10/R9/10/H9 r 14 -");
}

#[test]
fn undo_refuses_foreign_used_and_out_of_order_records() {
    let mut p = Position::start();
    let mut other = Position::start();
    let foreign = other.play(mv("c2c4")).unwrap();
    let first = p.play(mv("e2e5")).unwrap();
    let second = p.play(mv("e9e6")).unwrap();
    for record in [foreign, first] {
        let before = p.clone();
        assert_eq!(p.undo(record), Err(UndoError::default()));
        assert_eq!(p, before);
    }
    p.undo(second).unwrap();
    assert_eq!(p.undo(second), Err(UndoError::default()), "used twice");
    p.undo(first).unwrap();
    assert_eq!(p, Position::start());
    assert_eq!(p.undo(first), Err(UndoError::default()));
    // A record fits any position equal to the one its move made.
    let mut copy = Position::start();
    copy.play(mv("c2c4")).unwrap();
    copy.undo(foreign).unwrap();
    assert_eq!(copy, Position::start());
}

/// Positions, set-ups, moves and records are plain data: they may be sent
/// to and shared between threads (checked at compile time).
#[test]
fn kaissa_types_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    use kaissa_chaturaji::kaissa::{HomeStoneWindow, MoveList, Setup, Undo};
    assert_send_sync::<Position>();
    assert_send_sync::<Setup>();
    assert_send_sync::<Move>();
    assert_send_sync::<MoveList>();
    assert_send_sync::<Undo>();
    assert_send_sync::<Outcome>();
    assert_send_sync::<HomeStoneWindow>();
    assert_send_sync::<kaissa_chaturaji::NotationError>();
    assert_send_sync::<kaissa_chaturaji::IllegalMoveError>();
    assert_send_sync::<UndoError>();
}

#[test]
fn default_is_the_start_and_hash_follows_the_key() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let hash_of = |p: &Position| {
        let mut h = DefaultHasher::new();
        Hash::hash(p, &mut h);
        h.finish()
    };
    assert_eq!(Position::default(), Position::start());
    assert_eq!(hash_of(&Position::default()), hash_of(&Position::start()));
    let mut a = Position::start();
    a.play(mv("e2e5")).unwrap();
    assert_ne!(hash_of(&a), hash_of(&Position::start()));
}
