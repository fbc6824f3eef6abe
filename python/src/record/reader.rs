//! `record.Reader`: the records of a file, one at a time.

use pyo3::prelude::*;
use pyo3::types::PyList;

use kaissa_chaturaji::record as rust;

use super::record::Record;
use super::source::{self, Input, Pending};
use crate::errors;

/// The records of a file, read one at a time (only the record being read
/// is held in memory, so files of any size stream through).
///
/// ``Reader(source)`` reads a file object (text or binary: anything with
/// a ``read`` method) or the file at a path (``str`` or ``os.PathLike``);
/// ``Reader.from_text(text)`` reads text in memory. Iterating yields
/// ``Record`` objects. A record with an error raises a ``RecordError``
/// (with its ``line``, ``column`` and ``ply``); iterating again goes on
/// with the next record. With ``skip_errors=True`` such records are
/// skipped and their errors collected in ``errors``. An exception of the
/// file object itself (or an unreadable path, ``OSError``) is raised as
/// it is.
///
/// >>> text = '[Game "kaissa"]\n[Result "*"]\n[Termination "unfinished"]\n\n1. e2e5 *\n'
/// >>> [len(r) for r in Reader.from_text(text + "\n" + text)]
/// [1, 1]
#[pyclass(module = "kaissa_chaturaji.record", name = "Reader")]
pub struct Reader {
    /// The library's reader.
    reader: rust::Reader<Input>,
    /// An exception of the file object, to raise again.
    pending: Pending,
    /// Whether records with errors are skipped.
    skip_errors: bool,
    /// The errors of the records skipped.
    errors: Vec<Py<PyAny>>,
}

#[pymethods]
impl Reader {
    /// A reader of ``source``: a file object or a path.
    #[new]
    #[pyo3(signature = (source, *, skip_errors = false))]
    fn new(source: &Bound<'_, PyAny>, skip_errors: bool) -> PyResult<Reader> {
        let (input, pending) = source::open(source)?;
        Ok(Reader {
            reader: rust::Reader::new(input),
            pending,
            skip_errors,
            errors: Vec::new(),
        })
    }

    /// A reader of the records in ``text``.
    #[staticmethod]
    #[pyo3(signature = (text, *, skip_errors = false))]
    fn from_text(text: &str, skip_errors: bool) -> Reader {
        Reader {
            reader: rust::Reader::new(source::text(text)),
            pending: Pending::default(),
            skip_errors,
            errors: Vec::new(),
        }
    }

    /// The errors of the records skipped so far (``RecordError``
    /// instances), when reading with ``skip_errors=True``.
    #[getter]
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.errors.iter().map(|e| e.clone_ref(py)))
    }

    /// The reader itself.
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next record (``StopIteration`` at the end of the input).
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Record>> {
        loop {
            let next = self.reader.next();
            if let Some(err) = self.pending.take() {
                return Err(err);
            }
            match next {
                None => return Ok(None),
                Some(Ok(record)) => return Ok(Some(Record { record })),
                Some(Err(err)) if self.skip_errors => {
                    self.errors
                        .push(errors::record(err).into_value(py).into_any());
                }
                Some(Err(err)) => return Err(errors::record(err)),
            }
        }
    }
}
