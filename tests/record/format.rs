//! The record format as docs/records.md shows it: its examples read and
//! write back exactly (the one with readable moves as the move text one);
//! the writer's layout (tag order, move numbers, wrapping, escapes);
//! readable moves and lenient mode on read; a record with 200,000 tags
//! read in linear time; arbitrary input never panics the reader; and the
//! deprecated game names still name the records.

use kaissa_chaturaji::chaturaji::{self, Alliances, Rules};
use kaissa_chaturaji::kaissa::{self, Side};
use kaissa_chaturaji::record::{
    ChaturajiRecord, GameResult, KaissaRecord, Reader, Record, RecordAction, RecordErrorKind,
    RecordPosition, RecordVisitor, Termination,
};
use proptest::prelude::*;

/// The ```text blocks of docs/records.md that are records.
fn doc_examples() -> Vec<String> {
    let doc = include_str!("../../docs/records.md");
    doc.split("```text\n")
        .skip(1)
        .filter_map(|block| block.split("```").next())
        .filter(|block| block.starts_with("[Game"))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_spec_examples_read_and_write_back_exactly() {
    let examples = doc_examples();
    assert_eq!(examples.len(), 4);
    for text in &examples[..3] {
        let record: Record = text.parse().unwrap_or_else(|err| panic!("{err}\n{text}"));
        assert_eq!(&record.to_string(), text);
    }
    // Section 3's example has readable moves: it is the first example.
    let readable = &examples[3];
    assert!(readable.contains(" Tf4 "), "{readable}");
    let record: Record = readable.parse().unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(record.to_string(), examples[0]);
}

/// Readable moves read as the move text they name, for both games and
/// the Ludii ruleset, glued to move numbers too.
#[test]
fn readable_moves_read_as_move_text() {
    let kaissa_head = "[Game \"kaissa\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n";
    let chaturaji_head = "[Game \"chaturaji\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n";
    let ludii_head = "[Game \"chaturaji\"]\n[Rules \"ludii\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n[Position \"8/3,gP,4/8/8/8/8/8/1,gH,1,rK,4 g 0,0,0,0 - 12\"]\n\n";
    let pairs = [
        (
            kaissa_head,
            "1. e5 e6 2. Tf4 Aj7 3. Th7 *",
            "1. e2e5 e9e6 2. d1f4 j9j7 3. f4h7 *",
        ),
        (
            kaissa_head,
            "1.Pe5 1...e9e6 2.Td1f4 *",
            "1. e2e5 e9e6 2. d1f4 *",
        ),
        (
            chaturaji_head,
            "1. 2:rBh1-f3 4:pass 5:yPb7-c7 3:gHb1-c3 5. 5:rPg2-f2 3:bHg8-f6 *",
            "1. 2:h1f3 4:pass 5:b7c7 3:b1c3 5. 5:g2f2 3:g8f6 *",
        ),
        (
            chaturaji_head,
            "1. 2:Bf3 4:pass 5:b7-c7 3:gHc3 *",
            "1. 2:h1f3 4:pass 5:b7c7 3:b1c3 *",
        ),
        (
            ludii_head,
            "13. 5:gPd7-d8 =E 14. 5:rKd1-d2 2:pass 3:pass *",
            "13. 5:d7d8 =E 14. 5:d1d2 2:pass 3:pass *",
        ),
    ];
    for (head, readable, text) in pairs {
        let readable: Record = format!("{head}{readable}\n")
            .parse()
            .unwrap_or_else(|err| panic!("{readable}: {err}"));
        let text: Record = format!("{head}{text}\n").parse().unwrap();
        assert_eq!(readable, text);
        // Writing stays move text.
        assert_eq!(readable.to_string(), text.to_string());
    }
}

/// Lenient mode reads hand-written records without `Result`,
/// `Termination` or a result ending the movetext, as the game says.
#[test]
fn lenient_mode_completes_hand_written_records() {
    let text = "[Game \"kaissa\"]\n[Event \"no ending\"]\n\n1. e5 e6 2. Tf4\n\
                [Game \"chaturaji\"]\n[Result \"rg-wins\"]\n\n1. 2:h1f3 rg-wins\n\n\
                [Game \"kaissa\"]\n[Termination \"abandoned\"]\n1. e2e5 {gone}\n\n\
                [Game \"kaissa\"]\n[Position \"4h5/10/10/10/10/10/10/10/10/3HB5 y 12 -\"]\n\n12. e1e10\n\n\
                [Game \"kaissa\"]\n[Result \"draw\"]\n[Termination \"agreement\"]\n\n1. e2e5 draw\n";
    let records: Vec<Record> = Reader::new(text.as_bytes())
        .lenient()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|err| panic!("{err}"));
    let endings: Vec<(usize, GameResult, Termination)> = records
        .iter()
        .map(|r| (r.action_count(), r.result(), r.termination()))
        .collect();
    assert_eq!(
        endings,
        [
            (3, GameResult::Unfinished, Termination::Unfinished),
            (
                1,
                GameResult::AllianceWins([chaturaji::Colour::Red, chaturaji::Colour::Green]),
                Termination::Resignation
            ),
            (1, GameResult::Unfinished, Termination::Abandoned),
            (
                1,
                GameResult::SideWins(Side::Yellow),
                Termination::HomeStoneCaptured
            ),
            (1, GameResult::Draw, Termination::Agreement),
        ]
    );
    assert_eq!(
        records[2].as_kaissa().unwrap().comments(),
        [(1, "gone".to_string())]
    );
    // Written back, they are strict records.
    for record in &records {
        let again: Record = record.to_string().parse().unwrap();
        assert_eq!(&again, record);
    }
    // Strict mode reads only the last one.
    let strict: Vec<bool> = Reader::new(text.as_bytes()).map(|r| r.is_ok()).collect();
    assert_eq!(strict.last(), Some(&true));
    assert!(
        strict[..strict.len() - 1].iter().all(|ok| !ok),
        "{strict:?}"
    );
    // A visit in lenient mode sees the completed endings.
    struct Endings;
    impl RecordVisitor for Endings {
        type Output = (GameResult, Termination);
        fn end_record(
            &mut self,
            result: GameResult,
            termination: Termination,
            _: RecordPosition<'_>,
        ) -> (GameResult, Termination) {
            (result, termination)
        }
    }
    let mut reader = Reader::new(text.as_bytes()).lenient();
    let mut visited = Vec::new();
    while let Some(ending) = reader.visit(&mut Endings) {
        visited.push(ending.unwrap());
    }
    let expected: Vec<_> = endings.iter().map(|&(_, r, t)| (r, t)).collect();
    assert_eq!(visited, expected);
}

/// Counts tags and actions.
#[derive(Default)]
struct Counts {
    tags: usize,
    actions: usize,
}

impl RecordVisitor for Counts {
    type Output = ();
    fn tag(&mut self, _name: &str, _value: &str) {
        self.tags += 1;
    }
    fn action(&mut self, _action: RecordAction, _after: RecordPosition<'_>) {
        self.actions += 1;
    }
    fn end_record(&mut self, _: GameResult, _: Termination, _: RecordPosition<'_>) {}
}

/// A record with 200,000 tags reads in linear time: were each tag
/// compared with every earlier one (20 billion comparisons), this debug
/// test would take hours; read linearly it takes seconds. A duplicate
/// among them is still found, at its place.
#[test]
fn two_hundred_thousand_tags_read_in_linear_time() {
    const TAGS: usize = 200_000;
    let mut text = String::from("[Game \"kaissa\"]\n");
    for i in 0..TAGS {
        text.push_str(&format!("[Tag{i} \"value {i}\"]\n"));
    }
    let movetext = "[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e2e5 *\n";
    let record: Record = format!("{text}{movetext}").parse().unwrap();
    assert_eq!(record.tags().len(), TAGS);
    assert_eq!(record.tags().get("Tag199999"), Some("value 199999"));
    let mut counts = Counts::default();
    let good = format!("{text}{movetext}");
    let mut reader = Reader::new(good.as_bytes());
    reader.visit(&mut counts).unwrap().unwrap();
    assert_eq!((counts.tags, counts.actions), (TAGS + 3, 1));
    // The first tag again, last: a duplicate on line TAGS + 2.
    let err = format!("{text}[Tag0 \"again\"]\n{movetext}")
        .parse::<Record>()
        .unwrap_err();
    assert_eq!((err.line(), err.column()), (TAGS + 2, 2));
    assert!(matches!(err.kind(), RecordErrorKind::DuplicateTag { name } if name == "Tag0"));
}

#[test]
fn the_writer_lays_out_a_kaissa_record() {
    let mut record = KaissaRecord::new(kaissa::Position::start());
    record.set_tag("Opening", "Tarn \"rush\"").unwrap();
    record.set_tag("Red", "R").unwrap();
    record.set_tag("Event", "E").unwrap();
    record.add_comment("before {all} \\ moves").unwrap();
    for mv in ["e2e5", "e9e6", "d1f4"] {
        record.play(mv.parse().unwrap()).unwrap();
    }
    record.add_comment("two\nlines").unwrap();
    record.play("j9j7".parse().unwrap()).unwrap();
    record
        .set_result(GameResult::Draw, Termination::Agreement)
        .unwrap();
    assert_eq!(
        record.to_string(),
        "[Game \"kaissa\"]\n[Event \"E\"]\n[Red \"R\"]\n[Result \"draw\"]\n[Termination \"agreement\"]\n\
         [Opening \"Tarn \\\"rush\\\"\"]\n\n\
         {before {all\\} \\\\ moves} 1. e2e5 e9e6 2. d1f4 {two\nlines} 2... j9j7 draw\n"
    );
}

#[test]
fn the_writer_numbers_chaturaji_plies_and_writes_the_rules() {
    let rules = Rules::new()
        .with_alliances(Alliances::Opposite)
        .with_draw_limit(None);
    let mut record = ChaturajiRecord::new(chaturaji::Position::start(rules));
    for action in ["2:h1f3", "4:pass", "5:b7c7", "3:b1c3", "5:g2f2", "3:g8f6"] {
        record.play(action.parse().unwrap()).unwrap();
    }
    assert_eq!(
        record.to_string(),
        "[Game \"chaturaji\"]\n[Rules \"opposite\"]\n[DrawLimit \"none\"]\n[Result \"*\"]\n\
         [Termination \"unfinished\"]\n\n1. 2:h1f3 4:pass 5:b7c7 3:b1c3 5. 5:g2f2 3:g8f6 *\n"
    );
}

#[test]
fn a_set_up_start_is_written_as_a_position_tag() {
    let text = "4h5/10/10/10/10/10/10/10/10/3HB5 y 12 -";
    let mut record = KaissaRecord::new(text.parse().unwrap());
    record.play("e1e10".parse().unwrap()).unwrap();
    assert_eq!(
        (record.result(), record.termination()),
        (
            GameResult::SideWins(Side::Yellow),
            Termination::HomeStoneCaptured
        )
    );
    let written = record.to_string();
    assert!(
        written.contains(&format!("[Position \"{text}\"]\n")),
        "{written}"
    );
    assert!(
        written.ends_with("\n\n12. e1e10 yellow-wins\n"),
        "{written}"
    );
    // A game over at its start has no move and the rules' result.
    let over: KaissaRecord = written.parse().unwrap();
    let finished = KaissaRecord::new(over.final_position().clone());
    assert_eq!(finished.result(), GameResult::SideWins(Side::Yellow));
    assert_eq!(
        finished.to_string().parse::<KaissaRecord>().unwrap(),
        finished
    );
}

#[test]
fn long_games_wrap_before_column_80() {
    let mut position = chaturaji::Position::default();
    let mut record = ChaturajiRecord::new(position.clone());
    chaturaji::play_seeded_game(&mut position, 3, 2000, |ply, _| {
        record
            .play(kaissa_chaturaji::record::ChaturajiAction::Ply {
                roll: ply.roll.expect("the sheet's plies are rolled"),
                mv: ply.mv,
            })
            .unwrap();
    });
    let text = record.to_string();
    assert!(
        text.lines().all(|line| line.chars().count() <= 79),
        "{text}"
    );
    assert!(text.lines().count() > 10);
}

#[test]
fn relaxed_input_reads_too() {
    // Glued move numbers, no blank line, comments without spaces, CRLF,
    // white space around tag pairs, move numbers left out.
    let text = "  [Game \"kaissa\"]  \r\n[Result   \"*\"]\r\n\t[Termination \"unfinished\"]\r\n1.e2e5{c}e9e6 d1f4 *\r\n";
    let record: KaissaRecord = text.parse().unwrap();
    assert_eq!(record.actions().len(), 3);
    assert_eq!(record.comments(), [(1, "c".to_string())]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Any bytes: the reader returns records or errors, never panics, and
    /// every error has a position.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        for result in Reader::new(&bytes[..]).take(50) {
            if let Err(err) = result {
                prop_assert!(err.line() >= 1 && err.column() >= 1);
            }
        }
    }

    /// Text made of the format's own pieces, shuffled: never a panic.
    #[test]
    fn shuffled_pieces_never_panic(pieces in proptest::collection::vec(
        prop::sample::select(vec![
            "[Game \"kaissa\"]\n", "[Game \"chaturaji\"]\n", "[Result \"*\"]\n",
            "[Result \"draw\"]\n", "[Termination \"unfinished\"]\n", "[Termination \"agreement\"]\n",
            "[Rules \"opposite\"]\n", "[DrawLimit \"0\"]\n", "[Position \"8/8/8/8/8/8/8/3,gK,4 g g--g - - 0 0\"]\n",
            "\n", "1.", "1...", " e2e5", " e9e6", " H@c1", " 2:h1f3", " 5:pass", " exchange:rh4,be8",
            " {", "}", " \\", " *", " draw", " rg-wins", " yellow-wins", "\r", "\"", "[",
            "[Rules \"ludii\"]\n", "[Scores \"0,0,0,0\"]\n", "[Termination \"ranking\"]\n",
            "[Position \"8/3,gP,4/8/8/8/8/8/1,gH,1,rK,4 g 0,0,0,0 - 12\"]\n",
            " 5:d7d8", " =K", " =B", " pass", " 3:b1c3", " green-wins", "13.",
        ]),
        0..40,
    )) {
        let text: String = pieces.concat();
        for record in Reader::new(text.as_bytes()).take(50).flatten() {
            let again: Record = record.to_string().parse().expect("a record read writes back");
            prop_assert_eq!(again, record);
        }
    }
}

/// A reader that produces `count` copies of a text without ever holding
/// more than one.
struct Copies {
    text: &'static [u8],
    count: usize,
    at: usize,
}

impl std::io::Read for Copies {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.count == 0 {
            return Ok(0);
        }
        let rest = &self.text[self.at..];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        if self.at == self.text.len() {
            self.at = 0;
            self.count -= 1;
        }
        Ok(n)
    }
}

/// Many megabytes of records stream through the reader one at a time.
#[test]
fn a_large_input_streams() {
    const TEXT: &str =
        "[Game \"kaissa\"]\n[Event \"stream\"]\n[Result \"draw\"]\n[Termination \"agreement\"]\n\n\
                        1. e2e5 e9e6 2. d1f4 {a comment to make the record longer} j9j7 draw\n\n";
    let copies = 30_000;
    let input = std::io::BufReader::new(Copies {
        text: TEXT.as_bytes(),
        count: copies,
        at: 0,
    });
    let mut read = 0;
    for record in Reader::new(input) {
        let record = record.expect("a valid record");
        assert_eq!(record.action_count(), 4);
        read += 1;
    }
    assert_eq!(read, copies);
    assert!(TEXT.len() * copies > 4_000_000);
}

#[test]
#[allow(deprecated)]
fn the_old_game_names_still_name_the_records() {
    use kaissa_chaturaji::game;
    use kaissa_chaturaji::record::{ChaturajiGame, GameRecord, KaissaGame, RecordedGame};
    let kaissa: GameRecord<KaissaGame> = KaissaRecord::new(kaissa::Position::start());
    assert_eq!(kaissa.final_game(), &game::kaissa());
    let rules = Rules::default();
    let chaturaji: GameRecord<ChaturajiGame> =
        ChaturajiRecord::new(chaturaji::Position::start(rules));
    assert_eq!(chaturaji.final_game(), &game::chaturaji(rules));
    assert_eq!(
        (KaissaGame::NAME, ChaturajiGame::NAME),
        ("kaissa", "chaturaji")
    );
    assert_eq!(
        ChaturajiGame::SEAT_TAGS,
        ["Red", "Black", "Yellow", "Green"]
    );
}
