//! Hostile input for the Chaturaji text notation (docs/rules.md §3):
//! arbitrary strings and bytes, small mutations of valid position and move
//! texts, and hand-picked nasty texts, under both alliance options and the
//! Ludii ruleset (docs/rules.md §3.5, its own position text). Parsing
//! never panics; it either gives a position that passes `validate()` and
//! formats back to exactly the same text, or a `NotationError` naming a
//! known field with a column inside the text. Positions that parse are also
//! exercised (moves of every roll, play and undo of each, exchanges, the
//! diagram) so that odd but valid positions reached only through text cannot
//! make the library panic.
//!
//! The Kaissa counterparts live in `hostile_kaissa.rs`.

use kaissa_chaturaji::chaturaji::{
    Alliances, Colour, Move, MoveList, Position, Roll, Rules, Square, FIELDS, LUDII_START_TEXT,
    START_TEXT,
};
use kaissa_chaturaji::error::Field;
use kaissa_chaturaji::NotationError;
use proptest::prelude::*;
use proptest::sample::Index;

/// The fields a position error may name.
const POSITION_FIELDS: &[Field] = &[
    Field::Board,
    Field::ToMove,
    Field::Command,
    Field::LostPawn,
    Field::CapturedRajas,
    Field::Quiet,
    Field::Ply,
    Field::Scores,
    Field::Decision,
    Field::Turns,
    Field::Text,
];

/// Both alliance options, and the extremes of the draw limit.
const RULES: [Rules; 4] = [
    Rules::new()
        .with_alliances(Alliances::Sheet)
        .with_draw_limit(Some(200)),
    Rules::new()
        .with_alliances(Alliances::Opposite)
        .with_draw_limit(Some(200)),
    Rules::new()
        .with_alliances(Alliances::Sheet)
        .with_draw_limit(None),
    Rules::new()
        .with_alliances(Alliances::Opposite)
        .with_draw_limit(Some(0)),
];

/// Valid position texts the mutations start from.
const VALID_POSITIONS: &[&str] = &[
    START_TEXT,
    "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9",
    "4,bK,3/8/8/8/6,rP,rK/8/8/3,gK,3,bP b rbxg - - 0 9",
    "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 195 195",
    "2,bE,1,bK,3/1,yH,6/2,rP,5/yK,7/8/8/1,gP,6/2,gE,5 b rbyr - - 0 70",
    "2,bE,1,bK,3/1,gH,6/2,rP,5/8/8/yE,7/1,yP,6/3,gK,4 b rbrg - - 0 70",
    "8/yB,7/5,bB,2/3,rP,rE,2,rK/8/1,gH,1,gK,3,rB/2,bP,3,yP,1/3,gB,4 b rbyg - - 0 50",
    "8/6,bH,1/2,yP,1,bP,3/6,rP,1/7,rE/8/yB,gP,6/2,gE,5 r rbyg - rbyg 10 120",
    "8/8/8/8/8/8/8/rE,rE,rE,rE,rE,rE,rE,rE r rxxx rbyg rrrbbyg 4294967295 4294967295",
];

/// Valid Ludii position texts the mutations start from.
const VALID_LUDII_POSITIONS: &[&str] = &[
    LUDII_START_TEXT,
    "2,gP,5/8/8/8/8/8/8/gB,6,rK g 0,0,0,0 c8 8",
    "2,gP,5/8/8/8/8/8/8/gB,gH,gE,gK,3,rK g 0,0,0,0 c8 8",
    "8/8/8/8/8/8/rP,7/7,yK r 1,2,3,4 a2 4999",
    "8/8/8/8/8/8/8/3,gK,4 r 4294967295,0,9,4294967295 - 4294967295",
    "8/2,gP,5/8/8/8/8/8/gB,6,rK y 12,0,345,6 - 4321",
];

fn check_error(text: &str, err: &NotationError, fields: &[Field]) {
    assert!(
        fields.contains(&err.field()),
        "{text:?}: unknown field {:?} in {err}",
        err.field()
    );
    let offset = err
        .offset()
        .unwrap_or_else(|| panic!("{text:?}: a parse error without an offset: {err}"));
    assert!(
        offset <= text.len(),
        "{text:?}: offset {offset} past the end ({} bytes): {err}",
        text.len()
    );
    assert!(
        text.is_char_boundary(offset),
        "{text:?}: offset {offset} inside a character: {err}"
    );
    assert!(!err.reason().is_empty(), "{text:?}: empty reason");
    let message = err.to_string();
    assert!(message.contains(err.field().name()));
    // A short message, whatever the input: at most a short excerpt of it.
    assert!(
        message.len() < 400,
        "{} bytes of message for {} bytes of text: {message}",
        message.len(),
        text.len()
    );
    assert!(
        !message.chars().any(|c| c.is_control()),
        "{text:?}: a raw control character in {message:?}"
    );
}
/// Exercises a position that parsed: everything a GUI might call on it.
fn exercise(pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash());
    let _ = pos.diagram().to_string();
    let finished = pos.is_over();
    let mut moves = MoveList::new();
    for roll in Roll::ALL {
        pos.generate_moves(roll, &mut moves);
        assert_eq!(pos.count_legal_moves(roll), moves.len());
        assert_eq!(moves.is_empty(), finished, "{pos}");
        for &mv in moves.iter() {
            assert!(pos.is_legal(roll, mv), "{mv} in {pos}");
            let mut scratch = pos.clone();
            let undo = scratch
                .play(roll, mv)
                .unwrap_or_else(|e| panic!("generated {mv} rejected in {pos}: {e}"));
            assert_eq!(
                scratch.validate(),
                Ok(()),
                "{pos} then {mv} gives an invalid position {scratch}"
            );
            let text = scratch.to_string();
            let back = Position::from_text(&text, pos.rules()).unwrap_or_else(|e| {
                panic!("{pos} then {mv} gives {text:?}, which does not parse: {e}")
            });
            assert_eq!(back, scratch);
            scratch.undo(undo).unwrap();
            assert_eq!(&scratch, pos);
        }
    }
    for (a, b) in pos.possible_exchanges() {
        let sa = pos.raja_return_squares(a).first().unwrap();
        let sb = pos.raja_return_squares(b).first().unwrap();
        let mut copy = pos.clone();
        copy.apply_exchange((a, sa), (b, sb))
            .unwrap_or_else(|e| panic!("exchange in {pos}: {e}"));
        assert_eq!(copy.validate(), Ok(()));
        assert_eq!(
            Position::from_text(&copy.to_string(), pos.rules()).as_ref(),
            Ok(&copy)
        );
    }
    for c in Colour::ALL {
        let _ = pos.raja_return_squares(c);
        let _ = pos.raja_returnable(c);
    }
}

/// The contract for any text given to the position parser, under one rules
/// option.
fn check_position_text_under(text: &str, rules: Rules) {
    match Position::from_text(text, rules) {
        Ok(pos) => {
            assert_eq!(
                pos.validate(),
                Ok(()),
                "{text:?} parsed to an invalid position"
            );
            assert_eq!(pos.rules(), rules);
            assert_eq!(pos.to_string(), text, "{text:?} is not canonical");
            assert_eq!(Position::from_text(text, rules).as_ref(), Ok(&pos));
            exercise(&pos);
        }
        Err(err) => check_error(text, &err, POSITION_FIELDS),
    }
}

/// The contract under both alliance options (the draw limit does not
/// change what parses) and the Ludii ruleset.
fn check_position_text(text: &str) {
    for rules in RULES {
        check_position_text_under(text, rules);
    }
    check_position_text_under(text, Rules::ludii());
    let sheet = Position::from_text(text, RULES[0]).is_ok();
    let sheet_no_limit = Position::from_text(text, RULES[2]).is_ok();
    assert_eq!(sheet, sheet_no_limit, "the draw limit changed parsing");
    // `FromStr` reads under the rules the text's shape picks, and agrees
    // with `from_text` under them.
    let picked = Rules::for_text(text);
    assert!(picked == Rules::ludii() || picked == Rules::default());
    assert_eq!(text.parse::<Position>(), Position::from_text(text, picked));
}

/// The contract for any text given to the move parser.
fn check_move_text(text: &str) {
    match text.parse::<Move>() {
        Ok(mv) => {
            assert_eq!(mv.to_string(), text, "{text:?} is not canonical");
            assert_eq!(Move::parse_at(text, 7), Ok(mv));
            if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
                assert_ne!(from, to);
            }
            if let Move::Promotion { kind, .. } | Move::Decision { kind } = mv {
                assert_ne!(kind, kaissa_chaturaji::chaturaji::PieceKind::Pawn);
            }
            // Asking any position about it is safe: the sheet's start, the
            // Ludii start and a Ludii decision.
            let decision = Position::from_text(VALID_LUDII_POSITIONS[1], Rules::ludii()).unwrap();
            for start in [
                Position::start(Rules::default()),
                Position::start(Rules::ludii()),
                decision,
            ] {
                for roll in Roll::ALL {
                    let mut moves = MoveList::new();
                    start.generate_moves(roll, &mut moves);
                    assert_eq!(start.is_legal(roll, mv), moves.contains(&mv));
                    let mut pos = start.clone();
                    match pos.play(roll, mv) {
                        Ok(undo) => pos.undo(undo).unwrap(),
                        Err(e) => assert_eq!(e.move_text(), format!("{roll}:{text}")),
                    }
                    assert_eq!(pos, start);
                }
            }
        }
        Err(err) => {
            check_error(text, &err, &[Field::Move]);
            // `parse_at` shifts the offset by the base.
            let shifted = Move::parse_at(text, 100).unwrap_err();
            assert_eq!(shifted.offset(), err.offset().map(|o| o + 100));
            assert_eq!(shifted.field(), Field::Move);
            assert_eq!(shifted.kind(), err.kind());
        }
    }
}

/// The contract for any text given to the square parser.
fn check_square_text(text: &str) {
    if let Some(sq) = Square::parse(text) {
        assert_eq!(sq.to_string(), text);
        assert!(sq.index() < 64);
        assert_eq!(Square::new(sq.index() as u8), Some(sq));
    }
}

fn check_all_parsers(text: &str) {
    check_position_text(text);
    check_move_text(text);
    check_square_text(text);
}

use crate::common::mutation::{apply_each, Mutation};

/// Characters that matter to the Chaturaji notation, and some that never should.
const ALPHABET: &str = "012345678999/, -=rbygxKEHBPpassabcdefghi\u{0}\t\r\n\u{e9}\u{130}\u{17f}\u{212a}\u{ff21}\u{1f600}";

fn mutation() -> impl Strategy<Value = Mutation> {
    crate::common::mutation::mutation(ALPHABET)
}

/// A valid position text: a seed, then a few random legal moves (under the
/// rules it parses with).
fn valid_position_text() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(VALID_POSITIONS),
        0usize..2,
        proptest::collection::vec((any::<Index>(), any::<Index>()), 0..24),
    )
        .prop_map(|(seed, r, choices)| {
            let mut pos = Position::from_text(seed, RULES[r])
                .or_else(|_| Position::from_text(seed, RULES[1 - r]))
                .expect("valid seed");
            let mut moves = MoveList::new();
            for (roll, index) in choices {
                pos.generate_moves(Roll::ALL[roll.index(4)], &mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(*index.get(&moves));
            }
            pos.to_string()
        })
}

/// A valid Ludii position text: a seed, then a few random legal moves.
fn valid_ludii_position_text() -> impl Strategy<Value = String> {
    (
        proptest::sample::select(VALID_LUDII_POSITIONS),
        proptest::collection::vec((any::<Index>(), any::<Index>()), 0..24),
    )
        .prop_map(|(seed, choices)| {
            let mut pos = Position::from_text(seed, Rules::ludii()).expect("valid seed");
            let mut moves = MoveList::new();
            for (roll, index) in choices {
                pos.generate_moves(Roll::ALL[roll.index(4)], &mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(*index.get(&moves));
            }
            pos.to_string()
        })
}

/// A valid move text: any from/to pair, with or without a promotion
/// suffix, `pass`, or a Ludii decision.
fn valid_move_text() -> impl Strategy<Value = String> {
    prop_oneof![
        (
            0u8..64,
            0u8..64,
            proptest::sample::select(vec!["", "K", "E", "H", "B"])
        )
            .prop_filter("distinct squares", |(a, b, _)| a != b)
            .prop_map(|(a, b, s)| format!(
                "{}{}{s}",
                Square::new(a).unwrap(),
                Square::new(b).unwrap()
            )),
        Just("pass".to_string()),
        proptest::sample::select(vec!["=K", "=E", "=H", "=B"]).prop_map(String::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases::cases(512, 2048), ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        check_all_parsers(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        check_all_parsers(&text);
    }

    /// Strings over the notation's own alphabet get past the first checks.
    #[test]
    fn notation_alphabet_strings_never_panic(
        text in "[0-9/, rbygxKEHBP\\-a-h]{0,140}"
    ) {
        check_all_parsers(&text);
    }

    /// Eight ranks of random items: deep into the board parser and the
    /// consistency checks.
    #[test]
    fn random_boards_never_panic(
        ranks in proptest::collection::vec(
            proptest::collection::vec("[1-8]|[rbyg][KEHBP]|[rbyg][KEHBP]|9|0|10|[a-z][A-Z]|", 0..9),
            7..10,
        ),
        side in "[rbyg]|[a-z]|",
        command in "[rbygx]{4}|[rbygx]{0,6}",
        lost in "r?b?y?g?|-|[rbyg]{0,5}",
        rajas in "r{0,3}b{0,3}y{0,3}g{0,3}|-|[rbyg]{0,5}",
        quiet in "[1-9][0-9]{0,10}|0|",
        ply in "[1-9][0-9]{0,10}|0|",
    ) {
        let board: Vec<String> = ranks.iter().map(|r| r.join(",")).collect();
        let rajas = if rajas.is_empty() { "-".to_string() } else { rajas };
        let lost = if lost.is_empty() { "-".to_string() } else { lost };
        let text = format!("{} {side} {command} {lost} {rajas} {quiet} {ply}", board.join("/"));
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
    fn mutated_ludii_positions_never_panic(
        text in valid_ludii_position_text(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        check_position_text(&text);
        apply_each(&text, &mutations, check_all_parsers);
    }

    /// Eight ranks of random items with random Ludii fields.
    #[test]
    fn random_ludii_texts_never_panic(
        ranks in proptest::collection::vec(
            proptest::collection::vec("[1-8]|[rbyg][KEHBP]|[rbyg][KEHBP]|9|0|[a-z][A-Z]|", 0..9),
            7..10,
        ),
        side in "[rbyg]|[a-z]|",
        scores in "([1-9][0-9]{0,10}|0|,|)(,[0-9]{0,3}){0,5}",
        decision in "[a-h][1-8]|-|[a-z][0-9]{0,2}|",
        turns in "[1-9][0-9]{0,10}|0|",
    ) {
        let board: Vec<String> = ranks.iter().map(|r| r.join(",")).collect();
        let text = format!("{} {side} {scores} {decision} {turns}", board.join("/"));
        check_position_text(&text);
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
        assert_eq!(Square::parse(&name), Some(a));
        for b in Square::all() {
            let text = format!("{a}{b}");
            if a == b {
                let err = text.parse::<Move>().unwrap_err();
                check_error(&text, &err, &[Field::Move]);
            } else {
                assert_eq!(text.parse::<Move>(), Ok(Move::Normal { from: a, to: b }));
                for s in ["K", "E", "H", "B"] {
                    check_move_text(&format!("{text}{s}"));
                }
                let err = format!("{text}P").parse::<Move>().unwrap_err();
                assert_eq!((err.field(), err.offset()), (Field::Move, Some(4)));
            }
        }
    }
    assert_eq!("pass".parse::<Move>(), Ok(Move::Pass));
}

#[test]
fn hand_picked_nasty_texts() {
    let start_board = START_TEXT.split(' ').next().unwrap();
    let empty_board = "8/8/8/8/8/8/8/8";
    let lone = "8/8/8/8/8/8/8/gK,7";
    let mut texts: Vec<String> = vec![
        String::new(),
        " ".into(),
        "       ".into(),
        "1".repeat(100_000),
        "/".repeat(10_000),
        ",".repeat(10_000),
        format!("{} g ggxx - - 0 0", ",".repeat(10_000)),
        format!("{} g xxxg - - 0 0", "8,".repeat(5_000)),
        format!("{} g xxxg - - 0 0", "1,gK,".repeat(5_000)),
        format!("{lone} g xxxg - - 0 {}", "9".repeat(10_000)),
        format!("{lone} g xxxg - - {} 0", "9".repeat(10_000)),
        format!("{lone} g xxxg - - 0 4294967296"),
        format!("{lone} g xxxg - - 4294967295 4294967295"),
        format!("{lone} g xxxg - - 4294967296 4294967296"),
        format!("{lone} g xxxg - - 18446744073709551616 1"),
        format!("{lone} g xxxg - - 1 0"),
        format!("{lone} g xxxg - - -1 0"),
        format!("{lone} g xxxg - - +1 2"),
        format!("{lone} g xxxg - - 01 2"),
        format!("{lone} g xxxg - - 00 0"),
        format!("{lone} g xxxg - - 0 0 0"),
        format!("{lone} g xxxg - - 0"),
        format!("{lone} g xxxg - -"),
        format!("{lone} g xxxg -"),
        format!("{lone} g xxxg"),
        format!("{lone} g"),
        lone.to_string(),
        // Captured rajas: 255 of a colour is the documented limit.
        format!("{lone} g xxxg - {} 0 0", "r".repeat(255)),
        format!("{lone} g xxxg - {} 0 0", "r".repeat(256)),
        format!("{lone} g xxxg - {} 0 0", "r".repeat(10_000)),
        format!(
            "{lone} g xxxg - {}{}{}{} 0 0",
            "r".repeat(255),
            "b".repeat(255),
            "y".repeat(255),
            "g".repeat(255)
        ),
        format!("{lone} g xxxg - {}{} 0 0", "g".repeat(255), "r"),
        format!("{lone} g xxxg - rbygr 0 0"),
        format!("{lone} g xxxg - gr 0 0"),
        format!("{lone} g xxxg - -r 0 0"),
        format!("{lone} g xxxg - x 0 0"),
        format!("{lone} g xxxg - 0 0"),
        // Lost-pawn sets.
        format!("{lone} g xxxg rr - 0 0"),
        format!("{lone} g xxxg gr - 0 0"),
        format!("{lone} g xxxg rbygr - 0 0"),
        format!("{lone} g xxxg -- - 0 0"),
        format!("{lone} g xxxg rbyg - 0 0"),
        // Command field.
        format!("{lone} g xxxr - - 0 0"),
        format!("{lone} g xxx - - 0 0"),
        format!("{lone} g xxxgx - - 0 0"),
        format!("{lone} g xxxG - - 0 0"),
        format!("{lone} g xx\u{e9}g - - 0 0"),
        format!("{lone} r xxxg - - 0 0"),
        format!("{lone} x xxxg - - 0 0"),
        format!("{lone} gg xxxg - - 0 0"),
        format!("{lone} G xxxg - - 0 0"),
        format!("{empty_board} g xxxx - - 0 0"),
        format!("{empty_board} r xxxx - - 0 0"),
        format!("{start_board} r rbyg - - 0 0"),
        format!("{start_board} r gbyr - - 0 0"),
        format!("{start_board} r rbyr - - 0 0"),
        format!("{start_board} r rbrg - - 0 0"),
        format!("{start_board} r rbbg - - 0 0"),
        format!("{start_board} r rryg - - 0 0"),
        format!("{start_board} g rbgg - - 0 0"),
        format!("{start_board} r rxyg - - 0 0"),
        // Boards.
        "9/8/8/8/8/8/8/gK,7 g xxxg - - 0 0".into(),
        "0/8/8/8/8/8/8/gK,7 g xxxg - - 0 0".into(),
        "08/8/8/8/8/8/8/gK,7 g xxxg - - 0 0".into(),
        "4,4/8/8/8/8/8/8/gK,7 g xxxg - - 0 0".into(),
        "44/8/8/8/8/8/8/gK,7 g xxxg - - 0 0".into(),
        "7/8/8/8/8/8/8/gK,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,8 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,6 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/,gK,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,7, g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8//gK,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,7/ g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/8/gK,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/gK,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gk,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/GK,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gKK,6 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/g,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/xK,7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,-7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,+7 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,07 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,18446744073709551623 g xxxg - - 0 0".into(),
        format!("8/8/8/8/8/8/8/gK,{} g xxxg - - 0 0", "7".repeat(10_000)),
        // Pawns on promotion squares after a lost pawn (rejected), and
        // before (accepted: waiting).
        "1,gP,6/8/8/8/8/8/8/gK,7 g xxxg g - 0 0".into(),
        "1,gP,6/8/8/8/8/8/8/gK,7 g xxxg - - 0 0".into(),
        "gP,7/8/8/8/8/8/8/gK,7 g xxxg g - 0 0".into(),
        "8/8/8/8/8/rP,7/8/gK,7 r rxxg r - 0 0".into(),
        "8/8/8/8/8/rP,7/8/gK,7 r rxxg - - 0 0".into(),
        // Pawns on their own back edge.
        "8/8/8/8/8/8/8/gK,gP,6 g xxxg - - 0 0".into(),
        "8/8/8/8/8/8/8/gK,6,rP r rxxg - - 0 0".into(),
        // Whitespace and separators.
        format!("{START_TEXT}\r\n"),
        format!("{START_TEXT}\n"),
        format!("{START_TEXT} "),
        format!(" {START_TEXT}"),
        START_TEXT.replace(' ', "\t"),
        START_TEXT.replace(' ', "  "),
        START_TEXT.replace('/', "\\"),
        START_TEXT.replace(',', ";"),
        START_TEXT.to_uppercase(),
        START_TEXT.to_lowercase(),
        format!("{START_TEXT} {START_TEXT}"),
        format!("{START_TEXT}\0"),
        format!("\0{START_TEXT}"),
        START_TEXT.replace(" r ", " r\0 "),
        START_TEXT.replace("rK", "r\0"),
        // Non-ASCII in every field.
        START_TEXT.replace("gK", "g\u{212a}"),
        START_TEXT.replace("gK", "\u{1f600}"),
        START_TEXT.replace(" r ", " \u{72}\u{301} "),
        START_TEXT.replace("rbyg", "rby\u{261}"),
        START_TEXT.replace(" - - ", " \u{2010} - "),
        START_TEXT.replace(" - - ", " - \u{2212} "),
        START_TEXT.replace(" 0 0", " \u{661} 0"),
        START_TEXT.replace(" 0 0", " 0 \u{ff10}"),
        format!("\u{feff}{START_TEXT}"),
        format!("{START_TEXT}\u{301}"),
        "\u{1f600}".repeat(1000),
        "\u{e9}".repeat(100_000),
    ];
    for c in [
        '\0', '\t', '\r', '\n', ' ', ',', '/', '-', 'x', '9', '\u{7f}', '\u{a0}', '\u{2028}',
        '\u{e9}',
    ] {
        for i in 0..=START_TEXT.len() {
            let mut t = START_TEXT.to_string();
            t.insert(i, c);
            texts.push(t);
        }
    }
    for i in 0..START_TEXT.len() {
        let mut t = START_TEXT.to_string();
        t.remove(i);
        texts.push(t);
        texts.push(START_TEXT[..i].to_string());
    }
    for text in &texts {
        check_all_parsers(text);
    }
    // The documented limit: 255 captured rajas of a colour parse, 256 do not.
    let text = format!("{lone} g xxxg - {} 0 0", "r".repeat(255));
    assert!(Position::from_text(&text, Rules::default()).is_ok());
    let text = format!("{lone} g xxxg - {} 0 0", "r".repeat(256));
    let err = Position::from_text(&text, Rules::default()).unwrap_err();
    assert_eq!(err.field(), Field::CapturedRajas);
}

#[test]
fn hand_picked_nasty_move_texts() {
    let texts: Vec<String> = vec![
        String::new(),
        "p".into(),
        "pas".into(),
        "passs".into(),
        "Pass".into(),
        "PASS".into(),
        "pass ".into(),
        " pass".into(),
        "pass\0".into(),
        "h1".into(),
        "h1f".into(),
        "h1f3 ".into(),
        "h1-f3".into(),
        "h1xf3".into(),
        "h1f3K ".into(),
        "h1f3KK".into(),
        "h1f3P".into(),
        "h1f3k".into(),
        "h1f3=K".into(),
        "h1f3\0".into(),
        "h1\tf3".into(),
        "h0f3".into(),
        "h9f3".into(),
        "i1f3".into(),
        "a1a1".into(),
        "a1a1K".into(),
        "h10f3".into(),
        "H1F3".into(),
        "\u{e9}1f3".into(),
        "h\u{661}f3".into(),
        "h1f\u{33}\u{301}".into(),
        "h1f3\u{212a}".into(),
        "\u{ff48}1f3".into(),
        "\u{1f600}".into(),
        format!("h{}f3", "1".repeat(10_000)),
        "/".repeat(10_000),
        ",".repeat(10_000),
        "a".repeat(10_000),
        "pass".repeat(2_500),
    ];
    for text in &texts {
        check_all_parsers(text);
    }
}

/// The errors name the field and the exact column.
#[test]
fn errors_point_at_the_problem() {
    let lone = "8/8/8/8/8/8/8/gK,7";
    let n = lone.len();
    let cases: Vec<(String, Field, usize)> = vec![
        (String::new(), Field::Board, 0),
        (format!("{lone} x xxxg - - 0 0"), Field::ToMove, n + 1),
        (format!("{lone} r xxxg - - 0 0"), Field::ToMove, n + 1),
        (format!("{lone} g xxqg - - 0 0"), Field::Command, n + 5),
        (format!("{lone} g xxgx - - 0 0"), Field::Command, n + 5),
        (format!("{lone} g xxxg q - 0 0"), Field::LostPawn, n + 8),
        (
            format!("{lone} g xxxg - q 0 0"),
            Field::CapturedRajas,
            n + 10,
        ),
        (format!("{lone} g xxxg - - 1 0"), Field::Quiet, n + 12),
        (format!("{lone} g xxxg - - 0 0x"), Field::Ply, n + 15),
        (format!("{lone} g xxxg - - 0 0 0"), Field::Text, n + 15),
        (format!("{lone} g xxxg - - 0"), Field::Ply, n + 13),
        ("8/8/8/8/8/8/8/gQ,7 g xxxg - - 0 0".into(), Field::Board, 15),
    ];
    for (text, field, offset) in &cases {
        let err = Position::from_text(text, Rules::default()).unwrap_err();
        assert_eq!(
            (err.field(), err.offset()),
            (*field, Some(*offset)),
            "{text:?}: {err}"
        );
        assert!(FIELDS.contains(&err.field()) || err.field() == Field::Text);
    }
}
