//! `GameState`: a game in progress seen the way OpenSpiel sees a state,
//! with integer action ids and observation vectors. The OpenSpiel games
//! and the PettingZoo environments of the package are built on it.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use kaissa_chaturaji::chaturaji;
use kaissa_chaturaji::game::{Actor, AnyGame, Chaturaji, ChaturajiStep, Game, Kaissa};
use kaissa_chaturaji::kaissa;

use super::encode::Encoded;
use crate::chaturaji::rules;
use crate::{errors, kaissa as py_kaissa};

/// The arguments of `GameState.from_text` that rebuild a state: game,
/// text, rules and roll.
type StateArgs = (
    &'static str,
    String,
    Option<&'static str>,
    Option<u8>,
    Option<u32>,
);

/// OpenSpiel's id of the chance player.
pub const CHANCE_PLAYER: i64 = -1;

/// OpenSpiel's id of the terminal "player".
pub const TERMINAL_PLAYER: i64 = -4;

/// Runs `$body` with `$g` bound to the game inside `$any`, whichever it is:
/// one dispatch per call, the work inside monomorphic.
macro_rules! dispatch {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            AnyGame::Kaissa($g) => $body,
            AnyGame::Chaturaji($g) => $body,
        }
    };
}

/// The start of `game` (`kaissa` or `chaturaji`) under `rules` (a
/// Chaturaji rules name; Kaissa takes none or `sheet`).
pub fn start(game: &str, rules_name: Option<&str>) -> PyResult<AnyGame> {
    match game {
        // Kaissa has one ruleset; "sheet" names it too, so that code
        // looping over both games can pass the default name.
        "kaissa" => match rules_name {
            None | Some("sheet") => Ok(AnyGame::kaissa()),
            Some(other) => Err(PyValueError::new_err(format!(
                "Merchant Kaissa has one ruleset (rules None or 'sheet'), not {:?}",
                other.chars().take(24).collect::<String>()
            ))),
        },
        "chaturaji" => {
            let rules = rules::from_name(rules_name.unwrap_or("sheet"), rules::DEFAULT_DRAW_LIMIT)?;
            Ok(AnyGame::chaturaji(rules))
        }
        _ => Err(PyValueError::new_err(format!(
            "the games are 'kaissa' and 'chaturaji', not {:?}",
            game.chars().take(24).collect::<String>()
        ))),
    }
}

/// The Chaturaji rules name of `game` (`None` for Kaissa).
pub fn rules_name(game: &AnyGame) -> Option<&'static str> {
    game.rules().map(rules::name)
}

/// The number of player action ids of `game`.
pub fn num_actions(game: &AnyGame) -> usize {
    match game {
        AnyGame::Kaissa(_) => Kaissa::num_actions(),
        AnyGame::Chaturaji(_) => Chaturaji::num_actions(),
    }
}

/// The length of an observation of `game`.
pub fn observation_size(game: &AnyGame) -> usize {
    match game {
        AnyGame::Kaissa(_) => Kaissa::OBSERVATION,
        AnyGame::Chaturaji(_) => Chaturaji::OBSERVATION,
    }
}

/// Who acts, as OpenSpiel numbers it.
pub fn player_id(actor: Actor) -> i64 {
    match actor {
        Actor::Player(i) => i as i64,
        Actor::Chance => CHANCE_PLAYER,
        Actor::Over => TERMINAL_PLAYER,
    }
}

/// The legal action ids of `game`, ascending (empty at a chance node and
/// at the end).
pub fn legal_ids<G: Encoded>(game: &G) -> Vec<usize> {
    let mut ids = Vec::new();
    G::action_ids(game.legal_actions().as_ref(), &mut ids);
    ids.sort_unstable();
    ids.into_iter().map(usize::from).collect()
}

/// The text of action `id` (a chance outcome when `chance`).
fn action_text<G: Encoded>(id: i64, chance: bool) -> PyResult<String> {
    usize::try_from(id)
        .ok()
        .and_then(|id| G::action_of(id, chance))
        .map(|action| action.to_string())
        .ok_or_else(|| no_such_action::<G>(id, chance))
}

/// The error for an id that names no action.
fn no_such_action<G: Encoded>(id: i64, chance: bool) -> PyErr {
    if chance {
        PyValueError::new_err(format!(
            "{id} is no chance outcome of {}: they are 0 to 3 (faces 2 to 5)",
            G::NAME
        ))
    } else {
        PyValueError::new_err(format!(
            "{id} is no action id of {}: they are 0 to {}",
            G::NAME,
            G::num_actions() - 1
        ))
    }
}

/// Applies action `id` if it is legal in `game`; otherwise says why and
/// changes nothing.
pub fn apply_id<G: Encoded>(game: &mut G, id: i64) -> PyResult<()> {
    let chance = game.actor() == Actor::Chance;
    let action = usize::try_from(id)
        .ok()
        .and_then(|id| G::action_of(id, chance))
        .ok_or_else(|| no_such_action::<G>(id, chance))?;
    game.apply(action).map(|_| ()).map_err(errors::illegal)
}

/// The id of an action's text: a face (`2` to `5`, a chance outcome) or
/// a move text.
fn text_id<G: Encoded>(game: &G, text: &str) -> PyResult<usize> {
    let action = game.parse_action(text).map_err(errors::notation)?;
    Ok(G::action_id(action))
}

/// A game in progress with integer actions and observation vectors, in
/// the shape of an OpenSpiel state.
///
/// ``GameState(game, rules=None)``: the start of ``"kaissa"`` or of
/// ``"chaturaji"`` under ``rules`` (``"sheet"`` by default,
/// ``"opposite"`` or ``"ludii"``; Kaissa takes ``None`` or ``"sheet"``).
///
/// Players are numbered from 0 (Kaissa: Yellow 0, Red 1; Chaturaji: Red
/// 0, Black 1, Yellow 2, Green 3). ``current_player()`` is a player, -1
/// at a chance node (Chaturaji's die) or -4 once the game is over. Action
/// ids and observations are documented in the package's
/// ``kaissa_chaturaji.openspiel`` module.
///
/// >>> s = GameState("chaturaji", "ludii")
/// >>> s.current_player(), s.chance_outcomes()[0]
/// (-1, (0, 0.25))
/// >>> s.apply_action(s.string_to_action("3"))
/// >>> [s.action_to_string(a) for a in s.legal_actions()]
/// ['b1a3', 'b1c3']
///
/// ``max_plies`` (off by default: the rules as written) ends the game,
/// drawn with every return 0, once the position's ply count reaches it
/// (``Position.ply``: plies since the start of the game), so that every
/// game is finite: the research user's ply limit.
#[pyclass(module = "kaissa_chaturaji._native.research", name = "GameState")]
#[derive(Debug, Clone)]
pub struct GameState {
    /// The game.
    pub game: AnyGame,
    /// The ply limit, if any.
    pub max_plies: Option<u32>,
}

impl GameState {
    /// Whether the ply limit, not the rules, ended the game.
    fn cut(&self) -> bool {
        self.max_plies.is_some_and(
            |limit| dispatch!(&self.game, g => g.position().ply() >= limit && !g.is_over()),
        )
    }
}

/// A ply limit: `None` or a positive count.
pub fn ply_limit(max_plies: Option<i64>) -> PyResult<Option<u32>> {
    max_plies
        .map(|n| {
            u32::try_from(n).ok().filter(|&n| n > 0).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "max_plies must be None (no limit) or 1 to {}, not {n}",
                    u32::MAX
                ))
            })
        })
        .transpose()
}

#[pymethods]
impl GameState {
    /// The start of ``game`` under ``rules``.
    #[new]
    #[pyo3(signature = (game, rules = None, *, max_plies = None))]
    fn new(game: &str, rules: Option<&str>, max_plies: Option<i64>) -> PyResult<GameState> {
        Ok(GameState {
            game: start(game, rules)?,
            max_plies: ply_limit(max_plies)?,
        })
    }

    /// A game from a position text (``roll``: a face already rolled for
    /// it, Chaturaji only), as ``str`` and ``roll`` give them back.
    #[staticmethod]
    #[pyo3(signature = (game, text, rules = None, roll = None, max_plies = None))]
    fn from_text(
        game: &str,
        text: &str,
        rules: Option<&str>,
        roll: Option<i64>,
        max_plies: Option<i64>,
    ) -> PyResult<GameState> {
        let max_plies = ply_limit(max_plies)?;
        let game = match start(game, rules)? {
            AnyGame::Kaissa(_) => {
                if roll.is_some() {
                    return Err(PyValueError::new_err("Merchant Kaissa has no die"));
                }
                AnyGame::Kaissa(Kaissa::new(
                    kaissa::Position::from_text(text).map_err(errors::notation)?,
                ))
            }
            AnyGame::Chaturaji(start) => {
                let rules = start.position().rules();
                let pos = chaturaji::Position::from_text(text, rules).map_err(errors::notation)?;
                let mut game = Chaturaji::new(pos);
                if let Some(face) = roll {
                    let roll = crate::chaturaji::moves::roll(face)?;
                    game.apply(ChaturajiStep::Roll(roll))
                        .map_err(errors::illegal)?;
                }
                AnyGame::Chaturaji(game)
            }
        };
        Ok(GameState { game, max_plies })
    }

    /// The ply limit (``None``: the rules as written).
    #[getter(max_plies)]
    fn ply_limit(&self) -> Option<u32> {
        self.max_plies
    }

    /// ``"kaissa"`` or ``"chaturaji"``.
    #[getter]
    fn game(&self) -> &'static str {
        self.game.name()
    }

    /// The Chaturaji rules name, ``None`` for Kaissa.
    #[getter]
    fn rules(&self) -> Option<&'static str> {
        rules_name(&self.game)
    }

    /// The number of players: 2 or 4.
    #[getter]
    fn players(&self) -> usize {
        dispatch!(&self.game, g => g.players())
    }

    /// The number of action ids (every id is below it).
    #[getter]
    fn num_actions(&self) -> usize {
        num_actions(&self.game)
    }

    /// The length of an observation.
    #[getter]
    fn observation_size(&self) -> usize {
        observation_size(&self.game)
    }

    /// The die face rolled and not yet moved for, or ``None``.
    #[getter]
    fn roll(&self) -> Option<u8> {
        match &self.game {
            AnyGame::Kaissa(_) => None,
            AnyGame::Chaturaji(g) => g.pending_roll().map(|r| r.face()),
        }
    }

    /// The player to act, -1 at a chance node, -4 at the end.
    fn current_player(&self) -> i64 {
        if self.cut() {
            return TERMINAL_PLAYER;
        }
        player_id(dispatch!(&self.game, g => g.actor()))
    }

    /// Whether the die is to be rolled.
    fn is_chance_node(&self) -> bool {
        self.current_player() == CHANCE_PLAYER
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.cut() || dispatch!(&self.game, g => g.is_over())
    }

    /// The legal action ids, ascending (empty at a chance node and at the
    /// end).
    fn legal_actions(&self) -> Vec<usize> {
        if self.cut() {
            return Vec::new();
        }
        dispatch!(&self.game, g => legal_ids(g))
    }

    /// The legal actions as a mask: ``num_actions`` bytes, 1 where legal.
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut mask = vec![0u8; num_actions(&self.game)];
        for id in self.legal_actions() {
            mask[id] = 1;
        }
        PyBytes::new(py, &mask)
    }

    /// The chance outcomes with their probabilities (the die's faces 2 to
    /// 5 as ids 0 to 3, 1/4 each); empty at any other node.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        if self.cut() {
            return Vec::new();
        }
        match &self.game {
            AnyGame::Kaissa(_) => Vec::new(),
            AnyGame::Chaturaji(g) => g
                .chance_outcomes()
                .into_iter()
                .map(|(action, p)| (Chaturaji::action_id(action), p))
                .collect(),
        }
    }

    /// Plays action ``action`` (a chance outcome at a chance node):
    /// ``IllegalMoveError`` if it is not legal here, ``ValueError`` if the
    /// id names no action; then nothing changed.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        if self.cut() {
            return Err(errors::illegal_action(
                None,
                "the game is over: it reached its ply limit".to_string(),
            ));
        }
        dispatch!(&mut self.game, g => apply_id(g, action))
    }

    /// The text of ``action``: a move text, or with ``chance`` a face.
    #[pyo3(signature = (action, chance = false))]
    fn action_to_string(&self, action: i64, chance: bool) -> PyResult<String> {
        match &self.game {
            AnyGame::Kaissa(_) => action_text::<Kaissa>(action, chance),
            AnyGame::Chaturaji(_) => action_text::<Chaturaji>(action, chance),
        }
    }

    /// The id of an action text: a move text, or a face (``"2"`` to
    /// ``"5"``, a chance outcome). Checks the form only.
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        dispatch!(&self.game, g => text_id(g, text))
    }

    /// One return per player: all 0 until the end; then win 1, loss -1,
    /// draw 0 (Ludii ruleset: the one top scorer 1, the others -1/3).
    fn returns(&self) -> Vec<f64> {
        if self.cut() {
            return vec![0.0; self.players()];
        }
        dispatch!(&self.game, g => g.returns().to_vec())
    }

    /// The observation: ``observation_size`` bytes, each a small count.
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut out = vec![0u8; observation_size(&self.game)];
        dispatch!(&self.game, g => g.write_observation(&mut out));
        PyBytes::new(py, &out)
    }

    /// The Zobrist hash of the game (position and pending roll).
    fn zobrist_hash(&self) -> u64 {
        dispatch!(&self.game, g => g.hash())
    }

    /// The position as the game's ``Position`` class (a copy, with an
    /// empty move stack).
    fn position(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(match &self.game {
            AnyGame::Kaissa(g) => {
                Py::new(py, py_kaissa::Position::from_rust(g.position().clone()))?.into_any()
            }
            AnyGame::Chaturaji(g) => Py::new(
                py,
                crate::chaturaji::Position::from_rust(g.position().clone()),
            )?
            .into_any(),
        })
    }

    /// A copy.
    fn copy(&self) -> GameState {
        self.clone()
    }

    /// A copy (``copy.copy``).
    fn __copy__(&self) -> GameState {
        self.clone()
    }

    /// A copy (``copy.deepcopy``).
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> GameState {
        self.clone()
    }

    /// Pickling: rebuilt from the game, the rules, the text and the roll.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, StateArgs)> {
        let this = slf.borrow();
        let from_text = slf.get_type().getattr("from_text")?;
        Ok((
            from_text,
            (
                this.game.name(),
                this.game.to_string(),
                rules_name(&this.game),
                this.roll(),
                this.max_plies,
            ),
        ))
    }

    /// The position text.
    fn __str__(&self) -> String {
        self.game.to_string()
    }

    /// ``GameState.from_text(...)`` with the game, text, rules and roll.
    fn __repr__(&self) -> String {
        let mut repr = format!(
            "GameState.from_text({:?}, {:?}",
            self.game.name(),
            self.game.to_string()
        );
        if let Some(rules) = rules_name(&self.game) {
            repr.push_str(&format!(", rules={rules:?}"));
        }
        if let Some(face) = self.roll() {
            repr.push_str(&format!(", roll={face}"));
        }
        if let Some(limit) = self.max_plies {
            repr.push_str(&format!(", max_plies={limit}"));
        }
        repr.push(')');
        repr
    }

    /// Equal games (position, rules and pending roll) compare equal.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<GameState>().is_ok_and(|o| {
            let o = o.borrow();
            o.game == self.game && o.max_plies == self.max_plies
        })
    }
}
