//! Merchant Kaissa in the record format: moves as the rules reference (§3, notation) writes
//! them (`e2e5`, `H@c1`), move numbers by turn (`12.` before Yellow's
//! move, `12...` before Red's), no rules options.

use super::error::ActionError;
use super::game::{sealed, MoveNumber, ReadableFailure, RecordedGame};
use super::result::{GameResult, Termination};
use super::visitor::{RecordAction, RecordPosition};
use crate::error::NotationError;
use crate::game::{Game, Kaissa};
use crate::kaissa::{DrawReason, Move, Outcome, Position, Side, WinReason};
use crate::svg::{self, SvgOptions};

/// The old name of [`game::Kaissa`] as a [`RecordedGame`]: records are
/// generic over the game itself.
///
/// [`game::Kaissa`]: crate::game::Kaissa
#[deprecated(
    since = "0.3.0",
    note = "records are generic over the game itself: use game::Kaissa"
)]
pub type KaissaGame = Kaissa;

impl RecordedGame for Kaissa {
    type Position = Position;
    type MovetextAction = Move;
    type Options = ();
    const NAME: &'static str = "kaissa";
    const SEAT_TAGS: &'static [&'static str] = &["Yellow", "Red"];
    const TERMINATIONS: &'static [Termination] = &[
        Termination::HomeStoneCaptured,
        Termination::DefaultLoss,
        Termination::NoLegalMoves,
        Termination::TurnLimit,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Abandoned,
        Termination::Unfinished,
    ];
}

impl sealed::Format for Kaissa {
    fn from_position(position: Position) -> Kaissa {
        Kaissa::new(position)
    }

    fn position(&self) -> &Position {
        Kaissa::position(self)
    }

    fn options_of(_: &Position) {}

    fn start((): ()) -> Position {
        Position::start()
    }

    fn parse_position(text: &str, (): ()) -> Result<Position, NotationError> {
        text.parse()
    }

    fn options_from_tags(
        rules: Option<&str>,
        draw_limit: Option<&str>,
    ) -> Result<(), (&'static str, String)> {
        if rules.is_some() {
            return Err(("Rules", "Merchant Kaissa has no rules options".into()));
        }
        if draw_limit.is_some() {
            return Err(("DrawLimit", "Merchant Kaissa has no draw limit".into()));
        }
        Ok(())
    }

    fn options_tags((): ()) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    fn parse_readable(position: &Position, text: &str) -> Option<Result<Move, ReadableFailure>> {
        Some(
            position
                .parse_readable(text)
                .map_err(|err| ReadableFailure::from_readable(err, 0)),
        )
    }

    fn visited_action(action: Move) -> RecordAction {
        RecordAction::from(action)
    }

    fn visited_position(position: &Position) -> RecordPosition<'_> {
        RecordPosition::from(position)
    }

    fn svg(position: &Position, actions: &[Move], options: &SvgOptions) -> String {
        svg::kaissa(position, actions.last().copied(), options)
    }

    fn play(&mut self, action: Move) -> Result<(), ActionError> {
        self.apply(action)?;
        Ok(())
    }

    fn move_number(position: &Position) -> (MoveNumber, bool) {
        let number = u64::from(position.turn());
        match position.to_move() {
            Side::Yellow => (MoveNumber { number, dots: "." }, true),
            Side::Red => (
                MoveNumber {
                    number,
                    dots: "...",
                },
                false,
            ),
        }
    }

    fn is_numbered(_: Move) -> bool {
        true
    }

    fn parse_result(token: &str) -> Option<GameResult> {
        Some(match token {
            "*" => GameResult::Unfinished,
            "draw" => GameResult::Draw,
            "yellow-wins" => GameResult::SideWins(Side::Yellow),
            "red-wins" => GameResult::SideWins(Side::Red),
            _ => return None,
        })
    }

    fn result_words() -> &'static str {
        "yellow-wins, red-wins, draw or *"
    }

    fn rules_ending(position: &Position) -> Option<(GameResult, Termination)> {
        match position.outcome() {
            Outcome::Win { winner, reason } => {
                let termination = match reason {
                    WinReason::HomeStoneCaptured => Termination::HomeStoneCaptured,
                    WinReason::DefaultLoss => Termination::DefaultLoss,
                    _ => return None,
                };
                Some((GameResult::SideWins(winner), termination))
            }
            Outcome::Draw { reason } => {
                let termination = match reason {
                    DrawReason::NoLegalMoves => Termination::NoLegalMoves,
                    DrawReason::TurnLimit => Termination::TurnLimit,
                    _ => return None,
                };
                Some((GameResult::Draw, termination))
            }
            _ => None,
        }
    }

    fn result_fits(_: &Position, result: GameResult) -> bool {
        matches!(
            result,
            GameResult::Unfinished | GameResult::Draw | GameResult::SideWins(_)
        )
    }
}
