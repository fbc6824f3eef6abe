//! The computer players (feature `agents`): legality, seeds, the spec parser,
//! tactics, tree reuse.

mod mcts_tactics;
mod players;
