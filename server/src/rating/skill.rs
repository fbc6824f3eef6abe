//! Ratings: the three pools, each player's rating in a pool, and how one
//! finished game changes its players' ratings. Pure arithmetic over the
//! `skillratings` crate; storage lives in [`crate::rating::store`].
//!
//! - Merchant Kaissa (pool `kaissa`) uses Glicko-2. Each game is a rating
//!   period of its own, as online servers do: the two ratings change as
//!   soon as the game ends, through the crate's one-game function (which is
//!   Glickman's rating period with one result). A deviation does not grow
//!   with time away from the board.
//! - Chaturaji uses Weng-Lin (a Bayesian rating for teams): under the
//!   sheet's and the opposite rules (pool `chaturaji-alliances`) a game is
//!   two teams of two, one alliance wins or all draw; under the Ludii
//!   ruleset (pool `chaturaji-ludii`) it is four teams of one, the winner
//!   first and the three others tied second, or all tied in a draw; a
//!   seat that resigned or ran out of time comes last.
//!
//! A Weng-Lin rating (mu, sigma) is shown on Glicko's scale: `1500 +
//! 173.7178 (mu - 25) / (beta sqrt 2)`, so that a gap of 100 points
//! between two settled players means about the same expected score as 100
//! Glicko points. Both systems rank players by that shown number.

use kaissa_chaturaji::game::Variant;
use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{
    weng_lin_multi_team, weng_lin_two_teams, WengLinConfig, WengLinRating,
};
use skillratings::{MultiTeamOutcome, Outcomes};

/// Glicko-2's scale factor between its internal scale and the shown one.
pub const GLICKO_SCALE: f64 = 173.7178;

/// The shown rating of a new player, in every pool.
pub const START: f64 = 1500.0;

/// A rating pool: games whose players are ranked together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pool {
    /// Merchant Kaissa.
    Kaissa,
    /// Chaturaji under the sheet's or the opposite alliances.
    ChaturajiAlliances,
    /// Chaturaji under the Ludii ruleset (every colour for itself).
    ChaturajiLudii,
}

impl Pool {
    /// Every pool, in the order pages show them.
    pub const ALL: [Pool; 3] = [Pool::Kaissa, Pool::ChaturajiAlliances, Pool::ChaturajiLudii];

    /// The pool's word: `kaissa`, `chaturaji-alliances`, `chaturaji-ludii`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Pool::Kaissa => "kaissa",
            Pool::ChaturajiAlliances => "chaturaji-alliances",
            Pool::ChaturajiLudii => "chaturaji-ludii",
        }
    }

    /// The pool of a word.
    #[must_use]
    pub fn from_word(word: &str) -> Option<Pool> {
        Pool::ALL.into_iter().find(|pool| pool.word() == word)
    }

    /// The pool of a variant's games.
    #[must_use]
    pub const fn of(variant: Variant) -> Pool {
        match variant {
            Variant::Kaissa => Pool::Kaissa,
            Variant::Chaturaji | Variant::ChaturajiOpposite => Pool::ChaturajiAlliances,
            Variant::ChaturajiLudii => Pool::ChaturajiLudii,
        }
    }

    /// How a game of this pool is played: teams per game and players per
    /// team.
    #[must_use]
    pub const fn shape(self) -> (usize, usize) {
        match self {
            Pool::Kaissa => (2, 1),
            Pool::ChaturajiAlliances => (2, 2),
            Pool::ChaturajiLudii => (4, 1),
        }
    }
}

/// A player's rating in one pool: the rating system's own state.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "kebab-case")]
pub enum Skill {
    /// Glicko-2: rating, deviation and volatility (Merchant Kaissa).
    Glicko2(Glicko2Rating),
    /// Weng-Lin: mu (`rating`) and sigma (`uncertainty`) (Chaturaji).
    WengLin(WengLinRating),
}

impl Skill {
    /// A new player's rating in `pool`: the systems' defaults (Glicko-2
    /// 1500, deviation 350, volatility 0.06; Weng-Lin mu 25, sigma 25/3).
    #[must_use]
    pub fn initial(pool: Pool) -> Skill {
        match pool {
            Pool::Kaissa => Skill::Glicko2(Glicko2Rating::new()),
            Pool::ChaturajiAlliances | Pool::ChaturajiLudii => Skill::WengLin(WengLinRating::new()),
        }
    }

    /// The number shown and ranked by (see the module's docs).
    #[must_use]
    pub fn shown(&self) -> f64 {
        match self {
            Skill::Glicko2(r) => r.rating,
            Skill::WengLin(r) => {
                let beta = WengLinConfig::new().beta;
                START + GLICKO_SCALE * (r.rating - 25.0) / (beta * std::f64::consts::SQRT_2)
            }
        }
    }

    /// Whether this is the rating system of `pool`.
    #[must_use]
    pub fn fits(&self, pool: Pool) -> bool {
        matches!(
            (self, pool),
            (Skill::Glicko2(_), Pool::Kaissa)
                | (
                    Skill::WengLin(_),
                    Pool::ChaturajiAlliances | Pool::ChaturajiLudii
                )
        )
    }

    /// The skill as stored (JSON).
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A stored skill of `pool`.
    ///
    /// # Errors
    ///
    /// When the text is not a skill of that pool's system, or holds a
    /// number that is not finite.
    pub fn from_json(pool: Pool, text: &str) -> Result<Skill, String> {
        let skill: Skill =
            serde_json::from_str(text).map_err(|e| format!("a stored rating: {e}"))?;
        let numbers = match skill {
            Skill::Glicko2(r) => vec![r.rating, r.deviation, r.volatility],
            Skill::WengLin(r) => vec![r.rating, r.uncertainty],
        };
        if !skill.fits(pool) || numbers.iter().any(|x| !x.is_finite()) {
            return Err(format!("a stored rating of pool {}: {text}", pool.word()));
        }
        Ok(skill)
    }
}

/// How a finished game ranks its teams: each team's seats and its rank
/// (1 is best; tied teams share a rank).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placing {
    /// The seats of each team.
    pub teams: Vec<Vec<usize>>,
    /// Each team's rank, in the same order.
    pub ranks: Vec<usize>,
}

/// How game `game` (`kaissa` or `chaturaji`) under `rules` ranks its
/// seats when it ended with the outcome word `outcome` (that of the
/// `apply` example: `yellow-wins`, `rg-wins`, `green-wins`, `draw`), the
/// seat `gave_up` having resigned or run out of time, if one did. Under
/// the Ludii ruleset that seat ranks last, below the others' outcome (the
/// winner first and the two others tied, or the three tied in a draw).
/// `None` for a game with no result (`ongoing`: an aborted game) or a word
/// that does not fit the game.
#[must_use]
pub fn placing(variant: Variant, outcome: &str, gave_up: Option<usize>) -> Option<Placing> {
    let pool = Pool::of(variant);
    let colours: &[&str] = if pool == Pool::Kaissa {
        &["yellow", "red"]
    } else {
        &["red", "black", "yellow", "green"]
    };
    match pool {
        Pool::Kaissa | Pool::ChaturajiLudii => {
            let teams: Vec<Vec<usize>> = (0..colours.len()).map(|seat| vec![seat]).collect();
            let winner = if outcome == "draw" {
                None
            } else {
                let word = outcome.strip_suffix("-wins")?;
                Some(colours.iter().position(|c| *c == word)?)
            };
            // Under the Ludii ruleset a seat that gave up comes last.
            let last = gave_up.filter(|&s| pool == Pool::ChaturajiLudii && s < colours.len());
            if last.is_some() && last == winner {
                return None;
            }
            let ranks = (0..colours.len())
                .map(|seat| {
                    let below_winner = usize::from(winner.is_some_and(|w| w != seat));
                    if Some(seat) == last {
                        2 + usize::from(winner.is_some())
                    } else {
                        1 + below_winner
                    }
                })
                .collect();
            Some(Placing { teams, ranks })
        }
        Pool::ChaturajiAlliances => {
            let alliances = alliances_of(variant)?;
            if outcome == "draw" {
                return Some(Placing {
                    teams: alliances.to_vec(),
                    ranks: vec![1, 1],
                });
            }
            // The alliance's two colour letters in `rbyg` order.
            let letters = outcome.strip_suffix("-wins")?;
            let seats: Vec<usize> = letters
                .chars()
                .map(|c| "rbyg".find(c))
                .collect::<Option<_>>()?;
            let winner = alliances.iter().position(|team| *team == seats)?;
            Some(Placing {
                teams: alliances.to_vec(),
                ranks: vec![
                    if winner == 0 { 1 } else { 2 },
                    if winner == 1 { 1 } else { 2 },
                ],
            })
        }
    }
}

/// The two alliances of a Chaturaji variant, as seat lists in seat
/// order (the team holding seat 0 first).
fn alliances_of(variant: Variant) -> Option<[Vec<usize>; 2]> {
    use kaissa_chaturaji::chaturaji::Colour;
    let rules = variant.rules()?;
    if rules.is_ludii() {
        return None;
    }
    let (first, second): (Vec<usize>, Vec<usize>) =
        (0..4).partition(|&seat| rules.friends(Colour::ALL[0], Colour::ALL[seat]));
    (first.len() == 2 && second.len() == 2).then_some([first, second])
}

/// The ratings after a game of `pool` between `teams` (each player's
/// rating before it, team by team) placed `ranks` (1 is best, ties share a
/// rank), in the same shape.
///
/// # Errors
///
/// When the teams do not have the pool's shape or a rating is not of the
/// pool's system.
pub fn rate(pool: Pool, teams: &[Vec<Skill>], ranks: &[usize]) -> Result<Vec<Vec<Skill>>, String> {
    let (count, size) = pool.shape();
    if teams.len() != count
        || ranks.len() != count
        || teams.iter().any(|team| team.len() != size)
        || teams.iter().flatten().any(|skill| !skill.fits(pool))
    {
        return Err(format!(
            "a {} game is {count} teams of {size} rated in that pool",
            pool.word()
        ));
    }
    let outcome = match ranks[0].cmp(&ranks[1]) {
        std::cmp::Ordering::Less => Outcomes::WIN,
        std::cmp::Ordering::Greater => Outcomes::LOSS,
        std::cmp::Ordering::Equal => Outcomes::DRAW,
    };
    match pool {
        Pool::Kaissa => {
            let glicko = |skill: &Skill| match skill {
                Skill::Glicko2(r) => *r,
                Skill::WengLin(_) => Glicko2Rating::new(),
            };
            let (one, two) = glicko2(
                &glicko(&teams[0][0]),
                &glicko(&teams[1][0]),
                &outcome,
                &Glicko2Config::new(),
            );
            Ok(vec![vec![Skill::Glicko2(one)], vec![Skill::Glicko2(two)]])
        }
        Pool::ChaturajiAlliances => {
            let [one, two] = [0, 1].map(|t| weng_lin_team(&teams[t]));
            let (one, two) = weng_lin_two_teams(&one, &two, &outcome, &WengLinConfig::new());
            Ok(vec![to_skills(one), to_skills(two)])
        }
        Pool::ChaturajiLudii => {
            let players: Vec<Vec<WengLinRating>> = teams.iter().map(|t| weng_lin_team(t)).collect();
            let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = players
                .iter()
                .zip(ranks)
                .map(|(team, &rank)| (team.as_slice(), MultiTeamOutcome::new(rank)))
                .collect();
            Ok(weng_lin_multi_team(&ranked, &WengLinConfig::new())
                .into_iter()
                .map(to_skills)
                .collect())
        }
    }
}

/// A team's Weng-Lin ratings.
fn weng_lin_team(team: &[Skill]) -> Vec<WengLinRating> {
    team.iter()
        .map(|skill| match skill {
            Skill::WengLin(r) => *r,
            Skill::Glicko2(_) => WengLinRating::new(),
        })
        .collect()
}

/// Weng-Lin ratings as skills.
fn to_skills(team: Vec<WengLinRating>) -> Vec<Skill> {
    team.into_iter().map(Skill::WengLin).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    fn g(rating: f64, deviation: f64) -> Glicko2Rating {
        Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickmans_example() {
        // "Example of the Glicko-2 system": one rating period of three
        // games.
        let player = g(1500.0, 200.0);
        let results = [
            (g(1400.0, 30.0), Outcomes::WIN),
            (g(1550.0, 100.0), Outcomes::LOSS),
            (g(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&player, &results, &Glicko2Config::new());
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn one_game_is_one_rating_period() {
        let (a, b) = (g(1620.0, 80.0), g(1480.0, 220.0));
        let [[new_a], [new_b]]: [[Skill; 1]; 2] = rate(
            Pool::Kaissa,
            &[vec![Skill::Glicko2(a)], vec![Skill::Glicko2(b)]],
            &[2, 1],
        )
        .unwrap()
        .into_iter()
        .map(|team| [team[0]])
        .collect::<Vec<_>>()
        .try_into()
        .unwrap();
        let config = Glicko2Config::new();
        let period_a = glicko2_rating_period(&a, &[(b, Outcomes::LOSS)], &config);
        let period_b = glicko2_rating_period(&b, &[(a, Outcomes::WIN)], &config);
        let close = |x: Skill, y: Glicko2Rating| match x {
            Skill::Glicko2(x) => {
                (x.rating - y.rating).abs() < 1e-6
                    && (x.deviation - y.deviation).abs() < 1e-6
                    && (x.volatility - y.volatility).abs() < 1e-9
            }
            Skill::WengLin(_) => false,
        };
        assert!(close(new_a, period_a), "{new_a:?} {period_a:?}");
        assert!(close(new_b, period_b), "{new_b:?} {period_b:?}");
    }

    /// The shown ratings after `pool`'s game between new players placed
    /// `ranks`, team by team.
    fn shown_after(pool: Pool, ranks: &[usize]) -> Vec<Vec<f64>> {
        let (count, size) = pool.shape();
        let teams = vec![vec![Skill::initial(pool); size]; count];
        rate(pool, &teams, ranks)
            .unwrap()
            .iter()
            .map(|team| team.iter().map(Skill::shown).collect())
            .collect()
    }

    #[test]
    fn winners_go_up_and_losers_down() {
        for (pool, ranks) in [
            (Pool::Kaissa, vec![1, 2]),
            (Pool::Kaissa, vec![2, 1]),
            (Pool::ChaturajiAlliances, vec![1, 2]),
            (Pool::ChaturajiAlliances, vec![2, 1]),
            (Pool::ChaturajiLudii, vec![2, 2, 1, 2]),
        ] {
            let after = shown_after(pool, &ranks);
            for (team, rank) in after.iter().zip(&ranks) {
                for &rating in team {
                    if *rank == 1 {
                        assert!(rating > START + 1.0, "{pool:?} {ranks:?} {after:?}");
                    } else {
                        assert!(rating < START - 1.0, "{pool:?} {ranks:?} {after:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_draw_between_equals_moves_no_rating() {
        for (pool, ranks) in [
            (Pool::Kaissa, vec![1, 1]),
            (Pool::ChaturajiAlliances, vec![1, 1]),
            (Pool::ChaturajiLudii, vec![1, 1, 1, 1]),
        ] {
            let teams = vec![vec![Skill::initial(pool); pool.shape().1]; pool.shape().0];
            for team in rate(pool, &teams, &ranks).unwrap() {
                for skill in team {
                    assert!((skill.shown() - START).abs() < 1e-9, "{pool:?} {skill:?}");
                    // The game still taught something: less uncertainty.
                    match skill {
                        Skill::Glicko2(r) => assert!(r.deviation < 350.0),
                        Skill::WengLin(r) => assert!(r.uncertainty < 25.0 / 3.0),
                    }
                }
            }
        }
    }

    #[test]
    fn team_games_are_symmetric() {
        // Alliances: both partners move alike, the two sides mirror each
        // other, and listing the teams the other way round changes nothing.
        let pool = Pool::ChaturajiAlliances;
        let a = Skill::WengLin(WengLinRating {
            rating: 28.0,
            uncertainty: 5.0,
        });
        let b = Skill::WengLin(WengLinRating {
            rating: 22.0,
            uncertainty: 7.0,
        });
        let teams = vec![vec![a, a], vec![b, b]];
        let after = rate(pool, &teams, &[1, 2]).unwrap();
        assert_eq!(after[0][0], after[0][1]);
        assert_eq!(after[1][0], after[1][1]);
        let swapped = rate(pool, &[vec![b, b], vec![a, a]], &[2, 1]).unwrap();
        assert_eq!(after[0], swapped[1]);
        assert_eq!(after[1], swapped[0]);
        // New players: the winners gain what the losers lose.
        let even = shown_after(pool, &[1, 2]);
        assert!((even[0][0] - START + (even[1][0] - START)).abs() < 1e-9);
        // Ludii: the three tied losers move alike.
        let ludii = shown_after(Pool::ChaturajiLudii, &[2, 1, 2, 2]);
        assert_eq!(ludii[0], ludii[2]);
        assert_eq!(ludii[0], ludii[3]);
    }

    #[test]
    fn rate_checks_the_shape() {
        let k = Skill::initial(Pool::Kaissa);
        let w = Skill::initial(Pool::ChaturajiLudii);
        assert!(rate(Pool::Kaissa, &[vec![k]], &[1]).is_err());
        assert!(rate(Pool::Kaissa, &[vec![k], vec![w]], &[1, 2]).is_err());
        assert!(rate(Pool::ChaturajiAlliances, &[vec![w], vec![w]], &[1, 2]).is_err());
        assert!(rate(Pool::ChaturajiLudii, &vec![vec![w]; 4], &[1, 2]).is_err());
    }

    #[test]
    fn placings_follow_the_outcome_words() {
        let kaissa = placing(Variant::Kaissa, "red-wins", None).unwrap();
        assert_eq!(kaissa.teams, vec![vec![0], vec![1]]);
        assert_eq!(kaissa.ranks, vec![2, 1]);
        assert_eq!(
            placing(Variant::Kaissa, "draw", Some(0)).unwrap().ranks,
            vec![1, 1]
        );
        assert_eq!(placing(Variant::Kaissa, "ongoing", None), None);
        assert_eq!(placing(Variant::Kaissa, "green-wins", None), None);
        // Sheet: red with green against black with yellow.
        let sheet = placing(Variant::Chaturaji, "by-wins", Some(0)).unwrap();
        assert_eq!(sheet.teams, vec![vec![0, 3], vec![1, 2]]);
        assert_eq!(sheet.ranks, vec![2, 1]);
        assert_eq!(placing(Variant::Chaturaji, "ry-wins", None), None);
        // Opposite: red with yellow against black with green.
        let opposite = placing(Variant::ChaturajiOpposite, "ry-wins", None).unwrap();
        assert_eq!(opposite.teams, vec![vec![0, 2], vec![1, 3]]);
        assert_eq!(opposite.ranks, vec![1, 2]);
        assert_eq!(
            placing(Variant::ChaturajiOpposite, "draw", None)
                .unwrap()
                .ranks,
            vec![1, 1]
        );
        let ludii = placing(Variant::ChaturajiLudii, "green-wins", None).unwrap();
        assert_eq!(ludii.teams.len(), 4);
        assert_eq!(ludii.ranks, vec![2, 2, 2, 1]);
        assert_eq!(
            placing(Variant::ChaturajiLudii, "draw", None)
                .unwrap()
                .ranks,
            vec![1; 4]
        );
        assert_eq!(placing(Variant::ChaturajiLudii, "rg-wins", None), None);
        // A Ludii seat that resigned or ran out of time comes last.
        let resigned = placing(Variant::ChaturajiLudii, "green-wins", Some(1)).unwrap();
        assert_eq!(resigned.ranks, vec![2, 3, 2, 1]);
        let drawn = placing(Variant::ChaturajiLudii, "draw", Some(0)).unwrap();
        assert_eq!(drawn.ranks, vec![2, 1, 1, 1]);
        assert_eq!(placing(Variant::ChaturajiLudii, "red-wins", Some(0)), None);
    }

    #[test]
    fn skills_round_trip_through_their_text() {
        for pool in Pool::ALL {
            let skill = Skill::initial(pool);
            assert_eq!(Skill::from_json(pool, &skill.to_json()).unwrap(), skill);
            assert_eq!(Pool::from_word(pool.word()), Some(pool));
        }
        let glicko = Skill::initial(Pool::Kaissa).to_json();
        assert!(Skill::from_json(Pool::ChaturajiLudii, &glicko).is_err());
        assert!(Skill::from_json(Pool::Kaissa, "{}").is_err());
        assert_eq!(Pool::from_word("chess"), None);
    }
}
