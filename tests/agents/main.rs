//! The computer players (feature `agents`): legality, seeds, the spec parser,
//! tactics, tree reuse, and the `tournament` example's fixed interface.

mod players;
mod tournament;
