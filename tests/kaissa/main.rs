//! Merchant Kaissa: the rules, scenario by scenario and against an independent
//! reference generator, perft against Fairy-Stockfish, the text notation,
//! readable moves, and hostile input.

#[path = "../common/cases.rs"]
mod cases;
#[path = "../common/mod.rs"]
mod common;

mod hostile;
mod notation;
mod perft;
mod props;
mod readable;
mod reference;
mod rules;
