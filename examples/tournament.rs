//! A tournament between agents (random, greedy, MCTS, alpha-beta).
//!
//! ```text
//! cargo run --release --example tournament -- kaissa --seats alphabeta:3,random --games 10
//! cargo run --release --example tournament -- chaturaji --seats mcts:500,random --games 20 --seed 3
//! cargo run --release --example tournament -- chaturaji --rules ludii --seats mcts:300,random,random,random --games 8
//! ```
//!
//! Prints one line per game, a results table, and last the line
//! `scores <s1> <s2> ...`: the listed agents' mean scores, in list order.
//! `--help` says everything it takes.

use std::process::ExitCode;

use kaissa_chaturaji::agents::AgentSpec;
use kaissa_chaturaji::chaturaji::{Alliances, DiceRoller, Rules};
use kaissa_chaturaji::game::Game;
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

#[path = "tournament_support/games.rs"]
mod games;

/// What `--help` prints.
const HELP: &str = "tournament: agents play each other; prints one line per game, a results
table, and last `scores <s1> <s2> ...`, the listed agents' mean scores in
list order.

usage: tournament <kaissa|chaturaji> [--rules sheet|opposite|ludii]
                  --seats A,B[,C,D] [--games N] [--seed S] [--record FILE]
                  [--max-plies P] [--opening-plies K]

agents:  random, greedy, mcts:<iterations>, alphabeta:<depth> (Kaissa only),
         expectimax:<depth>; time budgets: mcts:<ms>ms, alphabeta:<ms>ms
--rules  Chaturaji's rules: sheet (default; Red with Green, Black with
         Yellow), opposite (Red with Yellow, Black with Green), or ludii (every
         colour for itself, scores). --alliances sheet|opposite is the older
         spelling.
--games  the number of games (default 10); --seed the seed (default 1):
         the same seed replays the same tournament (with iteration and depth
         budgets; a time budget depends on the machine).
--record FILE     writes every game to FILE as game records (docs/records.md).
--max-plies P     stops a game after P moves (die rolls not counted) and
                  scores it a draw (default 2000 for Kaissa, whose rules have
                  no move-count limit; 20000 for Chaturaji, whose games end
                  by their own rules well before).
--opening-plies K the first K moves of each game are random (default 0),
                  the same for the games that only rotate the seats (games
                  g with the same g div the number of agents listed): for
                  agents that play the same moves every game (alphabeta).

Seating: game g (from 0) seats the i-th listed agent at seat (i + g) mod n.
Kaissa lists 2 agents (seat 0 Yellow, 1 Red). Chaturaji lists 4 (seats Red,
Black, Yellow, Green) or, under the sheet's or the opposite alliances, 2: then
each agent plays both colours of one alliance, agent i the alliance
(i + g) mod 2, where alliance 0 is Red's, so the agents swap alliances every
game. The Ludii ruleset needs 4.

Scores: a seat scores 1 for a win (its alliance's, under alliances), 0.5 for
a draw, 0 for a loss; under the Ludii ruleset 1 for the winner and, when
there is none (a tie for the top score, the turn limit, the ply cap), 1/4
each. An agent's score is the mean over its games.";

/// The options of a tournament.
struct Options {
    game: String,
    rules: Rules,
    seats: Vec<AgentSpec>,
    games: usize,
    seed: u64,
    record: Option<String>,
    max_plies: Option<u32>,
    opening_plies: u32,
}

/// Reads the command line (after the program name).
fn options(args: &[String]) -> Result<Options, String> {
    let game = args
        .first()
        .ok_or("which game? kaissa or chaturaji (see --help)")?;
    if game != "kaissa" && game != "chaturaji" {
        return Err(format!("unknown game '{game}': kaissa or chaturaji"));
    }
    let mut options = Options {
        game: game.clone(),
        rules: Rules::default(),
        seats: Vec::new(),
        games: 10,
        seed: 1,
        record: None,
        max_plies: None,
        opening_plies: 0,
    };
    let mut rest = &args[1..];
    while let Some(option) = rest.first() {
        let value = rest
            .get(1)
            .ok_or_else(|| format!("{option} needs a value (see --help)"))?;
        let number = |what: &str| -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{option} {value}: {what} must be a whole number"))
        };
        match option.as_str() {
            "--rules" | "--alliances" if game == "kaissa" => {
                return Err(format!("{option} is a Chaturaji option"))
            }
            "--rules" => {
                options.rules = match value.as_str() {
                    "sheet" => Rules::default(),
                    "opposite" => Rules::default().with_alliances(Alliances::Opposite),
                    "ludii" => Rules::ludii(),
                    _ => return Err(format!("--rules {value}: sheet, opposite or ludii")),
                }
            }
            "--alliances" => {
                options.rules = match value.as_str() {
                    "sheet" => Rules::default(),
                    "opposite" => Rules::default().with_alliances(Alliances::Opposite),
                    _ => return Err(format!("--alliances {value}: sheet or opposite")),
                }
            }
            "--seats" => {
                options.seats = value
                    .split(',')
                    .map(|spec| spec.parse::<AgentSpec>().map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?;
            }
            "--games" => {
                options.games = usize::try_from(number("the number of games")?)
                    .map_err(|_| "--games: too many")?;
                if options.games == 0 {
                    return Err("--games 0: play at least one game".into());
                }
            }
            "--seed" => options.seed = number("the seed")?,
            "--record" => options.record = Some(value.clone()),
            "--max-plies" => {
                let plies = number("the ply cap")?;
                options.max_plies = Some(
                    u32::try_from(plies)
                        .ok()
                        .filter(|&p| p > 0)
                        .ok_or("--max-plies: between 1 and 4294967295")?,
                );
            }
            "--opening-plies" => {
                options.opening_plies = u32::try_from(number("the opening plies")?)
                    .map_err(|_| "--opening-plies: at most 4294967295")?;
            }
            _ => return Err(format!("unknown option '{option}' (see --help)")),
        }
        rest = &rest[2..];
    }
    let (players, allowed) = match (game.as_str(), options.rules.is_ludii()) {
        ("kaissa", _) => (2, "2 agents"),
        (_, true) => (4, "4 agents (the Ludii ruleset is every colour for itself)"),
        _ => (4, "2 agents (one per alliance) or 4"),
    };
    let listed = options.seats.len();
    let fits = listed == players || (players == 4 && listed == 2 && !options.rules.is_ludii());
    if listed == 0 {
        return Err("--seats is needed: e.g. --seats alphabeta:3,random".into());
    }
    if !fits {
        return Err(format!("--seats lists {listed}: this game takes {allowed}"));
    }
    // Every agent must play the game (alpha-beta plays Kaissa only).
    for spec in &options.seats {
        if players == 4 {
            spec.chaturaji_agent(0).map_err(|e| e.to_string())?;
        }
    }
    Ok(options)
}

/// The listed agent at each seat of game `round` (see the help).
fn seating(options: &Options, players: usize, round: usize) -> Vec<usize> {
    let listed = options.seats.len();
    (0..players)
        .map(|seat| {
            let unit = if listed == players {
                seat
            } else {
                games::alliance_of(options.rules, seat)
            };
            (unit + listed - round % listed) % listed
        })
        .collect()
}

/// Each seat's score from the returns (see the help).
fn seat_scores(returns: &[f64], ludii: bool, capped: bool) -> Vec<f64> {
    let n = returns.len() as f64;
    let no_winner = capped || returns.iter().all(|&r| r <= 0.0);
    returns
        .iter()
        .map(|&r| match (ludii, no_winner) {
            (true, true) => 1.0 / n,
            (false, true) if capped || r == 0.0 => 0.5,
            _ if r > 0.0 => 1.0,
            _ => 0.0,
        })
        .collect()
}

/// One agent's tally.
#[derive(Default, Clone)]
struct Tally {
    games: usize,
    wins: usize,
    draws: usize,
    losses: usize,
    score: f64,
}

/// A seed for game `round`'s `what` (0: the die, 1 + i: agent i).
fn derived_seed(seed: u64, round: usize, what: usize) -> u64 {
    let mut rng = SplitMix64::new(seed ^ ((round as u64) << 20) ^ (what as u64));
    rng.next_u64()
}

fn run(options: &Options) -> Result<(), String> {
    let players = if options.game == "kaissa" { 2 } else { 4 };
    let max_plies = options
        .max_plies
        .unwrap_or(if players == 2 { 2000 } else { 20_000 });
    let rules_note = if players == 4 {
        format!(", rules {}", rules_name(options.rules))
    } else {
        String::new()
    };
    println!(
        "tournament: {}{rules_note}, {} games, seed {}, ply cap {max_plies}",
        options.game, options.games, options.seed
    );
    let mut tallies = vec![Tally::default(); options.seats.len()];
    let mut records = String::new();
    let names = games::seat_names(players);
    for round in 0..options.games {
        let seats = seating(options, players, round);
        let seat_specs: Vec<(&str, String)> = seats
            .iter()
            .enumerate()
            .map(|(seat, &agent)| (names[seat], options.seats[agent].to_string()))
            .collect();
        let record = options
            .record
            .as_ref()
            .map(|_| (round + 1, &seat_specs[..]));
        let mut roller = DiceRoller::new(derived_seed(options.seed, round, 0));
        let seed_of = |agent: usize| derived_seed(options.seed, round, 1 + agent);
        let opening_seed = derived_seed(options.seed, round / options.seats.len(), usize::MAX);
        let (returns, plies, capped, word, text) = if players == 2 {
            let mut agents = (0..options.seats.len())
                .map(|agent| options.seats[agent].kaissa_agent(seed_of(agent)))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?;
            let mut table = games::Table {
                agents: &mut agents,
                seats: &seats,
                opening_plies: options.opening_plies,
                opening_seed,
            };
            let (played, text) = games::kaissa_game(&mut table, &mut roller, max_plies, record)?;
            let word = played.game.position().outcome().word();
            (
                played.game.returns(),
                played.plies,
                played.capped,
                word,
                text,
            )
        } else {
            let mut agents = (0..options.seats.len())
                .map(|agent| options.seats[agent].chaturaji_agent(seed_of(agent)))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| e.to_string())?;
            let mut table = games::Table {
                agents: &mut agents,
                seats: &seats,
                opening_plies: options.opening_plies,
                opening_seed,
            };
            let (played, text) =
                games::chaturaji_game(options.rules, &mut table, &mut roller, max_plies, record)?;
            let word = played.game.position().outcome().word();
            (
                played.game.returns(),
                played.plies,
                played.capped,
                word,
                text,
            )
        };
        let scores = seat_scores(&returns, options.rules.is_ludii() && players == 4, capped);
        let ending = if capped { "capped (draw)" } else { word };
        let line: Vec<String> = seat_specs.iter().map(|(s, a)| format!("{s} {a}")).collect();
        println!(
            "game {:>3}: {}  -> {ending} in {plies} plies",
            round + 1,
            line.join(", ")
        );
        for (agent, tally) in tallies.iter_mut().enumerate() {
            let mine: Vec<f64> = (0..players)
                .filter(|&s| seats[s] == agent)
                .map(|s| scores[s])
                .collect();
            let score = mine.iter().sum::<f64>() / mine.len() as f64;
            tally.games += 1;
            tally.score += score;
            match score {
                s if s >= 1.0 => tally.wins += 1,
                s if s <= 0.0 => tally.losses += 1,
                _ => tally.draws += 1,
            }
        }
        if let Some(text) = text {
            if !records.is_empty() {
                records.push('\n');
            }
            records.push_str(&text);
        }
    }
    if let Some(path) = &options.record {
        std::fs::write(path, records).map_err(|e| format!("--record {path}: {e}"))?;
    }
    println!();
    println!(
        "{:<20} {:>5} {:>5} {:>5} {:>6} {:>8} {:>7}",
        "agent", "games", "wins", "draws", "losses", "won/dec", "score"
    );
    for (spec, tally) in options.seats.iter().zip(&tallies) {
        let decided = tally.wins + tally.losses;
        let rate = if decided == 0 {
            "-".to_string()
        } else {
            format!("{:.0}%", 100.0 * tally.wins as f64 / decided as f64)
        };
        println!(
            "{:<20} {:>5} {:>5} {:>5} {:>6} {:>8} {:>7.3}",
            spec.to_string(),
            tally.games,
            tally.wins,
            tally.draws,
            tally.losses,
            rate,
            tally.score / tally.games as f64
        );
    }
    let means: Vec<String> = tallies
        .iter()
        .map(|t| format!("{:.3}", t.score / t.games as f64))
        .collect();
    println!("scores {}", means.join(" "));
    Ok(())
}

/// The name of a Chaturaji rules option.
fn rules_name(rules: Rules) -> &'static str {
    if rules.is_ludii() {
        "ludii"
    } else if rules.alliances == Alliances::Opposite {
        "opposite"
    } else {
        "sheet"
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{HELP}");
        return ExitCode::SUCCESS;
    }
    match options(&args).and_then(|options| run(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tournament: {message}");
            ExitCode::FAILURE
        }
    }
}
