//! Reading records with a visitor allocates nothing per move: a counting
//! global allocator (per thread) around `Reader::visit` over records of
//! both games (Kaissa; Chaturaji under the sheet's rules, and under the
//! Ludii ruleset with its promotion decisions), with tags and
//! comments, every action checked against the rules.
//!
//! The text holds the same records twice: the first pass lets the
//! reader's buffers (line, tags, comment) grow to the largest record; the
//! second pass, tens of thousands of moves, must then allocate nothing at
//! all, neither per move nor per record. A test binary of its own, since
//! the allocator is global.

use kaissa_chaturaji::chaturaji::{self, play_seeded_game, Rules};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::random::{RandomSource, SplitMix64};
use kaissa_chaturaji::record::{
    ChaturajiAction, ChaturajiRecord, GameResult, KaissaRecord, Reader, RecordAction,
    RecordPosition, RecordVisitor, Termination,
};

use crate::counting_alloc::allocations_during;

/// Counts what it is told, and keeps the longest event name in a buffer
/// of its own (cleared, not freed).
#[derive(Default)]
struct Tally {
    records: usize,
    tags: usize,
    actions: usize,
    decisions: usize,
    comments: usize,
    comment_bytes: usize,
    event: String,
}

impl RecordVisitor for Tally {
    type Output = usize;

    fn begin_record(&mut self) {
        self.event.clear();
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.tags += 1;
        if name == "Event" {
            self.event.push_str(value);
        }
    }

    fn action(&mut self, action: RecordAction, after: RecordPosition<'_>) {
        self.actions += 1;
        if let (Some(ChaturajiAction::Decision { .. }), Some(p)) =
            (action.as_chaturaji(), after.as_chaturaji())
        {
            self.decisions += usize::from(p.pending_promotion().is_none());
        }
    }

    fn comment(&mut self, text: &str) {
        self.comments += 1;
        self.comment_bytes += text.len();
    }

    fn end_record(&mut self, _: GameResult, _: Termination, _: RecordPosition<'_>) -> usize {
        self.records += 1;
        self.actions
    }
}

/// A Kaissa game of random legal moves, with tags and comments.
fn kaissa_record(seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut record = KaissaRecord::new(kaissa::Position::start());
    record.set_tag("Event", &format!("Kaissa {seed}")).unwrap();
    record.set_tag("Yellow", "Tarl Cabot").unwrap();
    for ply in 0..600 {
        let moves = record.final_position().legal_moves();
        if moves.is_empty() {
            break;
        }
        record
            .play(moves[rng.below(moves.len() as u64) as usize])
            .unwrap();
        if ply % 50 == 0 {
            record
                .add_comment("a {braced} \\ comment\nover two lines")
                .unwrap();
        }
    }
    record.to_string()
}

/// A seeded Chaturaji game played to its end under `rules`.
fn chaturaji_record(seed: u64, rules: Rules) -> String {
    let mut position = chaturaji::Position::start(rules);
    let mut record = ChaturajiRecord::new(position.clone());
    record
        .set_tag("Event", &format!("Chaturaji {seed}"))
        .unwrap();
    let mut plies = 0;
    play_seeded_game(&mut position, seed, 100_000, |ply, _| {
        let action = match ply.roll {
            Some(roll) => ChaturajiAction::Ply { roll, mv: ply.mv },
            None => ChaturajiAction::Decision { mv: ply.mv },
        };
        record.play(action).expect("a legal ply");
        plies += 1;
        if plies % 40 == 0 {
            record.add_comment("still going").unwrap();
        }
    });
    record.to_string()
}

#[test]
fn visiting_records_allocates_nothing_per_move() {
    let mut records = Vec::new();
    for seed in 0..8 {
        records.push(kaissa_record(seed));
        records.push(chaturaji_record(seed, Rules::default()));
        records.push(chaturaji_record(seed + 100, Rules::ludii()));
    }
    let once = records.join("\n");
    let text = format!("{once}\n{once}");
    let mut reader = Reader::new(text.as_bytes());
    let mut tally = Tally::default();
    // First pass: the buffers grow.
    for _ in 0..records.len() {
        reader
            .visit(&mut tally)
            .expect("a record")
            .expect("a right record");
    }
    let first = (tally.actions, tally.tags, tally.comments);
    let mut second_pass = 0;
    let allocations = allocations_during(|| {
        while let Some(visited) = reader.visit(&mut tally) {
            assert!(visited.is_ok());
            second_pass += 1;
        }
    });
    assert_eq!(second_pass, records.len());
    assert_eq!(tally.actions, 2 * first.0);
    assert_eq!(tally.tags, 2 * first.1);
    assert_eq!(tally.comments, 2 * first.2);
    assert!(first.0 > 10_000, "{} actions per pass", first.0);
    assert!(tally.decisions > 0, "Ludii promotion decisions were read");
    assert!(tally.comment_bytes > 0);
    assert_eq!(
        allocations,
        0,
        "visiting {} records ({} actions) allocated",
        records.len(),
        first.0
    );
}
