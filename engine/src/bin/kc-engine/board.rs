//! The game the engine plays: its position (set by `position`), what `go`
//! searches, and the two games' differences behind one trait.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use kaissa_chaturaji::agents::{AgentGame, StopFlag};
use kaissa_chaturaji::chaturaji::{self, Roll, Rules};
use kaissa_chaturaji::game::{Actor, Chaturaji, ChaturajiStep, Game, Kaissa};
use kaissa_chaturaji::kaissa;

use super::input::quote;
use super::limits::Limits;
use super::settings::Settings;
use super::thinkers::{self, Think, Thought};
use crate::chaturaji_cli;

/// The longest token `position` takes (a board field, a move).
const MAX_TOKEN: usize = 256;

/// What one game needs beyond [`AgentGame`] to be played through the
/// protocol.
pub trait EngineGame: AgentGame + Send + 'static
where
    Self::Action: Send,
{
    /// The start position (`rules`: Chaturaji's).
    fn start(rules: Option<Rules>) -> Self;
    /// The game from a position text.
    fn from_text(text: &str, rules: Option<Rules>) -> Result<Self, String>;
    /// Plays one token as the apply example takes it.
    fn play_token(&mut self, token: &str) -> Result<(), String>;
    /// The position text.
    fn text(&self) -> String;
    /// The outcome word.
    fn outcome_word(&self) -> &'static str;
    /// The game `go` searches: the roll applied (Chaturaji), at a player
    /// node.
    fn for_search(&self, roll: Option<u8>) -> Result<Self, String>;
    /// Whose clock the side to move uses: 0 `wtime`, 1 `btime`.
    fn clock(&self) -> usize;
    /// A chosen action as `bestmove` writes it (the move text alone).
    fn move_text(action: Self::Action) -> String;
    /// The agent of `settings`.
    fn thinker(settings: &Settings) -> Box<dyn Think<Self>>;
}

impl EngineGame for Kaissa {
    fn start(_: Option<Rules>) -> Kaissa {
        Kaissa::default()
    }

    fn from_text(text: &str, _: Option<Rules>) -> Result<Kaissa, String> {
        text.parse::<kaissa::Position>()
            .map(Kaissa::new)
            .map_err(|e| format!("position fen: {e}"))
    }

    fn play_token(&mut self, token: &str) -> Result<(), String> {
        let mv: kaissa::Move = token
            .parse()
            .map_err(|e| format!("move \"{}\": {e}", quote(token)))?;
        self.apply(mv)
            .map(|_| ())
            .map_err(|e| format!("move \"{}\": {}", quote(token), e.reason()))
    }

    fn text(&self) -> String {
        self.position().to_string()
    }

    fn outcome_word(&self) -> &'static str {
        self.position().outcome().word()
    }

    fn for_search(&self, roll: Option<u8>) -> Result<Kaissa, String> {
        match roll {
            Some(_) => Err("go roll: Kaissa has no die".into()),
            None => Ok(self.clone()),
        }
    }

    fn clock(&self) -> usize {
        self.position().to_move().index()
    }

    fn move_text(action: kaissa::Move) -> String {
        action.to_string()
    }

    fn thinker(settings: &Settings) -> Box<dyn Think<Kaissa>> {
        thinkers::kaissa(settings)
    }
}

impl EngineGame for Chaturaji {
    fn start(rules: Option<Rules>) -> Chaturaji {
        Chaturaji::new(chaturaji::Position::start(rules.unwrap_or_default()))
    }

    fn from_text(text: &str, rules: Option<Rules>) -> Result<Chaturaji, String> {
        chaturaji::Position::from_text(text, rules.unwrap_or_default())
            .map(Chaturaji::new)
            .map_err(|e| format!("position fen: {e}"))
    }

    fn play_token(&mut self, token: &str) -> Result<(), String> {
        let mut pos = self.position().clone();
        chaturaji_cli::apply_token(&mut pos, token)?;
        *self = Chaturaji::new(pos);
        Ok(())
    }

    fn text(&self) -> String {
        self.position().to_string()
    }

    fn outcome_word(&self) -> &'static str {
        self.position().outcome().word()
    }

    fn for_search(&self, roll: Option<u8>) -> Result<Chaturaji, String> {
        let pending = self.position().pending_promotion();
        match (roll, pending) {
            (Some(_), Some(square)) => Err(format!(
                "go roll: the promotion of the pawn on {square} is decided without a roll (go movetime ...)"
            )),
            (None, Some(_)) => Ok(self.clone()),
            (None, None) => {
                Err("go: Chaturaji needs the face rolled first (go roll 3 movetime 100)".into())
            }
            (Some(face), None) => {
                let roll = Roll::new(face).ok_or("go roll: a die face is 2, 3, 4 or 5")?;
                let mut game = self.clone();
                game.apply(ChaturajiStep::Roll(roll))
                    .map_err(|e| format!("go roll {face}: {e}"))?;
                Ok(game)
            }
        }
    }

    /// Red and Yellow (first and third in the turn order) use `wtime`,
    /// Black and Green `btime`.
    fn clock(&self) -> usize {
        self.position().to_move().index() % 2
    }

    fn move_text(action: ChaturajiStep) -> String {
        match action {
            ChaturajiStep::Move(mv) => mv.to_string(),
            ChaturajiStep::Roll(roll) => roll.face().to_string(),
        }
    }

    fn thinker(settings: &Settings) -> Box<dyn Think<Chaturaji>> {
        thinkers::generic(settings)
    }
}

/// A search to run on the worker thread: it returns the `info` line (if
/// any) and the `bestmove` argument.
pub type Job = Box<dyn FnOnce() -> (Option<String>, String) + Send>;

/// The engine's game, whichever it is.
pub trait Session: Send {
    /// `position <args>`; changes nothing on an error.
    fn set_position(&mut self, args: &[&str]) -> Result<(), String>;
    /// The position text.
    fn text(&self) -> String;
    /// `ucinewgame`: the start position, the agent's memory cleared.
    fn new_game(&mut self);
    /// The search `go` asked for, stopped by `stop`.
    fn go(&mut self, limits: &Limits, stop: StopFlag) -> Result<Job, String>;
}

/// The session of one game.
pub struct Board<G: EngineGame>
where
    G::Action: Send,
{
    game: G,
    rules: Option<Rules>,
    thinker: Arc<Mutex<Box<dyn Think<G>>>>,
}

impl<G: EngineGame> Board<G>
where
    G::Action: Send,
{
    /// The start position of the variant of `settings`, its agent.
    pub fn new(settings: &Settings) -> Board<G> {
        Board {
            game: G::start(settings.rules()),
            rules: settings.rules(),
            thinker: Arc::new(Mutex::new(G::thinker(settings))),
        }
    }
}

impl<G: EngineGame> Session for Board<G>
where
    G::Action: Send,
{
    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        if let Some(long) = args.iter().find(|t| t.len() > MAX_TOKEN) {
            return Err(format!(
                "position: a token of {} bytes (at most {MAX_TOKEN}): \"{}\"",
                long.len(),
                quote(long)
            ));
        }
        let moves_at = args.iter().position(|&t| t == "moves");
        let (head, moves) = match moves_at {
            Some(at) => (&args[..at], &args[at + 1..]),
            None => (args, &args[args.len()..]),
        };
        let mut game = match head {
            ["startpos"] => G::start(self.rules),
            ["startpos", extra, ..] => {
                return Err(format!(
                    "position startpos: unexpected \"{}\" (moves comes next)",
                    quote(extra)
                ))
            }
            ["fen"] => return Err("position fen: the position text is missing".into()),
            ["fen", text @ ..] => G::from_text(&text.join(" "), self.rules)?,
            [] => return Err("position: expected startpos or fen <position text>".into()),
            [other, ..] => {
                return Err(format!(
                    "position: expected startpos or fen, not \"{}\"",
                    quote(other)
                ))
            }
        };
        for token in moves {
            game.play_token(token)?;
        }
        self.game = game;
        Ok(())
    }

    fn text(&self) -> String {
        self.game.text()
    }

    fn new_game(&mut self) {
        self.game = G::start(self.rules);
        self.thinker
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .reset();
    }

    fn go(&mut self, limits: &Limits, stop: StopFlag) -> Result<Job, String> {
        if self.game.actor() == Actor::Over {
            let word = self.game.outcome_word();
            return Ok(Box::new(move || {
                (
                    Some(format!("info string the game is over: {word}")),
                    "(none)".into(),
                )
            }));
        }
        let game = self.game.for_search(limits.roll)?;
        let budget = limits.budget(self.game.clock());
        let thinker = Arc::clone(&self.thinker);
        Ok(Box::new(move || {
            let start = Instant::now();
            let thought = thinker
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .think(&game, &budget, &stop, &mut |thought| {
                    if let Some(info) = info_line::<G>(thought, start) {
                        println!("{info}");
                    }
                });
            let Some(best) = thought.best else {
                return (None, "(none)".into());
            };
            (info_line::<G>(&thought, start), G::move_text(best))
        }))
    }
}

/// The `info depth … pv …` line of `thought`, a search started at
/// `start`; `None` when it found no move.
fn info_line<G: EngineGame>(thought: &Thought<G::Action>, start: Instant) -> Option<String>
where
    G::Action: Send,
{
    thought.best?;
    let ms = start.elapsed().as_millis() as u64;
    let nps = thought.nodes.saturating_mul(1000) / ms.max(1);
    let pv: Vec<String> = thought.pv.iter().map(|&mv| G::move_text(mv)).collect();
    Some(format!(
        "info depth {} score cp {} nodes {} nps {nps} time {ms} pv {}",
        thought.depth,
        thought.score,
        thought.nodes,
        pv.join(" ")
    ))
}
