//! The `kaissa_chaturaji.chaturaji` module: four-player Chaturaji.

pub(crate) mod moves;
mod position;
pub(crate) mod rules;

use pyo3::prelude::*;

use crate::random::DiceRoller;

pub use moves::Move;
pub use position::Position;

/// Builds the submodule.
pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "chaturaji")?;
    m.add(
        "__doc__",
        "Chaturaji: four-player Indian chess driven by a stick die, under \
         the sheet's rules (two alliances) or Ludii's (free-for-all with \
         scores).",
    )?;
    m.add_class::<Position>()?;
    m.add_class::<Move>()?;
    m.add_class::<DiceRoller>()?;
    m.add("START_TEXT", kaissa_chaturaji::chaturaji::START_TEXT)?;
    m.add(
        "LUDII_START_TEXT",
        kaissa_chaturaji::chaturaji::LUDII_START_TEXT,
    )?;
    Ok(m)
}
