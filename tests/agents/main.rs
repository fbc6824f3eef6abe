//! The computer players (feature `agents`): legality, seeds, the spec parser,
//! tactics, tree reuse, and the `tournament` example's fixed interface.

#[path = "../common/examples.rs"]
mod examples;
mod mcts_tactics;
mod players;
mod tournament;
