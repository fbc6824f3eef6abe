//! Text notation for Merchant Kaissa (docs/rules.md §3): malformed and
//! inconsistent position and move texts, and texts that must round-trip.
//! Columns were counted by hand (0-based byte = character offsets; all the
//! texts are ASCII before the reported column).

use kaissa_chaturaji::error::{Field, NotationErrorKind as Kind};
use kaissa_chaturaji::kaissa::{Move, Position, Square};
use kaissa_chaturaji::NotationError;

const START: &str = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh";

/// The start text with rank 8 (which begins at column 22) replaced.
fn with_rank8(rank: &str) -> String {
    format!("ibstqutsbi/arppppppra/{rank}/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh")
}

/// A board with only rank 10 and rank 1 given (rank 1 starts at column
/// `len(r10) + 1 + 8 * 3`), plus the other fields.
fn board(r10: &str, r1: &str, rest: &str) -> String {
    format!("{r10}/10/10/10/10/10/10/10/10/{r1} {rest}")
}

fn err(text: &str) -> NotationError {
    match text.parse::<Position>() {
        Ok(p) => panic!("{text:?} should not parse, got {p}"),
        Err(e) => e,
    }
}

/// Asserts the text is rejected in `field` at `column`.
fn rejects(text: &str, field: Field, column: usize) -> Kind {
    let e = err(text);
    assert_eq!(
        (e.field(), e.offset()),
        (field, Some(column)),
        "{text:?}: {e}"
    );
    assert!(!e.reason().is_empty());
    e.kind()
}

/// Asserts the text is rejected in one of `fields`, at one of `columns` (an
/// empty slice = any column).
fn rejects_any(text: &str, fields: &[Field], columns: &[usize]) -> Kind {
    let e = err(text);
    assert!(fields.contains(&e.field()), "{text:?}: field {e}");
    let column = e.offset().expect("a text error has an offset");
    assert!(
        columns.is_empty() || columns.contains(&column),
        "{text:?}: column {e}"
    );
    assert!(!e.reason().is_empty());
    e.kind()
}

fn round_trips(text: &str) {
    let p: Position = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} should parse: {e}"));
    assert_eq!(p.to_string(), text);
    let again: Position = p.to_string().parse().unwrap();
    assert_eq!(again, p);
    assert_eq!(again.hash(), p.hash());
    assert_eq!(p.hash(), p.compute_hash());
}

// ---------------------------------------------------------------------------
// Position text: fields
// ---------------------------------------------------------------------------

#[test]
fn start_text_and_columns_of_the_fields() {
    assert_eq!(START.len(), 68);
    round_trips(START);
    assert_eq!(Position::start().to_string(), START);
    assert_eq!(START.parse::<Position>().unwrap(), Position::start());
}

#[test]
fn wrong_number_of_fields() {
    let three = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1";
    rejects_any(three, &[Field::Hand, Field::Text], &[]);
    let two = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y";
    rejects_any(two, &[Field::Turn, Field::Text], &[]);
    let one = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI";
    rejects_any(one, &[Field::Side, Field::Text], &[]);
    // Five fields: the extra one starts after the space at column 68.
    rejects_any(&format!("{START} 5"), &[Field::Text], &[68, 69]);
}

#[test]
fn double_space_between_side_and_turn() {
    // The second space of "y  1" is at column 64.
    let text = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y  1 Hh";
    rejects_any(text, &[Field::Turn, Field::Side, Field::Text], &[63, 64]);
}

#[test]
fn double_space_between_board_and_side() {
    // Second space at column 62.
    let text = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI  y 1 Hh";
    rejects_any(text, &[Field::Side, Field::Board, Field::Text], &[61, 62]);
}

#[test]
fn space_inside_the_board() {
    // A space inside rank 8 (column 23) makes the board field end early.
    rejects_any(
        &with_rank8("4 5"),
        &[Field::Board, Field::Side, Field::Text],
        &[23, 24],
    );
}

#[test]
fn trailing_space_is_rejected() {
    rejects_any(&format!("{START} "), &[Field::Text, Field::Hand], &[68]);
    rejects_any(
        &format!("{START}\n"),
        &[Field::Hand, Field::Text],
        &[66, 68],
    );
}

#[test]
fn leading_space_is_rejected() {
    rejects_any(&format!(" {START}"), &[Field::Board, Field::Text], &[0]);
}

#[test]
fn empty_text_is_rejected() {
    rejects_any("", &[Field::Board, Field::Text], &[0]);
    rejects_any(" ", &[Field::Board, Field::Text], &[0]);
}

// ---------------------------------------------------------------------------
// Position text: board
// ---------------------------------------------------------------------------

#[test]
fn nine_or_eleven_ranks() {
    let nine = "ibstqutsbi/arppppppra/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh";
    rejects_any(nine, &[Field::Board], &[]);
    let eleven = "ibstqutsbi/arppppppra/10/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh";
    rejects_any(eleven, &[Field::Board], &[]);
    // A trailing or doubled slash.
    let trailing = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI/ y 1 Hh";
    rejects_any(trailing, &[Field::Board], &[]);
    rejects_any(&with_rank8("/10"), &[Field::Board], &[]);
}

#[test]
fn rank_covering_nine_or_eleven_squares() {
    rejects_any(&with_rank8("9"), &[Field::Board], &[]);
    rejects_any(&with_rank8("4P4"), &[Field::Board], &[]);
    rejects_any(&with_rank8("5P5"), &[Field::Board], &[]);
    rejects_any(&with_rank8("10P"), &[Field::Board], &[]);
    rejects_any(&with_rank8("PPPPPPPPPPP"), &[Field::Board], &[]);
    // Rank 10 with eleven letters.
    let text = "ibstqutsbii/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh";
    rejects_any(text, &[Field::Board], &[]);
    // Empty rank.
    rejects_any(&with_rank8(""), &[Field::Board], &[]);
}

#[test]
fn count_zero() {
    // "P0P8": the 0 is at column 23.
    rejects(&with_rank8("P0P8"), Field::Board, 23);
    rejects(&with_rank8("0"), Field::Board, 22);
}

#[test]
fn leading_zero_count() {
    rejects(&with_rank8("05P4"), Field::Board, 22);
    rejects(&with_rank8("010"), Field::Board, 22);
}

#[test]
fn two_counts_in_a_row_or_too_large() {
    // "55" reads as fifty-five (or as two counts in a row): malformed either way.
    rejects_any(&with_rank8("55"), &[Field::Board], &[22, 23]);
    rejects_any(&with_rank8("11"), &[Field::Board], &[22, 23]);
    rejects_any(&with_rank8("19"), &[Field::Board], &[22, 23]);
    rejects_any(&with_rank8("3,7"), &[Field::Board], &[23]);
}

#[test]
fn unknown_letters() {
    rejects(&with_rank8("4X5"), Field::Board, 23);
    rejects(&with_rank8("4K5"), Field::Board, 23);
    rejects(&with_rank8("4k5"), Field::Board, 23);
    rejects(&with_rank8("4-5"), Field::Board, 23);
    // Non-ASCII must not panic.
    rejects_any(&with_rank8("4é5"), &[Field::Board], &[23]);
}

// ---------------------------------------------------------------------------
// Position text: side, turn, hand
// ---------------------------------------------------------------------------

#[test]
fn bad_side() {
    for side in ["w", "Y", "R", "b", "yr", "-"] {
        let text =
            format!("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI {side} 1 Hh");
        rejects(&text, Field::Side, 62);
    }
}

#[test]
fn bad_turn() {
    for turn in ["0", "01", "x", "-1", "+1", "00"] {
        let text =
            format!("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y {turn} Hh");
        rejects(&text, Field::Turn, 64);
    }
    // Trailing junk in the number: the field is wrong, at or after its start.
    let text = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1x Hh";
    rejects_any(text, &[Field::Turn], &[64, 65]);
    // A number far too large must not panic.
    let text = "h9/10/10/10/10/10/10/10/10/H9 y 99999999999999999999999999 -";
    rejects_any(text, &[Field::Turn], &[]);
}

#[test]
fn bad_hand() {
    for hand in ["hH", "HH", "hh", "x", "H-", "-H", "Hhh", "--"] {
        let text =
            format!("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 {hand}");
        rejects(&text, Field::Hand, 66);
    }
}

// ---------------------------------------------------------------------------
// Position text: consistency
// ---------------------------------------------------------------------------

#[test]
fn two_stones_of_a_side_on_the_board() {
    // Rank 1 starts at column 27: H at 27 and 29.
    let text = board("h9", "H4H4", "y 12 -");
    rejects_any(&text, &[Field::Board], &[27, 29]);
    // Red: h at 0 and 2.
    let text = board("h8h", "H9", "y 12 -");
    rejects_any(&text, &[Field::Board], &[0, 2]);
}

#[test]
fn stone_both_on_board_and_in_hand() {
    // Yellow: H on a1 (column 27) and in hand (column 34).
    let text = board("10", "H9", "y 5 Hh");
    let e = err(&text);
    assert!(
        matches!(
            (e.field(), e.offset()),
            (Field::Hand, Some(34)) | (Field::Board, Some(27))
        ),
        "{e}"
    );
    // Red: h on a10 (column 0) and in hand (column 35).
    let text = board("h9", "10", "y 5 Hh");
    let e = err(&text);
    assert!(
        matches!(
            (e.field(), e.offset()),
            (Field::Hand, Some(35)) | (Field::Board, Some(0))
        ),
        "{e}"
    );
    // A stone on the board while the hand has only that side's stone.
    let text = board("h9", "H9", "r 9 h");
    let e = err(&text);
    assert!(
        matches!(
            (e.field(), e.offset()),
            (Field::Hand, Some(34)) | (Field::Board, Some(0))
        ),
        "{e}"
    );
}

#[test]
fn spearman_on_its_own_back_rank() {
    // Yellow P on d1: rank 1 "H2P6" starts at column 27, P at 29.
    rejects(&board("h9", "H2P6", "y 12 -"), Field::Board, 29);
    // Red p on a10.
    rejects(&board("p8h", "H9", "y 12 -"), Field::Board, 0);
    // In the start position: a Yellow Spearman replacing the Ubar on f1
    // (column 56) and a Red one replacing the Ubar on f10 (column 5).
    rejects(
        "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQPTSBI y 1 Hh",
        Field::Board,
        56,
    );
    rejects(
        "ibstqptsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh",
        Field::Board,
        5,
    );
}

#[test]
fn stone_in_hand_past_turn_ten() {
    // Board field is 29 characters; the hand field starts at column 35.
    rejects(&board("h9", "10", "y 11 H"), Field::Hand, 35);
    // Red has played its 10th turn when Yellow is to move at 11.
    rejects(&board("10", "H9", "y 11 h"), Field::Hand, 35);
    // Yellow has played its 10th turn when Red is to move at 10.
    rejects(&board("h9", "10", "r 10 H"), Field::Hand, 35);
    rejects(&board("10", "H9", "r 11 h"), Field::Hand, 35);
    rejects_any(&board("10", "10", "y 12 Hh"), &[Field::Hand], &[35, 36]);
    rejects_any(&board("10", "10", "r 10 Hh"), &[Field::Hand], &[35]);
    // But these are fine.
    round_trips(&board("10", "H9", "r 10 h"));
    round_trips(&board("h9", "10", "y 10 H"));
    round_trips(&board("10", "H9", "y 10 h"));
    round_trips(&board("10", "10", "y 10 Hh"));
    round_trips(&board("10", "10", "r 9 Hh"));
}

#[test]
fn both_stones_captured() {
    rejects_any(
        &board("10", "10", "y 12 -"),
        &[Field::Hand, Field::Board, Field::Text],
        &[],
    );
    rejects_any(
        &board("10", "10", "r 12 -"),
        &[Field::Hand, Field::Board, Field::Text],
        &[],
    );
    rejects_any(
        "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 11 -",
        &[Field::Hand, Field::Board, Field::Text],
        &[],
    );
}

#[test]
fn captured_stone_owner_must_be_to_move() {
    // Yellow's stone is gone but Red is to move.
    rejects_any(
        &board("h9", "10", "r 12 -"),
        &[Field::Side, Field::Hand],
        &[],
    );
    // Red's stone is gone but Yellow is to move.
    rejects_any(
        &board("10", "H9", "y 12 -"),
        &[Field::Side, Field::Hand],
        &[],
    );
    // Red's stone gone, Yellow's in hand, Yellow to move.
    rejects_any(
        &board("10", "10", "y 9 H"),
        &[Field::Side, Field::Hand],
        &[],
    );
}

// ---------------------------------------------------------------------------
// Valid tricky texts
// ---------------------------------------------------------------------------

#[test]
fn tricky_texts_round_trip() {
    let texts = [
        START.to_string(),
        // Stones on the board at turn 12.
        board("h9", "H9", "y 12 -"),
        board("h9", "H9", "r 12 -"),
        // A Red Spearman on rank 1 and a Yellow one on rank 10.
        board("h9", "H3p5", "y 12 -"),
        board("h3P5", "H9", "y 12 -"),
        "PPPPPPPPPP/pppppppppp/10/10/h9/H9/10/10/PPPPPPPPPP/pppppppppp y 12 -".to_string(),
        // Red to move with Red's stone captured (Yellow won).
        board("10", "H9", "r 12 -"),
        // Yellow to move with Yellow's stone captured (Red won).
        board("h9", "4U5", "y 12 -"),
        // Red's stone captured while Yellow's is still in hand.
        board("10", "10", "r 9 H"),
        // Red's last chance to place.
        "ibstqutsb1/arppppppra/9i/10/10/10/10/I9/ARPPPPPPRA/HBSTQUTSBI r 10 h".to_string(),
        // Every piece letter.
        board("UQTSBIPRAH", "uqtsbiprah", "r 12 -"),
        // Single-square counts between pieces.
        "h1i1i1i1i1/1P1P1P1P1P/10/10/10/10/10/10/10/H8I y 12 -".to_string(),
        // A large turn number.
        board("h9", "H9", "y 123456789 -"),
        // Mid-game text reached by play.
        "ibstqutsbi/arpp1pppra/10/4p5/10/10/10/4P5/ARPP1PPPRA/IBSTQUTSBI y 2 Hh".to_string(),
        "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI r 7 Hh".to_string(),
    ];
    for text in &texts {
        round_trips(text);
    }
}

#[test]
fn round_trip_after_every_move_from_start() {
    let start = Position::start();
    for m in start.legal_moves() {
        let mut p = start.clone();
        p.play(m).expect("a legal move");
        let text = p.to_string();
        round_trips(&text);
    }
}

// ---------------------------------------------------------------------------
// Move text
// ---------------------------------------------------------------------------

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn valid_move_texts() {
    let cases = [
        (
            "e2e5",
            Move::Normal {
                from: sq("e2"),
                to: sq("e5"),
            },
        ),
        (
            "a10b1",
            Move::Normal {
                from: sq("a10"),
                to: sq("b1"),
            },
        ),
        (
            "j10a1",
            Move::Normal {
                from: sq("j10"),
                to: sq("a1"),
            },
        ),
        (
            "a1j10",
            Move::Normal {
                from: sq("a1"),
                to: sq("j10"),
            },
        ),
        ("H@c1", Move::Place { to: sq("c1") }),
        ("H@d10", Move::Place { to: sq("d10") }),
        ("H@e5", Move::Place { to: sq("e5") }),
    ];
    for (text, expected) in cases {
        let m: Move = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(m, expected, "{text}");
        assert_eq!(m.to_string(), text);
    }
    assert_eq!(sq("a1").index(), 0);
    assert_eq!(sq("j1").index(), 9);
    assert_eq!(sq("a10").index(), 90);
    assert_eq!(sq("e10").index(), 94);
}

fn move_rejects(text: &str, columns: &[usize]) {
    let e = match text.parse::<Move>() {
        Ok(m) => panic!("{text:?} should not parse, got {m}"),
        Err(e) => e,
    };
    assert!(
        e.field() == Field::Move || e.field() == Field::Square,
        "{text:?}: field {e}"
    );
    assert!(
        columns.iter().any(|&c| e.offset() == Some(c)),
        "{text:?}: column {e}"
    );
}

#[test]
fn malformed_move_texts() {
    move_rejects("", &[0]);
    move_rejects("h@c1", &[0, 1]);
    move_rejects("H@", &[2]);
    move_rejects("H@k1", &[2]);
    move_rejects("H@a0", &[2, 3]);
    move_rejects("H@c11", &[2, 3, 4]);
    move_rejects("H@c1 ", &[2, 4]);
    move_rejects("@c1", &[0]);
    move_rejects("e2", &[2]);
    move_rejects("e2e", &[2, 3]);
    move_rejects("e2e11", &[2, 3, 4]);
    move_rejects("e2e0", &[2, 3]);
    move_rejects("k2e4", &[0]);
    move_rejects("e0e4", &[0, 1]);
    move_rejects("e02e4", &[0, 1, 2]);
    move_rejects("a11b1", &[0, 1, 2]);
    move_rejects("E2E4", &[0]);
    move_rejects("E2e4", &[0]);
    move_rejects("e2E4", &[2]);
    move_rejects("e2e2", &[0, 2]);
    move_rejects(" e2e4", &[0]);
    move_rejects("e2e4 ", &[2, 4]);
    move_rejects("e2-e4", &[2]);
    move_rejects("e2e4e5", &[2, 4]);
    move_rejects("é2e4", &[0]);
    move_rejects("e2é4", &[2]);
    move_rejects("e2e４", &[2, 3]);
}

#[test]
fn malformed_square_texts() {
    for text in ["", "k1", "a0", "a11", "a01", "A1", "e", "1e", "e 1", "é1"] {
        let e = text.parse::<Square>().unwrap_err();
        assert!(
            e.field() == Field::Square || e.field() == Field::Move,
            "{text:?}: {e}"
        );
    }
    for text in ["a1", "j1", "a10", "j10", "e5"] {
        assert_eq!(sq(text).to_string(), text);
    }
}

// ---------------------------------------------------------------------------
// Error kinds and messages
// ---------------------------------------------------------------------------

#[test]
fn position_error_kinds() {
    let cases: &[(String, Field, usize, Kind)] = &[
        (String::new(), Field::Board, 0, Kind::Empty),
        (format!("{START} "), Field::Text, 68, Kind::Empty),
        (
            "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1".into(),
            Field::Hand,
            65,
            Kind::FieldCount,
        ),
        (format!("{START} 5"), Field::Text, 68, Kind::FieldCount),
        (with_rank8("P0P8"), Field::Board, 23, Kind::NotCanonical),
        (with_rank8("05P4"), Field::Board, 22, Kind::NotCanonical),
        (with_rank8("55"), Field::Board, 22, Kind::OutOfRange),
        (with_rank8("5P5"), Field::Board, 24, Kind::BoardSize),
        (with_rank8("9"), Field::Board, 23, Kind::BoardSize),
        (with_rank8("4X5"), Field::Board, 23, Kind::UnknownPiece),
        (
            with_rank8("4-5"),
            Field::Board,
            23,
            Kind::UnexpectedCharacter,
        ),
        (
            with_rank8("4\u{1b}5"),
            Field::Board,
            23,
            Kind::UnexpectedCharacter,
        ),
        (
            "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI x 1 Hh".into(),
            Field::Side,
            62,
            Kind::UnexpectedCharacter,
        ),
        (
            board("h9", "H9", "y 0 -"),
            Field::Turn,
            32,
            Kind::OutOfRange,
        ),
        (
            board("h9", "H9", "y 012 -"),
            Field::Turn,
            32,
            Kind::NotCanonical,
        ),
        (
            board("h9", "H9", "y 1000000000 -"),
            Field::Turn,
            32,
            Kind::OutOfRange,
        ),
        (
            board("h9", "H9", "y 1x -"),
            Field::Turn,
            33,
            Kind::UnexpectedCharacter,
        ),
        (
            board("10", "10", "y 1 hH"),
            Field::Hand,
            34,
            Kind::NotCanonical,
        ),
        (
            board("10", "10", "y 1 HH"),
            Field::Hand,
            34,
            Kind::UnexpectedCharacter,
        ),
        (
            board("h9", "H2P6", "y 12 -"),
            Field::Board,
            29,
            Kind::Inconsistent,
        ),
        (
            board("h9", "H4H4", "y 12 -"),
            Field::Board,
            29,
            Kind::Inconsistent,
        ),
        (
            board("h9", "10", "y 11 H"),
            Field::Hand,
            35,
            Kind::Inconsistent,
        ),
        (
            board("10", "10", "y 12 -"),
            Field::Hand,
            35,
            Kind::Inconsistent,
        ),
        (
            board("10", "H9", "y 12 -"),
            Field::Side,
            30,
            Kind::Inconsistent,
        ),
    ];
    for (text, field, offset, kind) in cases {
        let e = err(text);
        assert_eq!(
            (e.field(), e.offset(), e.kind()),
            (*field, Some(*offset), *kind),
            "{text:?}: {e}"
        );
    }
}

#[test]
fn move_and_square_error_kinds() {
    let cases = [
        ("", 0, Kind::Empty),
        ("e2", 2, Kind::Empty),
        ("H@", 2, Kind::Empty),
        ("e2k5", 2, Kind::BadSquare),
        ("k2e4", 0, Kind::BadSquare),
        ("H@k1", 2, Kind::BadSquare),
        ("E2e4", 0, Kind::UnexpectedCharacter),
        ("h@c1", 0, Kind::UnexpectedCharacter),
        ("\u{1b}[2J", 0, Kind::UnexpectedCharacter),
        ("e2e2", 2, Kind::Inconsistent),
    ];
    for (text, offset, kind) in cases {
        let e = text.parse::<Move>().unwrap_err();
        assert_eq!(
            (e.field(), e.offset(), e.kind()),
            (Field::Move, Some(offset), kind),
            "{text:?}: {e}"
        );
    }
    let e = "k1".parse::<Square>().unwrap_err();
    assert_eq!(
        (e.field(), e.offset(), e.kind()),
        (Field::Square, Some(0), Kind::BadSquare)
    );
    let e = "".parse::<Square>().unwrap_err();
    assert_eq!(e.kind(), Kind::Empty);
}

/// Messages never carry a raw control character (ESC, CR, …) and quote at
/// most a short excerpt of the input, whatever its size.
#[test]
fn messages_are_escaped_and_short() {
    let huge = "x".repeat(1 << 20);
    let texts = [
        with_rank8("4\u{1b}5"),
        with_rank8("4\r5"),
        "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI \u{1b}[2J 1 Hh".to_string(),
        "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1\r Hh".to_string(),
        "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 \u{7}".to_string(),
        format!("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI {huge} 1 Hh"),
        format!("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 {huge}"),
        with_rank8(&"9".repeat(100_000)),
        huge.clone(),
    ];
    let check = |text: &str, message: String| {
        assert!(
            !message.chars().any(|c| c.is_control()),
            "{message:?} (from {:?}…)",
            &text[..text.len().min(80)]
        );
        assert!(message.len() < 300, "{} bytes: {message}", message.len());
    };
    for text in &texts {
        check(text, err(text).to_string());
        check(text, text.parse::<Move>().unwrap_err().to_string());
        check(text, text.parse::<Square>().unwrap_err().to_string());
    }
    for text in ["\u{1b}2e4", "e2\u{1b}4", "H@\r1", "e\r", "\u{9b}31m"] {
        check(text, text.parse::<Move>().unwrap_err().to_string());
        check(text, text.parse::<Square>().unwrap_err().to_string());
    }
}
