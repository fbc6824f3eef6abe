//! Where a `Reader` reads from: a file the library opens itself, a Python
//! file object (text or binary), or text in memory.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The input of a reader.
pub type Input = Box<dyn BufRead + Send + Sync>;

/// A Python exception raised by a file object while the library read from
/// it, kept to be raised again in place of the reader's I/O error.
#[derive(Clone, Default)]
pub struct Pending(Arc<Mutex<Option<PyErr>>>);

impl Pending {
    /// The exception, if one was raised (and forgets it).
    pub fn take(&self) -> Option<PyErr> {
        self.0.lock().ok().and_then(|mut slot| slot.take())
    }

    /// Keeps `err` to be raised later.
    fn keep(&self, err: PyErr) {
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(err);
        }
    }
}

/// A Python file object as a byte source: `read(n)` returning `bytes` or
/// `str` (encoded as UTF-8).
struct PyFile {
    /// The file object.
    file: Py<PyAny>,
    /// The bytes of its last `read`.
    chunk: Vec<u8>,
    /// How many of them were handed out.
    at: usize,
    /// Where its exception is kept.
    pending: Pending,
}

/// How much is asked of the file object at a time (characters or bytes).
const CHUNK: usize = 1 << 16;

impl PyFile {
    /// The next chunk of the file (empty at its end).
    fn fill(&mut self) -> PyResult<()> {
        Python::attach(|py| {
            let data = self.file.call_method1(py, "read", (CHUNK,))?;
            let data = data.bind(py);
            self.chunk.clear();
            self.at = 0;
            if let Ok(bytes) = data.cast::<PyBytes>() {
                self.chunk.extend_from_slice(bytes.as_bytes());
            } else if let Ok(text) = data.cast::<PyString>() {
                self.chunk.extend_from_slice(text.to_cow()?.as_bytes());
            } else if !data.is_none() {
                return Err(PyTypeError::new_err(
                    "the file's read() returned neither bytes nor str",
                ));
            }
            Ok(())
        })
    }
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.chunk.len() {
            if let Err(err) = self.fill() {
                let message = err.to_string();
                self.pending.keep(err);
                return Err(io::Error::other(message));
            }
        }
        let n = buf.len().min(self.chunk.len() - self.at);
        buf[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// The input `source` names: a file object (anything with a `read`
/// method), a path (`str` or `os.PathLike`) the library opens, and the
/// slot where a file object's own exception is kept.
pub fn open(source: &Bound<'_, PyAny>) -> PyResult<(Input, Pending)> {
    let pending = Pending::default();
    if source.hasattr("read")? {
        let file = PyFile {
            file: source.clone().unbind(),
            chunk: Vec::new(),
            at: 0,
            pending: pending.clone(),
        };
        return Ok((Box::new(BufReader::new(file)), pending));
    }
    match source.extract::<PathBuf>() {
        Ok(path) => {
            let file = File::open(path)?;
            Ok((Box::new(BufReader::new(file)), pending))
        }
        Err(_) => Err(PyTypeError::new_err(
            "a reader reads a file object or a path (str or os.PathLike)",
        )),
    }
}

/// Text in memory as an input.
pub fn text(text: &str) -> Input {
    Box::new(Cursor::new(text.as_bytes().to_vec()))
}
