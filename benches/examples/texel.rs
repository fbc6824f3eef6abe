//! Texel tuning of the Merchant Kaissa evaluation: fits the weights of
//! `EvalWeights` to the results of self-play games.
//!
//! ```text
//! cargo run --release -p kaissa-chaturaji-benches --example texel -- \
//!     play --games 600 --nodes 3000 --seed 1 --out /tmp/kaissa-games.txt
//! cargo run --release -p kaissa-chaturaji-benches --example texel -- \
//!     fit --data /tmp/kaissa-games.txt
//! ```
//!
//! `play` plays alpha-beta against itself (`--nodes` a move, the weights
//! `--weights hand|FILE`, default `hand`: the hand-set weights or a
//! file's): each game starts with `--opening-plies` random moves (default
//! 8) and ends by the rules or as
//! a draw after `--max-plies` (default 300). It writes one line a position
//! after the opening: the game's number, its result for Yellow (1, 0.5 or
//! 0) and the position text.
//!
//! `fit` reads those lines, replaces each position by the leaf of a
//! quiescence search on captures (with the starting weights), drops the
//! leaves where a Home Stone can be taken, and holds out every tenth game
//! for validation. The prediction of a position with score `s` (for the
//! side to move) is `1 / (1 + 10^(-K s / 400))`, its error the square of
//! the difference from the result for the side to move. It first fits K
//! to the starting weights (`--from hand|FILE`, default `hand`), then the
//! weights by gradient descent (Adam, `--steps`, default 3000, step size
//! `--rate` centipawns, default 1) on the mean squared error of the
//! training games plus `--l2` (default 0) times the sum of the squared
//! moves from the starting weights in units of 100 centipawns, and prints
//! K, the errors before and after on both sets, and the weights, rounded,
//! as Rust. `--terms hand` moves only the weights the hand-set evaluation
//! gives a value, `--terms positional` all but the material weights (the
//! others stay as they start); `--min-turn N` skips the positions before
//! turn N.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use kaissa_chaturaji::agents::{
    eval_terms, evaluate_with, AlphaBeta, AlphaBetaConfig, EvalWeights, EVAL_TERMS,
    EVAL_TERM_NAMES, MATE,
};
use kaissa_chaturaji::kaissa::{Move, Outcome, PieceKind, Position, Side};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};
use kaissa_chaturaji_benches::weights::read_weights;

/// The deepest the quiescence search of `fit` goes, in captures.
const QUIESCENCE_PLIES: usize = 8;

/// The flags after the subcommand.
struct Flags(Vec<(String, String)>);

impl Flags {
    fn parse(args: &[String]) -> Result<Flags, String> {
        let mut pairs = Vec::new();
        let mut rest = args.iter();
        while let Some(flag) = rest.next() {
            let name = flag
                .strip_prefix("--")
                .ok_or_else(|| format!("expected a --flag, got {flag:?}"))?;
            let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
            pairs.push((name.to_owned(), value.clone()));
        }
        Ok(Flags(pairs))
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    fn number(&self, name: &str, default: u64) -> Result<u64, String> {
        self.text(name).map_or(Ok(default), |value| {
            value
                .parse()
                .map_err(|_| format!("--{name} {value}: not a count"))
        })
    }

    fn weights(&self, name: &str) -> Result<&'static EvalWeights, String> {
        read_weights(self.text(name).unwrap_or("hand"))
    }

    fn check(&self, known: &[&str]) -> Result<(), String> {
        match self
            .0
            .iter()
            .find(|(key, _)| !known.contains(&key.as_str()))
        {
            Some((key, _)) => Err(format!(
                "unknown flag --{key} (known: {})",
                known.join(", ")
            )),
            None => Ok(()),
        }
    }
}

/// The result of a finished or capped game for Yellow.
fn yellow_result(pos: &Position) -> f64 {
    match pos.outcome() {
        Outcome::Win {
            winner: Side::Yellow,
            ..
        } => 1.0,
        Outcome::Win { .. } => 0.0,
        _ => 0.5,
    }
}

fn play(flags: &Flags) -> Result<(), String> {
    flags.check(&[
        "games",
        "nodes",
        "seed",
        "opening-plies",
        "max-plies",
        "weights",
        "out",
    ])?;
    let games = flags.number("games", 100)?;
    let nodes = flags.number("nodes", 3000)?;
    let seed = flags.number("seed", 1)?;
    let opening = flags.number("opening-plies", 8)? as usize;
    let max_plies = flags.number("max-plies", 300)? as usize;
    let weights = flags.weights("weights")?;
    let path = flags.text("out").ok_or("play needs --out FILE")?;
    let mut out =
        BufWriter::new(File::create(path).map_err(|e| format!("cannot create {path}: {e}"))?);
    let config = AlphaBetaConfig::nodes(nodes)
        .with_weights(weights)
        .with_table_bits(16);
    let mut searchers = [AlphaBeta::new(config), AlphaBeta::new(config)];
    let mut rng = SplitMix64::new(seed);
    let (mut decided, mut positions) = (0u64, 0u64);
    for game in 0..games {
        for searcher in &mut searchers {
            kaissa_chaturaji::agents::Agent::reset(searcher);
        }
        let mut pos = Position::start();
        let mut seen = Vec::new();
        for ply in 0..max_plies {
            if pos.is_over() {
                break;
            }
            let mv = if ply < opening {
                let moves = pos.legal_moves();
                moves[rng.below(moves.len() as u64) as usize]
            } else {
                seen.push(pos.to_string());
                let side = pos.to_move().index();
                searchers[side].search(&pos).best.ok_or("no move found")?
            };
            pos.play(mv).map_err(|e| format!("game {game}: {e}"))?;
        }
        let result = yellow_result(&pos);
        decided += u64::from(result != 0.5);
        positions += seen.len() as u64;
        for text in &seen {
            writeln!(out, "{game}\t{result}\t{text}").map_err(|e| e.to_string())?;
        }
        eprintln!("game {game}: {result} after {} plies", seen.len() + opening);
    }
    out.flush().map_err(|e| e.to_string())?;
    println!("{games} games ({decided} decided), {positions} positions written to {path}");
    Ok(())
}

/// The captures of the side to move, the Home Stone's first.
fn captures(pos: &Position) -> Vec<(Move, PieceKind)> {
    let enemy = pos.to_move().other();
    let mut list: Vec<(Move, PieceKind)> = pos
        .legal_moves()
        .iter()
        .filter_map(|&mv| match mv {
            Move::Normal { to, .. } => pos
                .piece_at(to)
                .filter(|piece| piece.side == enemy)
                .map(|piece| (mv, piece.kind)),
            Move::Place { .. } => None,
        })
        .collect();
    list.sort_by_key(|&(_, kind)| -kaissa_chaturaji::agents::piece_value(kind));
    list
}

/// A quiescence search on captures: the score for the side to move and
/// the position its line ends in (`None` when a Home Stone falls on it).
fn quiescence(
    pos: &Position,
    mut alpha: i32,
    beta: i32,
    depth: usize,
    weights: &EvalWeights,
) -> (i32, Option<Position>) {
    let list = captures(pos);
    if list
        .first()
        .is_some_and(|&(_, kind)| kind == PieceKind::HomeStone)
    {
        return (MATE, None);
    }
    let stand = evaluate_with(pos, weights);
    let mut best = (stand, Some(pos.clone()));
    if stand >= beta || depth == 0 {
        return best;
    }
    alpha = alpha.max(stand);
    for (mv, _) in list {
        let mut next = pos.clone();
        let _ = next.play_unchecked(mv);
        let (score, leaf) = quiescence(&next, -beta, -alpha, depth - 1, weights);
        let score = -score;
        if score > best.0 {
            best = (score, leaf);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

/// One training position: its terms and the result for the side to move.
struct Sample {
    terms: [f64; EVAL_TERMS],
    result: f64,
}

/// The prediction of a score `s`: `1 / (1 + 10^(-K s / 400))`.
fn predict(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

fn score(weights: &[f64], sample: &Sample) -> f64 {
    weights.iter().zip(&sample.terms).map(|(w, t)| w * t).sum()
}

fn mse(k: f64, weights: &[f64], samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - predict(k, score(weights, s))).powi(2))
        .sum();
    total / samples.len() as f64
}

/// The K that minimises the error of `weights`: a scan, then finer ones.
fn fit_k(weights: &[f64], samples: &[Sample]) -> f64 {
    let (mut best, mut step) = (1.0, 0.1);
    for _ in 0..4 {
        let centre = best;
        for i in -10..=10 {
            let k = centre + f64::from(i) * step;
            if k > 0.0 && mse(k, weights, samples) < mse(best, weights, samples) {
                best = k;
            }
        }
        step /= 10.0;
    }
    best
}

/// The settings of the descent.
struct Descent {
    steps: u64,
    /// The step size of Adam, in centipawns.
    rate: f64,
    /// The weight of the penalty `sum(((w - w0) / 100)^2)` on moving away
    /// from the starting weights `w0`.
    l2: f64,
    /// Which weights move (the others keep their starting values).
    free: [bool; EVAL_TERMS],
}

/// Adam on the mean squared error (plus the penalty), full batch, from
/// `start`; reports both errors every 500 steps.
fn descend(
    k: f64,
    start: &[f64],
    samples: &[Sample],
    check: &[Sample],
    descent: &Descent,
) -> Vec<f64> {
    let n = start.len();
    let mut weights = start.to_vec();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for step in 1..=descent.steps {
        let mut gradient = vec![0.0; n];
        for sample in samples {
            let p = predict(k, score(&weights, sample));
            let g = -2.0 * (sample.result - p) * p * (1.0 - p) * scale;
            for (slot, term) in gradient.iter_mut().zip(&sample.terms) {
                *slot += g * term;
            }
        }
        for i in (0..n).filter(|&i| descent.free[i]) {
            let g = gradient[i] / samples.len() as f64
                + descent.l2 * 2.0 * (weights[i] - start[i]) / 10_000.0;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            weights[i] -= descent.rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if step % 500 == 0 {
            eprintln!(
                "step {step}: training error {:.6}, held-out error {:.6}",
                mse(k, &weights, samples),
                mse(k, &weights, check)
            );
        }
    }
    weights
}

fn fit(flags: &Flags) -> Result<(), String> {
    flags.check(&["data", "from", "steps", "rate", "l2", "terms", "min-turn"])?;
    let path = flags.text("data").ok_or("fit needs --data FILE")?;
    let start = flags.weights("from")?;
    let real = |name: &str, default: f64| {
        flags.text(name).map_or(Ok(default), |value| {
            value
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| format!("--{name} {value}: not a number of at least 0"))
        })
    };
    let descent = Descent {
        steps: flags.number("steps", 3000)?,
        rate: real("rate", 1.0)?,
        l2: real("l2", 0.0)?,
        free: match flags.text("terms").unwrap_or("all") {
            "all" => [true; EVAL_TERMS],
            "hand" => EvalWeights::HAND_SET.terms.map(|w| w != 0),
            "positional" => core::array::from_fn(|i| !EVAL_TERM_NAMES[i].starts_with("material")),
            other => return Err(format!("--terms {other}: all, hand or positional")),
        },
    };
    let min_turn = flags.number("min-turn", 0)?;
    let file = File::open(path).map_err(|e| format!("cannot open {path}: {e}"))?;
    let (mut train, mut check) = (Vec::new(), Vec::new());
    let (mut lines, mut dropped) = (0u64, 0u64);
    let mut games = std::collections::BTreeSet::new();
    for (number, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| e.to_string())?;
        let mut fields = line.splitn(3, '\t');
        let (Some(game), Some(result), Some(text)) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(format!(
                "{path}:{}: expected game, result, position",
                number + 1
            ));
        };
        let where_ = || format!("{path}:{}", number + 1);
        let game: u64 = game
            .parse()
            .map_err(|_| format!("{}: bad game", where_()))?;
        let yellow: f64 = result
            .parse()
            .map_err(|_| format!("{}: bad result", where_()))?;
        let pos: Position = text.parse().map_err(|e| format!("{}: {e}", where_()))?;
        lines += 1;
        games.insert(game);
        if u64::from(pos.turn()) < min_turn {
            dropped += 1;
            continue;
        }
        let (_, leaf) = quiescence(&pos, -MATE - 1, MATE + 1, QUIESCENCE_PLIES, start);
        let Some(leaf) = leaf.filter(|leaf| !leaf.is_over()) else {
            dropped += 1;
            continue;
        };
        let result = if leaf.to_move() == Side::Yellow {
            yellow
        } else {
            1.0 - yellow
        };
        let terms = eval_terms(&leaf).map(f64::from);
        let sample = Sample { terms, result };
        if game.is_multiple_of(10) {
            check.push(sample);
        } else {
            train.push(sample);
        }
    }
    if train.is_empty() || check.is_empty() {
        return Err(format!("{path}: too few positions to fit"));
    }
    println!(
        "{} games, {lines} positions, {dropped} dropped (before --min-turn, or a Home Stone \
         falls in quiescence), \
         {} for training, {} held out (every tenth game)",
        games.len(),
        train.len(),
        check.len()
    );
    let start: Vec<f64> = start.terms.iter().map(|&w| f64::from(w)).collect();
    let k = fit_k(&start, &train);
    println!(
        "K = {k:.4}; before: training error {:.6}, held-out error {:.6}",
        mse(k, &start, &train),
        mse(k, &start, &check)
    );
    let fitted = descend(k, &start, &train, &check, &descent);
    let rounded: Vec<f64> = fitted.iter().map(|w| w.round()).collect();
    println!(
        "after (rounded): training error {:.6}, held-out error {:.6}",
        mse(k, &rounded, &train),
        mse(k, &rounded, &check)
    );
    for (i, name) in EVAL_TERM_NAMES.iter().enumerate() {
        println!("{:6} (was {:5})  {name}", rounded[i], start[i]);
    }
    let list: Vec<String> = rounded.iter().map(|w| format!("{w}")).collect();
    println!("terms: [{}]", list.join(", "));
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("play") => Flags::parse(&args[1..]).and_then(|flags| play(&flags)),
        Some("fit") => Flags::parse(&args[1..]).and_then(|flags| fit(&flags)),
        _ => Err("play or fit? (see the example's docs)".to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("texel: {message}");
            ExitCode::from(2)
        }
    }
}
