//! Writing a record and reading it back gives the same record: the same
//! start position, actions (so the same positions), comments, tags, result
//! and termination, for seeded random games of each game and rules option:
//! Kaissa, and Chaturaji with the sheet's alliances and with partners
//! opposite, under varied draw limits (250 games each, 1,000 with
//! `KC_FULL_PROPTESTS` set, `tests/common/cases.rs`); Chaturaji under the
//! Ludii ruleset, its games played by `play_seeded_game` (1,000 games). The games use every feature of
//! the format: set-up start positions, exchanges, Ludii promotion
//! decisions, comments with characters that need escaping, tags, and every
//! kind of ending (by the rules, by resignation, by agreement, abandoned,
//! unfinished). All the records of a kind are also written into one text
//! and streamed back through a `Reader`, and visited by a
//! `RecordVisitor`, which must see the same tags, actions and comments;
//! every tenth record is also written with readable moves (`Tf4`,
//! `3:rHh2-f3`) and must read back to the same actions.

use kaissa_chaturaji::chaturaji::{
    self, play_seeded_game, Alliances, Colour, Move, Roll, Rules, LUDII_TURN_LIMIT,
};
use kaissa_chaturaji::kaissa::{self, Side};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};
use kaissa_chaturaji::record::{
    ChaturajiAction, ChaturajiRecord, GameRecord, GameResult, KaissaRecord, Reader, Record,
    RecordAction, RecordPosition, RecordVisitor, RecordedGame, Termination,
};

/// Games of Kaissa and of each Chaturaji alliance: 250, or 1,000 with
/// `KC_FULL_PROPTESTS`.
fn games() -> u64 {
    u64::from(crate::cases::cases(250, 1000))
}

/// Games under the Ludii ruleset, always 1,000: fewer would not reach a
/// decision that keeps the pawn.
const LUDII_GAMES: u64 = 1000;

/// Texts that need care when written: quotes, backslashes, braces, tabs,
/// line ends, non-ASCII.
const TEXTS: [&str; 8] = [
    "plain",
    "a \"quoted\" word",
    "back\\slash",
    "braces { and } inside",
    "tab\there",
    "Ürlaub in Turia — ☼",
    "",
    "trailing \\",
];

fn pick<'a>(rng: &mut SplitMix64, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len() as u64) as usize]
}

fn chance(rng: &mut SplitMix64, percent: u64) -> bool {
    rng.below(100) < percent
}

/// Random tags (some games have none).
fn add_tags<G: RecordedGame>(record: &mut GameRecord<G>, rng: &mut SplitMix64) {
    if chance(rng, 20) {
        return;
    }
    record.set_tag("Event", pick(rng, &TEXTS)).unwrap();
    if chance(rng, 50) {
        record.set_tag("Site", pick(rng, &TEXTS)).unwrap();
    }
    if chance(rng, 50) {
        let date = format!("20{:02}.{:02}.??", rng.below(100), 1 + rng.below(12));
        record.set_tag("Date", &date).unwrap();
    }
    for seat in G::SEAT_TAGS {
        if chance(rng, 70) {
            record.set_tag(seat, pick(rng, &TEXTS)).unwrap();
        }
    }
    if chance(rng, 30) {
        record.set_tag("Annotator_2", "someone").unwrap();
    }
}

/// A comment, sometimes several lines long.
fn maybe_comment<G: RecordedGame>(record: &mut GameRecord<G>, rng: &mut SplitMix64) {
    if chance(rng, 3) {
        let mut text = pick(rng, &TEXTS).to_string();
        if chance(rng, 30) {
            text.push('\n');
            text.push_str(pick(rng, &TEXTS));
        }
        record.add_comment(&text).unwrap();
    }
}

/// Ends an unfinished game the way players might.
fn players_ending<G: RecordedGame>(
    record: &mut GameRecord<G>,
    rng: &mut SplitMix64,
    wins: &[GameResult],
) {
    if record.result() != GameResult::Unfinished {
        return;
    }
    let (result, termination) = match rng.below(4) {
        0 => (
            wins[rng.below(wins.len() as u64) as usize],
            Termination::Resignation,
        ),
        1 => (GameResult::Draw, Termination::Agreement),
        2 => (GameResult::Unfinished, Termination::Abandoned),
        _ => (GameResult::Unfinished, Termination::Unfinished),
    };
    record.set_result(result, termination).unwrap();
}

/// Writes, reads back and compares (records are equal when their tags,
/// start positions, actions, comments, final positions, results and
/// terminations are); every tenth record also compares every position on
/// the way and writes the copy again. Returns the text.
fn round_trip<G: RecordedGame>(record: &GameRecord<G>, what: &str, thorough: bool) -> String {
    let text = record.to_string();
    let back: GameRecord<G> = text
        .parse()
        .unwrap_or_else(|err| panic!("{what}: {err}\n{text}"));
    assert_eq!(&back, record, "{what}:\n{text}");
    if thorough {
        assert!(
            back.positions().eq(record.positions()),
            "{what}: positions differ"
        );
        assert_eq!(back.to_string(), text, "{what}: writing is not stable");
    }
    text
}

fn kaissa_record(seed: u64) -> KaissaRecord {
    let mut rng = SplitMix64::new(seed);
    let mut start = kaissa::Position::start();
    if chance(&mut rng, 20) {
        for _ in 0..rng.below(40) {
            let moves = start.legal_moves();
            if moves.is_empty() {
                break;
            }
            start.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
        }
    }
    let mut record = KaissaRecord::new(start);
    add_tags(&mut record, &mut rng);
    let placement_first = chance(&mut rng, 70);
    let limit = rng.below(1200);
    maybe_comment(&mut record, &mut rng);
    for _ in 0..limit {
        let moves = record.final_position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let placements: Vec<_> = moves.iter().filter(|m| m.from().is_none()).collect();
        let mv = if placement_first && !placements.is_empty() {
            *placements[rng.below(placements.len() as u64) as usize]
        } else {
            moves[rng.below(moves.len() as u64) as usize]
        };
        record.play(mv).unwrap();
        maybe_comment(&mut record, &mut rng);
    }
    let wins = [
        GameResult::SideWins(Side::Yellow),
        GameResult::SideWins(Side::Red),
    ];
    players_ending(&mut record, &mut rng, &wins);
    record
}

/// An exchange possible in `position`, chosen at random.
fn random_exchange(
    position: &chaturaji::Position,
    rng: &mut SplitMix64,
) -> Option<ChaturajiAction> {
    let pairs = position.possible_exchanges();
    if pairs.is_empty() {
        return None;
    }
    let (a, b) = pairs[rng.below(pairs.len() as u64) as usize];
    let square = |colour: Colour, rng: &mut SplitMix64| {
        let squares: Vec<_> = position.raja_return_squares(colour).iter().collect();
        squares[rng.below(squares.len() as u64) as usize]
    };
    let (first, second) = ((a, square(a, rng)), (b, square(b, rng)));
    Some(if chance(rng, 50) {
        ChaturajiAction::Exchange { first, second }
    } else {
        ChaturajiAction::Exchange {
            first: second,
            second: first,
        }
    })
}

fn chaturaji_record(seed: u64, alliances: Alliances) -> ChaturajiRecord {
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    let limit = match rng.below(4) {
        0 => Some(40 + rng.below(100) as u16),
        1 => None,
        _ => Some(200),
    };
    let rules = Rules::new()
        .with_alliances(alliances)
        .with_draw_limit(limit);
    let mut start = chaturaji::Position::start(rules);
    if chance(&mut rng, 20) {
        for _ in 0..rng.below(60) {
            let roll = Roll::ALL[rng.below(4) as usize];
            match start.choose_move(roll, &mut rng) {
                Some(mv) => {
                    start.play_unchecked(mv);
                }
                None => break,
            }
        }
    }
    let mut record = ChaturajiRecord::new(start);
    add_tags(&mut record, &mut rng);
    let plies = rng.below(1500);
    maybe_comment(&mut record, &mut rng);
    for _ in 0..plies {
        if record.final_position().is_over() {
            break;
        }
        if chance(&mut rng, 50) {
            if let Some(exchange) = random_exchange(record.final_position(), &mut rng) {
                record.play(exchange).unwrap();
                maybe_comment(&mut record, &mut rng);
            }
        }
        let roll = Roll::ALL[rng.below(4) as usize];
        let Some(mv) = record.final_position().choose_move(roll, &mut rng) else {
            break;
        };
        record.play(ChaturajiAction::Ply { roll, mv }).unwrap();
        maybe_comment(&mut record, &mut rng);
    }
    let first = rules.alliance_of(Colour::Red);
    let second = rules.alliance_of(Colour::Black);
    let wins = [
        GameResult::AllianceWins(first),
        GameResult::AllianceWins(second),
    ];
    players_ending(&mut record, &mut rng, &wins);
    record
}

/// The tag section of a written record, then `tokens` as its movetext
/// (ten to a line) and its result: the record as a person might write it.
fn with_movetext<G: RecordedGame>(record: &GameRecord<G>, tokens: &[String]) -> String {
    let text = record.to_string();
    let (tags, _) = text
        .split_once("\n\n")
        .expect("a blank line after the tags");
    let mut out = format!("{tags}\n\n");
    for line in tokens.chunks(10) {
        out.push_str(&line.join(" "));
        out.push('\n');
    }
    out.push_str(&format!("{}\n", record.result()));
    out
}

/// A Kaissa record with its moves in short algebraic notation.
fn kaissa_readable(record: &KaissaRecord) -> String {
    let tokens: Vec<String> = record
        .positions()
        .zip(record.actions())
        .map(|(position, &mv)| position.readable(mv).expect("a legal move"))
        .collect();
    with_movetext(record, &tokens)
}

/// A Chaturaji record with its plies as `<face>:<readable move>` without
/// the space (`3:rHh2-f3`); exchanges and decisions as move text.
fn chaturaji_readable(record: &ChaturajiRecord) -> String {
    let tokens: Vec<String> = record
        .positions()
        .zip(record.actions())
        .map(|(position, &action)| match action {
            ChaturajiAction::Ply { roll, mv } => {
                let readable = position.readable(roll, mv).expect("a legal ply");
                format!("{roll}:{}", readable.replace(' ', ""))
            }
            other => other.to_string(),
        })
        .collect();
    with_movetext(record, &tokens)
}

/// Reads a record written with readable moves: the same actions, final
/// position, result and termination as `record`.
fn readable_round_trip<G: RecordedGame>(record: &GameRecord<G>, text: &str, what: &str) {
    let back: GameRecord<G> = text
        .parse()
        .unwrap_or_else(|err| panic!("{what} (readable): {err}\n{text}"));
    assert_eq!(back.actions(), record.actions(), "{what} (readable)");
    assert_eq!(back.final_position(), record.final_position(), "{what}");
    assert_eq!(
        (back.result(), back.termination()),
        (record.result(), record.termination()),
        "{what} (readable)"
    );
}

/// What a visitor sees of a record: its tags, actions (move text, with
/// the position text after the last one) and comments, in order.
#[derive(Default)]
struct Seen {
    tags: Vec<(String, String)>,
    actions: Vec<String>,
    comments: Vec<(usize, String)>,
    last: String,
}

impl RecordVisitor for Seen {
    type Output = (Seen, GameResult, Termination);

    fn begin_record(&mut self) {
        *self = Seen::default();
    }

    fn tag(&mut self, name: &str, value: &str) {
        self.tags.push((name.to_string(), value.to_string()));
    }

    fn action(&mut self, action: RecordAction, _after: RecordPosition<'_>) {
        self.actions.push(action.to_string());
    }

    fn comment(&mut self, text: &str) {
        self.comments.push((self.actions.len(), text.to_string()));
    }

    fn end_record(
        &mut self,
        result: GameResult,
        termination: Termination,
        last: RecordPosition<'_>,
    ) -> (Seen, GameResult, Termination) {
        self.last = last.to_string();
        (core::mem::take(self), result, termination)
    }
}

/// Visits every record of `file`: each must show what `records` hold.
fn visit_all<G: RecordedGame>(file: &str, records: &[GameRecord<G>], name: &str) {
    let mut reader = Reader::new(file.as_bytes());
    let mut seen = Seen::default();
    let mut count = 0;
    while let Some(visited) = reader.visit(&mut seen) {
        let (seen, result, termination) =
            visited.unwrap_or_else(|err| panic!("{name} visit: {err}"));
        let record = &records[count];
        let what = format!("{name} visit, record {count}");
        let actions: Vec<String> = record.actions().iter().map(ToString::to_string).collect();
        assert_eq!(seen.actions, actions, "{what}");
        assert_eq!(seen.comments, record.comments(), "{what}");
        assert_eq!(seen.last, record.final_position().to_string(), "{what}");
        assert_eq!(
            (result, termination),
            (record.result(), record.termination())
        );
        let free: Vec<(String, String)> = seen
            .tags
            .into_iter()
            .filter(|(n, _)| !kaissa_chaturaji::record::RESERVED_TAGS.contains(&n.as_str()))
            .collect();
        let tags: Vec<(String, String)> = record
            .tags()
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        // The writer puts the known tags first: compare as sets.
        let (mut free, mut tags) = (free, tags);
        free.sort();
        tags.sort();
        assert_eq!(free, tags, "{what}");
        count += 1;
    }
    assert_eq!(count, records.len(), "{name}: records visited");
}

/// Checks every record alone (every tenth also with readable moves), then
/// all of them streamed from one text and visited; returns how many ended
/// by each termination.
fn check_all<G: RecordedGame>(
    records: Vec<GameRecord<G>>,
    name: &str,
    unwrap: impl Fn(Record) -> Option<GameRecord<G>>,
    readable: impl Fn(&GameRecord<G>) -> String,
) -> Vec<(Termination, usize)> {
    let mut file = String::new();
    for (seed, record) in records.iter().enumerate() {
        let what = format!("{name} seed {seed}");
        let thorough = seed % 10 == 0;
        file.push_str(&round_trip(record, &what, thorough));
        file.push('\n');
        if thorough {
            readable_round_trip(record, &readable(record), &what);
        }
    }
    visit_all(&file, &records, name);
    let mut count = 0;
    for (seed, read) in Reader::new(file.as_bytes()).enumerate() {
        let read = unwrap(read.unwrap_or_else(|err| panic!("{name} stream: {err}")))
            .expect("a record of the same game");
        assert_eq!(read, records[seed], "{name} stream, record {seed}");
        count += 1;
    }
    assert_eq!(count, records.len(), "{name}: records streamed");
    Termination::ALL
        .iter()
        .map(|&t| (t, records.iter().filter(|r| r.termination() == t).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

#[test]
fn kaissa_records_round_trip() {
    let records = (0..games()).map(kaissa_record).collect();
    let endings = check_all(
        records,
        "kaissa",
        |r| r.as_kaissa().cloned(),
        kaissa_readable,
    );
    eprintln!("kaissa endings: {endings:?}");
    for t in [
        Termination::HomeStoneCaptured,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Abandoned,
        Termination::Unfinished,
    ] {
        assert!(endings.iter().any(|&(e, _)| e == t), "no game ended by {t}");
    }
}

fn chaturaji_round_trip(alliances: Alliances, name: &str) {
    let records: Vec<_> = (0..games())
        .map(|seed| chaturaji_record(seed, alliances))
        .collect();
    let exchanges = records
        .iter()
        .flat_map(|r| r.actions())
        .filter(|a| matches!(a, ChaturajiAction::Exchange { .. }))
        .count();
    let endings = check_all(
        records,
        name,
        |r| r.as_chaturaji().cloned(),
        chaturaji_readable,
    );
    eprintln!("{name} endings: {endings:?}, exchanges: {exchanges}");
    assert!(exchanges > 0, "no exchange was recorded");
    for t in [
        Termination::OpponentsOut,
        Termination::QuietPlies,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Abandoned,
        Termination::Unfinished,
    ] {
        assert!(endings.iter().any(|&(e, _)| e == t), "no game ended by {t}");
    }
}

#[test]
fn chaturaji_sheet_records_round_trip() {
    chaturaji_round_trip(Alliances::Sheet, "chaturaji sheet");
}

#[test]
fn chaturaji_opposite_records_round_trip() {
    chaturaji_round_trip(Alliances::Opposite, "chaturaji opposite");
}

/// A Ludii game from the start or from a set-up position (some of them a
/// few plies before the turn limit), played by `play_seeded_game` to its
/// end or cut short, with comments and a players' ending when unfinished.
fn ludii_record(seed: u64) -> ChaturajiRecord {
    let mut rng = SplitMix64::new(seed ^ 0x1ad11);
    let mut start = chaturaji::Position::start(Rules::ludii());
    if chance(&mut rng, 20) {
        let plies = rng.below(80) as u32;
        play_seeded_game(&mut start, rng.next_u64(), plies, |_, _| {});
        if chance(&mut rng, 50) {
            // Close to the turn limit: the same position, later.
            let text = start.to_string();
            let (rest, _) = text.rsplit_once(' ').expect("five fields");
            let turns = LUDII_TURN_LIMIT - 1 - rng.below(40) as u32;
            start = chaturaji::Position::from_text(&format!("{rest} {turns}"), Rules::ludii())
                .expect("a valid position");
        }
    }
    let mut record = ChaturajiRecord::new(start.clone());
    add_tags(&mut record, &mut rng);
    maybe_comment(&mut record, &mut rng);
    let max_plies = match rng.below(4) {
        0 => 100_000,
        _ => rng.below(400) as u32,
    };
    let mut comments = SplitMix64::new(rng.next_u64());
    let mut position = start;
    play_seeded_game(&mut position, seed, max_plies, |ply, _| {
        let action = match ply.roll {
            Some(roll) => ChaturajiAction::Ply { roll, mv: ply.mv },
            None => ChaturajiAction::Decision { mv: ply.mv },
        };
        record.play(action).expect("a legal ply");
        maybe_comment(&mut record, &mut comments);
    });
    assert_eq!(record.final_position(), &position, "seed {seed}");
    let wins = Colour::ALL.map(GameResult::ColourWins);
    players_ending(&mut record, &mut rng, &wins);
    record
}

#[test]
fn chaturaji_ludii_records_round_trip() {
    let records: Vec<_> = (0..LUDII_GAMES).map(ludii_record).collect();
    let decisions = |wanted: fn(Move) -> bool| {
        records
            .iter()
            .flat_map(|r| r.actions())
            .filter(|a| matches!(a, ChaturajiAction::Decision { mv } if wanted(*mv)))
            .count()
    };
    let promotions = decisions(|mv| matches!(mv, Move::Decision { .. }));
    let kept = decisions(|mv| mv == Move::Pass);
    let results: Vec<GameResult> = records.iter().map(|r| r.result()).collect();
    let ties = records
        .iter()
        .filter(|r| (r.result(), r.termination()) == (GameResult::Draw, Termination::Ranking))
        .count();
    let endings = check_all(
        records,
        "chaturaji ludii",
        |r| r.as_chaturaji().cloned(),
        chaturaji_readable,
    );
    eprintln!(
        "ludii endings: {endings:?}, top-score ties: {ties}, promotions: {promotions}, pawns kept: {kept}"
    );
    assert!(promotions > 0 && kept > 0, "decisions of both kinds");
    assert!(ties > 0, "a draw by ranking (a top-score tie)");
    assert!(results
        .iter()
        .any(|r| matches!(r, GameResult::ColourWins(_))));
    for t in [
        Termination::Ranking,
        Termination::TurnLimit,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Abandoned,
        Termination::Unfinished,
    ] {
        assert!(endings.iter().any(|&(e, _)| e == t), "no game ended by {t}");
    }
}
