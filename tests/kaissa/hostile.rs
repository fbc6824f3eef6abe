//! Hostile input for the Merchant Kaissa text notation (docs/rules.md §3):
//! arbitrary strings and bytes, small mutations of valid texts, and
//! hand-picked nasty texts. Parsing never panics; it either gives a position
//! that passes `validate()` and formats back to exactly the same text, or a
//! `NotationError` naming a known field with a column inside the text.
//! Positions that parse are also exercised (move generation, window,
//! outcome, play and undo of every legal move) so that odd but valid
//! positions reached only through text cannot make the library panic.
//!
//! The Chaturaji counterparts live in their own file (`hostile_chaturaji.rs`).

use kaissa_chaturaji::error::Field;
use kaissa_chaturaji::kaissa::{DrawReason, Move, Outcome, Position, Side, Square, START_TEXT};
use kaissa_chaturaji::NotationError;
use proptest::prelude::*;
use proptest::sample::Index;

/// The fields a position error may name.
const POSITION_FIELDS: &[Field] = &[
    Field::Text,
    Field::Board,
    Field::Side,
    Field::Turn,
    Field::Hand,
];

/// Valid position texts the mutations start from.
const VALID_POSITIONS: &[&str] = &[
    START_TEXT,
    "ibstqutsbi/arpp1pppra/10/10/4p5/4P5/5T4/10/ARPP1PPPRA/IBS1QUTSBI r 2 Hh",
    "ibstquts1h/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/1BSTQUTSBI y 8 H",
    "4h5/10/10/10/10/10/10/10/10/4U5 y 12 -",
    "4h5/1p8/10/3u6/10/10/6U3/10/8P1/4H5 y 12 -",
    "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTHUTSBI r 9 h",
    "10/10/10/10/10/10/10/10/10/10 y 1 Hh",
    "4u5/2p7/10/10/10/10/10/10/7P2/5U4 r 8 Hh",
];

fn check_error(text: &str, err: &NotationError, fields: &[Field]) {
    assert!(
        fields.contains(&err.field()),
        "{text:?}: unknown field {:?} in {err}",
        err.field()
    );
    let column = err
        .offset()
        .unwrap_or_else(|| panic!("{text:?}: a text error without an offset: {err}"));
    assert!(
        column <= text.len(),
        "{text:?}: column {} past the end ({} bytes): {err}",
        column,
        text.len()
    );
    assert!(
        text.is_char_boundary(column),
        "{text:?}: column {} inside a character: {err}",
        column
    );
    assert!(!err.reason().is_empty(), "{text:?}: empty reason");
    // The message formats without panicking and names the field; it never
    // carries a raw control character and quotes at most a short excerpt.
    let message = err.to_string();
    assert!(message.contains(err.field().name()));
    assert!(
        !message.chars().any(char::is_control),
        "{text:?}: control character in {message:?}"
    );
    assert!(
        message.chars().count() <= 200,
        "{text:?}: a {}-character message: {message:?}",
        message.chars().count()
    );
}

/// Exercises a position that parsed: everything a GUI might call on it.
fn exercise(pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash());
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len());
    assert_eq!(pos.has_legal_move(), !moves.is_empty());
    assert_eq!(pos.outcome() == Outcome::Ongoing, !moves.is_empty());
    for side in Side::ALL {
        let _ = pos.home_stone_window(side);
    }
    let _ = pos.diagram().to_string();
    let mut scratch = pos.clone();
    for &mv in &moves {
        assert!(pos.is_legal(mv));
        let undo = scratch
            .play(mv)
            .unwrap_or_else(|e| panic!("generated {mv} rejected in {pos}: {e}"));
        assert_eq!(
            scratch.validate(),
            Ok(()),
            "{pos} then {mv} gives an invalid position {scratch}"
        );
        let text = scratch.to_string();
        let back: Position = text.parse().unwrap_or_else(|e| {
            panic!("{pos} then {mv} gives {text:?}, which does not parse: {e}")
        });
        assert_eq!(back, scratch);
        scratch.undo(undo).expect("the last move's record");
        assert_eq!(&scratch, pos);
    }
}

/// The contract for any text given to the position parser.
fn check_position_text(text: &str) {
    match text.parse::<Position>() {
        Ok(pos) => {
            assert_eq!(
                pos.validate(),
                Ok(()),
                "{text:?} parsed to an invalid position"
            );
            assert_eq!(pos.to_string(), text, "{text:?} is not canonical");
            assert_eq!(pos.to_string().parse::<Position>().as_ref(), Ok(&pos));
            exercise(&pos);
        }
        Err(err) => check_error(text, &err, POSITION_FIELDS),
    }
}

/// The contract for any text given to the move parser.
fn check_move_text(text: &str) {
    match text.parse::<Move>() {
        Ok(mv) => {
            assert_eq!(mv.to_string(), text, "{text:?} is not canonical");
            if let Move::Normal { from, to } = mv {
                assert_ne!(from, to);
            }
            // Asking any position about it is safe.
            let start = Position::start();
            let _ = start.is_legal(mv);
            let mut pos = start.clone();
            if pos.play(mv).is_err() {
                assert_eq!(pos, start);
            }
        }
        Err(err) => check_error(text, &err, &[Field::Move]),
    }
}

/// The contract for any text given to the square parser.
fn check_square_text(text: &str) {
    match text.parse::<Square>() {
        Ok(sq) => {
            assert_eq!(sq.to_string(), text);
            assert!(sq.index() < 100);
            assert_eq!(Square::new(sq.index()), Some(sq));
        }
        Err(err) => check_error(text, &err, &[Field::Square]),
    }
}

fn check_all_parsers(text: &str) {
    check_position_text(text);
    check_move_text(text);
    check_square_text(text);
}

use crate::common::mutation::{apply_each, Mutation};

/// Characters that matter to the Kaissa notation, and some that never should.
const ALPHABET: &str = "0123456789/ -@yrHhUQTSBIPRAuqtsbipraabcdefghijk\u{0}\t\r\n\u{e9}\u{130}\u{17f}\u{212a}\u{ff21}\u{1f600}";

fn mutation() -> impl Strategy<Value = Mutation> {
    crate::common::mutation::mutation(ALPHABET)
}

/// A valid position text: a seed, then a few random legal moves.
fn valid_position_text() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(VALID_POSITIONS),
        proptest::collection::vec(any::<Index>(), 0..24),
    )
        .prop_map(|(seed, choices)| {
            let mut pos: Position = seed.parse().expect("valid seed");
            for index in choices {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play(*index.get(&moves)).expect("a legal move");
            }
            pos.to_string()
        })
}

/// A valid move text: any from/to pair of distinct squares or any `H@`.
fn valid_move_text() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u8..100, 0u8..100)
            .prop_filter("distinct squares", |(a, b)| a != b)
            .prop_map(|(a, b)| {
                Move::Normal {
                    from: Square::new(a).unwrap(),
                    to: Square::new(b).unwrap(),
                }
                .to_string()
            }),
        (0u8..100).prop_map(|a| Move::Place {
            to: Square::new(a).unwrap()
        }
        .to_string()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(1024, 4096), ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_all_parsers(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        check_all_parsers(&text);
    }

    /// Strings over the notation's own alphabet get past the first checks.
    #[test]
    fn notation_alphabet_strings_never_panic(
        text in "[0-9/ yrHhUQTSBIPRAuqtsbipra@a-k\\-]{0,90}"
    ) {
        check_all_parsers(&text);
    }

    /// Ten ranks of random rank texts: deep into the board parser.
    #[test]
    fn random_boards_never_panic(
        ranks in proptest::collection::vec("([1-9]|10|[UQTSBIPRAHuqtsbiprah]){0,12}", 8..12),
        side in "[yr]|[a-z]|",
        turn in "[1-9][0-9]{0,9}|0|",
        hand in "Hh|H|h|-|hH|HH|",
    ) {
        let text = format!("{} {side} {turn} {hand}", ranks.join("/"));
        check_position_text(&text);
    }

    #[test]
    fn mutated_positions_never_panic(
        text in valid_position_text(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        check_position_text(&text);
        apply_each(&text, &mutations, check_all_parsers);
    }

    #[test]
    fn mutated_moves_never_panic(
        text in valid_move_text(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        check_move_text(&text);
        apply_each(&text, &mutations, check_all_parsers);
    }
}

#[test]
fn every_square_and_move_text_round_trips() {
    for a in Square::all() {
        let name = a.to_string();
        assert_eq!(name.parse::<Square>(), Ok(a));
        check_move_text(&format!("H@{name}"));
        for b in Square::all() {
            let text = format!("{a}{b}");
            if a == b {
                let err = text.parse::<Move>().unwrap_err();
                check_error(&text, &err, &[Field::Move]);
            } else {
                assert_eq!(text.parse::<Move>(), Ok(Move::Normal { from: a, to: b }));
            }
        }
    }
}

#[test]
fn hand_picked_nasty_texts() {
    let start_board = START_TEXT.split(' ').next().unwrap();
    let mut texts: Vec<String> = vec![
        String::new(),
        " ".into(),
        "   ".into(),
        "1".repeat(100_000),
        "/".repeat(10_000),
        format!("{} y 1 Hh", "/".repeat(10_000)),
        format!("{} y 1 Hh", "1".repeat(10_000)),
        format!("{}/10/10/10/10/10/10/10/10/10 y 1 Hh", "1".repeat(10_000)),
        format!("{start_board} y {} Hh", "9".repeat(10_000)),
        format!("{start_board} y 99999999999999999999999999 Hh"),
        format!("{start_board} y 4294967296 Hh"),
        format!("{start_board} y 4294967295 -"),
        format!("{start_board} y 999999999 -"),
        format!("{start_board} y 1000000000 -"),
        format!("{start_board} y -1 Hh"),
        format!("{start_board} y +1 Hh"),
        format!("{start_board} y 0 Hh"),
        format!("{start_board} y 01 Hh"),
        format!("{start_board} y 1\0 Hh"),
        format!("{start_board}\0 y 1 Hh"),
        format!("{start_board} y\0 1 Hh"),
        format!("{start_board} y 1 Hh\0"),
        format!("{START_TEXT}\r\n"),
        format!("{START_TEXT}\n"),
        format!("{START_TEXT} "),
        format!(" {START_TEXT}"),
        format!("{start_board}\ty\t1\tHh"),
        format!("{start_board}  y 1 Hh"),
        format!("{START_TEXT} {START_TEXT}"),
        START_TEXT.replace('/', "\\"),
        START_TEXT.to_uppercase(),
        START_TEXT.to_lowercase(),
        // Non-ASCII letters in every field.
        format!("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSB\u{130} y 1 Hh"),
        format!("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSB\u{131} y 1 Hh"),
        format!("ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSB\u{212a} y 1 Hh"),
        format!("{start_board} \u{fd} 1 Hh"),
        format!("{start_board} y \u{661} Hh"),
        format!("{start_board} y \u{ff11} Hh"),
        format!("{start_board} y 1 \u{397}h"),
        format!("{start_board} y 1 H\u{570}"),
        format!("\u{feff}{START_TEXT}"),
        format!("{start_board} y 1 Hh\u{301}"),
        "\u{1f600}".repeat(1000),
        "10/10/10/10/10/10/10/10/10/10/ y 1 Hh".into(),
        "10/10/10/10/10/10/10/10/10/10/10 y 1 Hh".into(),
        "10/10/10/10/10/10/10/10/10 y 1 Hh".into(),
        "55/10/10/10/10/10/10/10/10/10 y 1 Hh".into(),
        "3,3/10/10/10/10/10/10/10/10/10 y 1 Hh".into(),
        "010/10/10/10/10/10/10/10/10/10 y 1 Hh".into(),
        "11/10/10/10/10/10/10/10/10/10 y 1 Hh".into(),
        "10/10/10/10/10/10/10/10/10/10 y 1 hH".into(),
        "10/10/10/10/10/10/10/10/10/10 y 1 HH".into(),
        "10/10/10/10/10/10/10/10/10/10 y 1".into(),
        "10/10/10/10/10/10/10/10/10/10 y 11 Hh".into(),
        "10/10/10/10/10/10/10/10/10/10 r 10 Hh".into(),
        "10/10/10/10/10/10/10/10/10/10 y 11 -".into(),
        "HH8/10/10/10/10/10/10/10/10/10 y 1 -".into(),
        "4h5/10/10/10/10/10/10/10/10/4U5 r 12 -".into(),
        "P9/10/10/10/10/10/10/10/10/P9 y 1 Hh".into(),
        "p9/10/10/10/10/10/10/10/10/p9 y 1 Hh".into(),
        "10/10/10/10/10/10/10/10/10/H9 y 1 Hh".into(),
        "5H5/10/10/10/10/10/10/10/10/10 y 1 h".into(),
        "H9H/10/10/10/10/10/10/10/10/10 y 1 h".into(),
    ];
    for c in [
        '\0', '\t', '\r', '\n', '\u{7f}', '\u{a0}', '\u{2028}', '\u{e9}',
    ] {
        for i in 0..=START_TEXT.len() {
            let mut t = START_TEXT.to_string();
            t.insert(i, c);
            texts.push(t);
        }
    }
    for text in &texts {
        check_all_parsers(text);
    }
}

#[test]
fn hand_picked_nasty_move_and_square_texts() {
    let texts: Vec<String> = vec![
        String::new(),
        "H@".into(),
        "H@@".into(),
        "h@e1".into(),
        "H@e1 ".into(),
        "H@e01".into(),
        "H@e1e2".into(),
        "@e1".into(),
        "H".into(),
        "e".into(),
        "e2".into(),
        "e2e".into(),
        "e2-e4".into(),
        "e2xe4".into(),
        "e2e4\0".into(),
        "e2e4\r\n".into(),
        "e2\te4".into(),
        "e0e1".into(),
        "e11e1".into(),
        "e10e10".into(),
        "a1a1".into(),
        "k1a1".into(),
        "j10j9".into(),
        format!("e{}e4", "1".repeat(10_000)),
        format!("e2e{}", "9".repeat(10_000)),
        "e18446744073709551616e4".into(),
        "\u{e9}2e4".into(),
        "e\u{661}e4".into(),
        "e2\u{212a}4".into(),
        "\u{ff45}2e4".into(),
        "H@\u{e9}1".into(),
        "H\u{ff20}e1".into(),
        "\u{1f600}".into(),
        "/".repeat(10_000),
        "1".repeat(10_000),
        "a".repeat(10_000),
    ];
    for text in &texts {
        check_all_parsers(text);
    }
    assert_eq!(
        "h@e1".parse::<Move>().map_err(|e| e.field()),
        Err(Field::Move),
        "docs/rules.md: a lower-case h@ is malformed"
    );
}

/// The errors name the field and the exact column.
#[test]
fn errors_point_at_the_problem() {
    use kaissa_chaturaji::error::NotationErrorKind as Kind;
    let cases: &[(&str, Field, usize, Kind)] = &[
        ("", Field::Board, 0, Kind::Empty),
        (
            "10/10/10/10/10/10/10/10/10/10 y 1",
            Field::Hand,
            33,
            Kind::FieldCount,
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 y 1 Hh x",
            Field::Text,
            36,
            Kind::FieldCount,
        ),
        (
            "10/10/10/10/10/10/10/10/10/10  y 1 Hh",
            Field::Side,
            30,
            Kind::Empty,
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 x 1 Hh",
            Field::Side,
            30,
            Kind::UnexpectedCharacter,
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 y 0 Hh",
            Field::Turn,
            32,
            Kind::OutOfRange,
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 y 1a Hh",
            Field::Turn,
            33,
            Kind::UnexpectedCharacter,
        ),
        (
            "10/10/10/10/10/10/10/10/10/10 y 1 hH",
            Field::Hand,
            34,
            Kind::NotCanonical,
        ),
        (
            "10/10/10/10/X9/10/10/10/10/10 y 1 Hh",
            Field::Board,
            12,
            Kind::UnknownPiece,
        ),
        (
            "10/10/10/10/10/10/10/10/10/0 y 1 Hh",
            Field::Board,
            27,
            Kind::NotCanonical,
        ),
    ];
    for (text, field, column, kind) in cases {
        let err = text.parse::<Position>().unwrap_err();
        assert_eq!(
            (err.field(), err.offset(), err.kind()),
            (*field, Some(*column), *kind),
            "{text:?}: {err}"
        );
    }
}

/// Regression (found by these tests): at the largest turn number the text can
/// carry, Red's move made Yellow's turn 1,000,000,000, a position that fails
/// `validate()` and whose text does not parse back.
#[test]
fn regression_no_move_past_the_largest_turn_number() {
    let text = "4h5/10/10/10/10/10/10/10/10/4H4U r 999999999 -";
    check_position_text(text);
    let pos: Position = text.parse().unwrap();
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        pos.outcome(),
        Outcome::Draw {
            reason: DrawReason::TurnLimit
        }
    );
    // Yellow may still move at that turn: Red's reply is the one cut off.
    let yellow: Position = "4h5/10/10/10/10/10/10/10/10/4H4U y 999999999 -"
        .parse()
        .unwrap();
    assert!(!yellow.legal_moves().is_empty());
    check_position_text("4h5/10/10/10/10/10/10/10/10/4H4U y 999999999 -");
}
