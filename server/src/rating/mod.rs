//! Ratings: the rating systems of each pool, which finished games count,
//! and the settlement of a rated game.

pub mod skill;
pub mod store;
pub mod verdict;
