//! The research module `kaissa_chaturaji._native.research`: integer
//! actions and observation vectors for both games ([`actions`],
//! [`observation`], [`encode`]), the OpenSpiel-shaped `GameState` and the
//! batched `VectorCore`. The Python modules `kaissa_chaturaji.openspiel`,
//! `.pettingzoo` and `.vector` are built on them.

pub mod actions;
mod bits;
pub mod encode;
mod legal;
pub mod observation;
mod output;
pub mod state;
mod stream;
pub mod vector;

use pyo3::prelude::*;

/// Builds the submodule.
pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "research")?;
    m.add(
        "__doc__",
        "Integer actions, observations, an OpenSpiel-shaped GameState and \
         the batched VectorCore, for the research modules.",
    )?;
    m.add_class::<state::GameState>()?;
    m.add_class::<vector::VectorCore>()?;
    m.add("KAISSA_ACTIONS", actions::kaissa_actions())?;
    m.add("CHATURAJI_ACTIONS", actions::chaturaji_actions())?;
    m.add("KAISSA_OBSERVATION", observation::KAISSA_OBSERVATION)?;
    m.add("CHATURAJI_OBSERVATION", observation::CHATURAJI_OBSERVATION)?;
    m.add("CHANCE_PLAYER", state::CHANCE_PLAYER)?;
    m.add("TERMINAL_PLAYER", state::TERMINAL_PLAYER)?;
    Ok(m)
}
