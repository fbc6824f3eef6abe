//! Reading records without building them: the [`RecordVisitor`] that
//! [`Reader::visit`](super::Reader::visit) tells each part of a record as
//! it is read, and what it is shown of actions ([`RecordAction`]) and
//! positions ([`RecordPosition`]).

use core::fmt;

use super::chaturaji_action::ChaturajiAction;
use super::result::{GameResult, Termination};
use crate::{chaturaji, kaissa};

/// One action of a record, as a [`RecordVisitor`] is told it: a Kaissa
/// move, or a Chaturaji action (a ply with its roll, a raja exchange, a
/// Ludii promotion decision). It is always legal where it was read.
/// `Display` writes its move text (`e2e5`, `2:h1f3`), whether the record
/// had it as move text or as a readable move. More games may come; match
/// with a `_` arm.
///
/// ```
/// use kaissa_chaturaji::record::RecordAction;
/// let action = RecordAction::Kaissa("d1f4".parse()?);
/// assert_eq!(action.to_string(), "d1f4");
/// assert_eq!(RecordAction::Chaturaji("5:g7g8K".parse()?).to_string(), "5:g7g8K");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordAction {
    /// A Merchant Kaissa move.
    Kaissa(kaissa::Move),
    /// A Chaturaji action.
    Chaturaji(ChaturajiAction),
}

impl fmt::Display for RecordAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordAction::Kaissa(mv) => fmt::Display::fmt(mv, f),
            RecordAction::Chaturaji(action) => fmt::Display::fmt(action, f),
        }
    }
}

/// A position of a record being read, as a [`RecordVisitor`] is shown it:
/// borrowed from the reader, which plays every action on one position (so
/// showing it costs nothing). `Display` writes its position text. More
/// games may come; match with a `_` arm.
///
/// ```
/// use kaissa_chaturaji::kaissa::{Position, START_TEXT};
/// use kaissa_chaturaji::record::RecordPosition;
/// let start = Position::start();
/// assert_eq!(RecordPosition::Kaissa(&start).to_string(), START_TEXT);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecordPosition<'a> {
    /// A Merchant Kaissa position.
    Kaissa(&'a kaissa::Position),
    /// A Chaturaji position (with its rules options).
    Chaturaji(&'a chaturaji::Position),
}

impl fmt::Display for RecordPosition<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordPosition::Kaissa(position) => fmt::Display::fmt(position, f),
            RecordPosition::Chaturaji(position) => fmt::Display::fmt(position, f),
        }
    }
}

/// What reads records without building them: [`Reader::visit`] tells it
/// the parts of one record as they are read, in order, then asks it for
/// the record's output. For each record whose tag pairs are right:
///
/// 1. [`begin_record`](RecordVisitor::begin_record);
/// 2. [`tag`](RecordVisitor::tag) for every tag pair, in the order of the
///    text, the record's own tags (`Game`, `Result`, …) too, values
///    unescaped;
/// 3. [`begin_movetext`](RecordVisitor::begin_movetext) with the start
///    position (the `Position` tag's, or the start position of the game
///    and its rules);
/// 4. [`action`](RecordVisitor::action) for every action, with the
///    position after it, and [`comment`](RecordVisitor::comment) for
///    every comment, in the order of the text;
/// 5. [`end_record`](RecordVisitor::end_record), with the result, the
///    termination and the final position, only when the whole record is
///    right.
///
/// Actions are **checked against the rules** before the visitor is told
/// them, and the result against the final position, exactly as the
/// iterator of [`Reader`] checks them: a visitor never sees an illegal
/// action, and a record that [`Reader`] would refuse ends in an error
/// without `end_record` (its earlier parts were told). A visitor that is
/// told `begin_record` should therefore forget what it gathered of an
/// unfinished record.
///
/// Every method but `end_record` does nothing by default. Nothing that a
/// visitor is given is allocated for it: names, values and comments are
/// borrowed from the reader's buffers, actions are small copies, and
/// positions are borrowed.
///
/// [`Reader::visit`]: super::Reader::visit
/// [`Reader`]: super::Reader
///
/// ```
/// use kaissa_chaturaji::record::{GameResult, Reader, RecordAction, RecordPosition, RecordVisitor, Termination};
/// /// The event and length of every game.
/// #[derive(Default)]
/// struct Lengths { event: String, plies: usize }
/// impl RecordVisitor for Lengths {
///     type Output = (String, usize);
///     fn begin_record(&mut self) {
///         self.event.clear();
///         self.plies = 0;
///     }
///     fn tag(&mut self, name: &str, value: &str) {
///         if name == "Event" {
///             self.event.push_str(value);
///         }
///     }
///     fn action(&mut self, _action: RecordAction, _after: RecordPosition<'_>) {
///         self.plies += 1;
///     }
///     fn end_record(&mut self, _: GameResult, _: Termination, _: RecordPosition<'_>) -> (String, usize) {
///         (self.event.clone(), self.plies)
///     }
/// }
/// let text = "[Game \"kaissa\"]\n[Event \"Club\"]\n[Result \"*\"]\n[Termination \"unfinished\"]\n\n1. e5 e6 2. Tf4 *\n";
/// let mut reader = Reader::new(text.as_bytes());
/// let mut lengths = Lengths::default();
/// assert_eq!(reader.visit(&mut lengths).unwrap()?, ("Club".to_string(), 3));
/// assert!(reader.visit(&mut lengths).is_none());
/// # Ok::<(), kaissa_chaturaji::record::RecordError>(())
/// ```
pub trait RecordVisitor {
    /// What the visit of one right record gives
    /// ([`end_record`](RecordVisitor::end_record)'s output).
    type Output;

    /// A record begins (its tag pairs are right).
    fn begin_record(&mut self) {}

    /// A tag pair: its name and its unescaped value.
    fn tag(&mut self, _name: &str, _value: &str) {}

    /// The movetext begins; `start` is the position the game starts from.
    fn begin_movetext(&mut self, _start: RecordPosition<'_>) {}

    /// A legal action, and the position after it.
    fn action(&mut self, _action: RecordAction, _after: RecordPosition<'_>) {}

    /// A comment, unescaped (a comment over several lines holds `\n`).
    fn comment(&mut self, _text: &str) {}

    /// The record is read and right: its result and termination (in
    /// [lenient](super::Reader::lenient) mode, completed where the record
    /// lacked them) and its final position.
    fn end_record(
        &mut self,
        result: GameResult,
        termination: Termination,
        last: RecordPosition<'_>,
    ) -> Self::Output;
}
