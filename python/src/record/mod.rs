//! The `kaissa_chaturaji.record` module: game records.

mod reader;
#[allow(clippy::module_inception)]
mod record;
mod source;

use pyo3::prelude::*;

pub use reader::Reader;
pub use record::Record;

/// Builds the submodule.
pub fn module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    let m = PyModule::new(py, "record")?;
    m.add(
        "__doc__",
        "Game records of both games (docs/records.md): reading, writing, and \
         streaming the records of a file.",
    )?;
    m.add_class::<Record>()?;
    m.add_class::<Reader>()?;
    Ok(m)
}
