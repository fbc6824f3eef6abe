//! Strength A/B tests of agent settings the spec strings do not reach:
//! MCTS's rollout greed and exploration, alpha-beta's node budget.
//! Plays seeded games with the seats rotating and prints each agent's mean
//! score with its standard error.
//!
//! ```text
//! cargo run --release -p kaissa-chaturaji-benches --example agent_match -- \
//!     ludii --seats mcts:4000/greed=0.5,mcts:1000,mcts:1000,mcts:1000 --games 120 --seed 1
//! cargo run --release -p kaissa-chaturaji-benches --example agent_match -- \
//!     kaissa --seats alphabeta:1/nodes=20000,alphabeta:1/nodes=40000 --games 100 --opening-plies 8
//! ```
//!
//! A seat is any agent spec (`mcts:500`, `alphabeta:50ms`, `expectimax:3`)
//! with `/key=value` settings: for MCTS `greed=G`, `c=C` (exploration),
//! `plies=P` (rollout cap); for alpha-beta `nodes=N` a node budget
//! instead of the spec's (`alphabeta:1/nodes=20000`). Game `g` seats the `i`-th
//! agent at seat `(i + g) mod n`. A seat scores 1 for a win, 0 for a loss
//! and 1/n when nobody wins. Kaissa games start with `--opening-plies`
//! random moves (default 8), the same for the games that only rotate the
//! seats. `--openings FILE` starts Kaissa game `g` from the position
//! text on line `g div 2` (mod the count) of FILE instead (blank lines and
//! lines starting with `#` skipped), so each opening is played twice with
//! colours swapped. `--max-plies P` ends a Kaissa game after `P` moves as
//! a draw (default 2000).

use std::cell::Cell;
use std::process::ExitCode;
use std::rc::Rc;
use std::time::{Duration, Instant};

use kaissa_chaturaji::agents::{Agent, AgentGame, AgentSpec, AlphaBeta, AlphaBetaConfig, Mcts};
use kaissa_chaturaji::chaturaji::{DiceRoller, Rules};
use kaissa_chaturaji::game::{self, Actor, Chaturaji, Game, Kaissa};
use kaissa_chaturaji::kaissa::{Move, Position};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

/// One seat: a spec and its settings.
struct Seat {
    text: String,
    spec: AgentSpec,
    settings: Vec<(String, String)>,
}

impl Seat {
    fn parse(text: &str) -> Result<Seat, String> {
        let mut parts = text.split('/');
        let spec_text = parts.next().unwrap_or_default();
        let spec: AgentSpec = spec_text
            .parse()
            .map_err(|e| format!("seat {text:?}: {e}"))?;
        let mut settings = Vec::new();
        for part in parts {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| format!("seat {text:?}: setting {part:?} is not key=value"))?;
            settings.push((key.to_owned(), value.to_owned()));
        }
        Ok(Seat {
            text: text.to_owned(),
            spec,
            settings,
        })
    }

    fn number(key: &str, value: &str) -> Result<f64, String> {
        value
            .parse()
            .map_err(|_| format!("setting {key}={value}: not a number"))
    }

    /// The agent for a game of type `G`.
    fn agent<G: AgentGame + 'static>(
        &self,
        seed: u64,
        fallback: impl Fn(&AgentSpec, u64) -> Result<Box<dyn Agent<G>>, String>,
    ) -> Result<Box<dyn Agent<G>>, String> {
        match &self.spec {
            AgentSpec::Mcts(config) => {
                let mut config = *config;
                for (key, value) in &self.settings {
                    match key.as_str() {
                        "greed" => config = config.with_greed(Seat::number(key, value)?),
                        "c" => config = config.with_exploration(Seat::number(key, value)?),
                        "plies" => {
                            config = config.with_rollout_plies(Seat::number(key, value)? as u32);
                        }
                        _ => return Err(format!("seat {}: no MCTS setting {key}", self.text)),
                    }
                }
                Ok(Box::new(Mcts::<G>::new(config, seed)))
            }
            _ if self.settings.is_empty() => fallback(&self.spec, seed),
            _ => Err(format!("seat {}: settings only for mcts here", self.text)),
        }
    }

    /// A Kaissa agent (alpha-beta settings too).
    fn kaissa_agent(
        &self,
        seed: u64,
        stats: &Rc<Cell<SearchStats>>,
    ) -> Result<Box<dyn Agent<Kaissa>>, String> {
        if let AgentSpec::AlphaBeta(config) = &self.spec {
            let mut config = *config;
            for (key, value) in &self.settings {
                match key.as_str() {
                    "nodes" => {
                        config.nodes = Some(Seat::number(key, value)? as u64);
                        config.depth = AlphaBetaConfig::nodes(1).depth;
                        config.time = None;
                    }
                    _ => return Err(format!("seat {}: no alpha-beta setting {key}", self.text)),
                }
            }
            return Ok(Box::new(Recorded {
                name: self.text.clone(),
                searcher: AlphaBeta::new(config),
                stats: Rc::clone(stats),
            }));
        }
        self.agent(seed, |spec, seed| {
            spec.kaissa_agent(seed)
                .map(|a| a as Box<dyn Agent<Kaissa>>)
                .map_err(|e| e.to_string())
        })
    }
}

/// The depths and nodes of an alpha-beta agent's searches, summed.
#[derive(Debug, Clone, Copy, Default)]
struct SearchStats {
    searches: u64,
    depth: u64,
    nodes: u64,
}

/// An alpha-beta agent that adds each search's depth and nodes to its
/// seat's statistics.
struct Recorded {
    name: String,
    searcher: AlphaBeta,
    stats: Rc<Cell<SearchStats>>,
}

impl Agent<Kaissa> for Recorded {
    fn choose(&mut self, game: &Kaissa) -> Option<Move> {
        if game.is_over() {
            return None;
        }
        let report = self.searcher.search(game.position());
        if report.depth > 0 {
            let mut stats = self.stats.get();
            stats.searches += 1;
            stats.depth += u64::from(report.depth);
            stats.nodes += report.nodes;
            self.stats.set(stats);
        }
        report.best
    }

    fn name(&self) -> &str {
        &self.name
    }
}

/// Each seat's score of a finished (or capped) game from its returns: 1
/// for the best return, shared when tied, and 1/n each when all are equal.
fn seat_scores(returns: &[f64]) -> Vec<f64> {
    let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tops = returns.iter().filter(|&&r| r == best).count();
    returns
        .iter()
        .map(|&r| if r == best { 1.0 / tops as f64 } else { 0.0 })
        .collect()
}

/// Plays one game with `agents[s]` on seat `s`; `opening` random moves
/// first (drawn from `opening_rng`). Returns the seats' scores.
fn play<G: Game>(
    mut game: G,
    agents: &mut [Box<dyn Agent<G>>],
    die_seed: u64,
    opening: u32,
    opening_seed: u64,
    max_plies: u32,
    thinking: &mut [(Duration, u32)],
) -> (Vec<f64>, u32) {
    let mut roller = DiceRoller::new(die_seed);
    let mut opening_rng = SplitMix64::new(opening_seed);
    let mut plies = 0;
    while plies < max_plies {
        match game.actor() {
            Actor::Over => break,
            Actor::Chance => {
                let face = usize::from(roller.roll().face() - 2);
                let (roll, _) = game.chance_outcomes()[face];
                game.apply_unchecked(roll);
            }
            Actor::Player(seat) => {
                let action = if plies < opening {
                    let actions = game.legal_actions();
                    let actions = actions.as_ref();
                    actions[opening_rng.below(actions.len() as u64) as usize]
                } else {
                    let start = Instant::now();
                    let action = agents[seat].choose(&game).expect("a move at a player node");
                    thinking[seat].0 += start.elapsed();
                    thinking[seat].1 += 1;
                    action
                };
                game.apply_unchecked(action);
                plies += 1;
            }
        }
    }
    (seat_scores(game.returns().as_ref()), plies)
}

/// The position texts of an openings file (blank lines and `#` lines
/// skipped), each checked.
fn read_openings(path: &str) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let pos: Position = line
            .parse()
            .map_err(|e| format!("{path}:{}: {e}", number + 1))?;
        if pos.is_over() {
            return Err(format!("{path}:{}: the game is over", number + 1));
        }
        openings.push(pos);
    }
    if openings.is_empty() {
        return Err(format!("{path}: no openings"));
    }
    Ok(openings)
}

fn run(args: &[String]) -> Result<(), String> {
    let kind = args.first().ok_or("which game? kaissa, ludii or sheet")?;
    let mut seats = Vec::new();
    let (mut games, mut seed, mut opening) = (100usize, 1u64, 8u32);
    let mut max_plies = 2000u32;
    let mut openings: Vec<Position> = Vec::new();
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} {value}: not a count"))
        };
        match flag.as_str() {
            "--seats" => {
                seats = value
                    .split(',')
                    .map(Seat::parse)
                    .collect::<Result<_, _>>()?;
            }
            "--games" => games = number()? as usize,
            "--seed" => seed = number()?,
            "--opening-plies" => opening = number()? as u32,
            "--max-plies" => max_plies = number()? as u32,
            "--openings" => openings = read_openings(value)?,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    let n = seats.len();
    let expected = if kind == "kaissa" { 2 } else { 4 };
    if n != expected {
        return Err(format!("{kind} needs {expected} seats, not {n}"));
    }
    let mut scores = vec![Vec::new(); n];
    let mut thought = vec![(Duration::ZERO, 0u32); n];
    let stats: Vec<Rc<Cell<SearchStats>>> = (0..n).map(|_| Rc::default()).collect();
    for g in 0..games {
        let round = (g / n) as u64;
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g as u64);
        let opening_seed = seed.wrapping_mul(7_919).wrapping_add(round);
        // Seat s holds agent (s - g) mod n.
        let order: Vec<usize> = (0..n).map(|s| (s + n - g % n) % n).collect();
        let mut thinking = vec![(Duration::ZERO, 0u32); n];
        let (got, plies) = match kind.as_str() {
            "kaissa" => {
                let mut agents = order
                    .iter()
                    .map(|&i| seats[i].kaissa_agent(game_seed + i as u64, &stats[i]))
                    .collect::<Result<Vec<_>, _>>()?;
                let (start, opening) = if openings.is_empty() {
                    (game::kaissa(), opening)
                } else {
                    let pos = openings[(g / 2) % openings.len()].clone();
                    (Kaissa::new(pos), 0)
                };
                play(
                    start,
                    &mut agents,
                    0,
                    opening,
                    opening_seed,
                    max_plies,
                    &mut thinking,
                )
            }
            "ludii" | "sheet" => {
                let rules = if kind == "ludii" {
                    Rules::ludii()
                } else {
                    Rules::default()
                };
                let mut agents = order
                    .iter()
                    .map(|&i| {
                        seats[i].agent::<Chaturaji>(game_seed + i as u64, |spec, seed| {
                            spec.chaturaji_agent(seed)
                                .map(|a| a as Box<dyn Agent<Chaturaji>>)
                                .map_err(|e| e.to_string())
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                play(
                    game::chaturaji(rules),
                    &mut agents,
                    game_seed,
                    0,
                    0,
                    max_plies.max(20_000),
                    &mut thinking,
                )
            }
            _ => return Err(format!("unknown game {kind}: kaissa, ludii or sheet")),
        };
        let line: Vec<String> = order.iter().map(|&i| seats[i].text.clone()).collect();
        println!(
            "game {g:3}: {} -> {:?} in {plies} plies",
            line.join(" "),
            got
        );
        for (s, &i) in order.iter().enumerate() {
            scores[i].push(got[s]);
            thought[i].0 += thinking[s].0;
            thought[i].1 += thinking[s].1;
        }
    }
    for (((seat, got), (time, moves)), stats) in seats.iter().zip(&scores).zip(&thought).zip(&stats)
    {
        let count = got.len() as f64;
        let mean = got.iter().sum::<f64>() / count;
        let variance = got.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (count - 1.0).max(1.0);
        println!(
            "{}: {:.3} ± {:.3} over {} games, {:.1} ms a move",
            seat.text,
            mean,
            (variance / count).sqrt(),
            got.len(),
            time.as_secs_f64() * 1000.0 / f64::from((*moves).max(1))
        );
        let stats = stats.get();
        if stats.searches > 0 {
            println!(
                "  {} searches: mean depth {:.2}, {:.0} nodes a search",
                stats.searches,
                stats.depth as f64 / stats.searches as f64,
                stats.nodes as f64 / stats.searches as f64
            );
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("agent_match: {message}");
            ExitCode::from(2)
        }
    }
}
