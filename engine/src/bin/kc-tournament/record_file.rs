//! The `--record` file: created before the first game, so that a bad
//! path fails at once, and each game's record appended and flushed as
//! the game ends, so that a run cut short keeps the games it finished.

use std::fs::File;
use std::io::Write;

use kaissa_chaturaji_engine::quote_arg;

/// An open `--record` file.
pub struct RecordFile {
    /// The path, as messages show it.
    shown: String,
    file: File,
    /// Whether a record has been written (records are separated by a
    /// blank line).
    any: bool,
}

impl RecordFile {
    /// Creates (or empties) the file at `path`.
    pub fn create(path: &str) -> Result<RecordFile, String> {
        let shown = quote_arg(path);
        let file = File::create(path).map_err(|e| format!("--record {shown}: {e}"))?;
        Ok(RecordFile {
            shown,
            file,
            any: false,
        })
    }

    /// Appends one game's record and flushes it to the file.
    pub fn append(&mut self, record: &str) -> Result<(), String> {
        let separator = if self.any { "\n" } else { "" };
        self.file
            .write_all(format!("{separator}{record}").as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("--record {}: {e}", self.shown))?;
        self.any = true;
        Ok(())
    }
}
