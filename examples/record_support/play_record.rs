//! `play -- <kaissa|chaturaji> [--rules R] <seed> --record`: the seeded
//! game of the move log, printed as a game record (docs/records.md).

use kaissa_chaturaji::chaturaji::{self, play_seeded_game, Alliances, Rules};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::record::{ChaturajiAction, ChaturajiRecord, KaissaRecord};

/// The ply limit of the Chaturaji move log (examples/support/chaturaji.rs),
/// so that a seed gives the same game with and without `--record`.
const CHATURAJI_MAX_PLIES: u32 = 100_000;

/// Plays a seeded Kaissa game: calls the callback with the position before
/// each move and the move, returns the final position.
pub type KaissaGame<'a> =
    &'a dyn Fn(u64, &mut dyn FnMut(&kaissa::Position, kaissa::Move)) -> kaissa::Position;

/// Reads `<game> [--rules sheet|opposite|ludii] [--alliances
/// sheet|opposite] <seed>` and prints the record; `kaissa_game` plays the Kaissa game of
/// the move log.
pub fn main(args: &[String], kaissa_game: KaissaGame<'_>) -> Result<(), String> {
    let game = args.first().map_or("kaissa", String::as_str);
    let mut rules = Rules::default();
    let mut rest = args.get(1..).unwrap_or_default();
    while let [option, value, tail @ ..] = rest {
        if option != "--rules" && option != "--alliances" {
            break;
        }
        if game != "chaturaji" {
            return Err(format!("{option} is a Chaturaji option"));
        }
        rules = match value.as_str() {
            "sheet" => rules.with_alliances(Alliances::Sheet),
            "opposite" => rules.with_alliances(Alliances::Opposite),
            "ludii" if option == "--rules" => Rules::ludii(),
            other => {
                return Err(format!(
                    "{option} {other}: expected sheet or opposite (or ludii for --rules)"
                ))
            }
        };
        rest = tail;
    }
    let seed = match rest {
        [] => 7,
        [seed] => seed
            .parse::<u64>()
            .map_err(|_| format!("'{seed}' is not a seed (a whole number)"))?,
        [_, extra, ..] => return Err(format!("unexpected argument '{extra}'")),
    };
    let text = match game {
        "kaissa" => kaissa_record(seed, kaissa_game)?.to_string(),
        "chaturaji" => chaturaji_record(seed, rules)?.to_string(),
        other => return Err(format!("unknown game '{other}': kaissa or chaturaji")),
    };
    print!("{text}");
    Ok(())
}

fn kaissa_record(seed: u64, kaissa_game: KaissaGame<'_>) -> Result<KaissaRecord, String> {
    let mut record = KaissaRecord::new(kaissa::Position::start());
    let mut error = None;
    kaissa_game(seed, &mut |_, mv| {
        if let Err(err) = record.play(mv) {
            error.get_or_insert(err.to_string());
        }
    });
    if let Some(error) = error {
        return Err(error);
    }
    describe(&mut record, seed, &["Yellow", "Red"])?;
    Ok(record)
}

fn chaturaji_record(seed: u64, rules: Rules) -> Result<ChaturajiRecord, String> {
    let mut position = chaturaji::Position::start(rules);
    let mut record = ChaturajiRecord::new(position.clone());
    let mut error = None;
    play_seeded_game(&mut position, seed, CHATURAJI_MAX_PLIES, |ply, _| {
        // Only a Ludii promotion decision is made without a roll.
        let action = match ply.roll {
            Some(roll) => ChaturajiAction::Ply { roll, mv: ply.mv },
            None => ChaturajiAction::Decision { mv: ply.mv },
        };
        if let Err(err) = record.play(action) {
            error.get_or_insert(err.to_string());
        }
    });
    if let Some(error) = error {
        return Err(error);
    }
    describe(&mut record, seed, &["Red", "Black", "Yellow", "Green"])?;
    Ok(record)
}

/// The event and the players of a seeded game.
fn describe<G: kaissa_chaturaji::record::RecordedGame>(
    record: &mut kaissa_chaturaji::record::GameRecord<G>,
    seed: u64,
    seats: &[&str],
) -> Result<(), String> {
    let tags = [
        ("Event", format!("random game, seed {seed}")),
        ("Site", "examples/play".into()),
    ];
    for (name, value) in tags {
        record.set_tag(name, &value).map_err(|e| e.to_string())?;
    }
    for seat in seats {
        record
            .set_tag(seat, "random player")
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
