//! What a record needs to know about a game: the [`RecordedGame`] trait,
//! an extension of [`Game`] for the two games the format covers, and the
//! move numbers of the movetext.

use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

use super::error::ActionError;
use super::result::{GameResult, Termination};
use super::visitor::{RecordAction, RecordPosition};
use crate::error::NotationError;
use crate::game::{AnyGame, Game};
use crate::readable::ReadableMoveError;
use crate::svg::SvgOptions;

/// A [`Game`] the record format covers: [`game::Kaissa`] or
/// [`game::Chaturaji`]. A [`GameRecord`] is generic over it and holds its
/// games; [`KaissaRecord`](super::KaissaRecord) and
/// [`ChaturajiRecord`](super::ChaturajiRecord) name the two records.
///
/// Sealed: the format specifies each game (its tags, results,
/// terminations and move numbers), so no other crate can add one. Actions
/// are read by their `FromStr`, the move text parser that
/// [`Game::parse_action`] uses too, and played through [`Game::apply`]:
/// a Kaissa move is one step of the game; a Chaturaji ply is two, its
/// roll ([`ChaturajiStep::Roll`]) then its move
/// ([`ChaturajiStep::Move`]), and a Ludii promotion decision is one
/// move. A raja exchange is no step of the game (an agreement outside the
/// turn, the rules reference, §2.8): it is applied to the position
/// ([`game::Chaturaji::apply_exchange`]).
///
/// ```
/// use kaissa_chaturaji::game;
/// use kaissa_chaturaji::record::{GameRecord, RecordedGame};
/// assert_eq!(game::Kaissa::NAME, "kaissa");
/// assert_eq!(game::Chaturaji::NAME, "chaturaji");
/// let record: GameRecord<game::Kaissa> = GameRecord::new(game::kaissa().into_position());
/// assert_eq!(record.final_game(), &game::kaissa());
/// ```
///
/// [`GameRecord`]: super::GameRecord
/// [`game::Kaissa`]: crate::game::Kaissa
/// [`game::Chaturaji`]: crate::game::Chaturaji
/// [`game::Chaturaji::apply_exchange`]: crate::game::Chaturaji::apply_exchange
/// [`ChaturajiStep::Roll`]: crate::game::ChaturajiStep::Roll
/// [`ChaturajiStep::Move`]: crate::game::ChaturajiStep::Move
pub trait RecordedGame:
    Game + sealed::Format + Into<AnyGame> + Clone + fmt::Debug + Eq + Hash + Send + Sync + 'static
{
    /// The game's position type: what a record starts from and shows.
    type Position: Clone + PartialEq + Eq + fmt::Debug + fmt::Display;
    /// One unit of movetext: a Kaissa [`Move`](crate::kaissa::Move) (the
    /// game's action), or a [`ChaturajiAction`](super::ChaturajiAction)
    /// (a ply with its roll, a raja exchange, or a Ludii promotion
    /// decision).
    type MovetextAction: Copy
        + PartialEq
        + Eq
        + Hash
        + fmt::Debug
        + fmt::Display
        + FromStr<Err = NotationError>;
    /// The rules options a game is played under: `()` for Kaissa,
    /// [`chaturaji::Rules`](crate::chaturaji::Rules) for Chaturaji.
    type Options: Copy + PartialEq + Eq + fmt::Debug;
    /// The game's name, the value of its `Game` tag.
    const NAME: &'static str;
    /// The tags naming the players of its seats, in turn order.
    const SEAT_TAGS: &'static [&'static str];
    /// The terminations the game's records may have.
    const TERMINATIONS: &'static [super::Termination];
}

/// A move number as it stands in movetext: `12.` or `12...`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    pub(crate) number: u64,
    /// `"."`, or `"..."` for Kaissa's Red.
    pub(crate) dots: &'static str,
}

impl MoveNumber {
    /// Whether `text` is this move number as written (`12.`, `12...`;
    /// no leading zero).
    pub(crate) fn is(&self, text: &str) -> bool {
        let digits = text.trim_end_matches('.');
        let dots = &text[digits.len()..];
        dots == self.dots
            && (digits == "0" || !digits.starts_with('0'))
            && digits.bytes().all(|b| b.is_ascii_digit())
            && digits.parse::<u64>() == Ok(self.number)
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number, self.dots)
    }
}

/// The length of the move number at the start of `token` (digits followed
/// by `.` or `...`), if it starts with one.
pub(crate) fn move_number_len(token: &str) -> Option<usize> {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
    match dots {
        0 => None,
        _ => Some(digits + dots),
    }
}

pub(crate) use sealed::ReadableFailure;

pub(crate) mod sealed {
    use super::*;

    /// Why a token read as a readable move is not one.
    #[derive(Debug)]
    pub enum ReadableFailure {
        /// The text is not in the notation: the byte offset in the token and
        /// the reason.
        Malformed { offset: usize, reason: String },
        /// The text is readable notation that names no legal action here.
        Action(ActionError),
    }

    impl ReadableFailure {
        /// The failure for `error` of the readable text starting at byte
        /// `base` of the token.
        pub(crate) fn from_readable(error: ReadableMoveError, base: usize) -> ReadableFailure {
            match error {
                ReadableMoveError::Malformed { offset, reason } => ReadableFailure::Malformed {
                    offset: base + offset,
                    reason,
                },
                ReadableMoveError::Illegal(err) => {
                    ReadableFailure::Action(ActionError::Illegal(err))
                }
                other => ReadableFailure::Action(ActionError::Readable(other)),
            }
        }
    }

    type Pos<G> = <G as RecordedGame>::Position;
    type Act<G> = <G as RecordedGame>::MovetextAction;
    type Opt<G> = <G as RecordedGame>::Options;

    /// The format's facts about a game, hidden from other crates.
    pub trait Format {
        /// The game from `position`.
        fn from_position(position: Pos<Self>) -> Self
        where
            Self: RecordedGame;
        /// The game's position.
        fn position(&self) -> &Pos<Self>
        where
            Self: RecordedGame;
        /// The options a position is played under.
        fn options_of(position: &Pos<Self>) -> Opt<Self>
        where
            Self: RecordedGame;
        /// The start position under `options`.
        fn start(options: Opt<Self>) -> Pos<Self>
        where
            Self: RecordedGame;
        /// Parses a position text under `options`.
        fn parse_position(text: &str, options: Opt<Self>) -> Result<Pos<Self>, NotationError>
        where
            Self: RecordedGame;
        /// The options named by the `Rules` and `DrawLimit` tag values;
        /// an error names the tag and the reason.
        fn options_from_tags(
            rules: Option<&str>,
            draw_limit: Option<&str>,
        ) -> Result<Opt<Self>, (&'static str, String)>
        where
            Self: RecordedGame;
        /// The `Rules` and `DrawLimit` tags a writer writes.
        fn options_tags(options: Opt<Self>) -> Vec<(&'static str, String)>
        where
            Self: RecordedGame;
        /// Reads an action written as a readable move where `position`
        /// stands (docs/records.md, section 3); `None` when `text` cannot
        /// be one (the move text's error then stands).
        fn parse_readable(
            position: &Pos<Self>,
            text: &str,
        ) -> Option<Result<Act<Self>, ReadableFailure>>
        where
            Self: RecordedGame;
        /// The action as a visitor sees it.
        fn visited_action(action: Act<Self>) -> RecordAction
        where
            Self: RecordedGame;
        /// The position as a visitor sees it.
        fn visited_position(position: &Pos<Self>) -> RecordPosition<'_>
        where
            Self: RecordedGame;
        /// The final position `position` of a record with `actions` as
        /// an SVG picture, the last move highlighted.
        fn svg(position: &Pos<Self>, actions: &[Act<Self>], options: &SvgOptions) -> String
        where
            Self: RecordedGame;
        /// Plays an action through [`Game::apply`] if it is legal (see
        /// [`RecordedGame`]); otherwise leaves the game as it was.
        fn play(&mut self, action: Act<Self>) -> Result<(), ActionError>
        where
            Self: RecordedGame;
        /// The move number before the next ply, and whether a writer puts
        /// it there even in the middle of a run of moves (a new round).
        fn move_number(position: &Pos<Self>) -> (MoveNumber, bool)
        where
            Self: RecordedGame;
        /// Whether an action is a ply that a move number may announce.
        fn is_numbered(action: Act<Self>) -> bool
        where
            Self: RecordedGame;
        /// The result a token names in this game's records.
        fn parse_result(token: &str) -> Option<GameResult>;
        /// The result tokens, for messages.
        fn result_words() -> &'static str;
        /// How the rules ended the game, when they did.
        fn rules_ending(position: &Pos<Self>) -> Option<(GameResult, Termination)>
        where
            Self: RecordedGame;
        /// Whether `result` can be a result of a game under these rules
        /// (the winner exists in this game).
        fn result_fits(position: &Pos<Self>, result: GameResult) -> bool
        where
            Self: RecordedGame;
        /// The terminations a game under `options` may have (a part of
        /// [`RecordedGame::TERMINATIONS`]).
        fn terminations(_options: Opt<Self>) -> &'static [Termination]
        where
            Self: RecordedGame,
        {
            Self::TERMINATIONS
        }
        /// Puts the options a ruleset does not use into their canonical
        /// form, so that reading back what was written gives an equal
        /// position (Chaturaji's Ludii ruleset ignores the alliances and
        /// the draw limit).
        fn normalize(_position: &mut Pos<Self>)
        where
            Self: RecordedGame,
        {
        }
        /// The scores of the colours in `position`, when its rules keep
        /// scores (the `Scores` tag): Red, Black, Yellow, Green.
        fn scores(_position: &Pos<Self>) -> Option<[u32; 4]>
        where
            Self: RecordedGame,
        {
            None
        }
        /// Whether games under `options` keep scores (may have a `Scores`
        /// tag).
        fn has_scores(_options: Opt<Self>) -> bool
        where
            Self: RecordedGame,
        {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers() {
        assert_eq!(move_number_len("12."), Some(3));
        assert_eq!(move_number_len("12...e2e5"), Some(5));
        assert_eq!(move_number_len("5:h1f3"), None);
        assert_eq!(move_number_len("12"), None);
        assert_eq!(move_number_len(".1"), None);
        let n = MoveNumber {
            number: 7,
            dots: "...",
        };
        assert_eq!(n.to_string(), "7...");
        assert!(n.is("7..."));
        for other in ["7.", "07...", "7....", "8...", "...", "+7..."] {
            assert!(!n.is(other), "{other}");
        }
    }
}
