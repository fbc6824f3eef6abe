//! Where the errors about a record's ending point: at the `Result` tag's
//! value or the movetext's result for what is wrong with the result, at
//! the `Termination` tag's value for what is wrong with the termination,
//! and, for what a (lenient) record lacks, at the movetext's result or
//! else the record's first line.

use super::error::ResultError;
use super::lines::Place;

/// The places of a record's ending, as its tag pairs and movetext state
/// it.
pub(super) struct EndingPlaces {
    /// The record's first line: where a missing tag is reported.
    pub(super) record: Place,
    /// The stated result: the `Result` tag's value, else the movetext's
    /// result, else where the record lacks it.
    pub(super) result: Place,
    /// The `Termination` tag's value, else where the record lacks it.
    pub(super) termination: Place,
}

impl EndingPlaces {
    /// The places, from the record's first line and where the `Result`
    /// tag, the `Termination` tag and the movetext's result stand (each
    /// absent when the record lacks it).
    pub(super) fn new(
        first_line: usize,
        result_tag: Option<Place>,
        termination_tag: Option<Place>,
        movetext_result: Option<Place>,
    ) -> EndingPlaces {
        let record = (first_line, 1);
        // Where to point for a result or termination the record lacks.
        let lacking = movetext_result.unwrap_or(record);
        EndingPlaces {
            record,
            result: result_tag.or(movetext_result).unwrap_or(lacking),
            termination: termination_tag.unwrap_or(lacking),
        }
    }

    /// Where `error`, the verdict on a stated ending, points: at the
    /// result when the result is what is wrong (it does not exist in the
    /// game, or the rules ended the game as stated but with another
    /// result), else at the termination.
    pub(super) fn of(&self, error: &ResultError) -> Place {
        let blame_result = match error {
            ResultError::ResultNotForGame { .. } => true,
            ResultError::Contradicted {
                claimed_termination,
                actual_termination,
                ..
            } => claimed_termination == actual_termination,
            _ => false,
        };
        if blame_result {
            self.result
        } else {
            self.termination
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{GameResult, Termination};

    #[test]
    fn a_lacking_part_points_at_the_movetext_result_or_the_first_line() {
        let places = EndingPlaces::new(3, None, None, Some((9, 12)));
        assert_eq!(
            (places.record, places.result, places.termination),
            ((3, 1), (9, 12), (9, 12))
        );
        let places = EndingPlaces::new(3, None, None, None);
        assert_eq!((places.result, places.termination), ((3, 1), (3, 1)));
        let places = EndingPlaces::new(3, Some((4, 10)), Some((5, 15)), Some((9, 12)));
        assert_eq!((places.result, places.termination), ((4, 10), (5, 15)));
    }

    #[test]
    fn the_verdict_points_at_the_part_that_is_wrong() {
        let places = EndingPlaces::new(1, Some((2, 10)), Some((3, 15)), None);
        let not_for_game = ResultError::ResultNotForGame {
            result: GameResult::Draw,
            game: "kaissa",
        };
        assert_eq!(places.of(&not_for_game), (2, 10));
        let other_winner = ResultError::Contradicted {
            claimed: GameResult::Draw,
            claimed_termination: Termination::Ranking,
            actual: GameResult::Unfinished,
            actual_termination: Termination::Ranking,
        };
        assert_eq!(places.of(&other_winner), (2, 10));
        let not_over = ResultError::NotOver {
            termination: Termination::QuietPlies,
        };
        assert_eq!(places.of(&not_over), (3, 15));
    }
}
