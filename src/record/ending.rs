//! How a record ends: the result and termination the rules give its
//! final position, whether a stated result and termination fit that
//! position, and (lenient reading) what a record that lacks them ends
//! with.

use super::error::ResultError;
use super::game::RecordedGame;
use super::result::{GameResult, Termination};

/// The result and termination the rules give a position (`*` and
/// `unfinished` while the game goes on).
pub(super) fn ending<G: RecordedGame>(position: &G::Position) -> (GameResult, Termination) {
    G::rules_ending(position).unwrap_or((GameResult::Unfinished, Termination::Unfinished))
}

/// Whether `result` and `termination` fit each other and `position`, the
/// final position of a game of `G`.
pub(super) fn check_result<G: RecordedGame>(
    position: &G::Position,
    result: GameResult,
    termination: Termination,
) -> Result<(), ResultError> {
    if !G::terminations(G::options_of(position)).contains(&termination) {
        return Err(ResultError::TerminationNotForGame {
            termination,
            game: G::NAME,
        });
    }
    if !G::result_fits(position, result) {
        return Err(ResultError::ResultNotForGame {
            result,
            game: G::NAME,
        });
    }
    let fits = match termination {
        Termination::Resignation => result.is_win(),
        Termination::Agreement => result == GameResult::Draw,
        Termination::Abandoned | Termination::Unfinished => result == GameResult::Unfinished,
        Termination::NoLegalMoves | Termination::TurnLimit | Termination::QuietPlies => {
            result == GameResult::Draw
        }
        Termination::Ranking => result.is_win() || result == GameResult::Draw,
        _ => result.is_win(),
    };
    if !fits {
        return Err(ResultError::Mismatch {
            result,
            termination,
        });
    }
    match G::rules_ending(position) {
        Some((actual, actual_termination)) => {
            if (actual, actual_termination) == (result, termination) {
                Ok(())
            } else {
                Err(ResultError::Contradicted {
                    claimed: result,
                    claimed_termination: termination,
                    actual,
                    actual_termination,
                })
            }
        }
        None if termination.by_rules() => Err(ResultError::NotOver { termination }),
        None => Ok(()),
    }
}

/// Why a record's ending could not be completed (lenient mode).
pub(super) enum Incomplete {
    /// A resignation, but no result says who won.
    Result,
    /// The termination claims an ending by the rules that did not happen.
    Wrong(ResultError),
}

/// The result and termination of a record whose final position is
/// `last`, completed when one or both are missing (lenient mode; in
/// strict mode both are always there).
pub(super) fn complete<G: RecordedGame>(
    last: &G::Position,
    result: Option<GameResult>,
    termination: Option<Termination>,
) -> Result<(GameResult, Termination), Incomplete> {
    let rules = G::rules_ending(last);
    Ok(match (result, termination) {
        (Some(result), Some(termination)) => (result, termination),
        (None, None) => rules.unwrap_or((GameResult::Unfinished, Termination::Unfinished)),
        (Some(result), None) => match rules {
            Some((_, termination)) => (result, termination),
            None => {
                let termination = if result.is_win() {
                    Termination::Resignation
                } else if result == GameResult::Draw {
                    Termination::Agreement
                } else {
                    Termination::Unfinished
                };
                (result, termination)
            }
        },
        (None, Some(termination)) => match rules {
            Some((result, _)) => (result, termination),
            None => match termination {
                Termination::Unfinished | Termination::Abandoned => {
                    (GameResult::Unfinished, termination)
                }
                Termination::Agreement => (GameResult::Draw, termination),
                Termination::Resignation => return Err(Incomplete::Result),
                _ => return Err(Incomplete::Wrong(ResultError::NotOver { termination })),
            },
        },
    })
}
