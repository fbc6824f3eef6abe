//! Chaturaji under the sheet's rules (both alliances): an independent audit,
//! scenarios per special rule, perft, an independent reference generator,
//! property tests, the text notation, readable moves, and hostile input.

#![allow(clippy::needless_range_loop)]

#[path = "../common/cases.rs"]
mod cases;
#[path = "../common/chaturaji_steps.rs"]
mod chaturaji_steps;
#[path = "../common/mod.rs"]
mod common;

mod audit;
mod hostile;
mod notation;
mod perft;
mod props;
mod readable;
mod reference;
mod rules;
