//! `Playouts` and `PlayoutStats`: many seeded random games on every core,
//! with the interpreter released while they run.

use std::collections::BTreeMap;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use kaissa_chaturaji::playouts::{self as rust, PlayoutOutcome, Start};

use crate::common;
use crate::outcome::Outcome;
use crate::{chaturaji, kaissa};

/// A batch of seeded random games from a position: Kaissa, or Chaturaji
/// under the position's rules options.
///
/// ``Playouts(start, seed=0, *, threads=1, max_plies=10000)``: games from
/// ``start`` (a ``kaissa.Position`` or a ``chaturaji.Position``, as it is
/// now), on ``threads`` threads (0: every core), each stopped after
/// ``max_plies`` plies if still going on. Game ``i`` is the library's
/// seeded game with seed ``game_seed(i)``, so the figures do not depend on
/// the threads, and ``start.copy().play_seeded_game(p.game_seed(i),
/// max_plies)`` replays game ``i`` move by move. ``games`` and
/// ``until_plies`` release the interpreter while they run.
///
/// >>> from kaissa_chaturaji import chaturaji
/// >>> stats = Playouts(chaturaji.Position(), seed=42).games(20)
/// >>> stats.games
/// 20
#[pyclass(frozen, module = "kaissa_chaturaji", name = "Playouts")]
pub struct Playouts {
    /// The library's batch.
    inner: rust::Playouts,
}

/// The statistics of a batch of games (``Playouts.games`` and
/// ``Playouts.until_plies``): ``games``, ``plies``, ``unfinished`` (stopped
/// at the ply limit), ``draws``, ``wins`` (a dict from outcome words, such
/// as ``"yellow-wins"`` or ``"rg-wins"``, to counts), ``min_length``,
/// ``max_length`` and ``mean_length`` (in plies), and ``quantile(q)`` of
/// the game lengths.
#[pyclass(frozen, eq, module = "kaissa_chaturaji", name = "PlayoutStats")]
#[derive(Debug, Clone, PartialEq)]
pub struct PlayoutStats {
    /// The library's figures.
    stats: rust::PlayoutStats,
    /// Whether the games were Kaissa games (for the outcome words).
    kaissa: bool,
}

/// The outcome of one game of a batch.
fn outcome(outcome: PlayoutOutcome, ludii: bool) -> Outcome {
    match outcome {
        PlayoutOutcome::Kaissa(o) => Outcome::kaissa(o),
        PlayoutOutcome::Chaturaji(o) => Outcome::chaturaji(o, ludii),
    }
}

impl Playouts {
    /// Whether the games are Kaissa games.
    fn is_kaissa(&self) -> bool {
        matches!(self.inner.start(), Start::Kaissa(_))
    }

    /// Whether the games are played under the Ludii ruleset.
    fn is_ludii(&self) -> bool {
        matches!(self.inner.start(), Start::Chaturaji(pos) if pos.rules().is_ludii())
    }
}

#[pymethods]
impl Playouts {
    /// Games from ``start`` with master seed ``seed``.
    #[new]
    #[pyo3(signature = (start, seed = 0, *, threads = 1, max_plies = 10_000))]
    fn new(start: &Bound<'_, PyAny>, seed: u64, threads: i64, max_plies: u32) -> PyResult<Self> {
        let start = if let Ok(pos) = start.cast::<kaissa::Position>() {
            Start::from(pos.try_borrow()?.pos.clone())
        } else if let Ok(pos) = start.cast::<chaturaji::Position>() {
            Start::from(pos.try_borrow()?.pos.clone())
        } else {
            return Err(PyTypeError::new_err(
                "start is a kaissa.Position or a chaturaji.Position",
            ));
        };
        let inner = rust::Playouts::new(start, seed)
            .with_threads(common::threads(threads)?)
            .with_max_plies(max_plies);
        Ok(Playouts { inner })
    }

    /// Plays games ``0 .. n - 1`` and returns their statistics.
    fn games(&self, py: Python<'_>, n: u64) -> PlayoutStats {
        let stats = py.detach(|| self.inner.games(n));
        PlayoutStats {
            stats,
            kaissa: self.is_kaissa(),
        }
    }

    /// Plays games 0, 1, 2, ... until at least ``plies`` plies were played
    /// and returns their statistics (``ValueError`` when no game can play
    /// a ply: the start is finished, or ``max_plies`` is 0).
    fn until_plies(&self, py: Python<'_>, plies: u64) -> PyResult<PlayoutStats> {
        let stats = py.detach(|| self.inner.until_plies(plies));
        if stats.plies < plies {
            return Err(PyValueError::new_err(
                "no game can play a ply: the start position is finished or the ply limit is 0",
            ));
        }
        Ok(PlayoutStats {
            stats,
            kaissa: self.is_kaissa(),
        })
    }

    /// Plays game ``index`` alone: ``(plies, outcome)``.
    fn game(&self, index: u64) -> (u32, Outcome) {
        let game = self.inner.game(index);
        (game.plies, outcome(game.outcome, self.is_ludii()))
    }

    /// The seed of game ``index``.
    fn game_seed(&self, index: u64) -> u64 {
        self.inner.game_seed(index)
    }

    /// The master seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// The ply limit per game.
    #[getter]
    fn max_plies(&self) -> u32 {
        self.inner.max_plies()
    }
}

#[pymethods]
impl PlayoutStats {
    /// Games played.
    #[getter]
    fn games(&self) -> u64 {
        self.stats.games
    }

    /// Plies played in all games.
    #[getter]
    fn plies(&self) -> u64 {
        self.stats.plies
    }

    /// Games stopped at the ply limit, still going on.
    #[getter]
    fn unfinished(&self) -> u64 {
        self.stats.unfinished
    }

    /// Drawn games.
    #[getter]
    fn draws(&self) -> u64 {
        self.stats.draws
    }

    /// Won games by outcome word (``"yellow-wins"``, ``"rg-wins"``,
    /// ``"green-wins"``...); words with no game are left out.
    #[getter]
    fn wins(&self) -> BTreeMap<String, u64> {
        self.stats
            .winners()
            .filter(|&(_, n)| n > 0)
            .map(|(winners, n)| (format!("{winners}-wins"), n))
            .collect()
    }

    /// The shortest game, in plies (0 without games).
    #[getter]
    fn min_length(&self) -> u32 {
        self.stats.min_length
    }

    /// The longest game, in plies.
    #[getter]
    fn max_length(&self) -> u32 {
        self.stats.max_length
    }

    /// The mean game length in plies (0.0 without games).
    #[getter]
    fn mean_length(&self) -> f64 {
        self.stats.mean_length()
    }

    /// The ``q``-quantile of the game lengths (0 <= q <= 1; the lengths
    /// are kept in buckets, so it is exact only for short games), or
    /// ``None`` without games.
    fn quantile(&self, q: f64) -> PyResult<Option<u32>> {
        if !(0.0..=1.0).contains(&q) {
            return Err(PyValueError::new_err(format!(
                "a quantile is between 0 and 1, not {q}"
            )));
        }
        Ok(self.stats.lengths.quantile(q))
    }

    /// The figures at a glance.
    fn __repr__(&self) -> String {
        format!(
            "PlayoutStats(games={}, plies={}, unfinished={}, draws={}, wins={{{}}}, \
             min_length={}, max_length={})",
            self.stats.games,
            self.stats.plies,
            self.stats.unfinished,
            self.stats.draws,
            self.wins()
                .iter()
                .map(|(word, n)| format!("'{word}': {n}"))
                .collect::<Vec<_>>()
                .join(", "),
            self.stats.min_length,
            self.stats.max_length
        )
    }
}
