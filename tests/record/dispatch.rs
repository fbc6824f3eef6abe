//! `Record` answers for both games through its one `match`: for a Kaissa
//! record, a Chaturaji record under the sheet's rules (with a raja
//! exchange) and one under the Ludii ruleset (with a promotion decision),
//! every method of the `Record` gives what the game's own record gives,
//! before and after a write and read back; and a `RecordAction` of each
//! kind writes the text its game's parser reads back to it.

use kaissa_chaturaji::chaturaji::{self, play_seeded_game, Rules};
use kaissa_chaturaji::game::{AnyAction, AnyGame, ChaturajiStep};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::random::{RandomSource, SplitMix64};
use kaissa_chaturaji::record::{
    ChaturajiAction, ChaturajiRecord, GameRecord, KaissaRecord, Record, RecordAction, RecordedGame,
};
use kaissa_chaturaji::svg::SvgOptions;

/// Every answer of `record` is the one `inner` (the same game's record)
/// gives.
fn same_answers<G: RecordedGame>(inner: &GameRecord<G>, record: &Record)
where
    RecordAction: From<G::MovetextAction>,
{
    assert_eq!(record.game(), inner.game());
    assert_eq!(record.tags(), inner.tags());
    assert_eq!(record.comments(), inner.comments());
    assert_eq!(record.result(), inner.result());
    assert_eq!(record.termination(), inner.termination());
    assert_eq!(record.action_count(), inner.actions().len());
    for (i, &action) in inner.actions().iter().enumerate() {
        assert_eq!(record.action(i), Some(RecordAction::from(action)), "{i}");
        assert_eq!(record.action_text(i), Some(action.to_string()), "{i}");
    }
    let count = inner.actions().len();
    assert_eq!(
        (record.action(count), record.action_text(count)),
        (None, None)
    );
    for (i, position) in inner.positions().enumerate() {
        assert_eq!(record.position_text(i), Some(position.to_string()), "{i}");
    }
    assert_eq!(record.position_text(count + 1), None);
    let start: AnyGame = inner.start_game().clone().into();
    let last: AnyGame = inner.final_game().clone().into();
    assert_eq!((record.start(), record.final_game()), (start, last));
    assert_eq!(
        record.final_position_text(),
        inner.final_position().to_string()
    );
    for token in ["*", "draw", "red-wins", "rg-wins", "green-wins", "nobody"] {
        assert_eq!(
            record.parse_result(token),
            GameRecord::<G>::parse_result(token),
            "{token}"
        );
    }
    assert_eq!(record.to_string(), inner.to_string());
}

/// Wraps `inner` in a `Record`, checks its answers, writes it, reads it
/// back, and checks that the copy is equal, answers alike, draws the same
/// picture and writes the same text.
fn round_trip<G: RecordedGame>(inner: GameRecord<G>, variant: fn(&Record) -> bool)
where
    RecordAction: From<G::MovetextAction>,
    Record: From<GameRecord<G>>,
{
    let record = Record::from(inner.clone());
    assert!(variant(&record), "{record:?}");
    same_answers(&inner, &record);
    let text = record.to_string();
    let back: Record = text.parse().expect("a record reads back");
    assert!(variant(&back));
    assert_eq!(back, record);
    same_answers(&inner, &back);
    let options = SvgOptions::default();
    assert_eq!(back.svg(&options), record.svg(&options));
    assert_eq!(back.to_string(), text);
}

/// A Kaissa game of random moves, with a tag and a comment.
fn kaissa_record() -> KaissaRecord {
    let mut rng = SplitMix64::new(7);
    let mut record = KaissaRecord::new(kaissa::Position::start());
    record.set_tag("Event", "Dispatch").unwrap();
    for _ in 0..40 {
        let moves = record.final_position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u64) as usize];
        record.play(mv).unwrap();
    }
    record.add_comment("forty plies").unwrap();
    record
}

/// A Chaturaji game under the sheet's rules with at least one raja
/// exchange: random plies, an exchange whenever one is possible.
fn sheet_record() -> ChaturajiRecord {
    for seed in 0..200 {
        let mut rng = SplitMix64::new(seed);
        let mut record = ChaturajiRecord::new(chaturaji::Position::start(Rules::default()));
        record.set_tag("Red", "Forbes").unwrap();
        for _ in 0..600 {
            if record.final_position().is_over() {
                break;
            }
            let position = record.final_position();
            if let Some(&(a, b)) = position.possible_exchanges().first() {
                let first = (a, position.raja_return_squares(a).iter().next().unwrap());
                let second = (b, position.raja_return_squares(b).iter().next().unwrap());
                record
                    .play(ChaturajiAction::Exchange { first, second })
                    .unwrap();
            }
            let roll = chaturaji::Roll::ALL[rng.below(4) as usize];
            let Some(mv) = record.final_position().choose_move(roll, &mut rng) else {
                break;
            };
            record.play(ChaturajiAction::Ply { roll, mv }).unwrap();
        }
        let exchanged = record
            .actions()
            .iter()
            .any(|a| matches!(a, ChaturajiAction::Exchange { .. }));
        if exchanged {
            return record;
        }
    }
    panic!("no seed under 200 gave a raja exchange");
}

/// A Chaturaji game under the Ludii ruleset with at least one promotion
/// decision.
fn ludii_record() -> ChaturajiRecord {
    for seed in 0..200 {
        let start = chaturaji::Position::start(Rules::ludii());
        let mut record = ChaturajiRecord::new(start.clone());
        let mut position = start;
        play_seeded_game(&mut position, seed, 100_000, |ply, _| {
            let action = match ply.roll {
                Some(roll) => ChaturajiAction::Ply { roll, mv: ply.mv },
                None => ChaturajiAction::Decision { mv: ply.mv },
            };
            record.play(action).expect("a legal ply");
        });
        let decided = record
            .actions()
            .iter()
            .any(|a| matches!(a, ChaturajiAction::Decision { .. }));
        if decided {
            return record;
        }
    }
    panic!("no seed under 200 gave a promotion decision");
}

#[test]
fn kaissa_record_answers_alike_and_round_trips() {
    round_trip(kaissa_record(), |r| matches!(r, Record::Kaissa(_)));
}

#[test]
fn sheet_record_answers_alike_and_round_trips() {
    let record = sheet_record();
    assert!(!record.options().is_ludii());
    round_trip(record, |r| matches!(r, Record::Chaturaji(_)));
}

#[test]
fn ludii_record_answers_alike_and_round_trips() {
    let record = ludii_record();
    assert!(record.options().is_ludii());
    round_trip(record, |r| {
        r.as_chaturaji().is_some_and(|c| c.options().is_ludii())
    });
}

#[test]
fn accessors_reach_only_their_game() {
    let mut kaissa = Record::from(kaissa_record());
    let mut chaturaji = Record::from(ludii_record());
    assert!(kaissa.as_kaissa().is_some() && kaissa.as_chaturaji().is_none());
    assert!(chaturaji.as_chaturaji().is_some() && chaturaji.as_kaissa().is_none());
    assert!(kaissa.as_chaturaji_mut().is_none() && chaturaji.as_kaissa_mut().is_none());
    kaissa
        .as_kaissa_mut()
        .unwrap()
        .set_tag("Site", "Ar")
        .unwrap();
    assert_eq!(kaissa.tags().get("Site"), Some("Ar"));
    assert_ne!(kaissa, chaturaji);
}

/// Each kind of action: its variant, its text, the text read back by its
/// game's parser, and what `action`, `roll`, `as_kaissa` and
/// `as_chaturaji` say of it.
#[test]
fn every_kind_of_action_displays_and_round_trips() {
    let kaissa: kaissa::Move = "d1f4".parse().unwrap();
    let action = RecordAction::from(kaissa);
    assert_eq!(action, RecordAction::Kaissa(kaissa));
    assert_eq!(action.to_string(), "d1f4");
    let back: kaissa::Move = action.to_string().parse().unwrap();
    assert_eq!(RecordAction::from(back), action);
    assert_eq!(action.action(), Some(AnyAction::Kaissa(kaissa)));
    assert_eq!(
        (action.roll(), action.as_kaissa(), action.as_chaturaji()),
        (None, Some(kaissa), None)
    );

    for (text, kind) in [
        ("5:g7g8K", "ply"),
        ("4:pass", "ply"),
        ("=H", "decision"),
        ("pass", "decision"),
        ("exchange:rh4,be8", "exchange"),
    ] {
        let parsed: ChaturajiAction = text.parse().unwrap();
        let action = RecordAction::from(parsed);
        let step = |mv| Some(AnyAction::Chaturaji(ChaturajiStep::Move(mv)));
        match action {
            RecordAction::ChaturajiPly { roll, mv } => {
                assert_eq!(kind, "ply", "{text}");
                assert_eq!(parsed, ChaturajiAction::Ply { roll, mv });
                assert_eq!((action.roll(), action.action()), (Some(roll), step(mv)));
            }
            RecordAction::LudiiDecision { mv } => {
                assert_eq!(kind, "decision", "{text}");
                assert_eq!(parsed, ChaturajiAction::Decision { mv });
                assert_eq!((action.roll(), action.action()), (None, step(mv)));
            }
            RecordAction::RajaExchange { first, second } => {
                assert_eq!(kind, "exchange", "{text}");
                assert_eq!(parsed, ChaturajiAction::Exchange { first, second });
                assert_eq!((action.roll(), action.action()), (None, None));
            }
            other => panic!("{text} read as {other:?}"),
        }
        assert_eq!(action.to_string(), text);
        let back: ChaturajiAction = action.to_string().parse().unwrap();
        assert_eq!(RecordAction::from(back), action, "{text}");
        assert_eq!(
            (action.as_chaturaji(), action.as_kaissa()),
            (Some(parsed), None)
        );
    }
}
