//! Games played `--concurrency` at a time, handed over in game order.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::options::Options;
use crate::{play_round, worker_engines, Finished};

/// Plays the games, `concurrency` at a time, handing each finished game
/// to `consume` in game order; stops taking new games once `consume`
/// says stop (games already under way are dropped, so the results are
/// the serial run's).
pub fn schedule(
    options: &Options,
    mut consume: impl FnMut(Finished) -> bool,
) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<(usize, Result<Finished, String>)>();
    std::thread::scope(|scope| {
        for _ in 0..options.concurrency.min(options.games) {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                let mut engines = worker_engines(options);
                loop {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let round = next.fetch_add(1, Ordering::Relaxed);
                    if round >= options.games {
                        return;
                    }
                    let result = play_round(options, round, &mut engines);
                    if sender.send((round, result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut expected = 0;
        let mut outcome = Ok(());
        for (round, result) in receiver {
            waiting.insert(round, result);
            while let Some(result) = waiting.remove(&expected) {
                expected += 1;
                match result {
                    Ok(finished) if outcome.is_ok() => {
                        if !consume(finished) {
                            stop.store(true, Ordering::Relaxed);
                            outcome = Err(None);
                        }
                    }
                    Ok(_) => {}
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        if outcome.is_ok() {
                            outcome = Err(Some(e));
                        }
                    }
                }
            }
        }
        match outcome {
            Err(Some(e)) => Err(e),
            _ => Ok(()),
        }
    })
}
