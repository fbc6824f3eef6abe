//! Position and move text: round trips and malformed or inconsistent
//! input, each with the error field (and column where it matters).

use kaissa_chaturaji::chaturaji::{
    play_seeded_game, Alliances, Move, MoveList, Position, Roll, Rules, BOAT_MOVES, HORSE_MOVES,
    LUDII_START_TEXT, MARKED_SQUARES, MAX_MOVES, RAJA_MOVES, START_TEXT, THRONES,
};
use kaissa_chaturaji::error::{Field, NotationErrorKind};

const START: &str = START_TEXT;

fn err(text: &str) -> (String, usize) {
    let e = Position::from_text(text, Rules::default()).expect_err(text);
    let offset = e.offset().expect("a parse error has an offset");
    (e.field().to_string(), offset)
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
    let o = Position::start(Rules::default().with_alliances(Alliances::Opposite));
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
    // A pawn on its own back edge (a red pawn on file h) is not on the rules reference's
    // list of rejected texts: it parses and round-trips.
    let back_edge = "8/8/8/8/7,rP/8/8/3,gK,4 r rxxg - - 0 0";
    let pos = Position::from_text(back_edge, Rules::default()).unwrap();
    assert_eq!(pos.to_string(), back_edge);
}

#[test]
fn malformed_fields() {
    // Missing and extra fields.
    assert_eq!(field(&START[..START.len() - 2]), "ply");
    // (The text as a whole: `Field::Text`, formerly named "position".)
    assert_eq!(field(&format!("{START} 5")), "text");
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
    assert!(
        Position::from_text(&text, Rules::default().with_alliances(Alliances::Opposite)).is_ok()
    );
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
            (e.field(), e.offset()),
            (Field::Move, Some(column)),
            "{text}: {}",
            e.reason()
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
    p.generate_moves(Roll::new(5).unwrap(), &mut list);
    assert!(list.len() > 100 && list.len() <= MAX_MOVES);
    // Elephants: each target is reached from at most one elephant per ray,
    // so at most 4 * 64 = 256 moves.
    let elephants = text.replace("rK", "rE");
    let p = Position::from_text(&elephants, Rules::default()).unwrap();
    p.generate_moves(Roll::new(4).unwrap(), &mut list);
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
    assert!(a.2.is_over());
    assert_ne!(a.0, record(2025).0);
}

/// The kind of each error, which a program matches on.
#[test]
fn error_kinds() {
    use kaissa_chaturaji::error::NotationErrorKind as K;
    let kind = |text: &str| {
        Position::from_text(text, Rules::default())
            .expect_err(text)
            .kind()
    };
    assert_eq!(kind(""), K::Empty);
    assert_eq!(kind(&START.replace(" r rbyg", "  rbyg")), K::FieldCount);
    assert_eq!(kind(&format!("{START} 5")), K::FieldCount);
    assert_eq!(kind(&START[..START.len() - 2]), K::FieldCount);
    assert_eq!(kind(&with(0, "8/8/8/8/8/8/gK,7")), K::BoardSize);
    assert_eq!(kind(&with(0, "8/8/8/8/8/8/8/gK,6")), K::BoardSize);
    assert_eq!(kind(&with(0, "8/8/8/8/8/8/8/gK,3,4")), K::NotCanonical);
    assert_eq!(kind(&with(0, "8/8/8/8/8/8/8/gK,07")), K::NotCanonical);
    assert_eq!(kind(&with(0, "8/8/8/8/8/8/8/gK,16")), K::OutOfRange);
    assert_eq!(kind(&with(0, "8/8/8/8/8/8/8/gQ,7")), K::UnknownPiece);
    assert_eq!(
        kind(&with(0, "8/8/8/8/8/8/8/gK,+7")),
        K::UnexpectedCharacter
    );
    assert_eq!(kind(&with(1, "q")), K::UnknownPiece);
    assert_eq!(kind(&with(1, "rb")), K::UnexpectedCharacter);
    assert_eq!(kind(&with(3, "gr")), K::NotCanonical);
    assert_eq!(kind(&with(6, "01")), K::NotCanonical);
    assert_eq!(kind(&with(6, "99999999999")), K::OutOfRange);
    assert_eq!(kind(&with(6, "1x")), K::UnexpectedCharacter);
    assert_eq!(kind(&with(1, "\u{e9}")), K::UnexpectedCharacter);
    assert_eq!(kind(&with(5, "3")), K::Inconsistent);
    assert_eq!(kind(&with(2, "gbyr")), K::Inconsistent);
    assert_eq!(kind("8/8/8/8/8/8/8/8 r xxxx - - 0 0"), K::Inconsistent);
    let move_kind = |text: &str| text.parse::<Move>().expect_err(text).kind();
    assert_eq!(move_kind(""), K::Empty);
    assert_eq!(move_kind("h1i3"), K::BadSquare);
    assert_eq!(move_kind("h1h1"), K::Inconsistent);
    assert_eq!(move_kind("h1f3Q"), K::UnknownPiece);
    assert_eq!(move_kind("h1f3KK"), K::UnexpectedCharacter);
}

/// Messages quote at most a short, escaped excerpt of the input.
#[test]
fn messages_quote_short_escaped_excerpts() {
    let huge_item = format!("8/8/8/8/8/8/8/gK,{} g xxxg - - 0 0", "7x".repeat(100_000));
    let huge_piece = format!("8/8/8/8/8/8/8/g{} g xxxg - - 0 0", "K".repeat(100_000));
    let huge_count = format!("8/8/8/8/8/8/8/gK,7 g xxxg - - 0 {}", "9".repeat(100_000));
    for text in [huge_item, huge_piece, huge_count] {
        let message = Position::from_text(&text, Rules::default())
            .unwrap_err()
            .to_string();
        assert!(message.len() < 300, "{} bytes: {message}", message.len());
    }
    let message = Position::from_text(&with(1, "\u{1b}[2J"), Rules::default())
        .unwrap_err()
        .to_string();
    assert!(!message.contains('\u{1b}'), "{message}");
    let message = format!("h1\u{1b}[2J{}", "x".repeat(100_000))
        .parse::<Move>()
        .unwrap_err()
        .to_string();
    assert!(
        !message.contains('\u{1b}') && message.len() < 300,
        "{message}"
    );
    let message = "h1f3\r".parse::<Move>().unwrap_err().to_string();
    assert!(!message.contains('\r'), "{message}");
}

/// `FromStr` picks the rules by the text's shape: the Ludii form under
/// `Rules::ludii()`, anything else under the default rules.
#[test]
fn from_str_picks_the_rules_by_shape() {
    assert_eq!(
        START.parse::<Position>(),
        Ok(Position::start(Rules::default()))
    );
    assert_eq!(
        LUDII_START_TEXT.parse::<Position>(),
        Ok(Position::start(Rules::ludii()))
    );
    let ludii = Rules::ludii();
    let sheet = Rules::default();
    for (text, rules) in [
        (START, sheet),
        (LUDII_START_TEXT, ludii),
        // Five fields, whatever they hold.
        ("a b c d e", ludii),
        ("a  b c d", ludii),
        // A comma in the third field (Ludii's scores).
        ("8/8/8/8/8/8/8/3,gK,4 g 0,0,0,0 -", ludii),
        ("8/8/8/8/8/8/8/3,gK,4 g 0,0,0,0 - 0 1", ludii),
        ("8/8/8/8/8/8/8/3,gK,4 g 0,0", ludii),
        // Anything else.
        ("", sheet),
        ("a b c d", sheet),
        ("8/8/8/8/8/8/8/3,gK,4 g xxxg - - 0", sheet),
        ("8/8/8/8/8/8/8/3,gK,4 g 0 - 0 1 2", sheet),
    ] {
        assert_eq!(Rules::for_text(text), rules, "{text:?}");
        assert_eq!(
            text.parse::<Position>(),
            Position::from_text(text, rules),
            "{text:?}"
        );
    }
    // A Ludii text missing a field gets the Ludii parser's error.
    let err = "8/8/8/8/8/8/8/3,gK,4 g 0,0,0,0 -"
        .parse::<Position>()
        .unwrap_err();
    assert_eq!(
        (err.field(), err.kind()),
        (Field::Turns, NotationErrorKind::FieldCount)
    );
}

/// A text that only other rules options read is refused with
/// `WrongRules`, naming them.
#[test]
fn wrong_rules_name_the_rules_that_read_the_text() {
    let opposite = Rules::default().with_alliances(Alliances::Opposite);
    for rules in [Rules::default(), opposite] {
        let err = Position::from_text(LUDII_START_TEXT, rules).unwrap_err();
        assert_eq!(
            (err.field(), err.offset(), err.kind()),
            (Field::Text, Some(0), NotationErrorKind::WrongRules)
        );
        assert_eq!(
            err.reason(),
            "a Ludii position text (5 fields); read it with Rules::ludii()"
        );
    }
    let err = Position::from_text(START, Rules::ludii()).unwrap_err();
    assert_eq!(
        (err.field(), err.offset(), err.kind()),
        (Field::Text, Some(0), NotationErrorKind::WrongRules)
    );
    assert!(err.reason().ends_with("read it with Rules::default()"));

    // Green conquered by Red: valid with the sheet's alliances only.
    let conquest = with(2, "rbyr");
    assert!(Position::from_text(&conquest, Rules::default()).is_ok());
    let err = Position::from_text(&conquest, opposite).unwrap_err();
    assert_eq!(
        (err.field(), err.offset(), err.kind()),
        (
            Field::Command,
            Some(START.find(" rbyg").unwrap() + 4),
            NotationErrorKind::WrongRules
        )
    );
    assert!(
        err.reason().contains("sheet alliances")
            && err.reason().ends_with("read it with Alliances::Sheet"),
        "{err}"
    );
    // Its Ludii reading names the sheet's default rules.
    let err = Position::from_text(&conquest, Rules::ludii()).unwrap_err();
    assert!(err.reason().ends_with("read it with Rules::default()"));

    // Red conquered by Yellow: valid with partners opposite only, and
    // `FromStr` (the default rules) says so.
    let conquest = with(2, "ybyg").replacen(" r ", " y ", 1);
    assert!(Position::from_text(&conquest, opposite).is_ok());
    let err = conquest.parse::<Position>().unwrap_err();
    assert_eq!(
        (err.field(), err.kind()),
        (Field::Command, NotationErrorKind::WrongRules)
    );
    assert!(err.reason().ends_with("read it with Alliances::Opposite"));
    let err = Position::from_text(&conquest, Rules::ludii()).unwrap_err();
    assert!(err
        .reason()
        .ends_with("read it with Rules::default().with_alliances(Alliances::Opposite)"));

    // A text that no rules read keeps its own error.
    let err = Position::from_text(&with(2, "gbyr"), opposite).unwrap_err();
    assert_eq!(err.kind(), NotationErrorKind::Inconsistent);
    let broken_ludii = LUDII_START_TEXT.replace(" 0,0,0,0 ", " 0,0,0 ");
    let err = Position::from_text(&broken_ludii, Rules::default()).unwrap_err();
    assert_eq!(
        (err.field(), err.kind()),
        (Field::Quiet, NotationErrorKind::FieldCount)
    );
    let err = broken_ludii.parse::<Position>().unwrap_err();
    assert_eq!(
        (err.field(), err.kind()),
        (Field::Scores, NotationErrorKind::FieldCount)
    );
}
