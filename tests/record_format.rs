//! The record format as docs/records.md shows it: its examples read and
//! write back exactly; the writer's layout (tag order, move numbers,
//! wrapping, escapes); and arbitrary input never panics the reader.

use kaissa_chaturaji::chaturaji::{self, Alliances, Rules};
use kaissa_chaturaji::kaissa::{self, Side};
use kaissa_chaturaji::record::{
    ChaturajiRecord, GameResult, KaissaRecord, Reader, Record, Termination,
};
use proptest::prelude::*;

/// The ```text blocks of docs/records.md that are records.
fn doc_examples() -> Vec<String> {
    let doc = include_str!("../docs/records.md");
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
    assert_eq!(examples.len(), 3);
    for text in examples {
        let record: Record = text.parse().unwrap_or_else(|err| panic!("{err}\n{text}"));
        assert_eq!(record.to_string(), text);
    }
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
