//! `Agent`: the library's computer players, built from a spec string,
//! choosing a move or thinking within a limit.

use js_sys::Function;
use wasm_bindgen::prelude::*;

use kaissa_chaturaji::agents::{self, AgentSpec, Limit, StopFlag, Thought};
use kaissa_chaturaji::game::{self, AnyAction, AnyGame};

use crate::chaturaji::ChaturajiPosition;
use crate::kaissa::KaissaPosition;
use crate::{errors, js};

/// The deepest search a limit may ask for.
const MAX_DEPTH: u32 = agents::MAX_DEPTH;
/// The most nodes (MCTS: iterations) a limit may ask for.
const MAX_NODES: u32 = agents::MAX_NODES as u32;
/// The longest time a limit may ask for, in milliseconds: an hour.
const MAX_MILLIS: u32 = (agents::MAX_MOVE_TIME.as_secs() * 1000) as u32;

/// A computer player from a spec (`random`, `greedy`, `mcts`, `mcts:500`,
/// `mcts:200ms`, `alphabeta`, `alphabeta:4`, `alphabeta:300ms`,
/// `expectimax:2`), seeded. Its player is built for the game it is first
/// asked about, and built anew (forgetting what it kept) when asked about
/// the other game.
#[wasm_bindgen]
pub struct Agent {
    /// The spec it was built from.
    spec: AgentSpec,
    /// The seed of its random stream.
    seed: u64,
    /// The game it plays (its kind) and its player, once built.
    player: Option<(AnyGame, Box<dyn agents::Agent<AnyGame> + Send>)>,
}

/// A Kaissa position as a game ready to choose, or `None` when it is over.
fn kaissa_ready(position: &KaissaPosition) -> Option<AnyGame> {
    AnyGame::from(game::Kaissa::new(position.position().clone()))
        .ready_to_choose(None)
        .ok()
}

/// A Chaturaji position after `roll` (none while a Ludii promotion
/// decision is pending) as a game ready to choose, or `None` when it is
/// over.
fn chaturaji_ready(
    position: &ChaturajiPosition,
    roll: Option<f64>,
) -> Result<Option<AnyGame>, JsValue> {
    let pos = position.position();
    if pos.is_over() {
        return Ok(None);
    }
    let face = match pos.pending_promotion() {
        Some(_) => None,
        None => Some(crate::chaturaji::face(roll.unwrap_or(f64::NAN))?),
    };
    AnyGame::from(game::Chaturaji::new(pos.clone()))
        .ready_to_choose(face)
        .map(Some)
        .map_err(|e| errors::named("IllegalMoveError", &e.to_string(), &[]))
}

/// The limit of `depth`, `nodes` and `time` (milliseconds), each absent or
/// in its range; none at all is the agent's own budget.
fn limit(depth: Option<f64>, nodes: Option<f64>, time: Option<f64>) -> Result<Limit, JsValue> {
    let mut limit = Limit::default();
    if let Some(depth) = depth {
        limit = limit.with_depth(js::whole(depth, 1, MAX_DEPTH, "depth")?);
    }
    if let Some(nodes) = nodes {
        limit = limit.with_nodes(u64::from(js::whole(nodes, 1, MAX_NODES, "nodes")?));
    }
    if let Some(time) = time {
        let ms = js::whole(time, 1, MAX_MILLIS, "time")?;
        limit = limit.with_time(std::time::Duration::from_millis(u64::from(ms)));
    }
    Ok(limit)
}

/// Whether `a` and `b` are games of the same kind.
fn same_kind(a: &AnyGame, b: &AnyGame) -> bool {
    matches!(
        (a, b),
        (AnyGame::Kaissa(_), AnyGame::Kaissa(_)) | (AnyGame::Chaturaji(_), AnyGame::Chaturaji(_))
    )
}

/// A thought as JavaScript sees it: `{move, score, depth, nodes, timeMs,
/// pv}`.
fn thought_object(thought: &Thought<AnyAction>) -> JsValue {
    js::object(&[
        ("move", js::optional(thought.best.map(|a| a.to_string()))),
        ("score", JsValue::from(thought.score)),
        ("depth", JsValue::from(thought.depth)),
        // Node counts stay far below 2^53.
        ("nodes", JsValue::from(thought.nodes as f64)),
        (
            "timeMs",
            JsValue::from(thought.elapsed.as_secs_f64() * 1000.0),
        ),
        (
            "pv",
            js::strings(thought.pv.iter().map(ToString::to_string)).into(),
        ),
    ])
    .into()
}

#[wasm_bindgen]
impl Agent {
    /// The agent `spec` names (`SpecError` when it names none), seeded
    /// with `seed` (a whole number or BigInt; default 0).
    #[wasm_bindgen(constructor)]
    pub fn new(spec: &str, seed: JsValue) -> Result<Agent, JsValue> {
        let seed = js::seed(&seed)?;
        let spec = spec.parse::<AgentSpec>().map_err(errors::spec)?;
        Ok(Agent {
            spec,
            seed,
            player: None,
        })
    }

    /// The spec's text.
    #[wasm_bindgen(getter)]
    pub fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The move text the agent chooses in a Kaissa position, or
    /// `undefined` when the game is over; the position is unchanged.
    #[wasm_bindgen(js_name = chooseKaissa)]
    pub fn choose_kaissa(&mut self, position: &KaissaPosition) -> Result<Option<String>, JsValue> {
        self.choose(kaissa_ready(position))
    }

    /// The move text the agent chooses in a Chaturaji position for `roll`
    /// (omitted while a Ludii promotion decision is pending), or
    /// `undefined` when the game is over; the position is unchanged.
    #[wasm_bindgen(js_name = chooseChaturaji)]
    pub fn choose_chaturaji(
        &mut self,
        position: &ChaturajiPosition,
        roll: Option<f64>,
    ) -> Result<Option<String>, JsValue> {
        self.choose(chaturaji_ready(position, roll)?)
    }

    /// Thinks about a Kaissa position within `depth`, `nodes` and `time`
    /// (milliseconds; all omitted: the agent's own budget) and returns
    /// `{move, score, depth, nodes, timeMs, pv}`, calling `on_progress`
    /// with the same shape after each iteration; `undefined` when the game
    /// is over. A bound the agent cannot honour is a `LimitError`.
    #[wasm_bindgen(js_name = thinkKaissa)]
    pub fn think_kaissa(
        &mut self,
        position: &KaissaPosition,
        depth: Option<f64>,
        nodes: Option<f64>,
        time: Option<f64>,
        on_progress: Option<Function>,
    ) -> Result<JsValue, JsValue> {
        let limit = limit(depth, nodes, time)?;
        self.think(kaissa_ready(position), limit, on_progress)
    }

    /// As `thinkKaissa`, for a Chaturaji position after `roll` (omitted
    /// while a Ludii promotion decision is pending).
    #[wasm_bindgen(js_name = thinkChaturaji)]
    pub fn think_chaturaji(
        &mut self,
        position: &ChaturajiPosition,
        roll: Option<f64>,
        depth: Option<f64>,
        nodes: Option<f64>,
        time: Option<f64>,
        on_progress: Option<Function>,
    ) -> Result<JsValue, JsValue> {
        let limit = limit(depth, nodes, time)?;
        self.think(chaturaji_ready(position, roll)?, limit, on_progress)
    }

    /// Forgets what the agent kept between moves, as before a new game.
    pub fn reset(&mut self) {
        if let Some((_, agent)) = self.player.as_mut() {
            agent.reset();
        }
    }
}

impl Agent {
    /// The player for games of `ready`'s kind, built when first needed.
    fn player(
        &mut self,
        ready: &AnyGame,
    ) -> Result<&mut Box<dyn agents::Agent<AnyGame> + Send>, JsValue> {
        let player = match self.player.take() {
            Some((game, agent)) if same_kind(&game, ready) => (game, agent),
            _ => {
                let agent = self
                    .spec
                    .any_agent(ready, self.seed)
                    .map_err(errors::spec)?;
                let kind = match ready.rules() {
                    Some(rules) => AnyGame::chaturaji(rules),
                    None => AnyGame::kaissa(),
                };
                (kind, agent)
            }
        };
        Ok(&mut self.player.insert(player).1)
    }

    /// The move text chosen in `ready` (`None`: the game is over).
    fn choose(&mut self, ready: Option<AnyGame>) -> Result<Option<String>, JsValue> {
        let Some(ready) = ready else {
            return Ok(None);
        };
        Ok(self.player(&ready)?.choose(&ready).map(|a| a.to_string()))
    }

    /// The thought about `ready` within `limit` (`undefined`: the game is
    /// over), reporting each iteration to `on_progress`; an exception it
    /// throws ends the search and is thrown again.
    fn think(
        &mut self,
        ready: Option<AnyGame>,
        limit: Limit,
        on_progress: Option<Function>,
    ) -> Result<JsValue, JsValue> {
        let Some(ready) = ready else {
            return Ok(JsValue::UNDEFINED);
        };
        let agent = self.player(&ready)?;
        agent
            .check(&limit)
            .map_err(|e| errors::named("LimitError", &e.to_string(), &[]))?;
        let stop = StopFlag::new();
        let limit = limit.with_stop(stop.clone());
        let mut thrown = None;
        let thought = agent.think(&ready, &limit, &mut |thought| {
            if let (Some(callback), None) = (on_progress.as_ref(), thrown.as_ref()) {
                if let Err(error) = callback.call1(&JsValue::NULL, &thought_object(thought)) {
                    thrown = Some(error);
                    stop.raise();
                }
            }
        });
        match thrown {
            Some(error) => Err(error),
            None => Ok(thought_object(&thought)),
        }
    }
}
