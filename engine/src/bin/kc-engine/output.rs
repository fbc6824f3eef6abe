//! The engine's answers on standard output. A write that fails (the
//! reader closed the pipe, as `kc-engine | head -1` does) is no panic:
//! the output is marked gone, nothing more is written, and the engine
//! ends quietly at its next command (a search under way stops).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a write to standard output has failed.
static GONE: AtomicBool = AtomicBool::new(false);

/// Prints one answer line and flushes it (lines from the search thread
/// never interleave with others); after a failed write, does nothing.
pub fn say(line: &str) {
    if is_gone() {
        return;
    }
    let mut out = io::stdout().lock();
    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
        GONE.store(true, Ordering::Relaxed);
    }
}

/// Whether standard output is gone (a write to it failed).
pub fn is_gone() -> bool {
    GONE.load(Ordering::Relaxed)
}
