//! The `kaissa_chaturaji.kaissa` module: Merchant Kaissa.

mod legal;
pub(crate) mod moves;
mod position;
mod text;
mod window;

use pyo3::prelude::*;

pub use legal::LegalMoves;
pub use moves::Move;
pub use position::Position;
pub use window::HomeStoneWindow;

/// The start position's text.
const START_TEXT: &str = kaissa_chaturaji::kaissa::START_TEXT;

/// Builds the submodule.
pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "kaissa")?;
    m.add(
        "__doc__",
        "Merchant Kaissa: the 10x10 war game of the Gor novels, won by \
         capturing the enemy Home Stone.",
    )?;
    m.add_class::<Position>()?;
    m.add_class::<Move>()?;
    m.add_class::<LegalMoves>()?;
    m.add_class::<HomeStoneWindow>()?;
    m.add("START_TEXT", START_TEXT)?;
    Ok(m)
}
