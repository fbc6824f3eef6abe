//! When a finished game counts for the ratings, and how it places its
//! players. Pure: it reads a game's stored row, nothing else.
//!
//! A game counts when it was created rated, every seat is bound to an
//! account (a server-side bot's seat has none, so a game with one does
//! not count), no account holds two seats, and it ended with a result: an
//! aborted game does not count, nor does a game the players ended
//! (resignation, loss on time, draw by agreement) before every seat had
//! made [`MIN_OWN_MOVES`] moves of its own. A game the rules ended counts
//! however short it was.

use kaissa_chaturaji::game::Variant;
use serde::Deserialize;

use crate::rating::skill::{placing, Placing, Pool};
use crate::store::rows::GameRow;

/// How many moves of its own every seat must have made for a game that
/// the players ended to count.
pub const MIN_OWN_MOVES: u32 = 2;

/// What the ratings need of a finished game's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// The game's id.
    pub id: String,
    /// `kaissa` or `chaturaji`.
    pub game: String,
    /// The rules word.
    pub rules: String,
    /// `waiting`, `playing` or `over`.
    pub status: String,
    /// The seats, as stored (JSON).
    pub seats: String,
    /// The ending, as stored (JSON).
    pub result: String,
    /// The other state, as stored (JSON).
    pub extra: String,
}

impl Finished {
    /// The variant its game and rules words name, if they name one.
    #[must_use]
    pub fn variant(&self) -> Option<Variant> {
        Variant::from_game_and_rules(&self.game, Some(&self.rules)).ok()
    }
}

impl From<&GameRow> for Finished {
    fn from(row: &GameRow) -> Finished {
        Finished {
            id: row.id.clone(),
            game: row.game.clone(),
            rules: row.rules.clone(),
            status: row.status.clone(),
            seats: row.seats.clone(),
            result: row.result.clone(),
            extra: row.extra.clone(),
        }
    }
}

/// What a finished game means for the ratings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Not a rated game (or not over): nothing to settle.
    NotRated,
    /// A rated game that does not count, and why; it is settled without
    /// changing any rating.
    Unrated(String),
    /// A game that counts.
    Rated {
        /// Its pool.
        pool: Pool,
        /// The account id of each seat.
        accounts: Vec<String>,
        /// How it places the seats.
        placing: Placing,
    },
}

/// The parts of a stored seat the ratings read.
#[derive(Deserialize)]
struct StoredSeat {
    #[serde(default)]
    account: Option<String>,
}

/// The parts of a game's stored extra state the ratings read.
#[derive(Deserialize)]
struct StoredExtra {
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    seat_moves: Vec<u32>,
    #[serde(default)]
    gave_up: Option<usize>,
}

/// The parts of a stored ending the ratings read.
#[derive(Deserialize)]
struct StoredEnding {
    outcome: String,
    termination: String,
}

/// Whether and how `game` counts.
///
/// # Errors
///
/// When a stored column is not the JSON it should be.
pub fn judge(game: &Finished) -> Result<Verdict, String> {
    let column = |name: &str, e: serde_json::Error| format!("game {}: column {name}: {e}", game.id);
    let extra: StoredExtra = serde_json::from_str(&game.extra).map_err(|e| column("extra", e))?;
    if !extra.rated || game.status != "over" {
        return Ok(Verdict::NotRated);
    }
    let seats: Vec<StoredSeat> =
        serde_json::from_str(&game.seats).map_err(|e| column("seats", e))?;
    let ending: Option<StoredEnding> =
        serde_json::from_str(&game.result).map_err(|e| column("result", e))?;
    let Some(ending) = ending else {
        return Ok(Verdict::Unrated("the game has no ending".into()));
    };
    let Some(variant) = game.variant() else {
        return Ok(Verdict::Unrated("no pool for this game".into()));
    };
    let pool = Pool::of(variant);
    let Some(placing) = placing(variant, &ending.outcome, extra.gave_up) else {
        return Ok(Verdict::Unrated(format!(
            "no result to rate ({}, {})",
            ending.outcome, ending.termination
        )));
    };
    let accounts: Option<Vec<String>> = seats.into_iter().map(|seat| seat.account).collect();
    let Some(accounts) = accounts else {
        return Ok(Verdict::Unrated("a seat has no account".into()));
    };
    let mut distinct = accounts.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != accounts.len() {
        return Ok(Verdict::Unrated("an account holds two seats".into()));
    }
    let by_players = matches!(
        ending.termination.as_str(),
        "resignation" | "time-forfeit" | "agreement"
    );
    let early = (0..accounts.len())
        .any(|seat| extra.seat_moves.get(seat).copied().unwrap_or(0) < MIN_OWN_MOVES);
    if by_players && early {
        return Ok(Verdict::Unrated(format!(
            "{} before every seat made {MIN_OWN_MOVES} moves",
            ending.termination
        )));
    }
    Ok(Verdict::Rated {
        pool,
        accounts,
        placing,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn game(
        kind: &str,
        rules: &str,
        accounts: &[Option<&str>],
        moves: &[u32],
        ending: (&str, &str),
    ) -> Finished {
        let seats: Vec<_> = accounts
            .iter()
            .map(|a| json!({ "kind": "human", "name": a, "moved": true, "account": a }))
            .collect();
        Finished {
            id: "0123456789abcdef".into(),
            game: kind.into(),
            rules: rules.into(),
            status: "over".into(),
            seats: json!(seats).to_string(),
            result: json!({ "outcome": ending.0, "termination": ending.1 }).to_string(),
            extra:
                json!({ "private": false, "draw_offers": [], "rated": true, "seat_moves": moves })
                    .to_string(),
        }
    }

    #[test]
    fn a_finished_rated_game_counts() {
        let g = game(
            "kaissa",
            "sheet",
            &[Some("a"), Some("b")],
            &[2, 2],
            ("yellow-wins", "resignation"),
        );
        let Verdict::Rated {
            pool,
            accounts,
            placing,
        } = judge(&g).unwrap()
        else {
            panic!("not rated");
        };
        assert_eq!(pool, Pool::Kaissa);
        assert_eq!(accounts, ["a", "b"]);
        assert_eq!(placing.ranks, [1, 2]);
    }

    #[test]
    fn what_does_not_count() {
        let ab = [Some("a"), Some("b")];
        let early = game(
            "kaissa",
            "sheet",
            &ab,
            &[2, 1],
            ("yellow-wins", "resignation"),
        );
        assert!(matches!(judge(&early).unwrap(), Verdict::Unrated(_)));
        let flag = game(
            "kaissa",
            "sheet",
            &ab,
            &[1, 1],
            ("red-wins", "time-forfeit"),
        );
        assert!(matches!(judge(&flag).unwrap(), Verdict::Unrated(_)));
        let agreed = game("kaissa", "sheet", &ab, &[0, 0], ("draw", "agreement"));
        assert!(matches!(judge(&agreed).unwrap(), Verdict::Unrated(_)));
        let aborted = game("kaissa", "sheet", &ab, &[0, 0], ("ongoing", "abandoned"));
        assert!(matches!(judge(&aborted).unwrap(), Verdict::Unrated(_)));
        let bot = game(
            "kaissa",
            "sheet",
            &[Some("a"), None],
            &[5, 5],
            ("red-wins", "home-stone-captured"),
        );
        assert!(matches!(judge(&bot).unwrap(), Verdict::Unrated(_)));
        let twice = game(
            "kaissa",
            "sheet",
            &[Some("a"), Some("a")],
            &[5, 5],
            ("red-wins", "resignation"),
        );
        assert!(matches!(judge(&twice).unwrap(), Verdict::Unrated(_)));
        // The rules may end a game early and it still counts.
        let by_rules = game(
            "kaissa",
            "sheet",
            &ab,
            &[1, 1],
            ("red-wins", "home-stone-captured"),
        );
        assert!(matches!(judge(&by_rules).unwrap(), Verdict::Rated { .. }));
        // Casual and unfinished games are not settled at all.
        let mut casual = game("kaissa", "sheet", &ab, &[9, 9], ("draw", "agreement"));
        casual.extra = json!({ "private": false, "draw_offers": [] }).to_string();
        assert_eq!(judge(&casual).unwrap(), Verdict::NotRated);
        let mut playing = game("kaissa", "sheet", &ab, &[9, 9], ("draw", "agreement"));
        playing.status = "playing".into();
        assert_eq!(judge(&playing).unwrap(), Verdict::NotRated);
        let mut broken = game("kaissa", "sheet", &ab, &[9, 9], ("draw", "agreement"));
        broken.seats = "[".into();
        assert!(judge(&broken).is_err());
    }

    #[test]
    fn chaturaji_games_place_their_seats() {
        let four = [Some("a"), Some("b"), Some("c"), Some("d")];
        let sheet = game(
            "chaturaji",
            "sheet",
            &four,
            &[2, 2, 2, 2],
            ("rg-wins", "resignation"),
        );
        let Verdict::Rated { pool, placing, .. } = judge(&sheet).unwrap() else {
            panic!("not rated");
        };
        assert_eq!(pool, Pool::ChaturajiAlliances);
        assert_eq!(placing.teams, [vec![0, 3], vec![1, 2]]);
        assert_eq!(placing.ranks, [1, 2]);
        let ludii = game(
            "chaturaji",
            "ludii",
            &four,
            &[30, 30, 29, 29],
            ("black-wins", "opponents-out"),
        );
        let Verdict::Rated { pool, placing, .. } = judge(&ludii).unwrap() else {
            panic!("not rated");
        };
        assert_eq!(pool, Pool::ChaturajiLudii);
        assert_eq!(placing.ranks, [2, 1, 2, 2]);
        // A Ludii seat that resigned comes last.
        let mut resigned = game(
            "chaturaji",
            "ludii",
            &four,
            &[2, 2, 2, 2],
            ("draw", "resignation"),
        );
        resigned.extra =
            json!({ "rated": true, "seat_moves": [2, 2, 2, 2], "gave_up": 3 }).to_string();
        let Verdict::Rated { placing, .. } = judge(&resigned).unwrap() else {
            panic!("not rated");
        };
        assert_eq!(placing.ranks, [1, 1, 1, 2]);
    }
}
