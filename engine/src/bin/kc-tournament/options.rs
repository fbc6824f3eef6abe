//! The tournament's command line.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use kaissa_chaturaji::agents::AgentSpec;
use kaissa_chaturaji::chaturaji::{Alliances, Rules};
use kaissa_chaturaji::game::{Actor, AnyGame, Game};

use kaissa_chaturaji_engine::quote_arg;
use kaissa_chaturaji_engine::uci::split_command;

use crate::peer::{fairy_fen, EngineSpec, Notation};
use crate::stats::Sprt;

/// What `--help` prints.
pub const HELP: &str = "kc-tournament: agents and UCI engines play each other; prints one line per
game, a results table, with two agents `elo <difference> +- <error>`, and
last `scores <s1> <s2> ...`, the listed agents' mean scores in list order.

usage: kc-tournament <kaissa|chaturaji> [--rules sheet|opposite|ludii]
                     --seats A,B[,C,D] [--games N] [--seed S] [--record FILE]
                     [--max-plies P] [--opening-plies K] [--openings FILE]
                     [--engine NAME=COMMAND ...] [--engine-option NAME:OPTION=VALUE ...]
                     [--engine-notation NAME=ours|fairy] [--movetime MS]
                     [--sprt ELO0,ELO1] [--concurrency N]

agents:  random, greedy, mcts:<iterations>, alphabeta:<depth> (Kaissa only),
         expectimax:<depth>; time budgets: mcts:<ms>ms, alphabeta:<ms>ms,
         expectimax:<ms>ms; a bare mcts, alphabeta or expectimax thinks one
         second a move; engine:NAME, an engine declared with --engine.
--rules  Chaturaji's rules: sheet (default; Red with Green, Black with
         Yellow), opposite (Red with Yellow, Black with Green), or ludii (every
         colour for itself, scores). --alliances sheet|opposite is the older
         spelling.
--games  the number of games (default 10); --seed the seed (default 1):
         the same seed replays the same tournament (with iteration and depth
         budgets; a time budget depends on the machine).
--record FILE     writes every game to FILE as game records (docs/records.md),
                  each as it ends; FILE is created before the first game.
--max-plies P     stops a game after P moves (die rolls not counted) and
                  scores it as a draw: 0.5 each, 1/4 each under the Ludii
                  ruleset (default 2000 for Kaissa, whose rules have no
                  move-count limit; 20000 for Chaturaji, whose games end by
                  their own rules well before).
--opening-plies K the first K moves of each game are random (default 0),
                  the same for the games that only rotate the seats (games
                  g with the same g div the number of agents listed): for
                  agents that play the same moves every game (alphabeta).
--openings FILE   one position text a line (blank lines and lines starting
                  with # are skipped; at most 100000 lines of 4096 bytes):
                  game g starts from opening (g div 2) mod the number of
                  openings, so with two agents each opening is played
                  twice, seats swapped.
--engine NAME=COMMAND   an engine speaking UCI as kc-engine does
                  (UCI_Variant kaissa, chaturaji, chaturaji-opposite,
                  chaturaji-ludii; Chaturaji's go starts with roll R). The
                  command is split into words as a shell would (quotes,
                  backslashes), with no shell. Repeatable.
--engine-option NAME:OPTION=VALUE   sent as setoption after uci and before
                  UCI_Variant (e.g. fsf:VariantPath=scripts/fairy/kaissa.ini).
--engine-notation NAME=ours|fairy   fairy sends Kaissa positions as
                  Fairy-Stockfish FENs (scripts/fairy/README.md); only after
                  the Home Stone window (use --openings).
--movetime MS     an engine's time a move (default 100). Its seat forfeits
                  the game when the engine gives no bestmove within twice MS
                  (at least MS + 1000 ms), answers the handshake or isready
                  not within 10 s, does not read what it is sent within
                  those times, writes a line longer than 64 KiB, plays an
                  illegal or malformed move, or dies; the engine is stopped,
                  with every process it started (its process group), and
                  started afresh for its next game.
--sprt ELO0,ELO1  two agents: stops when the log-likelihood ratio of the
                  first agent's Elo being ELO1 rather than ELO0 leaves its
                  bounds (alpha = beta = 0.05); prints the ratio and the
                  decision.
--concurrency N   plays N games at a time (default 1); the results are
                  those of the serial run (for agents with iteration or depth
                  budgets), printed in game order.

Seating: game g (from 0) seats the i-th listed agent at seat (i + g) mod n.
Kaissa lists 2 agents (seat 0 Yellow, 1 Red). Chaturaji lists 4 (seats Red,
Black, Yellow, Green) or, under the sheet's or the opposite alliances, 2: then
each agent plays both colours of one alliance, agent i the alliance
(i + g) mod 2, where alliance 0 is Red's, so the agents swap alliances every
game. The Ludii ruleset needs 4.

Scores: a seat scores 1 for a win (its alliance's, under alliances), 0.5 for
a draw, 0 for a loss; under the Ludii ruleset 1 for the winner and, when
there is none (a tie for the top score, the turn limit), 1/4 each. A game
stopped by --max-plies is a draw (1/4 each under the Ludii ruleset). A
forfeit loses for the seat (and its ally); under the Ludii ruleset the other
three share the win. An agent's score is the mean over its games.

A/B tests: a change to a search is measured as a match between two builds,
each an engine: --engine base=BASE_BUILD/kc-engine --engine head=kc-engine
--seats engine:base,engine:head (with --engine-option NAME:Agent=... and
--openings for variety); the elo line is the first agent's.";

/// A listed agent: one of ours, or a declared engine.
#[derive(Debug, Clone)]
pub enum SeatSpec {
    /// An agent of the library.
    Agent(AgentSpec),
    /// `engine:NAME`: the index into [`Options::engines`].
    Engine(usize, String),
}

impl fmt::Display for SeatSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatSpec::Agent(spec) => write!(f, "{spec}"),
            SeatSpec::Engine(_, name) => write!(f, "engine:{name}"),
        }
    }
}

/// The options of a tournament.
pub struct Options {
    /// The game at its start, under its rules.
    pub start: AnyGame,
    pub seats: Vec<SeatSpec>,
    pub games: usize,
    pub seed: u64,
    pub record: Option<String>,
    pub max_plies: Option<u32>,
    pub opening_plies: u32,
    /// The openings, checked: games of the tournament's kind and rules.
    pub openings: Vec<AnyGame>,
    pub engines: Vec<EngineSpec>,
    pub movetime: u64,
    pub sprt: Option<Sprt>,
    pub concurrency: usize,
}

impl Options {
    /// The number of seats: 2 for Kaissa, 4 for Chaturaji.
    pub fn players(&self) -> usize {
        self.start.players()
    }

    /// Whether the game is played under the Ludii ruleset.
    pub fn is_ludii(&self) -> bool {
        self.start.rules().is_some_and(|rules| rules.is_ludii())
    }
}

/// The most games in parallel.
const MAX_CONCURRENCY: u64 = 256;

/// The longest line of an openings file, in bytes.
const MAX_OPENING_LINE: usize = 4096;
/// The most lines of an openings file (comments and blank lines count).
const MAX_OPENING_LINES: usize = 100_000;

/// The next line of `input` without its line ending, at most `max`
/// bytes read (`Err` past them: the line is too long); `None` at the
/// end.
fn bounded_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Result<Vec<u8>, ()>>> {
    let mut line = Vec::new();
    let read = Read::take(&mut *input, max as u64 + 1).read_until(b'\n', &mut line)?;
    if read == 0 {
        return Ok(None);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
    } else if line.len() > max {
        return Ok(Some(Err(())));
    }
    Ok(Some(Ok(line)))
}

/// Reads and checks the openings file, a line at a time (at most
/// [`MAX_OPENING_LINES`] lines of [`MAX_OPENING_LINE`] bytes): every line
/// a position of `start`'s game and rules, not over (and, for an engine
/// reading Fairy-Stockfish's notation, one it can read).
fn read_openings(path: &str, start: &AnyGame, fairy: bool) -> Result<Vec<AnyGame>, String> {
    let shown = quote_arg(path);
    let file = File::open(path).map_err(|e| format!("--openings {shown}: {e}"))?;
    let mut input = BufReader::new(file);
    let mut openings = Vec::new();
    let mut number = 0;
    loop {
        let line = bounded_line(&mut input, MAX_OPENING_LINE)
            .map_err(|e| format!("--openings {shown}: {e}"))?;
        let Some(line) = line else { break };
        number += 1;
        let at = |e: String| format!("--openings {shown}:{number}: {e}");
        if number > MAX_OPENING_LINES {
            return Err(format!(
                "--openings {shown}: more than {MAX_OPENING_LINES} lines"
            ));
        }
        let line = line.map_err(|()| at(format!("a line longer than {MAX_OPENING_LINE} bytes")))?;
        let line = String::from_utf8(line).map_err(|_| at("the line is not UTF-8".into()))?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game = start
            .with_position_text(line)
            .map_err(|e| at(e.to_string()))?;
        if game.actor() == Actor::Over {
            return Err(at("the game is over".into()));
        }
        if let (true, Some(kaissa)) = (fairy, game.as_kaissa()) {
            fairy_fen(kaissa.position()).map_err(at)?;
        }
        openings.push(game);
    }
    if openings.is_empty() {
        return Err(format!("--openings {shown}: no position in the file"));
    }
    Ok(openings)
}

/// Reads the command line (after the program name).
pub fn parse(args: &[String]) -> Result<Options, String> {
    let game = args
        .first()
        .ok_or("which game? kaissa or chaturaji (see --help)")?;
    if game != "kaissa" && game != "chaturaji" {
        return Err(format!(
            "unknown game '{}': kaissa or chaturaji",
            quote_arg(game)
        ));
    }
    let mut options = Options {
        start: AnyGame::kaissa(),
        seats: Vec::new(),
        games: 10,
        seed: 1,
        record: None,
        max_plies: None,
        opening_plies: 0,
        openings: Vec::new(),
        engines: Vec::new(),
        movetime: 100,
        sprt: None,
        concurrency: 1,
    };
    let mut seat_texts = None;
    let mut openings_path = None;
    let mut engine_options = Vec::new();
    let mut notations = Vec::new();
    let mut rules = Rules::default();
    let mut rest = &args[1..];
    while let Some(option) = rest.first() {
        // How the messages show the option and its value: bounded, escaped.
        let opt = quote_arg(option);
        let value = rest
            .get(1)
            .ok_or_else(|| format!("{opt} needs a value (see --help)"))?;
        let shown = quote_arg(value);
        let number = |what: &str| -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{opt} {shown}: {what} must be a whole number"))
        };
        match option.as_str() {
            "--rules" | "--alliances" if game == "kaissa" => {
                return Err(format!("{opt} is a Chaturaji option"))
            }
            "--rules" => {
                rules = match value.as_str() {
                    "sheet" => Rules::default(),
                    "opposite" => Rules::default().with_alliances(Alliances::Opposite),
                    "ludii" => Rules::ludii(),
                    _ => return Err(format!("--rules {shown}: sheet, opposite or ludii")),
                }
            }
            "--alliances" => {
                rules = match value.as_str() {
                    "sheet" => Rules::default(),
                    "opposite" => Rules::default().with_alliances(Alliances::Opposite),
                    _ => return Err(format!("--alliances {shown}: sheet or opposite")),
                }
            }
            "--seats" => seat_texts = Some(value.clone()),
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
            "--openings" => openings_path = Some(value.clone()),
            "--engine" => {
                let (name, command) = value
                    .split_once('=')
                    .ok_or_else(|| format!("--engine {shown}: expected NAME=COMMAND"))?;
                if name.is_empty() || name.contains([',', ':', ' ']) {
                    return Err(format!(
                        "--engine {shown}: a name without commas, colons or spaces"
                    ));
                }
                let shown = quote_arg(name);
                if options.engines.iter().any(|e| e.name == name) {
                    return Err(format!("--engine {shown}: declared twice"));
                }
                let words = split_command(command).map_err(|e| format!("--engine {shown}: {e}"))?;
                options.engines.push(EngineSpec {
                    name: name.to_string(),
                    program: words[0].clone(),
                    args: words[1..].to_vec(),
                    options: Vec::new(),
                    notation: Notation::Ours,
                });
            }
            "--engine-option" => {
                let bad = || format!("--engine-option {shown}: expected NAME:OPTION=VALUE");
                let (name, setting) = value.split_once(':').ok_or_else(bad)?;
                let (option, setting) = setting.split_once('=').ok_or_else(bad)?;
                if value.contains(['\n', '\r']) {
                    return Err(format!("--engine-option {shown}: a line break"));
                }
                engine_options.push((name.to_string(), option.to_string(), setting.to_string()));
            }
            "--engine-notation" => {
                let (name, notation) = value.split_once('=').ok_or_else(|| {
                    format!("--engine-notation {shown}: expected NAME=ours|fairy")
                })?;
                let notation = match notation {
                    "ours" => Notation::Ours,
                    "fairy" if game == "kaissa" => Notation::Fairy,
                    "fairy" => return Err("--engine-notation fairy: Kaissa only".into()),
                    _ => return Err(format!("--engine-notation {shown}: ours or fairy")),
                };
                notations.push((name.to_string(), notation));
            }
            "--movetime" => {
                options.movetime = number("the time a move")?;
                if !(1..=3_600_000).contains(&options.movetime) {
                    return Err("--movetime: 1 to 3600000 ms".into());
                }
            }
            "--sprt" => options.sprt = Some(Sprt::parse(value)?),
            "--concurrency" => {
                let n = number("the number of games at a time")?;
                if !(1..=MAX_CONCURRENCY).contains(&n) {
                    return Err(format!("--concurrency: 1 to {MAX_CONCURRENCY}"));
                }
                options.concurrency = n as usize;
            }
            _ => return Err(format!("unknown option '{opt}' (see --help)")),
        }
        rest = &rest[2..];
    }
    for (name, option, value) in engine_options {
        let engine = options
            .engines
            .iter_mut()
            .find(|e| e.name == name)
            .ok_or_else(|| {
                let name = quote_arg(&name);
                format!("--engine-option {name}: no --engine {name}=...")
            })?;
        engine.options.push((option, value));
    }
    for (name, notation) in notations {
        let engine = options
            .engines
            .iter_mut()
            .find(|e| e.name == name)
            .ok_or_else(|| {
                let name = quote_arg(&name);
                format!("--engine-notation {name}: no --engine {name}=...")
            })?;
        engine.notation = notation;
    }
    options.start = AnyGame::named(game, rules).map_err(|e| e.to_string())?;
    let seat_texts = seat_texts.ok_or("--seats is needed: e.g. --seats alphabeta:3,random")?;
    for text in seat_texts.split(',') {
        let seat = match text.strip_prefix("engine:") {
            Some(name) => {
                let index = options
                    .engines
                    .iter()
                    .position(|e| e.name == name)
                    .ok_or_else(|| {
                        let name = quote_arg(name);
                        format!("--seats engine:{name}: no --engine {name}=...")
                    })?;
                SeatSpec::Engine(index, name.to_string())
            }
            None => SeatSpec::Agent(text.parse::<AgentSpec>().map_err(|e| e.to_string())?),
        };
        options.seats.push(seat);
    }
    check(&mut options, openings_path)?;
    Ok(options)
}

/// Checks what the options say together, and reads the openings.
fn check(options: &mut Options, openings_path: Option<String>) -> Result<(), String> {
    let players = options.players();
    let ludii = options.is_ludii();
    let allowed = match (players, ludii) {
        (2, _) => "2 agents",
        (_, true) => "4 agents (the Ludii ruleset is every colour for itself)",
        _ => "2 agents (one per alliance) or 4",
    };
    let listed = options.seats.len();
    let fits = listed == players || (players == 4 && listed == 2 && !ludii);
    if !fits {
        return Err(format!("--seats lists {listed}: this game takes {allowed}"));
    }
    // Every agent must play the game (alpha-beta plays Kaissa only).
    for seat in &options.seats {
        if let SeatSpec::Agent(spec) = seat {
            spec.any_agent(&options.start, 0)
                .map_err(|e| e.to_string())?;
        }
    }
    if options.sprt.is_some() && listed != 2 {
        return Err("--sprt needs two agents".into());
    }
    let fairy = options
        .engines
        .iter()
        .any(|e| e.notation == Notation::Fairy);
    if let Some(path) = openings_path {
        options.openings = read_openings(&path, &options.start, fairy)?;
    } else if fairy {
        return Err(
            "--engine-notation fairy needs --openings after the Home Stone window (both stones placed)"
                .into(),
        );
    }
    Ok(())
}
