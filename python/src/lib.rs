//! Python bindings of the `kaissa-chaturaji` rules library: the native
//! module `kaissa_chaturaji._native`, wrapped by the Python package
//! `kaissa_chaturaji` (see `python/kaissa_chaturaji/`).
//!
//! One file per concept: `kaissa/` and `chaturaji/` (positions and
//! moves), `agents/` (the computer players), `record/` (game records and the streaming reader),
//! `research/` (integer actions, observations and the batched
//! environment), `outcome.rs`, `random.rs` (the seeded generators), `playouts.rs`,
//! `errors.rs` (the exception classes, and the one place where Rust
//! errors become them) and `common.rs` (argument conversions). Bad input
//! raises an exception; nothing here panics on it.

use pyo3::prelude::*;

mod agents;
mod chaturaji;
mod common;
mod errors;
mod kaissa;
mod outcome;
mod playouts;
mod random;
mod record;
mod research;

/// The native module: the classes and the three game submodules.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    errors::register(m)?;
    m.add_class::<outcome::Outcome>()?;
    m.add_class::<random::SplitMix64>()?;
    m.add_class::<playouts::Playouts>()?;
    m.add_class::<playouts::PlayoutStats>()?;
    m.add_submodule(&kaissa::module(py)?)?;
    m.add_submodule(&chaturaji::module(py)?)?;
    m.add_submodule(&record::module(py)?)?;
    m.add_submodule(&agents::module(py)?)?;
    let research = research::module(py)?;
    m.add_submodule(&research)?;
    // Its classes name it as their module, for pickling: importable by
    // that name only once it is in `sys.modules`.
    py.import("sys")?
        .getattr("modules")?
        .set_item("kaissa_chaturaji._native.research", &research)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
