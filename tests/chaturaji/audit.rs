//! Independent audit of the Chaturaji rules (the rules reference (docs/rules.md) §2 and §3).
//!
//! Every expected value below was worked out by hand from docs/rules.md, not taken
//! from the library's output. Positions are written as piece lists
//! (`"d1:gK h4:rK"`) turned into board text by this file's own encoder
//! (`board`), which is itself checked against the hand-written start text.

use kaissa_chaturaji::chaturaji::{
    perft, Alliances, Colour, ExchangeError, Move, MoveList, Outcome, PieceKind, Position, Roll,
    Rules, Square, MARKED_SQUARES, THRONES,
};
use kaissa_chaturaji::error::Field;

// ---------------------------------------------------------------- helpers

const START: &str = "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0";

fn sheet() -> Rules {
    Rules::new()
        .with_alliances(Alliances::Sheet)
        .with_draw_limit(Some(200))
}

fn opposite() -> Rules {
    Rules::new()
        .with_alliances(Alliances::Opposite)
        .with_draw_limit(Some(200))
}

/// Board text from a list such as `"d1:gK h4:rK"` (this file's own encoder).
fn board(spec: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 8]; 8];
    for item in spec.split_whitespace() {
        let (sq, pc) = item.split_once(':').expect("square:piece");
        let b = sq.as_bytes();
        let file = (b[0] - b'a') as usize;
        let rank = (b[1] - b'1') as usize;
        assert!(file < 8 && rank < 8 && b.len() == 2, "bad square {sq}");
        assert!(grid[rank][file].is_none(), "square {sq} given twice");
        grid[rank][file] = Some(pc.to_string());
    }
    let mut ranks = Vec::new();
    for row in grid.iter().rev() {
        let mut items: Vec<String> = Vec::new();
        let mut empty = 0;
        for cell in row {
            match cell {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        items.push(empty.to_string());
                        empty = 0;
                    }
                    items.push(p.clone());
                }
            }
        }
        if empty > 0 {
            items.push(empty.to_string());
        }
        ranks.push(items.join(","));
    }
    ranks.join("/")
}

/// A whole position text: the board from `spec`, then the other six fields.
fn t(spec: &str, rest: &str) -> String {
    format!("{} {}", board(spec), rest)
}

fn parse(text: &str, rules: Rules) -> Position {
    Position::from_text(text, rules).unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn pos(text: &str) -> Position {
    parse(text, sheet())
}

fn roll(face: u8) -> Roll {
    Roll::new(face).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"))
}

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap()
}

/// Plays `m` with `play_checked` for roll `face`; checks undo restores the
/// position; then replays it.
fn play(p: &mut Position, face: u8, m: &str) {
    let before = p.clone();
    let undo = p
        .play(roll(face), mv(m))
        .unwrap_or_else(|e| panic!("{m} (roll {face}) in {before}: {e}"));
    let after = p.clone();
    p.undo(undo).unwrap();
    assert_eq!(*p, before, "undo of {m}");
    p.play(roll(face), mv(m)).unwrap();
    assert_eq!(*p, after);
}

/// Plays `m` and asserts the whole resulting text and the outcome.
fn step(p: &mut Position, face: u8, m: &str, expected: &str, outcome: Outcome) {
    play(p, face, m);
    assert_eq!(p.to_string(), expected, "after {m} (roll {face})");
    assert_eq!(p.outcome(), outcome, "outcome after {m}");
    // The text reads back to the same position.
    assert_eq!(parse(expected, p.rules()), *p);
}

fn moves(p: &Position, face: u8) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate_moves(roll(face), &mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    // every generated move is legal, and no duplicates
    for m in list.iter() {
        assert!(p.is_legal(roll(face), *m), "{m} generated but not legal");
    }
    let mut d = v.clone();
    d.dedup();
    assert_eq!(d.len(), v.len(), "duplicate moves {v:?}");
    v
}

fn set(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn assert_moves(p: &Position, face: u8, expected: &[&str]) {
    assert_eq!(moves(p, face), set(expected), "roll {face} in {p}");
}

fn assert_illegal(p: &Position, face: u8, m: &str) {
    assert!(
        !p.is_legal(roll(face), mv(m)),
        "{m} (roll {face}) must be illegal in {p}"
    );
    let mut q = p.clone();
    assert!(q.play(roll(face), mv(m)).is_err());
    assert_eq!(q, *p, "a rejected move leaves the position untouched");
}

fn assert_finished(p: &Position) {
    assert!(p.outcome().is_over());
    for face in 2..=5 {
        let mut list = MoveList::new();
        p.generate_moves(roll(face), &mut list);
        assert!(
            list.is_empty(),
            "finished game has moves for {face}: {list:?}"
        );
        assert!(!p.is_legal(roll(face), Move::Pass));
    }
}

fn err_field(text: &str, rules: Rules) -> &'static str {
    match Position::from_text(text, rules) {
        Ok(p) => panic!("{text:?} should be rejected, parsed as {p}"),
        Err(e) => e.field().name(),
    }
}

// ---------------------------------------------------------------- start

#[test]
fn encoder_matches_hand_written_start_text() {
    let spec = "a8:yB b8:yP e8:bK f8:bE g8:bH h8:bB a7:yH b7:yP e7:bP f7:bP g7:bP h7:bP \
                a6:yE b6:yP a5:yK b5:yP g4:rP h4:rK g3:rP h3:rE \
                a2:gP b2:gP c2:gP d2:gP g2:rP h2:rH a1:gB b1:gH c1:gE d1:gK g1:rP h1:rB";
    assert_eq!(t(spec, "r rbyg - - 0 0"), START);
}

#[test]
fn start_position_text_and_exports() {
    let p = Position::start(sheet());
    assert_eq!(p.to_string(), START);
    assert_eq!(pos(START), p);
    assert_eq!(p.to_move(), Colour::Red);
    for c in Colour::ALL {
        assert_eq!(p.commander(c), Some(c));
    }
    let marked: Vec<String> = MARKED_SQUARES.iter().map(|s| s.to_string()).collect();
    let mut marked_sorted = marked.clone();
    marked_sorted.sort();
    let mut expect = vec![
        "a1", "d1", "e1", "h1", "a4", "d4", "e4", "h4", "a5", "d5", "e5", "h5", "a8", "d8", "e8",
        "h8",
    ];
    expect.sort();
    assert_eq!(marked_sorted, expect);
    let thrones: Vec<String> = THRONES.iter().map(|s| s.to_string()).collect();
    assert_eq!(thrones, ["h4", "e8", "a5", "d1"]); // Red, Black, Yellow, Green
    assert_eq!(Position::start(opposite()).to_string(), START);
}

#[test]
fn start_move_sets_per_face() {
    let p = Position::start(sheet());
    assert_moves(&p, 2, &["h1f3"]);
    assert_moves(&p, 3, &["h2f1", "h2f3"]);
    assert_moves(&p, 4, &["pass"]);
    assert_moves(&p, 5, &["g1f1", "g2f2", "g3f3", "g4f4", "h4g5", "h4h5"]);
    assert!(!p.is_legal(roll(2), Move::Pass));
    assert!(!p.is_legal(roll(5), Move::Pass));
    assert_illegal(&p, 5, "g1e1"); // no double step
    assert_illegal(&p, 3, "h1f3"); // the roll names the boat
    assert_illegal(&p, 5, "e7e6"); // not Red's piece
    assert_eq!(perft(&p, 1), 10);
}

#[test]
fn start_turn_order_and_pass() {
    let mut p = Position::start(sheet());
    step(
        &mut p,
        2,
        "h1f3",
        "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/5,rB,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,1 b rbyg - - 1 1",
        Outcome::Ongoing,
    );
    // Black's elephant f8 is walled in: a Pass.
    assert_moves(&p, 4, &["pass"]);
    step(
        &mut p,
        4,
        "pass",
        "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/5,rB,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,1 y rbyg - - 2 2",
        Outcome::Ongoing,
    );
    assert_moves(&p, 3, &["a7c6", "a7c8"]);
    step(
        &mut p,
        3,
        "a7c6",
        "yB,yP,2,bK,bE,bH,bB/1,yP,2,bP,bP,bP,bP/yE,yP,yH,5/yK,yP,6/6,rP,rK/5,rB,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,1 g rbyg - - 3 3",
        Outcome::Ongoing,
    );
    assert_moves(&p, 2, &["a1c3"]);
    step(
        &mut p,
        2,
        "a1c3",
        "yB,yP,2,bK,bE,bH,bB/1,yP,2,bP,bP,bP,bP/yE,yP,yH,5/yK,yP,6/6,rP,rK/2,gB,2,rB,rP,rE/gP,gP,gP,gP,2,rP,rH/1,gH,gE,gK,2,rP,1 r rbyg - - 4 4",
        Outcome::Ongoing,
    );
    assert_eq!(p.to_move(), Colour::Red);
}

#[test]
fn perft_small_depths() {
    let p = Position::start(sheet());
    assert_eq!(perft(&p, 0), 1);
    assert_eq!(perft(&p, 2), 100);
    assert_eq!(perft(&p, 3), 1000);
    assert_eq!(perft(&p, 4), 10000);
    assert_eq!(perft(&Position::start(opposite()), 4), 10000);
}

#[test]
fn perft_depth_five_both_alliances() {
    assert_eq!(perft(&Position::start(sheet()), 5), 111900);
    assert_eq!(perft(&Position::start(opposite()), 5), 113800);
}

// ---------------------------------------------------------------- movement

#[test]
fn raja_moves_eight_ways_and_elimination() {
    let spec = "b7:gP c7:bP g7:bK c6:rK d6:yH";
    let mut p = pos(&t(spec, "r rbyg - - 5 20"));
    assert_moves(
        &p,
        5,
        &["c6b5", "c6b6", "c6c5", "c6c7", "c6d5", "c6d6", "c6d7"],
    );
    assert_illegal(&p, 5, "c6b7"); // ally
    assert_illegal(&p, 5, "c6c4"); // two squares
    for face in 2..=4 {
        assert_moves(&p, face, &["pass"]);
    }
    // Capturing the yellow horse, Yellow's last piece: Yellow is out.
    step(
        &mut p,
        5,
        "c6d6",
        &t("b7:gP c7:bP g7:bK d6:rK", "b rbxg - - 0 21"),
        Outcome::Ongoing,
    );
    assert_eq!(p.commander(Colour::Yellow), None);
    assert_moves(
        &p,
        5,
        &[
            "c7c6", "g7f6", "g7f7", "g7f8", "g7g6", "g7g8", "g7h6", "g7h7", "g7h8",
        ],
    );
    // Yellow's seat is skipped: Black -> Green.
    step(
        &mut p,
        5,
        "c7c6",
        &t("b7:gP c6:bP g7:bK d6:rK", "g rbxg - - 1 22"),
        Outcome::Ongoing,
    );
    // Green's pawn reaches b8 (unmarked far edge) without a lost pawn: waits.
    assert_moves(&p, 5, &["b7b8"]);
    step(
        &mut p,
        5,
        "b7b8",
        &t("b8:gP c6:bP g7:bK d6:rK", "r rbxg - - 2 23"),
        Outcome::Ongoing,
    );
    assert_moves(
        &p,
        5,
        &[
            "d6c5", "d6c6", "d6c7", "d6d5", "d6d7", "d6e5", "d6e6", "d6e7",
        ],
    );
}

#[test]
fn elephant_slides_and_is_blocked() {
    let spec = "c6:gP b3:yP c3:rE e3:bB f3:gB g7:bK";
    let start = t(spec, "r rbyg - - 3 40");
    let mut p = pos(&start);
    assert_moves(
        &p,
        4,
        &["c3b3", "c3c1", "c3c2", "c3c4", "c3c5", "c3d3", "c3e3"],
    );
    assert_illegal(&p, 4, "c3c6"); // ally
    assert_illegal(&p, 4, "c3f3"); // behind the black boat
    assert_illegal(&p, 4, "c3a3"); // behind the yellow pawn
    assert_illegal(&p, 4, "c3d4"); // not orthogonal
    assert_moves(&p, 5, &["pass"]);
    step(
        &mut p,
        4,
        "c3e3",
        &t("c6:gP b3:yP e3:rE f3:gB g7:bK", "b rbyg - - 0 41"),
        Outcome::Ongoing,
    );
    let mut p = pos(&start);
    step(
        &mut p,
        4,
        "c3b3",
        &t("c6:gP b3:rE e3:bB f3:gB g7:bK", "b rbxg y - 0 41"),
        Outcome::Ongoing,
    );
}

#[test]
fn horse_leaps_over_pieces() {
    let spec = "c6:bK d5:bP e4:gP d4:rH f5:rP e2:gK a8:yK";
    let mut p = pos(&t(spec, "r rbyg - - 2 9"));
    assert_moves(&p, 3, &["d4b3", "d4b5", "d4c2", "d4c6", "d4e6", "d4f3"]);
    assert_illegal(&p, 3, "d4f5"); // own pawn
    assert_illegal(&p, 3, "d4e2"); // ally raja
    step(
        &mut p,
        3,
        "d4c6",
        &t("c6:rH d5:bP e4:gP f5:rP e2:gK a8:yK", "b rbyg - b 0 10"),
        Outcome::Ongoing,
    );
    assert_eq!(p.to_move(), Colour::Black);
}

#[test]
fn boat_jumps_two_diagonally_and_captures_only_pawns() {
    let spec = "d4:rB h3:rB h1:rK c5:yP f5:yK b6:yE e5:bK f6:bP f2:bB e3:gP b2:gP";
    let mut p = pos(&t(spec, "r rbyg - - 6 30"));
    assert_moves(&p, 2, &["d4f6", "h3f1"]);
    assert_illegal(&p, 2, "d4b6"); // elephant
    assert_illegal(&p, 2, "d4f2"); // boat
    assert_illegal(&p, 2, "d4b2"); // ally pawn
    assert_illegal(&p, 2, "h3f5"); // raja
    assert_illegal(&p, 2, "d4e5"); // one square
    assert_illegal(&p, 2, "d4d6"); // not diagonal
    step(
        &mut p,
        2,
        "d4f6",
        &t(
            "f6:rB h3:rB h1:rK c5:yP f5:yK b6:yE e5:bK f2:bB e3:gP b2:gP",
            "b rbyg b - 0 31",
        ),
        Outcome::Ongoing,
    );
}

#[test]
fn pawns_march_in_their_army_direction() {
    let spec = "e5:rP c6:bP b7:bP d3:yP f2:gP a2:gP";
    let mut p = pos(&t(spec, "r rbyg - - 0 0"));
    assert_moves(&p, 5, &["e5d5"]);
    assert_illegal(&p, 5, "e5c5");
    step(
        &mut p,
        5,
        "e5d5",
        &t("d5:rP c6:bP b7:bP d3:yP f2:gP a2:gP", "b rbyg - - 1 1"),
        Outcome::Ongoing,
    );
    // the red pawn now stands diagonally in front of c6
    assert_moves(&p, 5, &["b7b6", "c6c5", "c6d5"]);
    step(
        &mut p,
        5,
        "b7b6",
        &t("d5:rP c6:bP b6:bP d3:yP f2:gP a2:gP", "y rbyg - - 2 2"),
        Outcome::Ongoing,
    );
    assert_moves(&p, 5, &["d3e3"]);
    step(
        &mut p,
        5,
        "d3e3",
        &t("d5:rP c6:bP b6:bP e3:yP f2:gP a2:gP", "g rbyg - - 3 3"),
        Outcome::Ongoing,
    );
    // the yellow pawn now stands diagonally in front of f2
    assert_moves(&p, 5, &["a2a3", "f2e3", "f2f3"]);
    assert_illegal(&p, 5, "a2a4");
    step(
        &mut p,
        5,
        "a2a3",
        &t("d5:rP c6:bP b6:bP e3:yP f2:gP a3:gP", "r rbyg - - 4 4"),
        Outcome::Ongoing,
    );
}

#[test]
fn pawn_captures_only_pawns_and_boats_diagonally_forward() {
    let spec = "d5:gP d6:bH c6:yH e6:bB f4:gP e5:rP g5:yP b2:gP a3:bK c3:bE";
    let start = t(spec, "g rbyg - - 7 30");
    let mut p = pos(&start);
    assert_moves(&p, 5, &["b2b3", "d5e6", "f4f5", "f4g5"]);
    assert_illegal(&p, 5, "d5d6"); // straight onto a piece
    assert_illegal(&p, 5, "d5c6"); // horse
    assert_illegal(&p, 5, "f4e5"); // ally pawn
    assert_illegal(&p, 5, "b2a3"); // raja
    assert_illegal(&p, 5, "b2c3"); // elephant
    step(
        &mut p,
        5,
        "d5e6",
        &t(
            "e6:gP d6:bH c6:yH f4:gP e5:rP g5:yP b2:gP a3:bK c3:bE",
            "r rbyg - - 0 31",
        ),
        Outcome::Ongoing,
    );
    let mut p = pos(&start);
    step(
        &mut p,
        5,
        "f4g5",
        &t(
            "d5:gP d6:bH c6:yH e6:bB g5:gP e5:rP b2:gP a3:bK c3:bE",
            "r rbyg y - 0 31",
        ),
        Outcome::Ongoing,
    );
    // A pawn's diagonal step onto an empty square is no move.
    let p = pos(&t("d4:rP h8:bK a8:yK a1:gK", "r rbyg - - 0 0"));
    assert_moves(&p, 5, &["d4c4"]);
}

#[test]
fn allies_depend_on_the_rules_option() {
    let spec = "d4:rK c5:gP e5:yP a8:bK";
    let text = t(spec, "r rbyg - - 0 0");
    let mut p = parse(&text, sheet());
    assert_moves(
        &p,
        5,
        &["d4c3", "d4c4", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"],
    );
    assert_illegal(&p, 5, "d4c5");
    step(
        &mut p,
        5,
        "d4e5",
        &t("e5:rK c5:gP a8:bK", "b rbxg y - 0 1"),
        Outcome::Ongoing,
    );
    let mut p = parse(&text, opposite());
    assert_moves(
        &p,
        5,
        &["d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4"],
    );
    assert_illegal(&p, 5, "d4e5");
    step(
        &mut p,
        5,
        "d4c5",
        &t("c5:rK e5:yP a8:bK", "b rbyx g - 0 1"),
        Outcome::Ongoing,
    );
}

// ---------------------------------------------------------------- triumph

#[test]
fn boat_triumph_captures_other_three_boats() {
    let spec = "e6:rB d4:rB c3:gB d3:bB g2:rK b1:gK h7:bK a7:yK";
    let start = t(spec, "r rbyg - - 12 40");
    let mut p = pos(&start);
    assert_moves(
        &p,
        2,
        &[
            "d4b2", "d4b6", "d4f2", "d4f6", "e6c4", "e6c8", "e6g4", "e6g8",
        ],
    );
    // own boat d4, ally's boat c3, enemy boat d3 all captured
    step(
        &mut p,
        2,
        "e6c4",
        &t("c4:rB g2:rK b1:gK h7:bK a7:yK", "b rbyg - - 0 41"),
        Outcome::Ongoing,
    );
    // an ordinary boat move that completes no block
    let mut p = pos(&start);
    step(
        &mut p,
        2,
        "e6g4",
        &t(
            "g4:rB d4:rB c3:gB d3:bB g2:rK b1:gK h7:bK a7:yK",
            "b rbyg - - 13 41",
        ),
        Outcome::Ongoing,
    );
}

#[test]
fn boat_triumph_two_blocks_at_once() {
    let spec = "f2:rB c3:yB d3:gB c4:bB e4:rB d5:bB e5:yB h6:rK b1:gK g8:bK a7:yK";
    let mut p = pos(&t(spec, "r rbyg - - 3 70"));
    step(
        &mut p,
        2,
        "f2d4",
        &t("d4:rB h6:rK b1:gK g8:bK a7:yK", "b rbyg - - 0 71"),
        Outcome::Ongoing,
    );
}

#[test]
fn boat_triumph_with_pawn_capture_eliminates_a_colour() {
    let spec = "a2:rB h6:rK c3:gB b1:gK d3:bB d4:bB c4:yP a7:yK";
    let mut p = pos(&t(spec, "r rbyg - - 9 50"));
    assert_moves(&p, 2, &["a2c4"]);
    step(
        &mut p,
        2,
        "a2c4",
        &t("c4:rB h6:rK b1:gK a7:yK", "y rxyg y - 0 51"),
        Outcome::Ongoing,
    );
}

#[test]
fn non_boat_completing_a_block_is_no_triumph() {
    // A raja stepping into the fourth square of a 2x2 of three boats.
    let spec = "c3:gB d3:bB d4:rB b5:rK h8:bK a7:yK b1:gK";
    let mut p = pos(&t(spec, "r rbyg - - 4 20"));
    step(
        &mut p,
        5,
        "b5c4",
        &t(
            "c3:gB d3:bB d4:rB c4:rK h8:bK a7:yK b1:gK",
            "b rbyg - - 5 21",
        ),
        Outcome::Ongoing,
    );
}

// ---------------------------------------------------------------- thrones

#[test]
fn throne_conquest_capturing_enemy_on_throne() {
    let spec = "a8:yK h8:bK g6:rP b3:gP e2:rK d1:bH";
    let mut p = pos(&t(spec, "r rbyg - - 3 12"));
    assert_moves(
        &p,
        5,
        &[
            "e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3", "g6f6",
        ],
    );
    assert_illegal(&p, 5, "b3b4"); // not Red's to command yet
    step(
        &mut p,
        5,
        "e2d1",
        &t("a8:yK h8:bK g6:rP b3:gP d1:rK", "b rbyr - - 0 13"),
        Outcome::Ongoing,
    );
    assert_eq!(p.commander(Colour::Green), Some(Colour::Red));
    step(
        &mut p,
        2,
        "pass",
        &t("a8:yK h8:bK g6:rP b3:gP d1:rK", "y rbyr - - 1 14"),
        Outcome::Ongoing,
    );
    // Green's seat is skipped: Yellow -> Red.
    step(
        &mut p,
        2,
        "pass",
        &t("a8:yK h8:bK g6:rP b3:gP d1:rK", "r rbyr - - 2 15"),
        Outcome::Ongoing,
    );
    // One roll serves both armies, each pawn with its own direction.
    assert_moves(
        &p,
        5,
        &["b3b4", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2", "g6f6"],
    );
    step(
        &mut p,
        5,
        "b3b4",
        &t("a8:yK h8:bK g6:rP b4:gP d1:rK", "b rbyr - - 3 16"),
        Outcome::Ongoing,
    );
    step(
        &mut p,
        3,
        "pass",
        &t("a8:yK h8:bK g6:rP b4:gP d1:rK", "y rbyr - - 4 17"),
        Outcome::Ongoing,
    );
    step(
        &mut p,
        4,
        "pass",
        &t("a8:yK h8:bK g6:rP b4:gP d1:rK", "r rbyr - - 5 18"),
        Outcome::Ongoing,
    );
    // Leaving the throne undoes nothing.
    step(
        &mut p,
        5,
        "d1e1",
        &t("a8:yK h8:bK g6:rP b4:gP e1:rK", "b rbyr - - 6 19"),
        Outcome::Ongoing,
    );
}

#[test]
fn black_conquers_yellow_and_green_seat_follows_black() {
    let spec = "b5:bK b7:yP h4:rK d1:gK";
    let mut p = pos(&t(spec, "b rbyg - - 0 8"));
    step(
        &mut p,
        5,
        "b5a5",
        &t("a5:bK b7:yP h4:rK d1:gK", "g rbbg - - 1 9"),
        Outcome::Ongoing,
    );
    step(
        &mut p,
        2,
        "pass",
        &t("a5:bK b7:yP h4:rK d1:gK", "r rbbg - - 2 10"),
        Outcome::Ongoing,
    );
    step(
        &mut p,
        2,
        "pass",
        &t("a5:bK b7:yP h4:rK d1:gK", "b rbbg - - 3 11"),
        Outcome::Ongoing,
    );
    // Black moves the yellow pawn east.
    assert_moves(&p, 5, &["a5a4", "a5a6", "a5b4", "a5b5", "a5b6", "b7c7"]);
}

#[test]
fn raja_on_enemy_throne_does_nothing() {
    let spec = "d7:rK a2:bK a8:yK b1:gK";
    let mut p = pos(&t(spec, "r rbyg - - 0 4"));
    step(
        &mut p,
        5,
        "d7e8",
        &t("e8:rK a2:bK a8:yK b1:gK", "b rbyg - - 1 5"),
        Outcome::Ongoing,
    );
    // Sheet: Yellow's throne a5 is an enemy throne for Red.
    let spec = "b4:rK a8:yE h8:bK b1:gK";
    let text = t(spec, "r rbyg - - 0 4");
    let mut p = parse(&text, sheet());
    step(
        &mut p,
        5,
        "b4a5",
        &t("a5:rK a8:yE h8:bK b1:gK", "b rbyg - - 1 5"),
        Outcome::Ongoing,
    );
    // Opposite: Yellow is Red's ally, so the same move conquers Yellow.
    let mut p = parse(&text, opposite());
    step(
        &mut p,
        5,
        "b4a5",
        &t("a5:rK a8:yE h8:bK b1:gK", "b rbrg - - 1 5"),
        Outcome::Ongoing,
    );
    // ... and Yellow's seat is skipped: Black -> Green.
    step(
        &mut p,
        2,
        "pass",
        &t("a5:rK a8:yE h8:bK b1:gK", "g rbrg - - 2 6"),
        Outcome::Ongoing,
    );
    // Opposite: Green's throne d1 is an enemy throne for Red.
    let mut p = parse(&t("e2:rK a8:yK h8:bK b2:gK", "r rbyg - - 0 0"), opposite());
    step(
        &mut p,
        5,
        "e2d1",
        &t("d1:rK a8:yK h8:bK b2:gK", "b rbyg - - 1 1"),
        Outcome::Ongoing,
    );
}

#[test]
fn conquered_raja_on_conquerors_throne_does_nothing() {
    let spec = "g5:gK h8:bK a8:yK c3:rP";
    let mut p = pos(&t(spec, "r rbyr - - 0 50"));
    assert_moves(
        &p,
        5,
        &[
            "c3b3", "g5f4", "g5f5", "g5f6", "g5g4", "g5g6", "g5h4", "g5h5", "g5h6",
        ],
    );
    step(
        &mut p,
        5,
        "g5h4",
        &t("h4:gK h8:bK a8:yK c3:rP", "b rbyr - - 1 51"),
        Outcome::Ongoing,
    );
}

#[test]
fn raja_on_throne_of_eliminated_ally_does_nothing() {
    let mut p = pos(&t("e2:rK a8:yK h8:bK", "r rbyx - - 0 30"));
    step(
        &mut p,
        5,
        "e2d1",
        &t("d1:rK a8:yK h8:bK", "b rbyx - - 1 31"),
        Outcome::Ongoing,
    );
}

#[test]
fn conqueror_without_own_pieces_stays_in_play() {
    let spec = "c6:rP e7:bH h8:bK a8:yK b2:gK e3:gP";
    let mut p = pos(&t(spec, "b rbyr - - 4 30"));
    assert_moves(&p, 3, &["e7c6", "e7c8", "e7d5", "e7f5", "e7g6", "e7g8"]);
    step(
        &mut p,
        3,
        "e7c6",
        &t("c6:bH h8:bK a8:yK b2:gK e3:gP", "y xbyr r - 0 31"),
        Outcome::Ongoing,
    );
    step(
        &mut p,
        2,
        "pass",
        &t("c6:bH h8:bK a8:yK b2:gK e3:gP", "r xbyr r - 1 32"),
        Outcome::Ongoing,
    );
    assert_moves(
        &p,
        5,
        &[
            "b2a1", "b2a2", "b2a3", "b2b1", "b2b3", "b2c1", "b2c2", "b2c3", "e3e4",
        ],
    );
    step(
        &mut p,
        5,
        "e3e4",
        &t("c6:bH h8:bK a8:yK b2:gK e4:gP", "b xbyr r - 2 33"),
        Outcome::Ongoing,
    );
}

// ---------------------------------------------------------------- end

#[test]
fn alliance_wins_when_both_opponents_are_out() {
    let mut p = pos(&t("e5:rK f6:bK b1:gK", "r rbxg - - 10 40"));
    step(
        &mut p,
        5,
        "e5f6",
        &t("f6:rK b1:gK", "g rxxg - b 0 41"),
        Outcome::AllianceWins([Colour::Red, Colour::Green]),
    );
    assert_eq!(p.outcome().word(), "rg-wins");
    assert_finished(&p);
    assert_illegal(&p, 5, "b1b2");
    assert!(!p.exchange_possible());
}

#[test]
fn opposite_alliance_win_word() {
    let mut p = parse(&t("c2:gK d3:rP a8:bK", "g rbxg - - 0 9"), opposite());
    step(
        &mut p,
        5,
        "c2d3",
        &t("d3:gK a8:bK", "b xbxg r - 0 10"),
        Outcome::AllianceWins([Colour::Black, Colour::Green]),
    );
    assert_eq!(p.outcome().word(), "bg-wins");
    assert_finished(&p);
    // Black and Yellow win under the sheet's alliances.
    let mut p = pos(&t("b6:yK c7:gP e1:rP h8:bK", "y rbyg - - 0 9"));
    step(
        &mut p,
        5,
        "b6c7",
        &t("c7:yK e1:rP h8:bK", "r rbyx g - 0 10"),
        Outcome::Ongoing,
    );
}

#[test]
fn quiet_ply_draw_at_two_hundred() {
    let spec = "b2:gK g7:bK a8:yK h1:rK";
    let text = t(spec, "r rbyg - - 199 300");
    let mut p = pos(&text);
    assert_eq!(p.outcome(), Outcome::Ongoing);
    step(
        &mut p,
        2,
        "pass",
        &t(spec, "b rbyg - - 200 301"),
        Outcome::Draw,
    );
    assert_eq!(p.outcome().word(), "draw");
    assert_finished(&p);
    // without a draw limit the game goes on
    let no_limit = Rules::new()
        .with_alliances(Alliances::Sheet)
        .with_draw_limit(None);
    let mut p = parse(&text, no_limit);
    step(
        &mut p,
        2,
        "pass",
        &t(spec, "b rbyg - - 200 301"),
        Outcome::Ongoing,
    );
    assert_eq!(moves(&p, 5).len(), 8);
    // a capture at 199 resets the count
    let mut p = pos(&t("b2:gK g7:bK a8:yK h1:rK g2:bP", "r rbyg - - 199 300"));
    step(
        &mut p,
        5,
        "h1g2",
        &t("b2:gK g7:bK a8:yK g2:rK", "b rbyg b - 0 301"),
        Outcome::Ongoing,
    );
    // a text with 200 or more quiet plies is finished
    let p = pos(&t(spec, "r rbyg - - 250 300"));
    assert_eq!(p.outcome(), Outcome::Draw);
    assert_finished(&p);
}

// ---------------------------------------------------------------- promotion

fn promotions(spec: &str, rest: &str, cases: &[(&str, &str, &str)]) {
    let start = t(spec, rest);
    for (m, expected_spec, expected_rest) in cases {
        let mut p = pos(&start);
        step(
            &mut p,
            5,
            m,
            &t(expected_spec, expected_rest),
            Outcome::Ongoing,
        );
    }
}

#[test]
fn green_promotes_on_rank_eight() {
    let base = "a1:gK h2:bK a3:yK h5:rK";
    promotions(
        &format!("b7:gP c7:gP d7:gP f7:gP g7:gP {base}"),
        "g rbyg g - 5 60",
        &[
            (
                "b7b8",
                &format!("b8:gH c7:gP d7:gP f7:gP g7:gP {base}"),
                "r rbyg g - 6 61",
            ),
            (
                "c7c8",
                &format!("b7:gP c8:gE d7:gP f7:gP g7:gP {base}"),
                "r rbyg g - 6 61",
            ),
            (
                "d7d8",
                &format!("b7:gP c7:gP d8:gP f7:gP g7:gP {base}"),
                "r rbyg g - 6 61",
            ),
            (
                "f7f8",
                &format!("b7:gP c7:gP d7:gP f8:gE g7:gP {base}"),
                "r rbyg g - 6 61",
            ),
            (
                "g7g8",
                &format!("b7:gP c7:gP d7:gP f7:gP g8:gH {base}"),
                "r rbyg g - 6 61",
            ),
        ],
    );
    // A pawn on a marked far-edge square cannot move.
    let p = pos(&t(&format!("d8:gP {base}"), "g rbyg g - 5 60"));
    assert_moves(&p, 5, &["a1a2", "a1b1", "a1b2"]);
}

#[test]
fn red_promotes_on_file_a() {
    let base = "h4:rK e8:bK d6:yK d1:gK";
    promotions(
        &format!("b2:rP b3:rP b4:rP b6:rP b7:rP {base}"),
        "r rbyg r - 5 60",
        &[
            (
                "b2a2",
                &format!("a2:rH b3:rP b4:rP b6:rP b7:rP {base}"),
                "b rbyg r - 6 61",
            ),
            (
                "b3a3",
                &format!("b2:rP a3:rE b4:rP b6:rP b7:rP {base}"),
                "b rbyg r - 6 61",
            ),
            (
                "b4a4",
                &format!("b2:rP b3:rP a4:rP b6:rP b7:rP {base}"),
                "b rbyg r - 6 61",
            ),
            (
                "b6a6",
                &format!("b2:rP b3:rP b4:rP a6:rE b7:rP {base}"),
                "b rbyg r - 6 61",
            ),
            (
                "b7a7",
                &format!("b2:rP b3:rP b4:rP b6:rP a7:rH {base}"),
                "b rbyg r - 6 61",
            ),
        ],
    );
}

#[test]
fn black_promotes_on_rank_one() {
    let base = "h8:bK h4:rK a5:yK d5:gK";
    promotions(
        &format!("b2:bP c2:bP e2:bP f2:bP g2:bP {base}"),
        "b rbyg b - 5 60",
        &[
            (
                "b2b1",
                &format!("b1:bH c2:bP e2:bP f2:bP g2:bP {base}"),
                "y rbyg b - 6 61",
            ),
            (
                "c2c1",
                &format!("b2:bP c1:bE e2:bP f2:bP g2:bP {base}"),
                "y rbyg b - 6 61",
            ),
            (
                "e2e1",
                &format!("b2:bP c2:bP e1:bP f2:bP g2:bP {base}"),
                "y rbyg b - 6 61",
            ),
            (
                "f2f1",
                &format!("b2:bP c2:bP e2:bP f1:bE g2:bP {base}"),
                "y rbyg b - 6 61",
            ),
            (
                "g2g1",
                &format!("b2:bP c2:bP e2:bP f2:bP g1:bH {base}"),
                "y rbyg b - 6 61",
            ),
        ],
    );
}

#[test]
fn yellow_promotes_on_file_h() {
    let base = "a5:yK e4:rK e8:bK d1:gK";
    promotions(
        &format!("g2:yP g3:yP g5:yP g6:yP g7:yP {base}"),
        "y rbyg y - 5 60",
        &[
            (
                "g2h2",
                &format!("h2:yH g3:yP g5:yP g6:yP g7:yP {base}"),
                "g rbyg y - 6 61",
            ),
            (
                "g3h3",
                &format!("g2:yP h3:yE g5:yP g6:yP g7:yP {base}"),
                "g rbyg y - 6 61",
            ),
            (
                "g5h5",
                &format!("g2:yP g3:yP h5:yP g6:yP g7:yP {base}"),
                "g rbyg y - 6 61",
            ),
            (
                "g6h6",
                &format!("g2:yP g3:yP g5:yP h6:yE g7:yP {base}"),
                "g rbyg y - 6 61",
            ),
            (
                "g7h7",
                &format!("g2:yP g3:yP g5:yP g6:yP h7:yH {base}"),
                "g rbyg y - 6 61",
            ),
        ],
    );
}

#[test]
fn promotion_by_capture_onto_far_edge() {
    // Green pawn captures a black boat on c8: promoted to elephant at once.
    let mut p = pos(&t("b7:gP c8:bB a1:gK h2:bK a3:yK h5:rK", "g rbyg g - 5 60"));
    step(
        &mut p,
        5,
        "b7c8",
        &t("c8:gE a1:gK h2:bK a3:yK h5:rK", "r rbyg g - 0 61"),
        Outcome::Ongoing,
    );
}

#[test]
fn waiting_pawns_released_by_first_lost_pawn() {
    let spec = "b8:gP c8:gP d8:gP e3:gP a1:gK d4:bP h8:bK a5:yK h4:rK a2:rP";
    let mut p = pos(&t(spec, "b rbyg - - 5 60"));
    assert_moves(&p, 5, &["d4d3", "d4e3", "h8g7", "h8g8", "h8h7"]);
    step(
        &mut p,
        5,
        "d4e3",
        &t(
            "b8:gH c8:gE d8:gP e3:bP a1:gK h8:bK a5:yK h4:rK a2:rP",
            "y rbyg g - 0 61",
        ),
        Outcome::Ongoing,
    );
}

#[test]
fn captured_waiting_pawn_releases_the_others() {
    let mut p = pos(&t("b8:gP c8:gP a6:yH a1:gK h8:bK h4:rK", "y rbyg - - 5 60"));
    assert_moves(&p, 3, &["a6b4", "a6b8", "a6c5", "a6c7"]);
    step(
        &mut p,
        3,
        "a6b8",
        &t("b8:yH c8:gE a1:gK h8:bK h4:rK", "g rbyg g - 0 61"),
        Outcome::Ongoing,
    );
}

// ---------------------------------------------------------------- special promotion

#[test]
fn special_promotion_four_choices_with_precedence() {
    let spec = "f7:gP a1:gB e8:bB h8:bK a5:yK h4:rK";
    let start = t(spec, "g rbyg g - 5 60");
    let p = pos(&start);
    assert_moves(
        &p,
        5,
        &[
            "f7e8B", "f7e8E", "f7e8H", "f7e8K", "f7f8B", "f7f8E", "f7f8H", "f7f8K",
        ],
    );
    assert_illegal(&p, 5, "f7f8"); // mandatory choice, over normal promotion
    assert_illegal(&p, 5, "f7e8"); // over the marked-square rule
    assert_illegal(&p, 5, "f7g8K");
    let mut p = pos(&start);
    step(
        &mut p,
        5,
        "f7f8K",
        &t("f8:gK a1:gB e8:bB h8:bK a5:yK h4:rK", "r rbyg g - 6 61"),
        Outcome::Ongoing,
    );
    let mut p = pos(&start);
    step(
        &mut p,
        5,
        "f7e8E",
        &t("e8:gE a1:gB h8:bK a5:yK h4:rK", "r rbyg g - 0 61"),
        Outcome::Ongoing,
    );
    let mut p = pos(&start);
    step(
        &mut p,
        5,
        "f7f8H",
        &t("f8:gH a1:gB e8:bB h8:bK a5:yK h4:rK", "r rbyg g - 6 61"),
        Outcome::Ongoing,
    );
    // A normal promotion takes no suffix.
    let q = pos(&t("f7:gP a1:gB b1:gK h8:bK a5:yK h4:rK", "g rbyg g - 5 60"));
    assert_illegal(&q, 5, "f7f8E");
    assert!(q.is_legal(roll(5), mv("f7f8")));
}

#[test]
fn no_special_promotion_with_other_pieces() {
    let mut p = pos(&t("f7:gP a1:gB b1:gK h8:bK a5:yK h4:rK", "g rbyg - - 5 60"));
    assert_illegal(&p, 5, "f7f8K");
    step(
        &mut p,
        5,
        "f7f8",
        &t("f8:gP a1:gB b1:gK h8:bK a5:yK h4:rK", "r rbyg - - 6 61"),
        Outcome::Ongoing,
    );
    // one pawn but no boat
    let p = pos(&t("f7:gP b1:gK h8:bK a5:yK h4:rK", "g rbyg - - 5 60"));
    assert_illegal(&p, 5, "f7f8K");
    // two pawns and a boat
    let p = pos(&t("f7:gP c2:gP a1:gB h8:bK a5:yK h4:rK", "g rbyg - - 5 60"));
    assert_illegal(&p, 5, "f7f8K");
    assert!(p.is_legal(roll(5), mv("f7f8")));
}

#[test]
fn special_raja_does_not_conquer_on_that_move() {
    let spec = "e1:rP h1:rB c4:gE h8:bK a8:yK";
    let mut p = pos(&t(spec, "r rbyg - - 0 10"));
    assert_moves(&p, 5, &["e1d1B", "e1d1E", "e1d1H", "e1d1K"]);
    let rest = "h1:rB c4:gE h8:bK a8:yK";
    step(
        &mut p,
        5,
        "e1d1K",
        &t(&format!("d1:rK {rest}"), "b rbyg - - 1 11"),
        Outcome::Ongoing,
    );
    for (seat, q, ply) in [("y", 2, 12), ("g", 3, 13), ("r", 4, 14)] {
        step(
            &mut p,
            2,
            "pass",
            &t(
                &format!("d1:rK {rest}"),
                &format!("{seat} rbyg - - {q} {ply}"),
            ),
            Outcome::Ongoing,
        );
    }
    step(
        &mut p,
        5,
        "d1d2",
        &t(&format!("d2:rK {rest}"), "b rbyg - - 5 15"),
        Outcome::Ongoing,
    );
    for (seat, q, ply) in [("y", 6, 16), ("g", 7, 17), ("r", 8, 18)] {
        step(
            &mut p,
            2,
            "pass",
            &t(
                &format!("d2:rK {rest}"),
                &format!("{seat} rbyg - - {q} {ply}"),
            ),
            Outcome::Ongoing,
        );
    }
    // now a raja before the move: it conquers
    step(
        &mut p,
        5,
        "d2d1",
        &t(&format!("d1:rK {rest}"), "b rbyr - - 9 19"),
        Outcome::Ongoing,
    );
}

#[test]
fn special_boat_does_not_trigger_triumph() {
    let spec = "g2:yP g4:yB h3:rB g3:bB h4:gB h8:bK c6:rK b1:gK";
    let mut p = pos(&t(spec, "y rbyg - - 0 10"));
    assert_moves(
        &p,
        5,
        &[
            "g2h2B", "g2h2E", "g2h2H", "g2h2K", "g2h3B", "g2h3E", "g2h3H", "g2h3K",
        ],
    );
    step(
        &mut p,
        5,
        "g2h3B",
        &t(
            "h3:yB g4:yB g3:bB h4:gB h8:bK c6:rK b1:gK",
            "g rbyg - - 0 11",
        ),
        Outcome::Ongoing,
    );
}

#[test]
fn special_promotion_off_the_far_edge() {
    // A green pawn marching north from a4 onto a5 (Yellow's raja start).
    let mut p = pos(&t("a4:gP h1:gB e5:bK h8:yK c6:rK", "g rbyg - - 0 10"));
    assert_moves(&p, 5, &["a4a5B", "a4a5E", "a4a5H", "a4a5K"]);
    step(
        &mut p,
        5,
        "a4a5E",
        &t("a5:gE h1:gB e5:bK h8:yK c6:rK", "r rbyg - - 1 11"),
        Outcome::Ongoing,
    );
}

// ---------------------------------------------------------------- exchange

#[test]
fn raja_exchange_returns_to_throne_or_next_to_it() {
    let spec = "c6:rP e8:bE f7:bP a5:yK d1:gK";
    let text = t(spec, "y rbyg - rb 3 40");
    let mut p = pos(&text);
    assert!(p.exchange_possible());
    assert_eq!(
        p.possible_exchanges().as_slice(),
        [(Colour::Red, Colour::Black)]
    );
    let red: Vec<String> = p
        .raja_return_squares(Colour::Red)
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(red, ["h4"]);
    let mut black: Vec<String> = p
        .raja_return_squares(Colour::Black)
        .into_iter()
        .map(|s| s.to_string())
        .collect();
    black.sort();
    assert_eq!(black, ["d7", "d8", "e7", "f8"]);
    // a free throne must be used; an occupied throne cannot be used
    assert_eq!(
        p.apply_exchange((Colour::Red, sq("g4")), (Colour::Black, sq("d8"))),
        Err(ExchangeError::BadSquare(Colour::Red, sq("g4")))
    );
    assert!(p
        .apply_exchange((Colour::Red, sq("h4")), (Colour::Black, sq("e8")))
        .is_err());
    assert!(p
        .apply_exchange((Colour::Red, sq("h4")), (Colour::Green, sq("d2")))
        .is_err());
    assert_eq!(p, pos(&text));
    p.apply_exchange((Colour::Red, sq("h4")), (Colour::Black, sq("d8")))
        .unwrap();
    assert_eq!(
        p.to_string(),
        t(
            "c6:rP d8:bK e8:bE f7:bP h4:rK a5:yK d1:gK",
            "y rbyg - - 3 40"
        )
    );
    assert!(!p.exchange_possible());
}

#[test]
fn raja_exchange_needs_both_sides_and_pieces_on_board() {
    // only one alliance holds a raja
    let mut p = pos(&t("c6:rP e8:bE a5:yK d1:gK", "y rbyg - r 3 40"));
    assert!(!p.exchange_possible());
    assert!(p.possible_exchanges().is_empty());
    assert!(p
        .apply_exchange((Colour::Red, sq("h4")), (Colour::Black, sq("d8")))
        .is_err());
    // Black is out: its raja cannot return
    let mut p = pos(&t("c6:rP a5:yK d1:gK", "y rxyg - rb 3 40"));
    assert!(!p.exchange_possible());
    assert_eq!(
        p.apply_exchange((Colour::Red, sq("h4")), (Colour::Black, sq("e8"))),
        Err(ExchangeError::ColourOut(Colour::Black))
    );
    // the game is over (drawn)
    let mut p = pos(&t("c6:rP e8:bE a5:yK d1:gK", "y rbyg - rb 200 240"));
    assert!(!p.exchange_possible());
    assert_eq!(
        p.apply_exchange((Colour::Red, sq("h4")), (Colour::Black, sq("d8"))),
        Err(ExchangeError::GameOver)
    );
    // Red's throne and every square next to it occupied
    let p = pos(&t(
        "h4:rE g3:rP g4:rP g5:yP h3:bP h5:bP e5:bE a5:yK d1:gK",
        "y rbyg - rb 3 40",
    ));
    assert!(!p.exchange_possible());
}

#[test]
fn raja_exchange_keeps_command() {
    // Green, conquered by Red, gets its raja back; command stays.
    let spec = "c6:rP e2:gP b7:yP h8:bK";
    let mut p = pos(&t(spec, "b rbyr - yg 7 90"));
    assert_eq!(
        p.possible_exchanges().as_slice(),
        [(Colour::Green, Colour::Yellow)]
    );
    p.apply_exchange((Colour::Green, sq("d1")), (Colour::Yellow, sq("a5")))
        .unwrap();
    assert_eq!(
        p.to_string(),
        t("c6:rP e2:gP b7:yP h8:bK d1:gK a5:yK", "b rbyr - - 7 90")
    );
}

// ---------------------------------------------------------------- notation

#[test]
fn malformed_position_texts() {
    let s = sheet();
    // field count
    assert_eq!(err_field(&START.replace(" 0 0", " 0"), s), "ply");
    assert!(Position::from_text(&format!("{START} 0"), s).is_err());
    assert!(Position::from_text("", s).is_err());
    // non-canonical counts
    let base = "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6";
    assert!(START.starts_with(base));
    assert_eq!(
        err_field(&START.replace("yE,yP,6", "yE,yP,3,3"), s),
        "board"
    );
    assert_eq!(
        err_field(&START.replace("yE,yP,6", "yE,yP,0,6"), s),
        "board"
    );
    assert_eq!(err_field(&START.replace("yE,yP,6", "yE,yP,06"), s), "board");
    assert_eq!(
        err_field(&START.replace("yH,yP,2,", "yH,yP,1,1,"), s),
        "board"
    );
    // rank not covering 8 squares
    assert_eq!(err_field(&START.replace("yE,yP,6", "yE,yP,5"), s), "board");
    assert_eq!(err_field(&START.replace("yE,yP,6", "yE,yP,7"), s), "board");
    // seven ranks
    assert_eq!(err_field(&START.replace("yE,yP,6/", ""), s), "board");
    // unknown piece codes
    assert_eq!(err_field(&START.replace("yE,yP,6", "yQ,yP,6"), s), "board");
    assert_eq!(err_field(&START.replace("yE,yP,6", "xE,yP,6"), s), "board");
    assert_eq!(err_field(&START.replace("yE,yP,6", "YE,yP,6"), s), "board");
    // to-move
    assert_eq!(
        err_field(&START.replace(" r rbyg", " w rbyg"), s),
        "to-move"
    );
    let yellow_out = t("h4:rK e8:bK d1:gK", "y rbxg - - 0 5");
    assert_eq!(err_field(&yellow_out, s), "to-move");
    pos(&yellow_out.replace(" y rbxg", " g rbxg"));
    // command
    assert_eq!(
        err_field(&START.replace(" r rbyg", " r rbxg"), s),
        "command"
    );
    assert_eq!(
        err_field(&yellow_out.replace(" y rbxg", " g rbyg"), s),
        "command"
    );
    assert_eq!(
        err_field(&START.replace(" r rbyg", " r rryg"), s),
        "command"
    );
    assert_eq!(
        err_field(&START.replace(" r rbyg", " r gbyr"), s),
        "command"
    );
    assert_eq!(err_field(&START.replace(" r rbyg", " r rbg"), s), "command");
    // rbyr is fine under the sheet, not with partners opposite
    pos(&START.replace(" r rbyg", " r rbyr"));
    assert_eq!(
        err_field(&START.replace(" r rbyg", " r rbyr"), opposite()),
        "command"
    );
    parse(&START.replace(" r rbyg", " r rbrg"), opposite());
    assert_eq!(
        err_field(&START.replace(" r rbyg", " r rbrg"), s),
        "command"
    );
    // lost-pawn
    assert_eq!(
        err_field(&START.replace(" - - 0 0", " gr - 0 0"), s),
        "lost-pawn"
    );
    assert_eq!(
        err_field(&START.replace(" - - 0 0", " rr - 0 0"), s),
        "lost-pawn"
    );
    assert_eq!(
        err_field(&START.replace(" - - 0 0", " x - 0 0"), s),
        "lost-pawn"
    );
    assert_eq!(
        err_field(&START.replace(" - - 0 0", "  - 0 0"), s),
        "lost-pawn"
    );
    pos(&START.replace(" - - 0 0", " rg - 0 0"));
    // captured-rajas
    assert_eq!(
        err_field(&START.replace(" - - 0 0", " - br 0 0"), s),
        "captured-rajas"
    );
    pos(&START.replace(" - - 0 0", " - rrb 0 0"));
    // counters
    assert_eq!(err_field(&START.replace(" 0 0", " 1 0"), s), "quiet");
    assert_eq!(err_field(&START.replace(" 0 0", " 03 5"), s), "quiet");
    assert_eq!(err_field(&START.replace(" 0 0", " 0 05"), s), "ply");
    assert_eq!(err_field(&START.replace(" 0 0", " 0 -1"), s), "ply");
    // a pawn that would have been promoted
    let waiting = t("b8:gP a1:gK h8:bK a5:yK h4:rK", "r rbyg - - 0 9");
    pos(&waiting);
    assert_eq!(
        err_field(&waiting.replace(" - - 0 9", " g - 0 9"), s),
        "board"
    );
    // marked far-edge square: fine even after a lost pawn
    pos(&t("d8:gP a1:gK h8:bK a5:yK h4:rK", "r rbyg g - 0 9"));
}

#[test]
fn move_texts() {
    assert_eq!(
        mv("h1f3"),
        Move::Normal {
            from: sq("h1"),
            to: sq("f3")
        }
    );
    assert_eq!(
        mv("g7g8K"),
        Move::Promotion {
            from: sq("g7"),
            to: sq("g8"),
            kind: PieceKind::Raja
        }
    );
    assert_eq!(mv("pass"), Move::Pass);
    for good in ["h1f3", "g7g8K", "a4a5E", "b2b1H", "c3c4B", "pass"] {
        assert_eq!(mv(good).to_string(), good);
    }
    for bad in [
        "h1", "h1i3", "g7g8Q", "PASS", "", "g7g8P", "g7g8k", "h1f3 ", "h0f3",
    ] {
        let e = bad.parse::<Move>().expect_err(bad);
        assert_eq!(e.field(), Field::Move, "{bad:?}");
    }
}

// ---------------------------------------------------------------- more edges

#[test]
fn winner_moves_last_when_no_other_seat_is_in_play() {
    let mut p = pos(&t("e5:rK f6:bK", "r rbxx - - 3 40"));
    step(
        &mut p,
        5,
        "e5f6",
        &t("f6:rK", "r rxxx - b 0 41"),
        Outcome::AllianceWins([Colour::Red, Colour::Green]),
    );
    assert_finished(&p);
}

#[test]
fn conquest_by_capture_that_ends_the_game() {
    let mut p = pos(&t("e2:rK d1:bH b3:gP", "r rbxg - - 0 7"));
    step(
        &mut p,
        5,
        "e2d1",
        &t("d1:rK b3:gP", "r rxxr - - 0 8"),
        Outcome::AllianceWins([Colour::Red, Colour::Green]),
    );
    assert_eq!(p.outcome().word(), "rg-wins");
    assert_finished(&p);
}

#[test]
fn conqueror_specially_promotes_conquered_pawn() {
    // Green (conquered by Red) has one pawn and one boat; Red's seat moves it.
    let mut p = pos(&t("g7:gP a1:gB c3:rK h2:bK a3:yK", "r rbyr - - 0 20"));
    assert_moves(
        &p,
        5,
        &[
            "c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2", "c3d3", "c3d4", "g7g8B", "g7g8E",
            "g7g8H", "g7g8K",
        ],
    );
    step(
        &mut p,
        5,
        "g7g8H",
        &t("g8:gH a1:gB c3:rK h2:bK a3:yK", "b rbyr - - 1 21"),
        Outcome::Ongoing,
    );
}

#[test]
fn custom_draw_limit() {
    let rules = Rules::new()
        .with_alliances(Alliances::Sheet)
        .with_draw_limit(Some(10));
    let spec = "b2:gK g7:bK a8:yK h1:rK";
    let mut p = parse(&t(spec, "g rbyg - - 9 9"), rules);
    step(
        &mut p,
        2,
        "pass",
        &t(spec, "r rbyg - - 10 10"),
        Outcome::Draw,
    );
    assert_finished(&p);
}

#[test]
fn suffix_moves_that_are_not_special_promotions_are_illegal() {
    let p = Position::start(sheet());
    assert_illegal(&p, 2, "h1f3K");
    assert_illegal(&p, 5, "g1f1E");
    let q = pos(&t("f7:gP a1:gB e8:bB h8:bK a5:yK h4:rK", "g rbyg g - 5 60"));
    let pawn = Move::Promotion {
        from: sq("f7"),
        to: sq("f8"),
        kind: PieceKind::Pawn,
    };
    assert!(!q.is_legal(roll(5), pawn));
    assert!(!q.is_legal(roll(2), mv("f7f8K"))); // wrong roll
}

#[test]
fn texts_round_trip() {
    for text in [
        START.to_string(),
        t("f6:rK b1:gK", "g rxxg - b 0 41"),
        t("c6:rP e2:gP b7:yP h8:bK", "b rbyr rbyg rrbyyg 7 90"),
        t("c6:bH h8:bK a8:yK b2:gK e3:gP", "r xbyr r - 1 32"),
        t("b2:gK g7:bK a8:yK h1:rK", "b rbyg - - 250 301"),
    ] {
        let p = pos(&text);
        assert_eq!(p.to_string(), text);
    }
}

#[test]
fn malformed_board_punctuation() {
    let s = sheet();
    assert_eq!(err_field(&START.replace("yE,yP,6", "yE,,yP,6"), s), "board");
    assert_eq!(err_field(&START.replace("yE,yP,6", "yE,yP,6,"), s), "board");
    assert_eq!(err_field(&START.replace("yE,yP,6", "yEyP,6"), s), "board");
    assert_eq!(
        err_field(&START.replace("yE,yP,6/", "yE,yP,6//"), s),
        "board"
    );
    assert_eq!(err_field(&START.replace("yE,yP,6", "yE,yP,9"), s), "board");
    assert_eq!(err_field(&START.replace(" 0 0", " 0 +1"), s), "ply");
}

#[test]
fn finished_text_to_move_must_be_in_play() {
    // rg-wins: Black and Yellow are out, so 'b' or 'y' can never be the
    // seat that would be next (the next seat in play after the mover).
    let s = sheet();
    assert_eq!(
        err_field(&t("f6:rK b1:gK", "b rxxg - b 0 41"), s),
        "to-move"
    );
    assert_eq!(
        err_field(&t("f6:rK b1:gK", "y rxxg - b 0 41"), s),
        "to-move"
    );
    // drawn by quiet plies, Yellow out
    assert_eq!(
        err_field(&t("b2:gK g7:bK h1:rK", "y rbxg - - 200 300"), s),
        "to-move"
    );
}

#[test]
fn perft_depth_six_both_alliances() {
    assert_eq!(perft(&Position::start(sheet()), 6), 1_245_799);
    assert_eq!(perft(&Position::start(opposite()), 6), 1_288_720);
}

#[test]
fn error_columns_point_at_the_offending_character() {
    let s = sheet();
    let text = START.replace("yE,yP,6", "yQ,yP,6");
    let e = Position::from_text(&text, s).unwrap_err();
    assert_eq!(
        (e.field(), e.offset()),
        (Field::Board, Some(text.find("yQ").unwrap() + 1))
    );
    let text = START.replace(" r rbyg", " w rbyg");
    let e = Position::from_text(&text, s).unwrap_err();
    assert_eq!(
        (e.field(), e.offset()),
        (Field::ToMove, Some(text.find(" w ").unwrap() + 1))
    );
    let text = START.replace(" 0 0", " 0 -1");
    let e = Position::from_text(&text, s).unwrap_err();
    assert_eq!((e.field(), e.offset()), (Field::Ply, Some(text.len() - 2)));
}
