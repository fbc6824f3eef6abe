//! Hand-written records with every kind of mistake, each rejected with the
//! right line, column, ply and reason (readable moves and white space
//! other than spaces and tabs among them); a file with bad records among
//! good ones, read on past each error; and what lenient mode still
//! refuses.

use kaissa_chaturaji::chaturaji::ExchangeError;
use kaissa_chaturaji::error::IllegalMoveReason;
use kaissa_chaturaji::readable::ReadableMoveError;
use kaissa_chaturaji::record::{
    ActionError, ChaturajiRecord, KaissaRecord, Reader, Record, RecordError, RecordErrorKind as K,
    ResultError, MAX_LINE,
};

/// A Kaissa record's usual tags (3 lines) and a blank line: movetext
/// starts on line 5.
const KAISSA: &str = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n";
/// The same for Chaturaji.
const CHATURAJI: &str = "[Game \"chaturaji\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n";
/// Yellow (Builder e1, stone d1) captures the Red stone on e10 with e1e10.
const WIN: &str = "4h5/10/10/10/10/10/10/10/10/3HB5 y 12 -";

fn kaissa(movetext: &str) -> String {
    format!("{KAISSA}{movetext}\n")
}

fn chaturaji(movetext: &str) -> String {
    format!("{CHATURAJI}{movetext}\n")
}

/// Green to move (turn 13) with a pawn on d7, a horse on b1; Red has a
/// raja on d1; Black and Yellow have nothing left.
const PROMOTE: &str = "8/3,gP,4/8/8/8/8/8/1,gH,1,rK,4 g 0,0,0,0 - 12";
/// Green's horse on b1 takes Red's last piece, a pawn on d2 (turn 41):
/// Green then owns every piece; the scores become 5,0,0,2 (Red wins).
const LAST_CAPTURE: &str = "8/8/8/8/8/8/3,rP,4/1,gH,6 g 5,0,0,1 - 40";
/// The same with scores 5,0,0,4: the capture ties Green with Red at 5.
const TIE: &str = "8/8/8/8/8/8/3,rP,4/1,gH,6 g 5,0,0,4 - 40";
/// One rolled ply before the turn limit (Green to move, turn 5000).
const LIMIT: &str = "8/3,gP,4/8/8/8/8/8/1,gH,1,rK,4 g 0,0,0,0 - 4999";

/// A Ludii record from `position`, with `extra` tag lines after the
/// Position tag: the movetext starts on line 7 plus the extra lines.
fn ludii(result: &str, termination: &str, position: &str, extra: &str, movetext: &str) -> String {
    format!(
        "[Game \"chaturaji\"]\n[Rules \"ludii\"]\n[Result \"{result}\"]\n[Termination \"{termination}\"]\n[Position \"{position}\"]\n{extra}\n{movetext}\n"
    )
}

fn kaissa_win(result: &str, termination: &str, movetext: &str) -> String {
    format!(
        "[Game \"kaissa\"]\n[Result \"{result}\"]\n[Termination \"{termination}\"]\n[Position \"{WIN}\"]\n\n{movetext}\n"
    )
}

/// One mistake: the text, where the error must be, and what it must be.
struct Case {
    name: &'static str,
    text: String,
    line: usize,
    column: usize,
    ply: Option<usize>,
    kind: fn(&K) -> bool,
}

macro_rules! case {
    ($name:expr, $text:expr, $line:expr, $column:expr, $ply:expr, $pattern:pat $(if $guard:expr)?) => {
        Case {
            name: $name,
            text: $text.into(),
            line: $line,
            column: $column,
            ply: $ply,
            kind: |kind| matches!(kind, $pattern $(if $guard)?),
        }
    };
}

fn illegal(kind: &K, reason: IllegalMoveReason) -> bool {
    matches!(kind, K::IllegalAction { error: ActionError::Illegal(e), .. } if e.reason() == reason)
}

fn cases() -> Vec<Case> {
    vec![
        // The text and the tag pairs.
        case!("empty text", "", 1, 1, None, K::NoRecord),
        case!("blank text", "\n  \n", 1, 1, None, K::NoRecord),
        case!("movetext without tags", "\n1. e2e5 *\n", 2, 1, None, K::ExpectedTags),
        case!("no quotes", "[Game kaissa]\n", 1, 7, None, K::MalformedTag { .. }),
        case!("no space before the value", "[Game\"kaissa\"]\n", 1, 6, None, K::MalformedTag { .. }),
        case!("unclosed value", "[Game \"kaissa]\n", 1, 15, None, K::MalformedTag { .. }),
        case!("unclosed pair", "[Game \"kaissa\"\n", 1, 15, None, K::MalformedTag { .. }),
        case!("two pairs on a line", "[Game \"kaissa\"] [Result \"*\"]\n", 1, 17, None, K::MalformedTag { .. }),
        case!("bad tag name", "[Game \"kaissa\"]\n[Ev-ent \"x\"]\n", 2, 2, None, K::MalformedTag { .. }),
        case!("bad escape in a value", "[Game \"kaissa\"]\n[Event \"a\\nb\"]\n", 2, 10, None, K::BadEscape { found: 'n' }),
        case!("control character in a value", "[Game \"kaissa\"]\n[Event \"a\u{1b}b\"]\n", 2, 10, None, K::ControlCharacter { .. }),
        case!("duplicate tag", KAISSA.replace("[Result \"*\"]\n", "[Result \"*\"]\n  [Result \"*\"]\n") + "*\n", 3, 4, None, K::DuplicateTag { name } if name == "Result"),
        case!("missing Game", "\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n*\n", 2, 1, None, K::MissingTag { name: "Game" }),
        case!("missing Result", "[Game \"kaissa\"]\n[Termination \"unfinished\"]\n\n*\n", 1, 1, None, K::MissingTag { name: "Result" }),
        case!("missing Termination", "[Game \"kaissa\"]\n[Result \"*\"]\n\n*\n", 1, 1, None, K::MissingTag { name: "Termination" }),
        case!("unknown game", "[Game \"chess\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n*\n", 1, 8, None, K::BadTagValue { name, .. } if name == "Game"),
        case!("Kaissa has no rules options", KAISSA.replace("[Result", "[Rules \"sheet\"]\n[Result") + "*\n", 2, 9, None, K::BadTagValue { name, .. } if name == "Rules"),
        case!("unknown alliances", CHATURAJI.replace("[Result", "[Rules \"sheets\"]\n[Result") + "*\n", 2, 9, None, K::BadTagValue { name, .. } if name == "Rules"),
        case!("draw limit with a leading zero", CHATURAJI.replace("[Result", "[DrawLimit \"050\"]\n[Result") + "*\n", 2, 13, None, K::BadTagValue { name, .. } if name == "DrawLimit"),
        case!("bad date", KAISSA.replace("[Result", "[Date \"2024-06-01\"]\n[Result") + "*\n", 2, 8, None, K::BadTagValue { name, .. } if name == "Date"),
        case!("bad position: side", KAISSA.replace("[Result", "[Position \"ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI x 1 Hh\"]\n[Result") + "*\n", 2, 74, None, K::BadPosition(_)),
        case!("position invalid under the record's alliances", CHATURAJI.replace("[Result", "[Rules \"opposite\"]\n[Position \"8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxr - rb 0 9\"]\n[Result") + "*\n", 3, 46, None, K::BadPosition(e) if e.field() == kaissa_chaturaji::error::Field::Command),
        case!("result tag not a result", KAISSA.replace("\"*\"", "\"1-0\"") + "*\n", 2, 10, None, K::BadTagValue { name, .. } if name == "Result"),
        case!("alliance result in Kaissa", KAISSA.replace("\"*\"", "\"rg-wins\"") + "*\n", 2, 10, None, K::BadTagValue { name, .. } if name == "Result"),
        case!("unknown termination", KAISSA.replace("unfinished", "checkmate") + "*\n", 3, 15, None, K::BadTagValue { name, .. } if name == "Termination"),
        case!("termination of the other game", KAISSA.replace("unfinished", "quiet-plies") + "*\n", 3, 15, None, K::BadTagValue { name, .. } if name == "Termination"),
        // The movetext.
        case!("malformed move", kaissa("1. e2e5 e9k6 *"), 5, 11, Some(2), K::BadToken { .. }),
        case!("not a move at all", kaissa("1. e2e5 ?? *"), 5, 9, Some(2), K::BadToken { .. }),
        case!("illegal move", kaissa("1. e2e5 e9e6 2. e5e6 *"), 5, 17, Some(3), kind if illegal(kind, IllegalMoveReason::CannotReach)),
        case!("moving the other side's piece", kaissa("1. e9e8 *"), 5, 4, Some(1), kind if illegal(kind, IllegalMoveReason::NoPieceToMove)),
        case!("placement too early", kaissa("1. H@c1 *"), 5, 4, Some(1), kind if illegal(kind, IllegalMoveReason::PlacementNotAllowed)),
        case!("a move after the game ended", kaissa_win("yellow-wins", "home-stone-captured", "12. e1e10 d10d9 yellow-wins"), 6, 11, Some(2), kind if illegal(kind, IllegalMoveReason::GameOver)),
        case!("illegal move on a later line", kaissa("1. e2e5 e9e6\n2. d1f4 f10f4 *"), 6, 9, Some(4), K::IllegalAction { .. }),
        case!("wrong move number", kaissa("2. e2e5 *"), 5, 1, Some(1), K::MoveNumber { expected, .. } if expected == "1."),
        case!("Red's move announced as Yellow's", kaissa("1. e2e5 1. e9e6 *"), 5, 9, Some(2), K::MoveNumber { expected, .. } if expected == "1..."),
        case!("glued wrong move number", kaissa("1.e2e5 3...e9e6 *"), 5, 8, Some(2), K::MoveNumber { .. }),
        case!("die face out of range", chaturaji("1. 6:h1f3 *"), 5, 4, Some(1), K::BadToken { .. }),
        case!("move without its roll", chaturaji("1. h1f3 *"), 5, 4, Some(1), K::BadToken { .. }),
        case!("move not for the roll", chaturaji("1. 3:h1f3 *"), 5, 4, Some(1), kind if illegal(kind, IllegalMoveReason::NotForThisRoll)),
        case!("pass when a move exists", chaturaji("1. 2:h1f3 4:pass 5:pass *"), 5, 18, Some(3), kind if illegal(kind, IllegalMoveReason::PassNotAllowed)),
        case!("impossible exchange", chaturaji("1. 2:h1f3 exchange:rh4,be8 *"), 5, 11, Some(2), K::IllegalAction { error: ActionError::Exchange(ExchangeError::NotCaptured(_)), .. }),
        case!("malformed exchange", chaturaji("1. 2:h1f3 exchange:rh4;be8 *"), 5, 20, Some(2), K::BadToken { .. }),
        case!("Chaturaji move number counts plies", chaturaji("1. 2:h1f3 3. 4:pass *"), 5, 11, Some(2), K::MoveNumber { expected, .. } if expected == "2."),
        case!("brace without comment", kaissa("1. e2e5 } *"), 5, 9, Some(2), K::UnexpectedBrace),
        case!("comment never closed", kaissa("1. e2e5 {a long\nthought *"), 5, 9, Some(2), K::UnterminatedComment),
        case!("bad escape in a comment", kaissa("1. e2e5 {a \\q} *"), 5, 12, Some(2), K::BadEscape { found: 'q' }),
        case!("control character in a comment", kaissa("1. e2e5 {a\u{7}} *"), 5, 11, Some(2), K::ControlCharacter { .. }),
        case!("no result", kaissa("1. e2e5 e9e6"), 5, 13, Some(2), K::MissingResult),
        case!("a PGN result", kaissa("1. e2e5 1-0"), 5, 9, Some(2), K::BadToken { .. }),
        case!("a result of the other game", kaissa("1. e2e5 rg-wins"), 5, 9, Some(2), K::BadToken { .. }),
        case!("movetext result differs from the tag", kaissa("1. e2e5 draw"), 5, 9, Some(1), K::ResultMismatch { .. }),
        case!("text after the result", kaissa("1. e2e5 * e9e6"), 5, 11, None, K::TextAfterResult),
        case!("brace after the result", kaissa("1. e2e5 * }"), 5, 11, None, K::TextAfterResult),
        case!("comment after the result", kaissa("1. e2e5 * {late}"), 5, 11, None, K::TextAfterResult),
        case!("next record before the result", format!("{}{KAISSA}*\n", kaissa("1. e2e5")), 6, 1, None, K::TagInMovetext),
        // Readable moves.
        case!("a readable move no piece can make", kaissa("1. e5 e6 2. Tf5 *"), 5, 13, Some(3), K::IllegalAction { error: ActionError::Readable(ReadableMoveError::NoMatch { .. }), .. }),
        case!("an ambiguous readable move", KAISSA.replace("[Result", "[Position \"4h5/10/10/10/10/10/10/10/10/T3H1T3 y 11 -\"]\n[Result") + "11. Td3 *\n", 6, 5, Some(1), K::IllegalAction { error: ActionError::Readable(ReadableMoveError::Ambiguous { .. }), .. }),
        case!("a readable capture of nothing", kaissa("1. e5 e6 2. Txf4 *"), 5, 13, Some(3), K::IllegalAction { error: ActionError::Readable(ReadableMoveError::WrongMarker { .. }), .. }),
        case!("not a piece letter", kaissa("1. Zf4 *"), 5, 4, Some(1), K::BadToken { reason, .. } if reason.contains("piece letter")),
        case!("a readable ply cut at its space", chaturaji("1. 3:rH h2-f3 *"), 5, 8, Some(1), K::BadToken { reason, .. } if reason.contains("no space")),
        case!("a readable ply not for its roll", chaturaji("1. 2:rHf3 *"), 5, 4, Some(1), K::IllegalAction { error: ActionError::Readable(ReadableMoveError::NoMatch { .. }), .. }),
        case!("a readable ply of the wrong colour", chaturaji("1. 3:gHh2-f3 *"), 5, 4, Some(1), K::IllegalAction { error: ActionError::Readable(ReadableMoveError::NoMatch { .. }), .. }),
        case!("a readable ply while a decision is pending", ludii("*", "unfinished", PROMOTE, "", "13. 5:gPd7-d8 3:gHc3 *"), 7, 15, Some(2), K::IllegalAction { error: ActionError::DecisionPending { .. }, .. }),
        // The result against the final position.
        case!("a Home Stone capture that did not happen", KAISSA.replace("\"*\"", "\"yellow-wins\"").replace("unfinished", "home-stone-captured") + "1. e2e5 yellow-wins\n", 3, 15, Some(1), K::WrongResult(ResultError::NotOver { .. })),
        case!("a resignation ending in a draw", KAISSA.replace("\"*\"", "\"draw\"").replace("unfinished", "resignation") + "1. e2e5 draw\n", 3, 15, Some(1), K::WrongResult(ResultError::Mismatch { .. })),
        case!("an agreed draw claimed as a win", KAISSA.replace("\"*\"", "\"red-wins\"").replace("unfinished", "agreement") + "red-wins\n", 3, 15, Some(0), K::WrongResult(ResultError::Mismatch { .. })),
        case!("unfinished, but the stone was captured", kaissa_win("*", "unfinished", "12. e1e10 *"), 3, 15, Some(1), K::WrongResult(ResultError::Contradicted { .. })),
        case!("the wrong winner", kaissa_win("red-wins", "home-stone-captured", "12. e1e10 red-wins"), 2, 10, Some(1), K::WrongResult(ResultError::Contradicted { .. })),
        case!("resigned after the game was over", kaissa_win("yellow-wins", "resignation", "12. e1e10 yellow-wins"), 3, 15, Some(1), K::WrongResult(ResultError::Contradicted { .. })),
        case!("an alliance the rules do not form", CHATURAJI.replace("\"*\"", "\"ry-wins\"").replace("unfinished", "resignation") + "ry-wins\n", 2, 10, Some(0), K::WrongResult(ResultError::ResultNotForGame { .. })),
        // The Ludii ruleset.
        case!("no quiet-ply draw under ludii", CHATURAJI.replace("[Result", "[Rules \"ludii\"]\n[DrawLimit \"200\"]\n[Result") + "*\n", 3, 13, None, K::BadTagValue { name, .. } if name == "DrawLimit"),
        case!("a sheet termination under ludii", ludii("draw", "quiet-plies", PROMOTE, "", "draw"), 4, 15, None, K::BadTagValue { name, .. } if name == "Termination"),
        case!("a ludii termination under the sheet", CHATURAJI.replace("unfinished", "ranking") + "*\n", 3, 15, None, K::BadTagValue { name, .. } if name == "Termination"),
        case!("scores in a sheet record", CHATURAJI.replace("[Result", "[Scores \"0,0,0,0\"]\n[Result") + "*\n", 2, 10, None, K::BadTagValue { name, .. } if name == "Scores"),
        case!("malformed scores", ludii("*", "unfinished", PROMOTE, "[Scores \"0,0,0\"]\n", "*"), 6, 15, None, K::BadTagValue { name, .. } if name == "Scores"),
        case!("a score with a leading zero", ludii("*", "unfinished", PROMOTE, "[Scores \"0,00,0,0\"]\n", "*"), 6, 12, None, K::BadTagValue { name, .. } if name == "Scores"),
        case!("a decision where none is pending", ludii("*", "unfinished", PROMOTE, "", "13. 3:b1c3 =K *"), 7, 12, Some(2), K::IllegalAction { error: ActionError::NoDecisionPending, .. }),
        case!("a decision under the sheet's rules", chaturaji("1. =K *"), 5, 4, Some(1), K::IllegalAction { error: ActionError::NoDecisionPending, .. }),
        case!("a roll on a decision ply", ludii("*", "unfinished", PROMOTE, "", "13. 5:d7d8 5:=K *"), 7, 12, Some(2), K::BadToken { reason, .. } if reason.contains("without a roll")),
        case!("a missing decision", ludii("*", "unfinished", PROMOTE, "", "13. 5:d7d8 5:d1e2 *"), 7, 12, Some(2), K::IllegalAction { error: ActionError::DecisionPending { .. }, .. }),
        case!("a kind the colour still has", ludii("*", "unfinished", PROMOTE, "", "13. 5:d7d8 =H *"), 7, 12, Some(2), K::IllegalAction { error: ActionError::NotAChoice { choices, .. }, .. } if choices == "=K, =E, =B"),
        case!("keeping the pawn while a kind is free", ludii("*", "unfinished", PROMOTE, "", "13. 5:d7d8 pass *"), 7, 12, Some(2), K::IllegalAction { error: ActionError::NotAChoice { .. }, .. }),
        case!("a decision pawn that cannot be a pawn", ludii("*", "unfinished", PROMOTE, "", "13. 5:d7d8 =P *"), 7, 13, Some(2), K::BadToken { .. }),
        case!("the wrong winner by ranking", ludii("green-wins", "ranking", LAST_CAPTURE, "", "41. 3:b1d2 green-wins"), 3, 10, Some(1), K::WrongResult(ResultError::Contradicted { .. })),
        case!("a top-score tie claimed as a win", ludii("green-wins", "ranking", TIE, "", "41. 3:b1d2 green-wins"), 3, 10, Some(1), K::WrongResult(ResultError::Contradicted { .. })),
        case!("a ranking that did not happen", ludii("red-wins", "ranking", PROMOTE, "", "13. 3:b1c3 red-wins"), 4, 15, Some(1), K::WrongResult(ResultError::NotOver { .. })),
        case!("a turn-limit draw claimed as a ranking", ludii("draw", "ranking", LIMIT, "", "5000. 3:b1c3 draw"), 4, 15, Some(1), K::WrongResult(ResultError::Contradicted { .. })),
        case!("bad final scores", ludii("red-wins", "ranking", LAST_CAPTURE, "[Scores \"5,0,0,1\"]\n", "41. 3:b1d2 red-wins"), 6, 10, Some(1), K::ScoresMismatch { tag: [5, 0, 0, 1], actual: [5, 0, 0, 2] }),
        case!("an alliance under ludii", ludii("rg-wins", "resignation", PROMOTE, "", "rg-wins"), 3, 10, Some(0), K::WrongResult(ResultError::ResultNotForGame { .. })),
        case!("a colour's win under the sheet", CHATURAJI.replace("\"*\"", "\"red-wins\"").replace("unfinished", "resignation") + "red-wins\n", 2, 10, Some(0), K::WrongResult(ResultError::ResultNotForGame { .. })),
        case!("opponents out that are not", CHATURAJI.replace("\"*\"", "\"rg-wins\"").replace("unfinished", "opponents-out") + "1. 2:h1f3 rg-wins\n", 3, 15, Some(1), K::WrongResult(ResultError::NotOver { .. })),
    ]
}

#[test]
fn every_mistake_is_found_where_it_is() {
    let mut failures = Vec::new();
    for case in cases() {
        let err = match case.text.parse::<Record>() {
            Ok(_) => {
                failures.push(format!("{}: accepted", case.name));
                continue;
            }
            Err(err) => err,
        };
        let got = (err.line(), err.column(), err.ply());
        let want = (case.line, case.column, case.ply);
        if got != want || !(case.kind)(err.kind()) {
            failures.push(format!(
                "{}: got {got:?} {:?} ({err}), want {want:?}",
                case.name,
                err.kind()
            ));
        }
        let prefix = format!("{}:{}: ", err.line(), err.column());
        assert!(err.to_string().starts_with(&prefix), "{}: {err}", case.name);
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// Bytes that are not UTF-8 (the table's strings are always UTF-8).
#[test]
fn invalid_utf8_is_located() {
    let mut text = KAISSA.as_bytes().to_vec();
    text.extend_from_slice(b"1. e2e5 {\xC3\xA9\xFF} *\n");
    let err = Reader::new(&text[..]).next().unwrap().unwrap_err();
    assert_eq!((err.line(), err.column()), (5, 11));
    assert_eq!(err.kind(), &K::InvalidUtf8);
}

#[test]
fn overlong_lines_are_refused() {
    let mut text = KAISSA.to_string();
    text.push_str(&"e2e5 ".repeat(MAX_LINE / 5 + 1));
    let err = Reader::new(text.as_bytes()).next().unwrap().unwrap_err();
    assert_eq!(err.line(), 5);
    assert!(matches!(err.kind(), K::LineTooLong { .. }));
}

#[test]
fn one_record_of_the_right_game() {
    let err = chaturaji("*").parse::<KaissaRecord>().unwrap_err();
    assert_eq!((err.line(), err.column()), (1, 8));
    assert!(matches!(
        err.kind(),
        K::WrongGame {
            expected: "kaissa",
            found: "chaturaji"
        }
    ));
    let two = format!("{}\n{}", chaturaji("*"), chaturaji("*"));
    let err = two.parse::<ChaturajiRecord>().unwrap_err();
    assert_eq!(
        (err.line(), err.column(), err.kind()),
        (7, 1, &K::ExtraText)
    );
    let err = two.parse::<Record>().unwrap_err();
    assert_eq!(err.kind(), &K::ExtraText);
    assert!(chaturaji("*").parse::<ChaturajiRecord>().is_ok());
}

/// The position of the table's conquest case is valid with the sheet's
/// alliances (Red commands Green), so only the `Rules` tag makes it wrong.
#[test]
fn conquest_position_is_valid_under_the_sheet() {
    let text = "8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxr - rb 0 9";
    assert!(kaissa_chaturaji::chaturaji::Position::from_text(text, Default::default()).is_ok());
}

/// After a bad record the reader goes on with the next one.
#[test]
fn reading_goes_on_after_a_bad_record() {
    let good = kaissa("1. e2e5 *");
    let bad_move = kaissa("1. e2e5 e9e6 2. e5e6 *");
    let bad_tag = "[Game kaissa]\n[Result \"*\"]\n\n1. e2e5\n e9e6 *\n".to_string();
    let no_result = kaissa("1. e2e5");
    let wrong_claim = KAISSA
        .replace("unfinished", "default-loss")
        .replace("\"*\"", "\"red-wins\"")
        + "red-wins\n";
    let stray = "stray text\nmore\n".to_string();
    let file = [
        good.as_str(),
        &bad_move,
        &good,
        &bad_tag,
        &good,
        &no_result,
        &good,
        &wrong_claim,
        &good,
        &stray,
        &good,
    ]
    .join("\n");
    let results: Vec<Result<Record, RecordError>> = Reader::new(file.as_bytes()).collect();
    let shape: Vec<bool> = results.iter().map(Result::is_ok).collect();
    assert_eq!(
        shape,
        [true, false, true, false, true, false, true, false, true, false, true],
        "{results:#?}"
    );
    let lines: Vec<usize> = results
        .iter()
        .filter_map(|r| r.as_ref().err().map(RecordError::line))
        .collect();
    assert_eq!(lines, [11, 19, 37, 45, 55]);
}

/// The Ludii records of the table, written right, are read; what they
/// show is what the rules say.
#[test]
fn right_ludii_records_are_read() {
    let read = |text: String| -> ChaturajiRecord {
        text.parse().unwrap_or_else(|err| panic!("{err}\n{text}"))
    };
    let won = read(ludii(
        "red-wins",
        "ranking",
        LAST_CAPTURE,
        "[Scores \"5,0,0,2\"]\n",
        "41. 3:b1d2 red-wins",
    ));
    assert_eq!(won.final_position().scores(), [5, 0, 0, 2]);
    assert_eq!(won.final_position().ranking(), Some([1, 3, 3, 2]));
    let tie = read(ludii("draw", "ranking", TIE, "", "41. 3:b1d2 draw"));
    assert_eq!(tie.final_position().ranking(), Some([1, 3, 3, 1]));
    let limit = read(ludii("draw", "turn-limit", LIMIT, "", "5000. 3:b1c3 draw"));
    assert!(limit.final_position().is_over());
    let promoted = read(ludii(
        "*",
        "unfinished",
        PROMOTE,
        "",
        "13. 5:d7d8 =E 14. 5:d1e2 2:pass 3:pass *",
    ));
    assert_eq!(
        promoted.final_position().to_string(),
        "3,gE,4/8/8/8/8/8/4,rK,3/1,gH,6 g 0,0,0,0 - 16"
    );
    // The writer puts the final scores in a Scores tag and the decision
    // without a roll.
    let text = won.to_string();
    assert!(
        text.contains("[Termination \"ranking\"]\n[Scores \"5,0,0,2\"]\n"),
        "{text}"
    );
    assert!(
        promoted.to_string().contains("13. 5:d7d8 =E 14. 5:d1e2"),
        "{promoted}"
    );
}

/// The white space that is not a space or a tab: each is refused, with
/// its line and column, wherever the format separates the parts of a
/// record (docs/records.md, section 1).
#[test]
fn only_spaces_and_tabs_separate() {
    let characters = [
        '\u{a0}', '\u{2003}', '\u{3000}', '\u{2028}', '\u{85}', '\u{b}', '\u{c}',
    ];
    for c in characters {
        let places = [
            (
                "between a tag's name and value",
                format!("[Game \"kaissa\"]\n[Event{c}\"x\"]\n"),
                2,
                7,
            ),
            (
                "before a tag pair",
                format!("[Game \"kaissa\"]\n{c}[Result \"*\"]\n"),
                2,
                1,
            ),
            ("after a tag pair", format!("[Game \"kaissa\"]{c}\n"), 1, 16),
            ("inside a tag pair", format!("[{c}Game \"kaissa\"]\n"), 1, 2),
            ("between moves", kaissa(&format!("1. e2e5{c}e9e6 *")), 5, 8),
            (
                "before a move number",
                kaissa(&format!("{c}1. e2e5 *")),
                5,
                1,
            ),
            (
                "between a number and its move",
                kaissa(&format!("1.{c}e2e5 *")),
                5,
                3,
            ),
            ("after the result", kaissa(&format!("1. e2e5 *{c}")), 5, 10),
            (
                "on a line of its own",
                kaissa(&format!("1. e2e5\n {c} \n*")),
                6,
                2,
            ),
            (
                "between records",
                format!("{}\n{c}\n{}", kaissa("*"), kaissa("*")),
                7,
                1,
            ),
        ];
        for (place, text, line, column) in places {
            let results: Vec<_> = Reader::new(text.as_bytes()).collect();
            let err = results
                .iter()
                .find_map(|r| r.as_ref().err())
                .unwrap_or_else(|| panic!("{c:?} {place}: accepted"));
            assert_eq!(
                (err.line(), err.column(), err.kind()),
                (line, column, &K::NotSpaceOrTab { found: c }),
                "{c:?} {place}: {err}"
            );
            assert!(err.to_string().starts_with(&format!("{line}:{column}: ")));
        }
        // Inside a tag value or a comment, a character that is not a
        // control character is text.
        if !c.is_control() {
            let text = kaissa(&format!("1. e2e5 {{a{c}b}} *"))
                .replace("[Result", &format!("[Event \"a{c}b\"]\n[Result"));
            let record: Record = text.parse().unwrap_or_else(|err| panic!("{c:?}: {err}"));
            assert_eq!(record.tags().get("Event"), Some(format!("a{c}b").as_str()));
        }
    }
    // A carriage return ends a line only before a line feed.
    let err = kaissa("1. e2e5\re9e6 *").parse::<Record>().unwrap_err();
    assert_eq!(
        (err.line(), err.column(), err.kind()),
        (5, 8, &K::NotSpaceOrTab { found: '\r' })
    );
    // Spaces and tabs everywhere are fine.
    let text = "\t[Game \t \"kaissa\"]\t \n [Result \"*\"]\n[Termination \"unfinished\"] \n\t \n\t1.\te2e5  e9e6\t* \t\n \t\n";
    assert!(text.parse::<Record>().is_ok());
}

/// Lenient mode completes what a record lacks from the game itself, and
/// refuses what cannot be completed or contradicts the game.
#[test]
fn lenient_mode_still_checks() {
    let read = |text: &str| Reader::new(text.as_bytes()).lenient().next().unwrap();
    let head = "[Game \"kaissa\"]\n";
    // A resignation without a result: who won?
    let err = read(&format!("{head}[Termination \"resignation\"]\n\n1. e2e5\n")).unwrap_err();
    assert_eq!((err.line(), err.column()), (1, 1));
    assert_eq!(err.kind(), &K::MissingTag { name: "Result" });
    // An ending by the rules that did not happen.
    let err = read(&format!(
        "{head}[Termination \"home-stone-captured\"]\n\n1. e2e5\n"
    ))
    .unwrap_err();
    assert_eq!((err.line(), err.column()), (2, 15));
    assert!(matches!(
        err.kind(),
        K::WrongResult(ResultError::NotOver { .. })
    ));
    // The movetext's result and the tag disagree.
    let err = read(&format!("{head}[Result \"draw\"]\n\n1. e2e5 *\n")).unwrap_err();
    assert_eq!((err.line(), err.column()), (4, 9));
    assert!(matches!(err.kind(), K::ResultMismatch { .. }));
    // A win claimed where the rules ended the game otherwise.
    let text = format!("{head}[Result \"red-wins\"]\n[Position \"{WIN}\"]\n\n12. e1e10\n");
    let err = read(&text).unwrap_err();
    assert!(
        matches!(err.kind(), K::WrongResult(ResultError::Contradicted { .. })),
        "{err}"
    );
    // Illegal moves are still illegal, and a comment must still close.
    let err = read(&format!("{head}\n1. e2e5 e9e6 2. e5e6\n")).unwrap_err();
    assert_eq!((err.line(), err.column(), err.ply()), (3, 17, Some(3)));
    let err = read(&format!("{head}\n1. e2e5 {{open\n")).unwrap_err();
    assert_eq!(err.kind(), &K::UnterminatedComment);
    // Strict mode refuses all of them.
    for text in [
        format!("{head}\n1. e2e5\n"),
        format!("{head}[Result \"*\"]\n\n*\n"),
    ] {
        assert!(text.parse::<Record>().is_err());
    }
}
