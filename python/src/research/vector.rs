//! `VectorCore`: many games stepped together in Rust, the engine of
//! `kaissa_chaturaji.vector.VectorEnv`.
//!
//! One call steps every game and writes every output into one fresh
//! `bytearray`, which the Python side views as numpy arrays without a
//! copy. The interpreter is released while the games run, optionally on
//! several threads. The layout (offsets from `VectorCore.layout`):
//!
//! | part | type | shape |
//! |---|---|---|
//! | player to act | little-endian `i64` | `num_envs` |
//! | rewards | little-endian `f32` | `num_envs × players` |
//! | done | `u8` (0 or 1) | `num_envs` |
//! | observations | `u8` | `num_envs × observation_size` |
//! | legal-action masks | `u8` (0 or 1) | `num_envs × num_actions` |

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

use kaissa_chaturaji::game::{Actor, Chaturaji, Kaissa};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

use super::encode::Encoded;
use super::state::AnyGame;
use crate::errors;

/// One game of the batch, with its legal actions and its random streams.
struct Env<G: Encoded> {
    /// The game, always at a player node between calls.
    game: G,
    /// Its legal actions now.
    legal: G::Actions,
    /// Their ids, in the same order.
    ids: Vec<u16>,
    /// The die's stream.
    dice: SplitMix64,
    /// The stream of `sample_actions`.
    policy: SplitMix64,
}

/// The output rows of some consecutive games.
struct Rows<'a> {
    player: &'a mut [u8],
    rewards: &'a mut [u8],
    done: &'a mut [u8],
    obs: &'a mut [u8],
    mask: &'a mut [u8],
}

impl<'a> Rows<'a> {
    /// Cuts `buffer` (the whole layout for `n` games) into its parts.
    fn new(buffer: &'a mut [u8], n: usize, players: usize, obs: usize, actions: usize) -> Rows<'a> {
        let (player, rest) = buffer.split_at_mut(8 * n);
        let (rewards, rest) = rest.split_at_mut(4 * n * players);
        let (done, rest) = rest.split_at_mut(n);
        let (obs_part, mask) = rest.split_at_mut(n * obs);
        Rows {
            player,
            rewards,
            done,
            obs: obs_part,
            mask: &mut mask[..n * actions],
        }
    }

    /// The first `k` of `n` games' rows, and the rest.
    fn split(self, k: usize, n: usize) -> (Rows<'a>, Rows<'a>) {
        let at = |part: &'a mut [u8]| {
            let width = part.len() / n.max(1);
            part.split_at_mut(k * width)
        };
        let (p0, p1) = at(self.player);
        let (r0, r1) = at(self.rewards);
        let (d0, d1) = at(self.done);
        let (o0, o1) = at(self.obs);
        let (m0, m1) = at(self.mask);
        (
            Rows {
                player: p0,
                rewards: r0,
                done: d0,
                obs: o0,
                mask: m0,
            },
            Rows {
                player: p1,
                rewards: r1,
                done: d1,
                obs: o1,
                mask: m1,
            },
        )
    }
}

/// The batch of one game.
struct Envs<G: Encoded> {
    /// Where every game starts.
    start: G,
    /// The games.
    envs: Vec<Env<G>>,
}

impl<G: Encoded> Env<G> {
    /// Rolls the die until a player is to act, starting a new game when
    /// one ends (its returns go to `rewards`); refreshes the legal
    /// actions and returns the player to act and whether a game ended.
    fn advance(&mut self, start: &G, rewards: &mut [u8]) -> (usize, bool) {
        let mut ended = false;
        loop {
            match self.game.actor_and_actions(&mut self.legal) {
                Actor::Player(player) => {
                    self.ids.clear();
                    let ids = self.legal.as_ref().iter().map(|&a| G::action_id(a) as u16);
                    self.ids.extend(ids);
                    return (player, ended);
                }
                Actor::Chance => {
                    let outcomes = self.game.chance_outcomes();
                    let pick = self.dice.below(outcomes.len() as u64) as usize;
                    self.game.apply_unchecked(outcomes[pick].0);
                }
                Actor::Over => {
                    for (slot, value) in rewards.chunks_exact_mut(4).zip(self.game.returns()) {
                        slot.copy_from_slice(&(value as f32).to_le_bytes());
                    }
                    ended = true;
                    self.game = start.clone();
                }
            }
        }
    }

    /// Writes the player, observation and mask of the game as it is now.
    fn write(&self, actor: usize, player: &mut [u8], obs: &mut [u8], mask: &mut [u8]) {
        player.copy_from_slice(&(actor as i64).to_le_bytes());
        self.game.write_observation(obs);
        for &id in &self.ids {
            mask[usize::from(id)] = 1;
        }
    }

    /// The action of id `id` among the legal ones, if it is one.
    fn legal_action(&self, id: i64) -> Option<G::Action> {
        let id = u16::try_from(id).ok()?;
        let index = self.ids.iter().position(|&legal| legal == id)?;
        self.legal.as_ref().get(index).copied()
    }
}

impl<G: Encoded> Envs<G> {
    /// `n` games from `start`, seeded from `seed`.
    fn new(start: G, n: usize, seed: u64) -> Envs<G> {
        let mut envs = Envs {
            start: start.clone(),
            envs: Vec::with_capacity(n),
        };
        for _ in 0..n {
            envs.envs.push(Env {
                game: start.clone(),
                legal: G::Actions::default(),
                ids: Vec::new(),
                dice: SplitMix64::new(0),
                policy: SplitMix64::new(0),
            });
        }
        envs.seed(seed);
        envs
    }

    /// Seeds every game's streams from `seed`.
    fn seed(&mut self, seed: u64) {
        let mut master = SplitMix64::new(seed);
        for env in &mut self.envs {
            let game_seed = master.next_u64();
            env.dice = SplitMix64::new(game_seed);
            env.policy = SplitMix64::new(game_seed ^ 0x05ee_d0fa_11ac_7105);
        }
    }

    /// Starts every game again and writes the outputs.
    fn reset(&mut self, rows: Rows<'_>, threads: usize) {
        let start = &self.start;
        let actions = G::num_actions();
        for_chunks(
            &mut self.envs,
            rows,
            threads,
            &|env: &mut Env<G>, row: Rows<'_>| {
                env.game = start.clone();
                let (actor, _) = env.advance(start, row.rewards);
                row.rewards.fill(0);
                env.write(actor, row.player, row.obs, &mut row.mask[..actions]);
            },
        );
    }

    /// Checks `actions` (one id per game): the index and id of the first
    /// one that is not legal.
    fn check(&self, actions: &[i64]) -> Option<(usize, i64)> {
        self.envs
            .iter()
            .zip(actions)
            .enumerate()
            .find(|(_, (env, &id))| env.legal_action(id).is_none())
            .map(|(i, (_, &id))| (i, id))
    }

    /// Plays one (checked) action in each game and writes the outputs.
    fn step(&mut self, actions: &[i64], rows: Rows<'_>, threads: usize) {
        let start = &self.start;
        let mut ids = actions.iter();
        // The actions go with the games: pair them up front so that the
        // chunks of games carry their own.
        for env in &mut self.envs {
            let id = ids.next().copied().unwrap_or(-1);
            if let Some(action) = env.legal_action(id) {
                env.game.apply_unchecked(action);
            }
        }
        for_chunks(
            &mut self.envs,
            rows,
            threads,
            &|env: &mut Env<G>, row: Rows<'_>| {
                let (actor, ended) = env.advance(start, row.rewards);
                row.done[0] = u8::from(ended);
                env.write(actor, row.player, row.obs, row.mask);
            },
        );
    }

    /// A uniformly random legal action id for each game.
    fn sample(&mut self) -> Vec<u8> {
        let mut out = Vec::with_capacity(8 * self.envs.len());
        for env in &mut self.envs {
            let pick = env.policy.below(env.ids.len() as u64) as usize;
            let id = env.ids.get(pick).map_or(-1, |&id| i64::from(id));
            out.extend_from_slice(&id.to_le_bytes());
        }
        out
    }
}

/// Runs `work` on every game with its rows, on up to `threads` threads.
fn for_chunks<G: Encoded>(
    envs: &mut [Env<G>],
    rows: Rows<'_>,
    threads: usize,
    work: &(dyn Fn(&mut Env<G>, Rows<'_>) + Sync),
) {
    let n = envs.len();
    if threads <= 1 || n < 2 {
        run_rows(envs, rows, work);
        return;
    }
    let per = n.div_ceil(threads);
    std::thread::scope(|scope| {
        let mut envs = envs;
        let mut rows = rows;
        let mut left = n;
        while left > 0 {
            let k = per.min(left);
            let (head, tail) = envs.split_at_mut(k);
            let (row_head, row_tail) = rows.split(k, left);
            envs = tail;
            rows = row_tail;
            left -= k;
            if left == 0 {
                run_rows(head, row_head, work);
            } else {
                scope.spawn(move || run_rows(head, row_head, work));
            }
        }
    });
}

/// Runs `work` on each game with its own row.
fn run_rows<G: Encoded>(
    envs: &mut [Env<G>],
    rows: Rows<'_>,
    work: &(dyn Fn(&mut Env<G>, Rows<'_>) + Sync),
) {
    let n = envs.len();
    if n == 0 {
        return;
    }
    let width = |part: &[u8]| part.len() / n;
    let (pw, rw, dw, ow, mw) = (
        width(rows.player),
        width(rows.rewards),
        width(rows.done),
        width(rows.obs),
        width(rows.mask),
    );
    let parts = rows
        .player
        .chunks_exact_mut(pw)
        .zip(rows.rewards.chunks_exact_mut(rw))
        .zip(rows.done.chunks_exact_mut(dw))
        .zip(rows.obs.chunks_exact_mut(ow))
        .zip(rows.mask.chunks_exact_mut(mw));
    for (env, ((((player, rewards), done), obs), mask)) in envs.iter_mut().zip(parts) {
        work(
            env,
            Rows {
                player,
                rewards,
                done,
                obs,
                mask,
            },
        );
    }
}

/// The batch of either game (one per `VectorCore`: the size difference
/// of the variants does not matter).
#[allow(clippy::large_enum_variant)]
enum AnyEnvs {
    Kaissa(Envs<Kaissa>),
    Chaturaji(Envs<Chaturaji>),
}

/// Runs `$body` with `$e` bound to the batch inside `$any`.
macro_rules! each {
    ($any:expr, $e:ident => $body:expr) => {
        match $any {
            AnyEnvs::Kaissa($e) => $body,
            AnyEnvs::Chaturaji($e) => $body,
        }
    };
}

/// ``VectorCore(game, rules, num_envs, seed, threads)``: the Rust engine
/// of ``kaissa_chaturaji.vector.VectorEnv`` (use that class; this one
/// speaks bytes).
#[pyclass(module = "kaissa_chaturaji._native.research", name = "VectorCore")]
pub struct VectorCore {
    envs: AnyEnvs,
    players: usize,
    observation_size: usize,
    num_actions: usize,
    threads: usize,
}

impl VectorCore {
    /// The number of games.
    fn len(&self) -> usize {
        each!(&self.envs, e => e.envs.len())
    }

    /// The byte length of the whole output.
    fn output_len(&self) -> usize {
        let n = self.len();
        n * (8 + 4 * self.players + 1 + self.observation_size + self.num_actions)
    }

    /// A fresh output filled by `fill` with the interpreter released.
    fn output<'py>(
        &mut self,
        py: Python<'py>,
        fill: impl FnOnce(&mut AnyEnvs, Rows<'_>, usize) + Send,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let (n, players, obs, actions, threads) = (
            self.len(),
            self.players,
            self.observation_size,
            self.num_actions,
            self.threads,
        );
        let len = self.output_len();
        let envs = &mut self.envs;
        PyByteArray::new_with(py, len, |buffer| {
            py.detach(|| fill(envs, Rows::new(buffer, n, players, obs, actions), threads));
            Ok(())
        })
    }
}

#[pymethods]
impl VectorCore {
    /// ``num_envs`` games of ``game`` under ``rules``, seeded with
    /// ``seed``, stepped on ``threads`` threads (0: every core).
    #[new]
    #[pyo3(signature = (game, rules, num_envs, seed, threads = 1))]
    fn new(
        game: &str,
        rules: Option<&str>,
        num_envs: i64,
        seed: u64,
        threads: i64,
    ) -> PyResult<Self> {
        let n = usize::try_from(num_envs)
            .ok()
            .filter(|&n| (1..=1 << 20).contains(&n))
            .ok_or_else(|| {
                PyValueError::new_err(format!("num_envs must be 1 to 1048576, not {num_envs}"))
            })?;
        let threads = match crate::common::threads(threads)? {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t => t,
        };
        let start = AnyGame::start(game, rules)?;
        let (observation_size, num_actions) = (start.observation_size(), start.num_actions());
        let (envs, players) = match start {
            AnyGame::Kaissa(g) => (AnyEnvs::Kaissa(Envs::new(g, n, seed)), 2),
            AnyGame::Chaturaji(g) => (AnyEnvs::Chaturaji(Envs::new(g, n, seed)), 4),
        };
        Ok(VectorCore {
            envs,
            players,
            observation_size,
            num_actions,
            threads,
        })
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.len()
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.players
    }

    /// The length of an observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.observation_size
    }

    /// The number of action ids.
    #[getter]
    fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// The threads used.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The byte offsets of the parts of an output: player, rewards, done,
    /// observations, masks, and the end.
    #[getter]
    fn layout(&self) -> (usize, usize, usize, usize, usize, usize) {
        let n = self.len();
        let rewards = 8 * n;
        let done = rewards + 4 * n * self.players;
        let obs = done + n;
        let mask = obs + n * self.observation_size;
        (0, rewards, done, obs, mask, mask + n * self.num_actions)
    }

    /// Starts every game again (seeding the streams again first when
    /// ``seed`` is given) and returns the output.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        if let Some(seed) = seed {
            each!(&mut self.envs, e => e.seed(seed));
        }
        self.output(
            py,
            |envs, rows, threads| each!(envs, e => e.reset(rows, threads)),
        )
    }

    /// Plays one action per game (``actions``: ``num_envs`` little-endian
    /// ``i64`` ids), rolls the die, starts finished games again, and
    /// returns the output. An illegal id raises ``IllegalMoveError``
    /// naming the game, and then nothing changed.
    fn step<'py>(&mut self, py: Python<'py>, actions: &[u8]) -> PyResult<Bound<'py, PyByteArray>> {
        let n = self.len();
        if actions.len() != 8 * n {
            return Err(PyValueError::new_err(format!(
                "expected {n} actions (8 bytes each), got {} bytes",
                actions.len()
            )));
        }
        let ids: Vec<i64> = actions
            .chunks_exact(8)
            .map(|b| i64::from_le_bytes(b.try_into().unwrap_or([0; 8])))
            .collect();
        if let Some((index, id)) = each!(&self.envs, e => e.check(&ids)) {
            return Err(errors::illegal_action(
                None,
                format!("action {id} is not legal in game {index} of the batch"),
            ));
        }
        self.output(
            py,
            |envs, rows, threads| each!(envs, e => e.step(&ids, rows, threads)),
        )
    }

    /// A uniformly random legal action id for each game (its own seeded
    /// stream, apart from the die's), as ``num_envs`` little-endian
    /// ``i64``.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let ids = each!(&mut self.envs, e => e.sample());
        PyBytes::new(py, &ids)
    }

    /// The position texts of the games.
    fn texts(&self) -> Vec<String> {
        each!(&self.envs, e => e.envs.iter().map(|env| env.game.position().to_string()).collect())
    }
}
