//! Chaturaji under the Ludii ruleset: rule by rule, property tests against an
//! independent model, and Ludii's own recorded games replayed move for move.

#[path = "../common/cases.rs"]
mod cases;
#[path = "../common/chaturaji_steps.rs"]
mod chaturaji_steps;
mod props;
mod replay;
mod rules;
