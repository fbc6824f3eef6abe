//! Argument conversions both games share: squares, depths, thread counts,
//! picture options.

use core::str::FromStr;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use kaissa_chaturaji::error::NotationError;
use kaissa_chaturaji::svg::SvgOptions;

use crate::errors;

/// A square given as its name (`"e2"`) or its index (`rank * width +
/// file`, from 0 at a1); `count` is the number of squares of the board.
pub fn square<S>(
    arg: &Bound<'_, PyAny>,
    count: usize,
    from_index: impl Fn(u8) -> Option<S>,
) -> PyResult<S>
where
    S: FromStr<Err = NotationError>,
{
    if let Ok(text) = arg.cast::<PyString>() {
        return text.to_cow()?.parse::<S>().map_err(errors::notation);
    }
    if let Ok(index) = arg.extract::<i64>() {
        return u8::try_from(index)
            .ok()
            .filter(|&i| usize::from(i) < count)
            .and_then(from_index)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "square index {index} is out of range 0..{}",
                    count - 1
                ))
            });
    }
    Err(PyTypeError::new_err(
        "a square is its name (such as 'e2') or its index (an int)",
    ))
}

/// A perft depth: a non-negative int.
pub fn depth(depth: i64) -> PyResult<u32> {
    u32::try_from(depth)
        .map_err(|_| PyValueError::new_err(format!("depth must be 0 or more, not {depth}")))
}

/// A number of threads: 0 means every core.
pub fn threads(threads: i64) -> PyResult<usize> {
    usize::try_from(threads).map_err(|_| {
        PyValueError::new_err(format!(
            "threads must be 0 (every core) or more, not {threads}"
        ))
    })
}

/// The picture options: the side of a square in pixels (the library keeps
/// it within 8..=1000) and whether coordinates are drawn.
pub fn svg_options(size: i64, coordinates: bool) -> SvgOptions {
    let size = u32::try_from(size.clamp(0, 1000)).unwrap_or(48);
    SvgOptions::default()
        .with_square_size(size)
        .with_coordinates(coordinates)
}
