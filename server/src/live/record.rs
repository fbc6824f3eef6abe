//! Game records: a table's record (`GET /api/games/<id>/record`) in the
//! library's record format, and the check of a record's rolls
//! (`kc-server record`).
//!
//! Tags the server adds: the players (`Yellow`, `Red` / `Red`, `Black`,
//! `Yellow`, `Green`), `GameId`, `Clock`, `DiceCommitment`, `DiceSeeds`
//! (the seat seeds in seat order, comma-separated) and, once the game is
//! over, `ServerSeed`. A game lost on time is written with the result `*`
//! and the termination `abandoned` (the format has no time forfeit), and
//! the tags `Outcome` (the winner's word) and `Ending "time-forfeit"`. So
//! is a resignation under the Ludii ruleset that leaves a tie for the
//! best score (the format's resignation names a winner): `Outcome
//! "draw"`, `Ending "resignation"`.

use std::io::BufRead;

use kaissa_chaturaji::record::{GameResult, Reader, Record, Termination};
use sha2::{Digest, Sha256};

use crate::live::game::Live;
use crate::table::clock::ClockConfig;
use crate::table::dice;
use crate::table::game::seat_colours;
use crate::table::rules_record::moves_record;
use crate::table::status::Status;

/// The clock tag's value: `<initial_ms>+<increment_ms>` (milliseconds) or
/// `<days>d` per move; `-` for none.
fn clock_tag(clock: Option<&ClockConfig>) -> String {
    match clock {
        None => "-".into(),
        Some(ClockConfig::Live {
            initial_ms,
            increment_ms,
        }) => format!("{initial_ms}+{increment_ms}"),
        Some(ClockConfig::Days { days_per_move }) => format!("{days_per_move}d"),
    }
}

/// The record of a game: its moves, players, clock, dice and result.
///
/// # Errors
///
/// When a stored token does not replay (a damaged store), or a tag cannot
/// be written.
pub fn build(live: &Live) -> Result<String, String> {
    let mut record = moves_record(&live.table)?;
    let tag = |record: &mut Record, name: &str, value: &str| {
        record
            .set_tag(name, value)
            .map_err(|e| format!("tag {name}: {e}"))
    };
    for (i, colour) in seat_colours(live.variant()).iter().enumerate() {
        let seat = &live.seats[i];
        let name = seat
            .name
            .clone()
            .or_else(|| seat.bot_spec().map(|s| format!("bot {s}")))
            .unwrap_or_else(|| "?".into());
        let mut tag_name = colour.to_string();
        tag_name[..1].make_ascii_uppercase();
        tag(&mut record, &tag_name, &name)?;
    }
    tag(&mut record, "GameId", &live.id)?;
    tag(&mut record, "Clock", &clock_tag(live.clock.as_ref()))?;
    tag(&mut record, "DiceCommitment", &live.commitment)?;
    let seeds: Vec<String> = live
        .seeds
        .iter()
        .map(|s| s.clone().unwrap_or_default())
        .collect();
    tag(&mut record, "DiceSeeds", &seeds.join(","))?;
    if live.status == Status::Over {
        tag(&mut record, "ServerSeed", &live.server_seed)?;
    }
    if let Some(ending) = &live.ending {
        let result = record.parse_result(&ending.outcome);
        let set = match ending.termination.as_str() {
            "resignation" if result.is_some_and(GameResult::is_win) => {
                result.map(|r| (r, Termination::Resignation))
            }
            // A Ludii resignation that leaves a tie for the best score:
            // the format's resignation names a winner, so it is written
            // as the time forfeit is.
            "resignation" => {
                tag(&mut record, "Outcome", &ending.outcome)?;
                tag(&mut record, "Ending", "resignation")?;
                Some((GameResult::Unfinished, Termination::Abandoned))
            }
            "agreement" => Some((GameResult::Draw, Termination::Agreement)),
            "abandoned" => Some((GameResult::Unfinished, Termination::Abandoned)),
            // The server's own endings, which the format's results do
            // not hold (its turn limit is the rules' own).
            word @ ("time-forfeit" | "turn-limit") => {
                tag(&mut record, "Outcome", &ending.outcome)?;
                tag(&mut record, "Ending", word)?;
                Some((GameResult::Unfinished, Termination::Abandoned))
            }
            _ => None, // the rules' own ending, which the record has already
        };
        if let Some((result, termination)) = set {
            record
                .set_result(result, termination)
                .map_err(|e| format!("result: {e}"))?;
        }
    }
    Ok(record.to_string())
}

/// Checks the dice of every record on `input`: the server seed against
/// the commitment, and every roll against the HMAC formula. Returns one
/// line per record (`<id>: <n> rolls verified`).
///
/// # Errors
///
/// The first record that cannot be read, lacks a tag, or has a roll or a
/// commitment that does not match, with the reason.
pub fn verify(input: impl BufRead) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    for (n, record) in Reader::new(input).enumerate() {
        let record = record.map_err(|e| format!("record {}: {e}", n + 1))?;
        let tag = |name: &str| {
            record
                .tags()
                .get(name)
                .map(str::to_string)
                .ok_or_else(|| format!("record {}: no {name} tag", n + 1))
        };
        let id = tag("GameId")?;
        let commitment = tag("DiceCommitment")?;
        let server_seed = tag("ServerSeed")
            .map_err(|e| format!("{e} (the server publishes it once the game is over)"))?;
        let key = dice::from_hex(&server_seed)
            .ok_or_else(|| format!("game {id}: the server seed is not hex"))?;
        let digest = dice::to_hex(&Sha256::digest(&key));
        if digest != commitment.to_ascii_lowercase() {
            return Err(format!(
                "game {id}: SHA-256 of the server seed is {digest}, but the commitment was {commitment}"
            ));
        }
        let seeds: Vec<String> = tag("DiceSeeds")?.split(',').map(str::to_string).collect();
        let mut k = 0u64;
        for index in 0..record.action_count() {
            let Some(face) = record.action(index).and_then(|a| a.roll()) else {
                continue;
            };
            let expected = dice::roll(&key, &id, k, &seeds);
            if face.face() != expected {
                return Err(format!(
                    "game {id}: roll {k} (action {}, {}) shows {}, but the die gives {expected}",
                    index + 1,
                    record.action_text(index).unwrap_or_default(),
                    face.face()
                ));
            }
            k += 1;
        }
        lines.push(format!("{id}: {k} rolls verified"));
    }
    if lines.is_empty() {
        return Err("no record on the input".into());
    }
    Ok(lines)
}
