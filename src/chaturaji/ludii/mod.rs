//! What only the Ludii ruleset (the rules reference, §2.13) does: scores, the
//! promotion decision ply, the end by one colour left or the turn limit, and
//! the ranking. Movement, the board, the die and perft are shared with the
//! sheet's rules (see `movegen.rs`, whose capture sets carry the
//! difference).

mod decision;
mod ending;
mod play;
pub(crate) mod text;
