//! `VectorCore`: many games stepped together in Rust, the engine of
//! `kaissa_chaturaji.vector.VectorEnv`.
//!
//! One call steps every game and writes every output into one
//! `bytearray` that nothing else references (a new one, or an earlier
//! output that every array viewing it has let go of), which the Python
//! side views as numpy arrays without a copy. The interpreter is released
//! while the games run, optionally on several threads. The layout
//! (offsets from `VectorCore.layout`):
//!
//! | part | type | shape |
//! |---|---|---|
//! | player to act | little-endian `i64` | `num_envs` |
//! | rewards | little-endian `f32` | `num_envs × players` |
//! | done | `u8` (0 or 1) | `num_envs` |
//! | observations | `u8` | `num_envs × observation_size` |
//! | legal-action masks | `u8` (0 or 1) | `num_envs × num_actions` |

use pyo3::exceptions::PyValueError;
use std::sync::{Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

use kaissa_chaturaji::game::{Actor, Game};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

use super::encode::Encoded;
use super::legal::Legal;
use super::output::{only_here, uninitialised_bytearray, Rows};
use super::stream;
use crate::errors;
use kaissa_chaturaji::game::AnyGame;

/// One game of the batch, with the ids of its legal actions and its
/// random streams. The actions themselves are not kept (a Kaissa move
/// list has room for over a thousand): the ids name them, and the game
/// state stays small, so that more games fit in the caches.
struct Env<G: Encoded> {
    /// The game, always at a player node between calls.
    game: G,
    /// The ids of its legal actions now.
    legal: G::Legal,
    /// The die's stream.
    dice: SplitMix64,
}

/// The random action drawn for a game ahead of `sample_actions`, when
/// the game was stepped: its id and the stream as it stands after the
/// draw, which `sample_actions` adopts. A call to `sample_actions` and the
/// `step` that follows it then look at these few bytes of each game only
/// (kept side by side, apart from the games), not at its state and ids,
/// which a large batch has long pushed out of the caches. Drawn and not taken, the draw is forgotten: the stream is
/// the same as if it never was.
#[derive(Clone, Copy)]
struct Next {
    /// The stream of `sample_actions`.
    policy: SplitMix64,
    /// `policy` after the draw.
    drawn: SplitMix64,
    /// The drawn action's id (-1 when the game has none).
    id: i64,
    /// The id of the action to play next, one of the game's legal ids (set by
    /// `Envs::choose`).
    chosen: u16,
}

impl Next {
    /// A stream seeded with `seed`, nothing drawn yet.
    fn new(seed: u64) -> Next {
        let policy = SplitMix64::new(seed);
        Next {
            policy,
            drawn: policy,
            id: -1,
            chosen: 0,
        }
    }

    /// Draws from `policy` among the `legal` ids (in the game's order)
    /// without taking the draw yet.
    fn draw(&mut self, legal: &impl Legal) {
        let mut drawn = self.policy;
        let index = drawn.below(legal.len() as u64) as usize;
        self.drawn = drawn;
        self.id = legal.get(index).map_or(-1, i64::from);
    }
}

/// The batch of one game.
struct Envs<G: Encoded> {
    /// Where every game starts.
    start: G,
    /// The ply limit, if any (a game reaching it ends drawn).
    limit: Option<u32>,
    /// Whether every game's `next` holds a draw not yet taken.
    drawn: bool,
    /// The games.
    envs: Vec<Env<G>>,
    /// What `sample_actions` and `step` read of each game, side by side.
    next: Vec<Next>,
}

impl<G: Encoded> Env<G> {
    /// Rolls the die until a player is to act, starting a new game when
    /// one ends (its returns go to `rewards`); refreshes the legal
    /// actions and returns the player to act and whether a game ended.
    fn advance(
        &mut self,
        next: &mut Next,
        start: &G,
        limit: Option<u32>,
        rewards: &mut [u8],
    ) -> (usize, bool) {
        let mut ended = false;
        loop {
            if limit.is_some_and(|limit| self.game.plies() >= limit) && !self.game.is_over() {
                // The ply limit: a draw, every return 0.
                rewards.fill(0);
                ended = true;
                self.game = start.clone();
                continue;
            }
            match self.game.actor_and_legal(&mut self.legal) {
                Actor::Player(player) => {
                    next.draw(&self.legal);
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
        // The output is fresh, uninitialised memory: every byte is written.
        self.game.fill_observation(obs);
        self.legal.write_mask(mask);
    }
}

impl<G: Encoded> Envs<G> {
    /// `n` games from `start`, seeded from `seed`.
    fn new(start: G, n: usize, seed: u64, limit: Option<u32>) -> Envs<G> {
        let mut envs = Envs {
            start: start.clone(),
            limit,
            drawn: false,
            envs: Vec::with_capacity(n),
            next: vec![Next::new(0); n],
        };
        for _ in 0..n {
            envs.envs.push(Env {
                game: start.clone(),
                legal: G::Legal::default(),
                dice: SplitMix64::new(0),
            });
        }
        envs.seed(seed);
        envs
    }

    /// Seeds every game's streams from `seed`.
    fn seed(&mut self, seed: u64) {
        let mut master = SplitMix64::new(seed);
        for (env, next) in self.envs.iter_mut().zip(&mut self.next) {
            let game_seed = master.next_u64();
            env.dice = SplitMix64::new(game_seed);
            *next = Next::new(game_seed ^ 0x05ee_d0fa_11ac_7105);
        }
        self.drawn = false;
    }

    /// Starts every game again and writes the outputs (the parts
    /// `streamed` says with streaming stores).
    fn reset(&mut self, rows: Rows<'_>, threads: usize, streamed: stream::Streamed) {
        let (start, limit) = (&self.start, self.limit);
        let actions = G::num_actions();
        let games = Games {
            envs: &mut self.envs,
            next: &mut self.next,
        };
        for_chunks(
            games,
            rows,
            threads,
            streamed,
            &|env: &mut Env<G>, next: &mut Next, row: Rows<'_>| {
                env.game = start.clone();
                let (actor, _) = env.advance(next, start, limit, row.rewards);
                row.rewards.fill(0);
                row.done[0] = 0;
                env.write(actor, row.player, row.obs, &mut row.mask[..actions]);
            },
        );
        self.drawn = true;
    }

    /// Finds each game's action (`actions`: one id per game) among its
    /// legal ones and remembers it: the index and id of the first that is
    /// not legal, if one is not (then nothing is played).
    fn choose(&mut self, actions: &[i64]) -> Option<(usize, i64)> {
        let games = self.envs.iter().zip(&mut self.next);
        for (i, ((env, next), &id)) in games.zip(actions).enumerate() {
            // The drawn action (what `sample_actions` gave) is found
            // without a look at the ids.
            let found = match u16::try_from(id) {
                Ok(legal) if id == next.id => Some(legal),
                Ok(wanted) => env.legal.contains(wanted).then_some(wanted),
                Err(_) => None,
            };
            match found {
                Some(legal) => next.chosen = legal,
                None => return Some((i, id)),
            }
        }
        None
    }

    /// Plays each game's chosen action and writes the outputs (the parts
    /// `streamed` says with streaming stores).
    fn step(&mut self, rows: Rows<'_>, threads: usize, streamed: stream::Streamed) {
        let (start, limit) = (&self.start, self.limit);
        let games = Games {
            envs: &mut self.envs,
            next: &mut self.next,
        };
        for_chunks(
            games,
            rows,
            threads,
            streamed,
            &|env: &mut Env<G>, next: &mut Next, row: Rows<'_>| {
                let id = usize::from(next.chosen);
                let action = G::action_of(id, false).expect("the id of a legal action");
                env.game.apply_unchecked(action);
                row.rewards.fill(0);
                let (actor, ended) = env.advance(next, start, limit, row.rewards);
                row.done[0] = u8::from(ended);
                env.write(actor, row.player, row.obs, row.mask);
            },
        );
        self.drawn = true;
    }

    /// A uniformly random legal action id for each game.
    fn sample(&mut self) -> Vec<u8> {
        let mut out = Vec::with_capacity(8 * self.envs.len());
        let drawn = std::mem::replace(&mut self.drawn, false);
        for (env, next) in self.envs.iter().zip(&mut self.next) {
            if !drawn {
                next.draw(&env.legal);
            }
            next.policy = next.drawn;
            out.extend_from_slice(&next.id.to_le_bytes());
        }
        out
    }
}

/// What a step does to one game (with its `Next`) and its rows.
type Work<'a, G> = dyn Fn(&mut Env<G>, &mut Next, Rows<'_>) + Sync + 'a;

/// Some consecutive games, with what `sample_actions` and `step` read of
/// them.
struct Games<'a, G: Encoded> {
    envs: &'a mut [Env<G>],
    next: &'a mut [Next],
}

impl<'a, G: Encoded> Games<'a, G> {
    /// The number of games.
    fn len(&self) -> usize {
        self.envs.len().min(self.next.len())
    }

    /// The first `k` games, and the rest.
    fn split(self, k: usize) -> (Games<'a, G>, Games<'a, G>) {
        let (envs, envs_tail) = self.envs.split_at_mut(k);
        let (next, next_tail) = self.next.split_at_mut(k);
        (
            Games { envs, next },
            Games {
                envs: envs_tail,
                next: next_tail,
            },
        )
    }
}

/// Some consecutive games with their rows, for one thread to take.
type Piece<'a, G> = Mutex<Option<(Games<'a, G>, Rows<'a>)>>;

/// Runs `work` on every game with its rows, on up to `threads` threads.
fn for_chunks<G: Encoded>(
    games: Games<'_, G>,
    rows: Rows<'_>,
    threads: usize,
    streamed: stream::Streamed,
    work: &Work<'_, G>,
) {
    let n = games.len();
    if threads <= 1 || n < 2 {
        run_rows(games, rows, streamed, work);
        return;
    }
    let per = n.div_ceil(threads);
    // One piece per thread, each taken once: by its thread, or here when
    // the system refuses the thread (then every game is stepped anyway).
    let mut pieces = Vec::with_capacity(threads);
    let (mut games, mut rows, mut left) = (games, rows, n);
    while left > 0 {
        let k = per.min(left);
        let (head, tail) = games.split(k);
        let (row_head, row_tail) = rows.split(k, left);
        pieces.push(Mutex::new(Some((head, row_head))));
        (games, rows, left) = (tail, row_tail, left - k);
    }
    let run = |piece: &Piece<'_, G>| {
        let taken = piece.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some((games, rows)) = taken {
            run_rows(games, rows, streamed, work);
        }
    };
    std::thread::scope(|scope| {
        let Some((last, others)) = pieces.split_last() else {
            return;
        };
        for piece in others {
            let spawned = std::thread::Builder::new().spawn_scoped(scope, move || run(piece));
            if spawned.is_err() {
                run(piece);
            }
        }
        run(last);
    });
}

/// Asks the CPU to bring `env`'s state and legal ids into the caches, for
/// the game after the one being stepped: its state is then there when its
/// turn comes, rather than fetched from memory line by line (the outputs
/// of a step, larger than the state, have pushed it out by then).
#[inline]
fn prefetch<G: Encoded>(env: &Env<G>) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let lines = |start: *const u8, bytes: usize| {
            for offset in (0..bytes).step_by(64) {
                // SAFETY: SSE is part of x86-64; a prefetch only hints (it
                // reads nothing the program sees, at any address).
                unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset).cast::<i8>()) };
            }
        };
        lines(
            std::ptr::from_ref(env).cast::<u8>(),
            std::mem::size_of::<Env<G>>(),
        );
        let (heap, bytes) = env.legal.heap();
        lines(heap, bytes);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = env;
}

/// Calls `work` on each game of `games` with its row from `rows`, the
/// next game prefetched while one is stepped.
fn each_game<'a, G: Encoded>(
    games: Games<'_, G>,
    rows: impl Iterator<Item = Rows<'a>>,
    work: &Work<'_, G>,
) {
    let mut rest = games.envs;
    for (next, row) in games.next.iter_mut().zip(rows) {
        let Some((env, tail)) = std::mem::take(&mut rest).split_first_mut() else {
            return;
        };
        if let Some(after) = tail.first() {
            prefetch(after);
        }
        work(env, next, row);
        rest = tail;
    }
}

/// Runs `work` on each game with its own row, composing the observations
/// or masks or both (as `streamed` says) of [`stream::GROUP`] games at a
/// time in scratch buffers and streaming them out (see `stream`); the
/// other parts are written in place.
fn run_rows_streaming<G: Encoded>(
    games: Games<'_, G>,
    rows: Rows<'_>,
    streamed: stream::Streamed,
    work: &Work<'_, G>,
) {
    let n = games.len();
    let width = |part: &[u8]| part.len() / n;
    let (pw, rw, dw, ow, mw) = (
        width(rows.player),
        width(rows.rewards),
        width(rows.done),
        width(rows.obs),
        width(rows.mask),
    );
    let group = stream::GROUP;
    let scratch =
        |streamed: bool, width: usize| vec![0u8; if streamed { group * width } else { 0 }];
    let mut obs_scratch = scratch(streamed.obs, ow);
    let mut mask_scratch = scratch(streamed.mask, mw);
    let groups = games
        .envs
        .chunks_mut(group)
        .zip(games.next.chunks_mut(group))
        .map(|(envs, next)| Games { envs, next })
        .zip(rows.player.chunks_mut(group * pw))
        .zip(rows.rewards.chunks_mut(group * rw))
        .zip(rows.done.chunks_mut(group * dw))
        .zip(rows.obs.chunks_mut(group * ow))
        .zip(rows.mask.chunks_mut(group * mw));
    for (((((games, player), rewards), done), obs), mask) in groups {
        let k = games.len();
        let obs_rows = if streamed.obs {
            &mut obs_scratch[..k * ow]
        } else {
            &mut *obs
        };
        let mask_rows = if streamed.mask {
            &mut mask_scratch[..k * mw]
        } else {
            &mut *mask
        };
        let rows = Rows {
            player,
            rewards,
            done,
            obs: obs_rows,
            mask: mask_rows,
        };
        each_game(games, rows.each(k), work);
        if streamed.obs {
            stream::copy(obs, &obs_scratch[..k * ow]);
        }
        if streamed.mask {
            stream::copy(mask, &mask_scratch[..k * mw]);
        }
    }
    stream::fence();
}

/// Runs `work` on each game with its own row.
fn run_rows<G: Encoded>(
    games: Games<'_, G>,
    rows: Rows<'_>,
    streamed: stream::Streamed,
    work: &Work<'_, G>,
) {
    let n = games.len();
    if n == 0 {
        return;
    }
    if streamed.obs || streamed.mask {
        run_rows_streaming(games, rows, streamed, work);
        return;
    }
    each_game(games, rows.each(n), work);
}

/// A batch of one game behind one vtable: each call dispatches once and
/// the loops inside run on the concrete game (monomorphic), whichever
/// `AnyGame` the batch was made from.
trait Batch: Send + Sync {
    /// The number of games.
    fn len(&self) -> usize;
    /// Seeds every game's streams from `seed`.
    fn reseed(&mut self, seed: u64);
    /// Starts every game again and writes the outputs (the parts
    /// `streamed` says with streaming stores).
    fn restart(&mut self, rows: Rows<'_>, threads: usize, streamed: stream::Streamed);
    /// Remembers each game's action, or names the first illegal one.
    fn pick(&mut self, actions: &[i64]) -> Option<(usize, i64)>;
    /// Plays the remembered actions and writes the outputs (the parts
    /// `streamed` says with streaming stores).
    fn play(&mut self, rows: Rows<'_>, threads: usize, streamed: stream::Streamed);
    /// A uniformly random legal action id per game, as bytes.
    fn sample_ids(&mut self) -> Vec<u8>;
    /// The position texts.
    fn texts(&self) -> Vec<String>;
}

impl<G: Encoded + 'static> Batch for Envs<G> {
    fn len(&self) -> usize {
        self.envs.len()
    }

    fn reseed(&mut self, seed: u64) {
        self.seed(seed);
    }

    fn restart(&mut self, rows: Rows<'_>, threads: usize, streamed: stream::Streamed) {
        self.reset(rows, threads, streamed);
    }

    fn pick(&mut self, actions: &[i64]) -> Option<(usize, i64)> {
        self.choose(actions)
    }

    fn play(&mut self, rows: Rows<'_>, threads: usize, streamed: stream::Streamed) {
        self.step(rows, threads, streamed);
    }

    fn sample_ids(&mut self) -> Vec<u8> {
        self.sample()
    }

    fn texts(&self) -> Vec<String> {
        self.envs.iter().map(|env| env.game.text()).collect()
    }
}

/// The batch of `n` games like `start` (the game inside the `AnyGame`).
fn batch(start: AnyGame, n: usize, seed: u64, limit: Option<u32>) -> Box<dyn Batch> {
    match start {
        AnyGame::Kaissa(g) => Box::new(Envs::new(g, n, seed, limit)),
        AnyGame::Chaturaji(g) => Box::new(Envs::new(g, n, seed, limit)),
    }
}

/// ``VectorCore(game, rules, num_envs, seed, threads)``: the Rust engine
/// of ``kaissa_chaturaji.vector.VectorEnv`` (use that class; this one
/// speaks bytes).
#[pyclass(module = "kaissa_chaturaji._native.research", name = "VectorCore")]
pub struct VectorCore {
    envs: Box<dyn Batch>,
    players: usize,
    observation_size: usize,
    num_actions: usize,
    threads: usize,
    /// The last few outputs handed out. One that nobody else references
    /// any more (no array views it) is written again instead of a new one:
    /// fresh memory of this size costs page faults and cache misses on
    /// every step.
    recycled: Vec<Py<PyByteArray>>,
    /// Which parts of the output are written with streaming stores
    /// ([`stream::Streamed::choose`], unless set from Python).
    streamed: stream::Streamed,
}

/// The most games one `VectorCore` holds: 65,536 Kaissa games take about
/// 600 MB (the games, their move lists and one output), so that a bad
/// number is an error rather than an allocation the machine cannot make.
const MAX_ENVS: usize = 1 << 16;

/// The most threads a batch may be stepped on (more than any machine's
/// cores: a bound, so that a typo asks for no unbounded work).
const MAX_THREADS: usize = 1024;

/// How many outputs `VectorCore` keeps for reuse: the caller's arrays of
/// the last step or two are usually still alive while it steps again.
const RECYCLED: usize = 3;

impl VectorCore {
    /// The number of games.
    fn len(&self) -> usize {
        self.envs.len()
    }

    /// The byte length of the whole output.
    fn output_len(&self) -> usize {
        let n = self.len();
        n * (8 + 4 * self.players + 1 + self.observation_size + self.num_actions)
    }

    /// A bytearray of `len` bytes that nobody else can see: a recycled
    /// output no longer referenced outside this object, or a new one.
    fn fresh_output<'py>(
        &mut self,
        py: Python<'py>,
        len: usize,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let free = self
            .recycled
            .iter()
            .position(|output| only_here(output) && output.bind(py).len() == len);
        if let Some(index) = free {
            let output = self.recycled.remove(index);
            let bound = output.bind(py).clone();
            self.recycled.push(output);
            return Ok(bound);
        }
        let output = uninitialised_bytearray(py, len)?;
        if self.recycled.len() == RECYCLED {
            self.recycled.remove(0);
        }
        self.recycled.push(output.clone().unbind());
        Ok(output)
    }

    /// A fresh output filled by `fill` with the interpreter released,
    /// the parts [`VectorCore::streamed`] says streamed.
    fn output<'py>(
        &mut self,
        py: Python<'py>,
        fill: impl FnOnce(&mut dyn Batch, Rows<'_>, usize, stream::Streamed) + Send,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let (n, players, obs, actions, threads) = (
            self.len(),
            self.players,
            self.observation_size,
            self.num_actions,
            self.threads,
        );
        let len = self.output_len();
        let output = self.fresh_output(py, len)?;
        let way = self.streamed;
        let envs = &mut *self.envs;
        // SAFETY: `output` is a bytearray of `len` bytes referenced from
        // nowhere but here and `recycled` (made just now, or recycled
        // unreferenced), so nothing, no Python code either while the
        // interpreter is released, reads or resizes it while the games
        // fill it. Every part of every row is written before Python sees
        // it.
        let buffer = unsafe {
            let data = pyo3::ffi::PyByteArray_AsString(output.as_ptr()).cast::<u8>();
            if data.is_null() {
                return Err(PyErr::fetch(py));
            }
            std::slice::from_raw_parts_mut(data, len)
        };
        py.detach(|| {
            fill(
                envs,
                Rows::new(buffer, n, players, obs, actions),
                threads,
                way,
            )
        });
        Ok(output)
    }
}

#[pymethods]
impl VectorCore {
    /// ``num_envs`` games of ``game`` under ``rules``, seeded with
    /// ``seed``, stepped on ``threads`` threads (0: every core).
    #[new]
    #[pyo3(signature = (game, rules, num_envs, seed, threads = 1, max_plies = None))]
    fn new(
        game: &str,
        rules: Option<&str>,
        num_envs: i64,
        seed: u64,
        threads: i64,
        max_plies: Option<i64>,
    ) -> PyResult<Self> {
        let limit = super::state::ply_limit(max_plies)?;
        let n = usize::try_from(num_envs)
            .ok()
            .filter(|&n| (1..=MAX_ENVS).contains(&n))
            .ok_or_else(|| {
                PyValueError::new_err(format!("num_envs must be 1 to {MAX_ENVS}, not {num_envs}"))
            })?;
        let threads = match crate::common::threads(threads)? {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t if t > MAX_THREADS => {
                return Err(PyValueError::new_err(format!(
                    "threads must be 0 (every core) to {MAX_THREADS}, not {threads}"
                )))
            }
            t => t,
        };
        let start = super::state::start(game, rules)?;
        let (observation_size, num_actions) = (
            super::state::observation_size(&start),
            super::state::num_actions(&start),
        );
        let players = start.players();
        let envs = batch(start, n, seed, limit);
        let mut core = VectorCore {
            envs,
            players,
            observation_size,
            num_actions,
            threads,
            recycled: Vec::new(),
            streamed: stream::Streamed::PLAIN,
        };
        core.streamed = stream::Streamed::choose(core.output_len());
        Ok(core)
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

    /// How the output is written: ``"plain"`` stores, or ``"streamed"``
    /// past the caches (by default once it is larger than 4 MiB).
    #[getter]
    fn stores(&self) -> &'static str {
        if self.streamed.obs || self.streamed.mask {
            "streamed"
        } else {
            "plain"
        }
    }

    /// Writes the outputs from now on with ``"plain"`` or ``"streamed"``
    /// stores, whatever its size (the same bytes either way, at another
    /// cost: for tests, and for measuring a machine whose caches keep more
    /// or less). Anything else raises ``ValueError``.
    #[setter]
    fn set_stores(&mut self, way: &str) -> PyResult<()> {
        self.streamed = match way {
            "plain" => stream::Streamed::PLAIN,
            "streamed" => stream::Streamed::ALL,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "stores must be \"plain\" or \"streamed\", not {way:?}"
                )))
            }
        };
        Ok(())
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
            self.envs.reseed(seed);
        }
        self.output(py, |envs, rows, threads, way| {
            envs.restart(rows, threads, way)
        })
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
        if let Some((index, id)) = self.envs.pick(&ids) {
            return Err(errors::illegal_action(
                None,
                format!("action {id} is not legal in game {index} of the batch"),
            ));
        }
        self.output(py, |envs, rows, threads, way| envs.play(rows, threads, way))
    }

    /// A uniformly random legal action id for each game (its own seeded
    /// stream, apart from the die's), as ``num_envs`` little-endian
    /// ``i64``.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let ids = self.envs.sample_ids();
        PyBytes::new(py, &ids)
    }

    /// The position texts of the games.
    fn texts(&self) -> Vec<String> {
        self.envs.texts()
    }
}
