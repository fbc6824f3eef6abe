//! kc-tournament: agents (random, greedy, MCTS, alpha-beta, expectimax)
//! and UCI engines play each other, refereed by our rules.
//!
//! ```text
//! kc-tournament kaissa --seats alphabeta:3,random --games 10
//! kc-tournament chaturaji --seats mcts:500,random --games 20 --seed 3
//! kc-tournament chaturaji --rules ludii --seats mcts:300,random,random,random --games 8
//! kc-tournament kaissa --engine head=kc-engine --engine base=../base/target/release/kc-engine \
//!     --seats engine:head,engine:base --movetime 100 --openings openings.txt --games 60 --concurrency 2
//! ```
//!
//! Prints one line per game, a results table, with two agents the line
//! `elo <difference> +- <one standard error>`, and last the line
//! `scores <s1> <s2> ...`: the listed agents' mean scores, in list order.
//! `--help` says everything it takes.

use std::process::ExitCode;

use kaissa_chaturaji::chaturaji::DiceRoller;
use kaissa_chaturaji::game::AnyGame;
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

mod options;
mod peer;
#[cfg(unix)]
mod pipes;
#[cfg(not(unix))]
#[path = "pipes_other.rs"]
mod pipes;
mod play;
mod record_file;
mod schedule;
mod scores;
mod stats;

use options::{Options, SeatSpec};
use peer::Engine;
use play::{Mover, Table};
use record_file::RecordFile;
use stats::Decision;

/// The listed agent at each seat of game `round` (see the help).
fn seating(options: &Options, round: usize) -> Vec<usize> {
    let players = options.players();
    let listed = options.seats.len();
    let rules = options.start.rules();
    (0..players)
        .map(|seat| {
            let unit = match rules {
                // Two agents under alliances: one per alliance, Red's first.
                Some(rules) if listed != players => usize::from(!rules.friends(
                    kaissa_chaturaji::chaturaji::Colour::from_index(seat),
                    kaissa_chaturaji::chaturaji::Colour::Red,
                )),
                _ => seat,
            };
            (unit + listed - round % listed) % listed
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
pub struct Finished {
    /// Its line in the output.
    line: String,
    /// Each listed agent's score in it.
    scores: Vec<f64>,
    /// Its game record, when asked for.
    record: Option<String>,
}

/// The ply cap of a game.
fn max_plies(options: &Options) -> u32 {
    options
        .max_plies
        .unwrap_or(if options.players() == 2 { 2000 } else { 20_000 })
}

/// The movers of game `round`: our agents (fresh, seeded for the round)
/// and the worker's engines, one per listed agent.
fn movers<'a>(
    options: &Options,
    engines: &'a mut [Option<Engine>],
    round: usize,
) -> Result<Vec<Mover<'a>>, String> {
    let mut movers = Vec::new();
    for (index, engine) in engines.iter_mut().enumerate() {
        match (&options.seats[index], engine) {
            (SeatSpec::Agent(spec), _) => {
                let seed = derived_seed(options.seed, round, 1 + index);
                let agent = spec
                    .any_agent(&options.start, seed)
                    .map_err(|e| e.to_string())?;
                movers.push(Mover::Agent {
                    agent,
                    limit: spec.budget().clone(),
                });
            }
            (SeatSpec::Engine(..), Some(engine)) => {
                // A failure to start or to get ready shows at its first move.
                engine.new_game();
                movers.push(Mover::Engine {
                    engine,
                    movetime: options.movetime,
                });
            }
            (SeatSpec::Engine(..), None) => return Err("an engine seat without its engine".into()),
        }
    }
    Ok(movers)
}

/// Plays game `round` with the worker's `engines`.
pub fn play_round(
    options: &Options,
    round: usize,
    engines: &mut [Option<Engine>],
) -> Result<Finished, String> {
    let players = options.players();
    let names = play::seat_names(players);
    let seats = seating(options, round);
    let seat_specs: Vec<(&str, String)> = seats
        .iter()
        .enumerate()
        .map(|(seat, &agent)| (names[seat], options.seats[agent].to_string()))
        .collect();
    let mut roller = DiceRoller::new(derived_seed(options.seed, round, 0));
    let opening_seed = derived_seed(options.seed, round / options.seats.len(), usize::MAX);
    let start: AnyGame = match options.openings.len() {
        0 => options.start.clone(),
        n => options.openings[(round / 2) % n].clone(),
    };
    let mut movers = movers(options, engines, round)?;
    let mut table = Table {
        movers: &mut movers,
        seats: &seats,
        opening_plies: options.opening_plies,
        opening_seed,
    };
    let cap = max_plies(options);
    let mut played = play::play(
        start,
        &mut table,
        &mut roller,
        cap,
        options.record.is_some(),
    )?;
    let record = play::describe(&mut played, round + 1, &seat_specs, cap)?;
    let (scores, ending) = match &played.forfeit {
        Some((seat, reason)) => (
            scores::forfeit_scores(&played.game, *seat),
            format!("forfeit by {} ({reason})", names[*seat]),
        ),
        None => (
            scores::seat_scores(&played.game, played.capped),
            if played.capped {
                "capped (draw)".to_string()
            } else {
                played.game.outcome().word().to_string()
            },
        ),
    };
    let seated: Vec<String> = seat_specs.iter().map(|(s, a)| format!("{s} {a}")).collect();
    let line = format!(
        "game {:>3}: {}  -> {ending} in {} plies",
        round + 1,
        seated.join(", "),
        played.plies
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
        record,
    })
}

/// A worker's engines: one per listed engine seat, started on first use.
pub fn worker_engines(options: &Options) -> Vec<Option<Engine>> {
    let variant = kaissa_chaturaji::game::Variant::of(&options.start).name();
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

fn run(options: &Options) -> Result<(), String> {
    let mut record_file = options
        .record
        .as_deref()
        .map(RecordFile::create)
        .transpose()?;
    let rules_note = match options.start.rules() {
        Some(_) => format!(
            ", rules {}",
            kaissa_chaturaji::game::Variant::of(&options.start).name()
        ),
        None => String::new(),
    };
    println!(
        "tournament: {}{rules_note}, {} games, seed {}, ply cap {}",
        options.start.name(),
        options.games,
        options.seed,
        max_plies(options)
    );
    let mut tallies = vec![Tally::default(); options.seats.len()];
    let mut first_scores = Vec::new();
    let mut record_failure = None;
    let mut sprt_state = None;
    schedule::schedule(options, |finished| {
        // The record first: a game whose line is printed is in the file.
        if let (Some(file), Some(text)) = (&mut record_file, &finished.record) {
            if let Err(e) = file.append(text) {
                record_failure = Some(e);
                return false;
            }
        }
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
        match options.sprt {
            Some(sprt) => {
                let (llr, decision) = sprt.decide(&first_scores);
                sprt_state = Some((sprt, llr, decision));
                decision == Decision::Continue
            }
            None => true,
        }
    })?;
    if let Some(failure) = record_failure {
        return Err(failure);
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
