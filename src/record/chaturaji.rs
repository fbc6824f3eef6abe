//! Chaturaji in the record format: plies with their roll (`5:g7g8K`,
//! `4:pass`), raja exchanges (`exchange:rh4,be8`), the Ludii ruleset's
//! promotion decisions (`=K`, `pass`), move numbers by ply (`9.` before the
//! ninth rolled ply), and the rules options as tags. What only the Ludii
//! ruleset needs (its tags, results and checks) is in `ludii.rs`.

use super::chaturaji_action::ChaturajiAction;
use super::error::ActionError;
use super::game::{sealed, MoveNumber, ReadableFailure, RecordedGame};
use super::ludii;
use super::result::{GameResult, Termination};
use super::visitor::{RecordAction, RecordPosition};
use crate::chaturaji::{Alliances, Colour, Outcome, Position, Roll, Rules};
use crate::error::{excerpt, IllegalMoveError, NotationError};
use crate::game::{Chaturaji, ChaturajiStep, Game};
use crate::svg::{self, SvgOptions};

/// The old name of [`game::Chaturaji`] as a [`RecordedGame`]: records
/// are generic over the game itself.
///
/// [`game::Chaturaji`]: crate::game::Chaturaji
#[deprecated(
    since = "0.3.0",
    note = "records are generic over the game itself: use game::Chaturaji"
)]
pub type ChaturajiGame = Chaturaji;

/// Reads a ply written as `<face>:<readable move>` (`3:rHh2-f3`,
/// `3:rHf3`, `5:gPg7-g8=K`): the readable notation of
/// [`Position::parse_readable`] without its space, since a space ends a
/// movetext word (docs/records.md, section 3). `None` when `text` is not
/// `<face>:` and something that could be a readable move (an exchange, a
/// decision and `pass` are move text only).
fn read_readable_ply(
    position: &Position,
    text: &str,
) -> Option<Result<ChaturajiAction, ReadableFailure>> {
    let (face, rest) = text.split_once(':')?;
    let roll = match face.as_bytes() {
        [digit] => Roll::new(digit.wrapping_sub(b'0'))?,
        _ => return None,
    };
    if rest == "pass" || rest.starts_with('=') {
        return None;
    }
    if let Some(square) = position.pending_promotion() {
        return Some(Err(ReadableFailure::Action(ActionError::DecisionPending {
            square,
        })));
    }
    let base = face.len() + 1;
    Some(
        position
            .parse_readable(roll, rest)
            .map(|mv| ChaturajiAction::Ply { roll, mv })
            .map_err(|err| match ReadableFailure::from_readable(err, base) {
                // `3:rH h2-f3` was cut at its space: say how to write it.
                ReadableFailure::Malformed { offset, .. }
                    if offset == text.len()
                        && (1..=2).contains(&rest.len())
                        && rest.bytes().all(|b| b.is_ascii_alphabetic()) =>
                {
                    ReadableFailure::Malformed {
                        offset,
                        reason: format!(
                            "a readable move in a record has no space: write {face}:{rest}<from>-<to>, such as 3:rHh2-f3"
                        ),
                    }
                }
                other => other,
            }),
    )
}

impl RecordedGame for Chaturaji {
    type Position = Position;
    type MovetextAction = ChaturajiAction;
    type Options = Rules;
    const NAME: &'static str = "chaturaji";
    const SEAT_TAGS: &'static [&'static str] = &["Red", "Black", "Yellow", "Green"];
    const TERMINATIONS: &'static [Termination] = &[
        Termination::OpponentsOut,
        Termination::QuietPlies,
        Termination::Ranking,
        Termination::TurnLimit,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Abandoned,
        Termination::Unfinished,
    ];
}

/// The terminations of a game under the sheet's rules.
const SHEET_TERMINATIONS: &[Termination] = &[
    Termination::OpponentsOut,
    Termination::QuietPlies,
    Termination::Resignation,
    Termination::Agreement,
    Termination::Abandoned,
    Termination::Unfinished,
];

/// The default quiet-ply draw limit, written only when a record differs.
const DEFAULT_DRAW_LIMIT: Option<u16> = Rules::new().draw_limit;

impl sealed::Format for Chaturaji {
    fn from_position(position: Position) -> Chaturaji {
        Chaturaji::new(position)
    }

    fn position(&self) -> &Position {
        Chaturaji::position(self)
    }

    fn options_of(position: &Position) -> Rules {
        position.rules()
    }

    fn start(options: Rules) -> Position {
        Position::start(options)
    }

    fn parse_position(text: &str, options: Rules) -> Result<Position, NotationError> {
        Position::from_text(text, options)
    }

    fn options_from_tags(
        rules: Option<&str>,
        draw_limit: Option<&str>,
    ) -> Result<Rules, (&'static str, String)> {
        let alliances = match rules.unwrap_or("sheet") {
            "sheet" => Alliances::Sheet,
            "opposite" => Alliances::Opposite,
            "ludii" => return ludii::options_from_tags(draw_limit),
            other => {
                return Err((
                    "Rules",
                    format!("\"{}\" is not sheet, opposite or ludii", excerpt(other)),
                ))
            }
        };
        let limit = match draw_limit {
            None => DEFAULT_DRAW_LIMIT,
            Some("none") => None,
            Some(text) => {
                let canonical = text == "0" || !text.starts_with('0');
                match text.parse::<u16>() {
                    Ok(n) if canonical && text.bytes().all(|b| b.is_ascii_digit()) => Some(n),
                    _ => {
                        return Err((
                            "DrawLimit",
                            format!(
                                "\"{}\" is not none or a number 0..65535 without leading zeros",
                                excerpt(text)
                            ),
                        ))
                    }
                }
            }
        };
        Ok(Rules::new()
            .with_alliances(alliances)
            .with_draw_limit(limit))
    }

    fn options_tags(options: Rules) -> Vec<(&'static str, String)> {
        if options.is_ludii() {
            return vec![("Rules", "ludii".to_string())];
        }
        let alliances = match options.alliances {
            Alliances::Opposite => "opposite",
            _ => "sheet",
        };
        let mut tags = vec![("Rules", alliances.to_string())];
        if options.draw_limit != DEFAULT_DRAW_LIMIT {
            let limit = options
                .draw_limit
                .map_or_else(|| "none".to_string(), |n| n.to_string());
            tags.push(("DrawLimit", limit));
        }
        tags
    }

    fn parse_readable(
        position: &Position,
        text: &str,
    ) -> Option<Result<ChaturajiAction, ReadableFailure>> {
        read_readable_ply(position, text)
    }

    fn visited_action(action: ChaturajiAction) -> RecordAction {
        RecordAction::from(action)
    }

    fn visited_position(position: &Position) -> RecordPosition<'_> {
        RecordPosition::from(position)
    }

    fn svg(position: &Position, actions: &[ChaturajiAction], options: &SvgOptions) -> String {
        let last = actions.iter().rev().find_map(|action| match action {
            ChaturajiAction::Ply { mv, .. } => Some(*mv),
            _ => None,
        });
        svg::chaturaji(position, last, options)
    }

    fn play(&mut self, action: ChaturajiAction) -> Result<(), ActionError> {
        action.check_pending_decision(self.position())?;
        match action {
            ChaturajiAction::Ply { roll, mv } => {
                // Two steps of the game: the roll, a chance outcome, then
                // the move. An error of either names the whole ply.
                let ply =
                    |err: IllegalMoveError| IllegalMoveError::new(action.to_string(), err.reason());
                let rolled = self.apply(ChaturajiStep::Roll(roll)).map_err(ply)?;
                if let Err(err) = self.apply(ChaturajiStep::Move(mv)) {
                    self.undo_unchecked(rolled);
                    return Err(ply(err).into());
                }
            }
            ChaturajiAction::Decision { mv } => {
                ludii::check_choice(self.position(), mv)?;
                self.apply(ChaturajiStep::Move(mv))?;
            }
            ChaturajiAction::Exchange { first, second } => self.apply_exchange(first, second)?,
        }
        Ok(())
    }

    fn move_number(position: &Position) -> (MoveNumber, bool) {
        let ply = u64::from(position.ply());
        (
            MoveNumber {
                number: ply + 1,
                dots: ".",
            },
            ply % 4 == 0,
        )
    }

    fn is_numbered(action: ChaturajiAction) -> bool {
        matches!(action, ChaturajiAction::Ply { .. })
    }

    fn parse_result(token: &str) -> Option<GameResult> {
        use Colour::*;
        Some(match token {
            "*" => GameResult::Unfinished,
            "draw" => GameResult::Draw,
            "rg-wins" => GameResult::AllianceWins([Red, Green]),
            "by-wins" => GameResult::AllianceWins([Black, Yellow]),
            "ry-wins" => GameResult::AllianceWins([Red, Yellow]),
            "bg-wins" => GameResult::AllianceWins([Black, Green]),
            "red-wins" => GameResult::ColourWins(Red),
            "black-wins" => GameResult::ColourWins(Black),
            "yellow-wins" => GameResult::ColourWins(Yellow),
            "green-wins" => GameResult::ColourWins(Green),
            _ => return None,
        })
    }

    fn result_words() -> &'static str {
        "rg-wins, by-wins, ry-wins, bg-wins; red-wins, black-wins, yellow-wins, green-wins (ludii); draw or *"
    }

    fn rules_ending(position: &Position) -> Option<(GameResult, Termination)> {
        match position.outcome() {
            Outcome::AllianceWins(alliance) => Some((
                GameResult::AllianceWins(alliance),
                Termination::OpponentsOut,
            )),
            Outcome::Draw if position.rules().is_ludii() => {
                Some((GameResult::Draw, Termination::TurnLimit))
            }
            Outcome::Draw => Some((GameResult::Draw, Termination::QuietPlies)),
            Outcome::ColourWins(colour) => {
                Some((GameResult::ColourWins(colour), Termination::Ranking))
            }
            Outcome::TopScoreTie => Some((GameResult::Draw, Termination::Ranking)),
            _ => None,
        }
    }

    fn result_fits(position: &Position, result: GameResult) -> bool {
        let is_ludii = position.rules().is_ludii();
        match result {
            GameResult::Unfinished | GameResult::Draw => true,
            GameResult::AllianceWins(alliance) => {
                !is_ludii && position.rules().alliance_of(alliance[0]) == alliance
            }
            GameResult::ColourWins(_) => is_ludii,
            _ => false,
        }
    }

    fn terminations(options: Rules) -> &'static [Termination] {
        if options.is_ludii() {
            ludii::TERMINATIONS
        } else {
            SHEET_TERMINATIONS
        }
    }

    fn normalize(position: &mut Position) {
        ludii::normalize(position);
    }

    fn scores(position: &Position) -> Option<[u32; 4]> {
        position.rules().is_ludii().then(|| position.scores())
    }

    fn has_scores(options: Rules) -> bool {
        options.is_ludii()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_text_round_trips_and_errors_point_at_the_fault() {
        for text in [
            "2:h1f3",
            "5:g7g8K",
            "4:pass",
            "exchange:rh4,be8",
            "exchange:gd2,ya6",
            "=K",
            "=B",
            "pass",
        ] {
            let action: ChaturajiAction = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        let at = |text: &str| text.parse::<ChaturajiAction>().unwrap_err().offset();
        assert_eq!(at("h1f3"), Some(0));
        assert_eq!(at("6:h1f3"), Some(0));
        assert_eq!(at("55:h1f3"), Some(0));
        assert_eq!(at("5:h1i3"), Some(4));
        assert_eq!(at("5:"), Some(2));
        assert_eq!(at("exchange:rh4"), Some(9));
        assert_eq!(at("exchange:rh9,be8"), Some(10));
        assert_eq!(at("exchange:rh4,"), Some(13));
        assert_eq!(at("exchange:xh4,be8"), Some(9));
        assert_eq!(at("=P"), Some(1));
        assert_eq!(at("=X"), Some(1));
        assert_eq!(at("2:=K"), Some(0));
    }

    #[test]
    fn a_ply_is_two_game_steps_taken_back_together() {
        use crate::game::Actor;
        use crate::record::ChaturajiRecord;
        let mut record = ChaturajiRecord::new(Position::start(Rules::default()));
        // The roll is a legal step, the move is not: the roll is taken back.
        let err = record.play("3:h1f3".parse().unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "illegal move 3:h1f3: the roll does not name this piece's kind"
        );
        assert_eq!(record.final_game().pending_roll(), None);
        assert_eq!(record.final_game().actor(), Actor::Chance);
        record.play("2:h1f3".parse().unwrap()).unwrap();
        assert_eq!(record.final_game().actor(), Actor::Chance);
        assert_eq!(record.final_game().position().ply(), 1);
        // A finished game: the error names the whole ply, not its roll.
        let over = Rules::default().with_draw_limit(Some(0));
        let mut record = ChaturajiRecord::new(Position::start(over));
        let err = record.play("2:h1f3".parse().unwrap()).unwrap_err();
        assert_eq!(err.to_string(), "illegal move 2:h1f3: the game is over");
        assert_eq!(record.final_game(), record.start_game());
    }

    #[test]
    fn rules_tags() {
        use sealed::Format as _;
        let opposite = Chaturaji::options_from_tags(Some("opposite"), Some("none")).unwrap();
        assert_eq!(opposite.alliances, Alliances::Opposite);
        assert_eq!(opposite.draw_limit, None);
        assert_eq!(
            Chaturaji::options_tags(opposite),
            [
                ("Rules", "opposite".to_string()),
                ("DrawLimit", "none".to_string())
            ]
        );
        assert_eq!(
            Chaturaji::options_from_tags(None, None).unwrap(),
            Rules::new()
        );
        assert_eq!(Chaturaji::options_tags(Rules::new()).len(), 1);
        for bad in ["007", "-1", "65536", "", "+5"] {
            assert!(
                Chaturaji::options_from_tags(None, Some(bad)).is_err(),
                "{bad}"
            );
        }
        let ludii = Chaturaji::options_from_tags(Some("ludii"), None).unwrap();
        assert_eq!(ludii, Rules::ludii());
        assert_eq!(
            Chaturaji::options_tags(ludii),
            [("Rules", "ludii".to_string())]
        );
        assert!(Chaturaji::options_from_tags(Some("ludii"), Some("200")).is_err());
    }
}
