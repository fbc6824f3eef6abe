//! One game at a table, with no HTTP and no SQL: the rules glue over the
//! library ([`game::Table`]), the seats, the clock, the die, the board as
//! the pages draw it, and how a game ended.

pub mod board;
pub mod clock;
pub mod dice;
pub mod ending;
pub mod exchange;
pub mod game;
pub mod id;
pub mod readable;
pub mod result_text;
pub mod rules_record;
pub mod seats;
pub mod status;
pub mod visible_text;
