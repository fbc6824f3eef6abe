//! Reading records without building them: the [`RecordVisitor`] that
//! [`Reader::visit`](super::Reader::visit) tells each part of a record as
//! it is read, and what it is shown of actions ([`RecordAction`]) and
//! positions ([`RecordPosition`]).

use core::fmt;

use super::chaturaji_action::ChaturajiAction;
use super::result::{GameResult, Termination};
use crate::chaturaji::{Colour, Roll, Square};
use crate::game::{AnyAction, AnyGame, ChaturajiStep};
use crate::{chaturaji, kaissa};

/// One action of a record, as a [`RecordVisitor`] is told it: a Kaissa
/// move, a Chaturaji ply with its roll, a Ludii promotion decision (a
/// Chaturaji move made without a roll), or a Chaturaji raja exchange,
/// which is no game action. It is always legal where it was read.
/// `Display` writes its move text (`e2e5`, `2:h1f3`, `=K`,
/// `exchange:rh4,be8`), whether the record had it as move text or as a
/// readable move. More kinds may come, as for [`ChaturajiAction`]: match
/// with a `_` arm.
///
/// ```
/// use kaissa_chaturaji::game::AnyAction;
/// use kaissa_chaturaji::record::{ChaturajiAction, RecordAction};
/// let action = RecordAction::from("d1f4".parse::<kaissa_chaturaji::kaissa::Move>()?);
/// assert_eq!(action.to_string(), "d1f4");
/// assert!(matches!(action, RecordAction::Kaissa(_)));
/// assert!(matches!(action.action(), Some(AnyAction::Kaissa(_))));
/// let ply = RecordAction::from("5:g7g8K".parse::<ChaturajiAction>()?);
/// assert!(matches!(ply, RecordAction::ChaturajiPly { .. }));
/// assert_eq!((ply.to_string(), ply.roll().map(|r| r.face())), ("5:g7g8K".to_string(), Some(5)));
/// assert_eq!(ply.as_chaturaji(), Some("5:g7g8K".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordAction {
    /// A Kaissa move.
    Kaissa(kaissa::Move),
    /// A Chaturaji ply: the seat to move threw `roll` and made `mv`.
    ChaturajiPly {
        /// The roll.
        roll: Roll,
        /// The move made for it (`Pass` when the roll allowed none).
        mv: chaturaji::Move,
    },
    /// A promotion decision of Chaturaji's Ludii ruleset, made without a
    /// roll (see [`ChaturajiAction::Decision`]).
    LudiiDecision {
        /// The decision's move: a [`Decision`](chaturaji::Move::Decision)
        /// or [`Pass`](chaturaji::Move::Pass).
        mv: chaturaji::Move,
    },
    /// A Chaturaji raja exchange: the captured raja of `first.0` returns
    /// to `first.1`, that of `second.0` to `second.1`.
    RajaExchange {
        /// One raja's colour and square.
        first: (Colour, Square),
        /// The other raja's colour and square.
        second: (Colour, Square),
    },
}

impl RecordAction {
    /// The game action it plays: a Kaissa move, or a Chaturaji move (for
    /// the [roll](RecordAction::roll), or a Ludii promotion decision) as a
    /// [`ChaturajiStep::Move`]; `None` for a raja exchange.
    #[must_use]
    pub fn action(&self) -> Option<AnyAction> {
        match *self {
            RecordAction::Kaissa(mv) => Some(AnyAction::Kaissa(mv)),
            RecordAction::ChaturajiPly { mv, .. } | RecordAction::LudiiDecision { mv } => {
                Some(AnyAction::Chaturaji(ChaturajiStep::Move(mv)))
            }
            RecordAction::RajaExchange { .. } => None,
        }
    }

    /// The roll a Chaturaji ply was made for (`None` otherwise).
    #[must_use]
    pub fn roll(&self) -> Option<Roll> {
        match *self {
            RecordAction::ChaturajiPly { roll, .. } => Some(roll),
            _ => None,
        }
    }

    /// The Kaissa move, for a Kaissa action.
    #[must_use]
    pub fn as_kaissa(&self) -> Option<kaissa::Move> {
        match *self {
            RecordAction::Kaissa(mv) => Some(mv),
            _ => None,
        }
    }

    /// The Chaturaji action, for a Chaturaji one.
    #[must_use]
    pub fn as_chaturaji(&self) -> Option<ChaturajiAction> {
        match *self {
            RecordAction::Kaissa(_) => None,
            RecordAction::ChaturajiPly { roll, mv } => Some(ChaturajiAction::Ply { roll, mv }),
            RecordAction::LudiiDecision { mv } => Some(ChaturajiAction::Decision { mv }),
            RecordAction::RajaExchange { first, second } => {
                Some(ChaturajiAction::Exchange { first, second })
            }
        }
    }
}

impl From<kaissa::Move> for RecordAction {
    fn from(mv: kaissa::Move) -> RecordAction {
        RecordAction::Kaissa(mv)
    }
}

impl From<ChaturajiAction> for RecordAction {
    fn from(action: ChaturajiAction) -> RecordAction {
        match action {
            ChaturajiAction::Ply { roll, mv } => RecordAction::ChaturajiPly { roll, mv },
            ChaturajiAction::Decision { mv } => RecordAction::LudiiDecision { mv },
            ChaturajiAction::Exchange { first, second } => {
                RecordAction::RajaExchange { first, second }
            }
        }
    }
}

impl fmt::Display for RecordAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let action = match *self {
            RecordAction::Kaissa(mv) => return fmt::Display::fmt(&mv, f),
            RecordAction::ChaturajiPly { roll, mv } => ChaturajiAction::Ply { roll, mv },
            RecordAction::LudiiDecision { mv } => ChaturajiAction::Decision { mv },
            RecordAction::RajaExchange { first, second } => {
                ChaturajiAction::Exchange { first, second }
            }
        };
        fmt::Display::fmt(&action, f)
    }
}

/// A position of a record being read, as a [`RecordVisitor`] is shown it:
/// borrowed from the reader, which plays every action on one position (so
/// showing it costs nothing). `Display` writes its position text;
/// [`RecordPosition::to_any_game`] makes a [`Game`](crate::game::Game) of
/// it.
///
/// ```
/// use kaissa_chaturaji::kaissa::{Position, START_TEXT};
/// use kaissa_chaturaji::record::RecordPosition;
/// let start = Position::start();
/// let shown = RecordPosition::from(&start);
/// assert_eq!(shown.to_string(), START_TEXT);
/// assert_eq!(shown, RecordPosition::Kaissa(&start));
/// assert_eq!(shown.as_kaissa(), Some(&start));
/// assert!(shown.as_chaturaji().is_none());
/// assert_eq!(shown.to_any_game().name(), "kaissa");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordPosition<'a> {
    /// A Kaissa position.
    Kaissa(&'a kaissa::Position),
    /// A Chaturaji position, with its rules options.
    Chaturaji(&'a chaturaji::Position),
}

impl<'a> RecordPosition<'a> {
    /// The Kaissa position, for a Kaissa record.
    #[must_use]
    pub fn as_kaissa(&self) -> Option<&'a kaissa::Position> {
        match *self {
            RecordPosition::Kaissa(position) => Some(position),
            RecordPosition::Chaturaji(_) => None,
        }
    }

    /// The Chaturaji position (with its rules options), for a Chaturaji
    /// record.
    #[must_use]
    pub fn as_chaturaji(&self) -> Option<&'a chaturaji::Position> {
        match *self {
            RecordPosition::Chaturaji(position) => Some(position),
            RecordPosition::Kaissa(_) => None,
        }
    }

    /// The position as a game of either kind (a copy).
    #[must_use]
    pub fn to_any_game(&self) -> AnyGame {
        match *self {
            RecordPosition::Kaissa(position) => AnyGame::from(position.clone()),
            RecordPosition::Chaturaji(position) => AnyGame::from(position.clone()),
        }
    }
}

impl<'a> From<&'a kaissa::Position> for RecordPosition<'a> {
    fn from(position: &'a kaissa::Position) -> RecordPosition<'a> {
        RecordPosition::Kaissa(position)
    }
}

impl<'a> From<&'a chaturaji::Position> for RecordPosition<'a> {
    fn from(position: &'a chaturaji::Position) -> RecordPosition<'a> {
        RecordPosition::Chaturaji(position)
    }
}

impl fmt::Display for RecordPosition<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
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
