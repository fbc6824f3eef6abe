//! The storage: every SQL statement of the games, the single writer that
//! commits them, and the archive of finished games.

pub mod archive;
pub mod backup;
pub mod database;
pub mod rows;
pub mod schema;
pub mod writer;
