//! Position and move text: round trips and malformed or inconsistent
//! input, each with the error field (and column where it matters).

use kaissa_chaturaji::chaturaji::{
    play_seeded_game, Alliances, Move, MoveList, Position, Roll, Rules, BOAT_MOVES, HORSE_MOVES,
    MARKED_SQUARES, MAX_MOVES, RAJA_MOVES, START_TEXT, THRONES,
};

const START: &str = START_TEXT;

fn err(text: &str) -> (String, usize) {
    let e = Position::from_text(text, Rules::default()).expect_err(text);
    (e.field.to_string(), e.column)
}

fn field(text: &str) -> String {
    err(text).0
}

fn with(field_index: usize, value: &str) -> String {
    let mut fields: Vec<&str> = START.split(' ').collect();
    fields[field_index] = value;
    fields.join(" ")
}

#[test]
fn start_round_trips() {
    let p = Position::from_text(START, Rules::default()).unwrap();
    assert_eq!(p.to_string(), START);
    assert_eq!(p, Position::start(Rules::default()));
    let o = Position::start(Rules::with_alliances(Alliances::Opposite));
    assert_eq!(o.to_string(), START);
}

#[test]
fn malformed_board() {
    let board_col = 0;
    // Seven ranks.
    assert_eq!(field(&with(0, "8/8/8/8/8/8/gK,7")), "board");
    // Nine ranks.
    assert_eq!(field(&with(0, "8/8/8/8/8/8/8/gK,7/8")), "board");
    // A rank covering 9 squares, or 7.
    assert_eq!(field(&with(0, "8/8/8/8/8/8/8/gK,8")), "board");
    assert_eq!(field(&with(0, "8/8/8/8/8/8/8/gK,6")), "board");
    // Two counts in a row; a count 0; a leading zero; an oversized count.
    assert_eq!(err(&with(0, "8/8/8/8/8/8/8/gK,3,4")), ("board".into(), 19));
    assert_eq!(field(&with(0, "8/8/8/8/8/8/8/gK,0,7")), "board");
    assert_eq!(field(&with(0, "8/8/8/8/8/8/8/gK,07")), "board");
    assert_eq!(field(&with(0, "8/8/8/8/8/8/8/gK,16")), "board");
    // Unknown piece letter: the column points at the letter.
    assert_eq!(err(&with(0, "8/8/8/8/8/8/8/gQ,7")), ("board".into(), 15));
    assert_eq!(err(&with(0, "8/8/8/8/8/8/8/xK,7")), ("board".into(), 14));
    // Empty items and ranks.
    assert_eq!(field(&with(0, "8/8/8/8/8/8/8/gK,,7")), "board");
    assert_eq!(field(&with(0, "8/8/8/8/8/8//gK,7")), "board");
    // No piece at all.
    assert_eq!(
        err("8/8/8/8/8/8/8/8 r xxxx - - 0 0"),
        ("board".into(), board_col)
    );
}

#[test]
fn inconsistent_pawns() {
    // A green pawn on c8 (unmarked far edge) after Green lost a pawn.
    let text = "2,gP,5/8/8/8/8/8/8/3,gK,3,rK g rxxg g - 0 0";
    assert_eq!(err(text), ("board".into(), 2));
    // ... is fine while Green has not lost one (it waits).
    assert!(Position::from_text(&text.replace(" g - 0", " - - 0"), Rules::default()).is_ok());
    // ... and fine on a marked far-edge square (d8).
    assert!(Position::from_text(
        "3,gP,4/8/8/8/8/8/8/3,gK,3,rK g rxxg g - 0 0",
        Rules::default()
    )
    .is_ok());
    // A pawn on its own back edge (a red pawn on file h) is not on RULES.md's
    // list of rejected texts: it parses and round-trips.
    let back_edge = "8/8/8/8/7,rP/8/8/3,gK,4 r rxxg - - 0 0";
    let pos = Position::from_text(back_edge, Rules::default()).unwrap();
    assert_eq!(pos.to_string(), back_edge);
}

#[test]
fn malformed_fields() {
    // Missing and extra fields.
    assert_eq!(field(&START[..START.len() - 2]), "ply");
    assert_eq!(field(&format!("{START} 5")), "position");
    assert_eq!(field(&START.replace(" r rbyg", "  rbyg")), "to-move");
    // To-move.
    assert_eq!(field(&with(1, "x")), "to-move");
    assert_eq!(field(&with(1, "rb")), "to-move");
    // Command.
    assert_eq!(field(&with(2, "rby")), "command");
    assert_eq!(
        err(&with(2, "rbqg")),
        ("command".into(), START.find(" rbyg").unwrap() + 3)
    );
    // Lost-pawn: order, repeats, letters, empty.
    assert_eq!(field(&with(3, "gr")), "lost-pawn");
    assert_eq!(field(&with(3, "rr")), "lost-pawn");
    assert_eq!(field(&with(3, "rq")), "lost-pawn");
    assert_eq!(field(&with(3, "-r")), "lost-pawn");
    // Captured rajas: order (repeats are fine).
    assert_eq!(field(&with(4, "yb")), "captured-rajas");
    assert!(Position::from_text(&with(4, "bbg"), Rules::default()).is_ok());
    // Counters: leading zeros, signs, non-digits, quiet above ply.
    assert_eq!(field(&with(6, "01")), "ply");
    assert_eq!(field(&with(5, "+1")), "quiet");
    assert_eq!(field(&with(6, "1x")), "ply");
    assert_eq!(field(&with(5, "3")), "quiet");
    assert_eq!(field(&with(6, "99999999999")), "ply");
    // Non-ASCII.
    assert_eq!(field(&with(1, "é")), "to-move");
}

#[test]
fn inconsistent_command() {
    // x for a colour with pieces; a letter for a colour without.
    assert_eq!(field(&with(2, "rbyx")), "command");
    assert_eq!(
        field("4,bK,3/8/8/8/8/8/8/3,gK,3,rK r rbyg - - 0 0"),
        "command"
    );
    // Commanded by a non-ally (sheet: Red's ally is Green, not Yellow) ...
    let text = with(2, "ybyg").replacen(" r ", " y ", 1);
    assert_eq!(field(&text), "command");
    // ... which is valid with partners opposite.
    assert!(Position::from_text(&text, Rules::with_alliances(Alliances::Opposite)).is_ok());
    // Two colours commanding each other.
    assert_eq!(field(&with(2, "gbyr")), "command");
    // To-move must be a seat in play: Green's seat is skipped after Red
    // conquered it.
    assert_eq!(field(&with(2, "rbyr").replacen(" r ", " g ", 1)), "to-move");
}

#[test]
fn parse_then_format_is_identity_on_random_games() {
    for seed in 0..20 {
        let mut p = Position::start(Rules::default());
        play_seeded_game(&mut p, seed, 400, |_, q| {
            let text = q.to_string();
            let back = Position::from_text(&text, Rules::default()).unwrap();
            assert_eq!(back.to_string(), text);
            assert_eq!(&back, q);
        });
    }
}

#[test]
fn move_text() {
    for text in ["h1f3", "g7g8K", "g7g8E", "g7g8H", "g7g8B", "pass"] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
    }
    let cases: [(&str, usize); 10] = [
        ("", 0),
        ("pas", 3),
        ("h9f3", 0),
        ("h1i3", 2),
        ("h1f3P", 4),
        ("h1f3Q", 4),
        ("h1f3KK", 5),
        ("h1h1", 2),
        ("H1f3", 0),
        ("Pass", 0),
    ];
    for (text, column) in cases {
        let e = text.parse::<Move>().expect_err(text);
        assert_eq!(
            (e.field, e.column),
            ("move", column),
            "{text}: {}",
            e.reason
        );
    }
    assert_eq!(Roll::new(1), None);
    assert_eq!(Roll::new(6), None);
}

#[test]
fn max_moves_ingredients() {
    let pairs = |t: &[kaissa_chaturaji::chaturaji::Bitboard; 64]| -> u32 {
        t.iter().map(|b| b.count()).sum()
    };
    assert_eq!(pairs(&BOAT_MOVES), 144);
    assert_eq!(pairs(&HORSE_MOVES), 336);
    assert_eq!(pairs(&RAJA_MOVES), 420);
    // Special promotion: at most 2 commanded colours x 3 pawn moves x 3 extra.
    assert_eq!(MAX_MOVES, 420 + 2 * 3 * 3);
    // A crowded position stays within the bound.
    let text = "rK,1,rK,1,rK,1,rK,1/1,rK,1,rK,1,rK,1,rK/rK,1,rK,1,rK,1,rK,1/1,rK,1,rK,1,rK,1,rK/rK,1,rK,1,rK,1,rK,1/1,rK,1,rK,1,rK,1,rK/rK,1,rK,1,rK,1,rK,1/1,rK,1,rK,1,rK,1,bK r rbxx - - 0 0";
    let p = Position::from_text(text, Rules::default()).unwrap();
    let mut list = MoveList::new();
    p.legal_moves(Roll::new(5).unwrap(), &mut list);
    assert!(list.len() > 100 && list.len() <= MAX_MOVES);
    // Elephants: each target is reached from at most one elephant per ray,
    // so at most 4 * 64 = 256 moves.
    let elephants = text.replace("rK", "rE");
    let p = Position::from_text(&elephants, Rules::default()).unwrap();
    p.legal_moves(Roll::new(4).unwrap(), &mut list);
    assert!(list.len() > 60 && list.len() <= 4 * 64, "{}", list.len());
}

#[test]
fn exported_data() {
    assert_eq!(MARKED_SQUARES.len(), 16);
    let names: Vec<String> = THRONES.iter().map(|s| s.to_string()).collect();
    assert_eq!(names, ["h4", "e8", "a5", "d1"]);
}

#[test]
fn seeded_game_replays_identically() {
    let record = |seed| {
        let mut p = Position::start(Rules::default());
        let mut plies = Vec::new();
        let outcome = play_seeded_game(&mut p, seed, 5000, |ply, _| plies.push(ply));
        (plies, p.to_string(), outcome)
    };
    let a = record(2024);
    assert_eq!(a, record(2024));
    assert!(a.2.is_finished());
    assert_ne!(a.0, record(2025).0);
}
