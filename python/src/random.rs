//! The seeded generators: `SplitMix64` (move choice) and, for Chaturaji,
//! `DiceRoller` (the stick die). The same algorithms as the Rust API, so a
//! seeded game gives the same moves from Python, Rust and C.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use kaissa_chaturaji::chaturaji::DiceRoller as RustRoller;
use kaissa_chaturaji::random::{RandomSource, SplitMix64 as RustSplitMix64};

/// A small seeded random generator (SplitMix64): the same seed gives the
/// same numbers on every platform and in every language binding of the
/// library. Give it to ``choose_move`` to pick moves reproducibly.
///
/// >>> rng = SplitMix64(42)
/// >>> rng.below(10) < 10
/// True
#[pyclass(module = "kaissa_chaturaji", name = "SplitMix64")]
#[derive(Debug, Clone)]
pub struct SplitMix64 {
    /// The library's generator.
    pub rng: RustSplitMix64,
}

#[pymethods]
impl SplitMix64 {
    /// A generator seeded with ``seed`` (an int from 0 to 2**64 - 1).
    #[new]
    fn new(seed: u64) -> SplitMix64 {
        SplitMix64 {
            rng: RustSplitMix64::new(seed),
        }
    }

    /// The next 64 random bits, as an int.
    fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A uniformly distributed int in ``range(bound)`` (without modulo
    /// bias); 0, without drawing, when ``bound`` is 0.
    fn below(&mut self, bound: u64) -> u64 {
        self.rng.below(bound)
    }

    /// The whole state of the generator: save it and set it back to
    /// replay the numbers that follow.
    #[getter]
    fn get_state(&self) -> u64 {
        self.rng.state
    }

    /// Sets the whole state of the generator.
    #[setter]
    fn set_state(&mut self, state: u64) {
        self.rng.state = state;
    }

    /// An independent copy, at the same state.
    fn copy(&self) -> SplitMix64 {
        self.clone()
    }

    /// ``SplitMix64(<state>)``: evaluated, a generator at the same state
    /// (a generator's seed is its first state).
    fn __repr__(&self) -> String {
        format!("SplitMix64({})", self.rng.state)
    }

    /// Pickles as the state.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64,))> {
        Ok((slf.get_type().into_any(), (slf.borrow().rng.state,)))
    }
}

/// The stick die of Chaturaji, seeded: faces 2, 3, 4 and 5, each with
/// probability 1/4. The same seed gives the same rolls as the Rust
/// ``DiceRoller``.
///
/// >>> die = DiceRoller(7)
/// >>> die.roll() in (2, 3, 4, 5)
/// True
#[pyclass(module = "kaissa_chaturaji.chaturaji", name = "DiceRoller")]
#[derive(Debug, Clone)]
pub struct DiceRoller {
    /// The library's die.
    pub roller: RustRoller,
}

#[pymethods]
impl DiceRoller {
    /// A die seeded with ``seed`` (an int from 0 to 2**64 - 1).
    #[new]
    fn new(seed: u64) -> DiceRoller {
        DiceRoller {
            roller: RustRoller::new(seed),
        }
    }

    /// Throws the die: 2, 3, 4 or 5.
    fn roll(&mut self) -> u8 {
        self.roller.roll().face()
    }

    /// The state of the die's generator (save it and set it back to replay
    /// the rolls that follow).
    #[getter]
    fn get_state(&self) -> u64 {
        self.roller.rng.state
    }

    /// Sets the state of the die's generator.
    #[setter]
    fn set_state(&mut self, state: u64) {
        self.roller.rng.state = state;
    }

    /// An independent copy, at the same state.
    fn copy(&self) -> DiceRoller {
        self.clone()
    }

    /// ``DiceRoller(<state>)``: evaluated, a die at the same state (a
    /// die's seed is its first state).
    fn __repr__(&self) -> String {
        format!("DiceRoller({})", self.roller.rng.state)
    }

    /// Pickles as the state.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64,))> {
        Ok((slf.get_type().into_any(), (slf.borrow().roller.rng.state,)))
    }
}

/// Runs `f` with the generator inside a `SplitMix64` or a `DiceRoller`
/// (both games' `choose_move` accept either).
pub fn with_rng<T>(
    rng: &Bound<'_, PyAny>,
    f: impl FnOnce(&mut RustSplitMix64) -> T,
) -> PyResult<T> {
    if let Ok(rng) = rng.cast::<SplitMix64>() {
        return Ok(f(&mut rng.try_borrow_mut()?.rng));
    }
    if let Ok(die) = rng.cast::<DiceRoller>() {
        return Ok(f(&mut die.try_borrow_mut()?.roller.rng));
    }
    Err(PyTypeError::new_err(
        "expected a kaissa_chaturaji.SplitMix64 or a chaturaji.DiceRoller",
    ))
}
