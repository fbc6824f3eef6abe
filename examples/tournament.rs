//! A tournament between agents (random, greedy, MCTS, alpha-beta) and UCI
//! engines, refereed by our rules.
//!
//! ```text
//! cargo run --release --example tournament -- kaissa --seats alphabeta:3,random --games 10
//! cargo run --release --example tournament -- chaturaji --seats mcts:500,random --games 20 --seed 3
//! cargo run --release --example tournament -- chaturaji --rules ludii --seats mcts:300,random,random,random --games 8
//! cargo run --release --example tournament -- kaissa --engine ours=target/release/examples/engine \
//!     --seats engine:ours,alphabeta:100ms --movetime 100 --openings openings.txt --games 60 --concurrency 2
//! ```
//!
//! Prints one line per game, a results table, with two agents the line
//! `elo <difference> +- <one standard error>`, and last the line
//! `scores <s1> <s2> ...`: the listed agents' mean scores, in list order.
//! `--help` says everything it takes.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use kaissa_chaturaji::chaturaji::{self, Alliances, DiceRoller, Rules};
use kaissa_chaturaji::game::{Chaturaji, Game, Kaissa};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

#[path = "tournament_support/games.rs"]
mod games;
#[path = "tournament_support/options.rs"]
mod options;
#[path = "tournament_support/stats.rs"]
mod stats;
#[path = "tournament_support/uci.rs"]
mod uci;

use games::{AgentMover, Mover};
use options::{Options, SeatSpec};
use stats::Decision;
use uci::{Engine, EngineMover};

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

/// Each seat's score when seat `loser` forfeits: it and its ally score 0,
/// the others 1; under the Ludii ruleset the other three share the win.
fn forfeit_scores(options: &Options, players: usize, loser: usize) -> Vec<f64> {
    (0..players)
        .map(|seat| {
            if players == 2 {
                f64::from(u8::from(seat != loser))
            } else if options.rules.is_ludii() {
                if seat == loser {
                    0.0
                } else {
                    1.0 / 3.0
                }
            } else {
                let friends = options.rules.friends(
                    chaturaji::Colour::from_index(seat),
                    chaturaji::Colour::from_index(loser),
                );
                f64::from(u8::from(!friends))
            }
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

/// What one game gave.
struct Finished {
    /// Its line in the output.
    line: String,
    /// Each listed agent's score in it.
    scores: Vec<f64>,
    /// Its game record, when asked for.
    record: Option<String>,
}

/// The movers of one game: our agents (fresh, seeded for the round) and
/// the worker's engines.
fn movers<'a, G: uci::UciGame + 'a>(
    options: &Options,
    engines: &'a mut [Option<Engine>],
    make: impl Fn(&kaissa_chaturaji::agents::AgentSpec, u64) -> Result<Box<dyn Mover<G> + 'a>, String>,
    round: usize,
) -> Result<Vec<Box<dyn Mover<G> + 'a>>, String> {
    let mut movers: Vec<Box<dyn Mover<G> + 'a>> = Vec::new();
    for (index, engine) in engines.iter_mut().enumerate() {
        match (&options.seats[index], engine) {
            (SeatSpec::Agent(spec), _) => {
                movers.push(make(spec, derived_seed(options.seed, round, 1 + index))?);
            }
            (SeatSpec::Engine(..), Some(engine)) => {
                // A failure to start or to get ready shows at its first move.
                engine.new_game();
                movers.push(Box::new(EngineMover {
                    engine,
                    movetime: options.movetime,
                }));
            }
            (SeatSpec::Engine(..), None) => return Err("an engine seat without its engine".into()),
        }
    }
    Ok(movers)
}

/// Plays game `round` with the worker's `engines`.
fn play_round(
    options: &Options,
    round: usize,
    engines: &mut [Option<Engine>],
) -> Result<Finished, String> {
    let players = options.players();
    let max_plies = options
        .max_plies
        .unwrap_or(if players == 2 { 2000 } else { 20_000 });
    let names = games::seat_names(players);
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
    let opening_seed = derived_seed(options.seed, round / options.seats.len(), usize::MAX);
    let opening = (!options.openings.is_empty())
        .then(|| &options.openings[(round / 2) % options.openings.len()]);
    let (returns, plies, capped, forfeit, word, text) = if players == 2 {
        let start = match opening {
            Some(text) => Kaissa::new(
                text.parse::<kaissa::Position>()
                    .map_err(|e| e.to_string())?,
            ),
            None => Kaissa::default(),
        };
        let mut movers = movers::<Kaissa>(
            options,
            engines,
            |spec, seed| {
                let agent = spec.kaissa_agent(seed).map_err(|e| e.to_string())?;
                Ok(Box::new(AgentMover(agent)))
            },
            round,
        )?;
        let mut table = games::Table {
            movers: &mut movers,
            seats: &seats,
            opening_plies: options.opening_plies,
            opening_seed,
        };
        let (played, text) = games::kaissa_game(start, &mut table, &mut roller, max_plies, record)?;
        let word = played.game.position().outcome().word();
        (
            played.game.returns(),
            played.plies,
            played.capped,
            played.forfeit,
            word,
            text,
        )
    } else {
        let start = match opening {
            Some(text) => Chaturaji::new(
                chaturaji::Position::from_text(text, options.rules).map_err(|e| e.to_string())?,
            ),
            None => kaissa_chaturaji::game::chaturaji(options.rules),
        };
        let mut movers = movers::<Chaturaji>(
            options,
            engines,
            |spec, seed| {
                let agent = spec.chaturaji_agent(seed).map_err(|e| e.to_string())?;
                Ok(Box::new(AgentMover(agent)))
            },
            round,
        )?;
        let mut table = games::Table {
            movers: &mut movers,
            seats: &seats,
            opening_plies: options.opening_plies,
            opening_seed,
        };
        let (played, text) = games::chaturaji_game(
            start,
            options.rules,
            &mut table,
            &mut roller,
            max_plies,
            record,
        )?;
        let word = played.game.position().outcome().word();
        (
            played.game.returns(),
            played.plies,
            played.capped,
            played.forfeit,
            word,
            text,
        )
    };
    let (scores, ending) = match &forfeit {
        Some((seat, reason)) => (
            forfeit_scores(options, players, *seat),
            format!("forfeit by {} ({reason})", names[*seat]),
        ),
        None => (
            seat_scores(&returns, options.rules.is_ludii() && players == 4, capped),
            if capped {
                "capped (draw)".to_string()
            } else {
                word.to_string()
            },
        ),
    };
    let seated: Vec<String> = seat_specs.iter().map(|(s, a)| format!("{s} {a}")).collect();
    let line = format!(
        "game {:>3}: {}  -> {ending} in {plies} plies",
        round + 1,
        seated.join(", ")
    );
    let agent_scores = (0..options.seats.len())
        .map(|agent| {
            let mine: Vec<f64> = (0..players)
                .filter(|&s| seats[s] == agent)
                .map(|s| scores[s])
                .collect();
            mine.iter().sum::<f64>() / mine.len() as f64
        })
        .collect();
    Ok(Finished {
        line,
        scores: agent_scores,
        record: text,
    })
}

/// A worker's engines: one per listed engine seat, started on first use.
fn worker_engines(options: &Options) -> Vec<Option<Engine>> {
    let variant = uci::variant_name(options.chaturaji_rules());
    options
        .seats
        .iter()
        .map(|seat| match seat {
            SeatSpec::Engine(index, _) => {
                Some(Engine::new(options.engines[*index].clone(), variant))
            }
            SeatSpec::Agent(_) => None,
        })
        .collect()
}

/// Plays the games, `concurrency` at a time, handing each finished game
/// to `consume` in game order; stops taking new games once `consume`
/// says stop (games already under way are dropped, so the results are
/// the serial run's).
fn schedule(options: &Options, mut consume: impl FnMut(Finished) -> bool) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(usize, Result<Finished, String>)>();
    std::thread::scope(|scope| {
        for _ in 0..options.concurrency.min(options.games) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                let mut engines = worker_engines(options);
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let round = next.fetch_add(1, Ordering::Relaxed);
                    if round >= options.games {
                        return;
                    }
                    let result = play_round(options, round, &mut engines);
                    if sender.send((round, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut expected = 0;
        let mut outcome = Ok(());
        for (round, result) in receiver {
            waiting.insert(round, result);
            while let Some(result) = waiting.remove(&expected) {
                expected += 1;
                match result {
                    Ok(finished) if outcome.is_ok() => {
                        if !consume(finished) {
                            stop.store(true, Ordering::Relaxed);
                            outcome = Err(None);
                        }
                    }
                    Ok(_) => {}
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        if outcome.is_ok() {
                            outcome = Err(Some(e));
                        }
                    }
                }
            }
        }
        match outcome {
            Err(Some(e)) => Err(e),
            _ => Ok(()),
        }
    })
}

fn run(options: &Options) -> Result<(), String> {
    let players = options.players();
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
    let mut first_scores = Vec::new();
    let mut records = String::new();
    let mut sprt_state = None;
    schedule(options, |finished| {
        println!("{}", finished.line);
        for (tally, &score) in tallies.iter_mut().zip(&finished.scores) {
            tally.games += 1;
            tally.score += score;
            match score {
                s if s >= 1.0 => tally.wins += 1,
                s if s <= 0.0 => tally.losses += 1,
                _ => tally.draws += 1,
            }
        }
        first_scores.push(finished.scores[0]);
        if let Some(text) = finished.record {
            if !records.is_empty() {
                records.push('\n');
            }
            records.push_str(&text);
        }
        match options.sprt {
            Some(sprt) => {
                let (llr, decision) = sprt.decide(&first_scores);
                sprt_state = Some((sprt, llr, decision));
                decision == Decision::Continue
            }
            None => true,
        }
    })?;
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
            tally.score / tally.games.max(1) as f64
        );
    }
    if let Some((sprt, llr, decision)) = sprt_state {
        let (lower, upper) = stats::Sprt::bounds();
        let verdict = match decision {
            Decision::H0 => format!("H0 accepted (elo {})", sprt.elo0),
            Decision::H1 => format!("H1 accepted (elo {})", sprt.elo1),
            Decision::Continue => "no decision".to_string(),
        };
        println!(
            "sprt elo0 {} elo1 {} alpha 0.05 beta 0.05: llr {llr:.2} (bounds {lower:.2}, {upper:.2}) after {} of {} games: {verdict}",
            sprt.elo0,
            sprt.elo1,
            first_scores.len(),
            options.games
        );
    }
    if options.seats.len() == 2 {
        println!("{}", stats::elo_line(&first_scores));
    }
    let means: Vec<String> = tallies
        .iter()
        .map(|t| format!("{:.3}", t.score / t.games.max(1) as f64))
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
        println!("{}", options::HELP);
        return ExitCode::SUCCESS;
    }
    match options::parse(&args).and_then(|options| run(&options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tournament: {message}");
            ExitCode::FAILURE
        }
    }
}
