//! Engines on systems other than unix: not supported, since the runner
//! relies on process groups and poll(2) to stop an engine and everything
//! it started, and to bound every read and write (see the unix version).

use std::convert::Infallible;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use kaissa_chaturaji_engine::uci::Exchange;

/// A deadline and the time it allowed.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    /// When the time is up.
    pub at: Instant,
    /// The time allowed.
    pub allowed: Duration,
}

impl Deadline {
    /// `allowed` from now.
    pub fn after(allowed: Duration) -> Deadline {
        Deadline {
            at: Instant::now() + allowed,
            allowed,
        }
    }
}

/// A running engine: none can run here.
pub struct Process {
    never: Infallible,
}

impl Process {
    /// Refuses: engines run on unix systems only.
    pub fn spawn(program: &str, _args: &[String]) -> Result<Process, String> {
        Err(format!(
            "cannot start \"{}\": engine seats need a unix system",
            kaissa_chaturaji_engine::quote_arg(program)
        ))
    }

    /// Never called: no process exists.
    pub fn exchange(
        &mut self,
        _exchange: &Exchange,
        _deadline: Deadline,
    ) -> Result<String, String> {
        match self.never {}
    }

    /// Never called: no process exists.
    pub fn end(&mut self) -> Option<ExitStatus> {
        match self.never {}
    }
}
