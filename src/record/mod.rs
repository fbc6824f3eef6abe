//! Game records for both games: a PGN-like text format (specified in the
//! repository's `docs/records.md`, reproduced below), read and written.
//!
//! * [`Reader`]: the records of any [`BufRead`](std::io::BufRead), one at
//!   a time, each checked against the rules (every action, and the result
//!   against the final position); errors ([`RecordError`]) name the line,
//!   column, ply and reason. Actions may be move text or readable moves
//!   (`Tf4`, `3:rHh2-f3`); [`Reader::lenient`] also reads hand-written
//!   records that lack their `Result` and `Termination`.
//! * [`Reader::visit`] and [`RecordVisitor`]: the same reading, checks
//!   included, streamed to a visitor ([`RecordAction`],
//!   [`RecordPosition`]) without building records: millions of games read
//!   with no allocation per move.
//! * [`GameRecord`] ([`KaissaRecord`], [`ChaturajiRecord`]): a record
//!   built move by move ([`GameRecord::play`]), with tags, comments and a
//!   result ([`GameResult`], [`Termination`]) that always agrees with the
//!   final position; `Display` writes it, `FromStr` reads one. It is
//!   generic over the [`Game`](crate::game::Game) itself
//!   ([`RecordedGame`]: [`game::Kaissa`](crate::game::Kaissa) or
//!   [`game::Chaturaji`](crate::game::Chaturaji)), holds its games
//!   ([`GameRecord::final_game`]) and plays its actions through them.
//! * [`Record`]: a record of either game, as files hold them, an enum of
//!   the two games' records; its positions are
//!   [`AnyGame`](crate::game::AnyGame)s and its actions [`RecordAction`]s
//!   (a Kaissa move, a Chaturaji ply with its roll, a Ludii promotion
//!   decision or a raja exchange).
//!
//! Chaturaji records cover the sheet's rules (either alliances) and the
//! Ludii ruleset (`[Rules "ludii"]`, section 8 below): its promotion
//! decisions are [`ChaturajiAction::Decision`] (`=K`, `pass`, without a
//! roll), its results [`GameResult::ColourWins`] and `draw` with the
//! terminations [`Termination::Ranking`] and [`Termination::TurnLimit`],
//! and its final scores the `Scores` tag, checked when read.
//!
//! ```
//! use kaissa_chaturaji::chaturaji::{Position, Rules};
//! use kaissa_chaturaji::record::{ChaturajiRecord, Reader, Record};
//! let mut record = ChaturajiRecord::new(Position::start(Rules::default()));
//! record.set_tag("Red", "Forbes")?;
//! for action in ["2:h1f3", "4:pass", "5:b7c7"] {
//!     record.play(action.parse()?)?;
//! }
//! let text = record.to_string();
//! assert!(text.starts_with("[Game \"chaturaji\"]\n[Rules \"sheet\"]\n[Red \"Forbes\"]\n"));
//! assert!(text.ends_with("\n\n1. 2:h1f3 4:pass 5:b7c7 *\n"));
//! let back: Vec<Record> = Reader::new(text.as_bytes()).collect::<Result<_, _>>()?;
//! assert_eq!(back[0].final_position_text(), record.final_position().to_string());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
#![doc = include_str!("../../docs/records.md")]

mod any;
mod chaturaji;
mod chaturaji_action;
mod ending;
mod ending_places;
mod error;
mod game;
mod game_record;
mod header;
mod kaissa;
mod lexer;
mod lines;
mod ludii;
mod reader;
mod result;
mod tags;
mod visitor;
mod writer;

pub use any::Record;
#[allow(deprecated)]
pub use chaturaji::ChaturajiGame;
pub use chaturaji_action::ChaturajiAction;
pub use error::{ActionError, RecordError, RecordErrorKind, ResultError, TextError};
pub use game::RecordedGame;
pub use game_record::{ChaturajiRecord, GameRecord, KaissaRecord};
#[allow(deprecated)]
pub use kaissa::KaissaGame;
pub use lines::MAX_LINE;
pub use reader::Reader;
pub use result::{GameResult, Termination};
pub use tags::{Tags, LEADING_TAGS, MAX_TAG_NAME, MAX_TEXT, RESERVED_TAGS};
pub use visitor::{RecordAction, RecordPosition, RecordVisitor};
