//! What records of the Ludii ruleset of Chaturaji add (the rules reference,
//! §2.13): the `[Rules "ludii"]` tag, the promotion decision ply written
//! without a roll (`=K`, `=E`, `=H`, `=B`, `pass`), the terminations
//! `ranking` and `turn-limit`, and the `Scores` tag (the final position's
//! scores, checked by the reader).

use super::error::ActionError;
use super::result::Termination;
use crate::chaturaji::{Move, Position, Rules};

/// The terminations of a game under the Ludii ruleset.
pub(super) const TERMINATIONS: &[Termination] = &[
    Termination::Ranking,
    Termination::TurnLimit,
    Termination::Resignation,
    Termination::Agreement,
    Termination::Abandoned,
    Termination::Unfinished,
];

/// The options of a record whose `Rules` tag is `ludii`: [`Rules::ludii`].
/// The ruleset has no quiet-ply draw, so a `DrawLimit` tag is refused.
pub(super) fn options_from_tags(draw_limit: Option<&str>) -> Result<Rules, (&'static str, String)> {
    match draw_limit {
        None => Ok(Rules::ludii()),
        Some(_) => Err((
            "DrawLimit",
            "the Ludii ruleset has no quiet-ply draw (DrawLimit belongs to the sheet's rules)"
                .into(),
        )),
    }
}

/// Gives a position of the Ludii ruleset the options a record reads back
/// ([`Rules::ludii`]): the alliances and the draw limit are not used by the
/// ruleset, and a record does not write them.
pub(super) fn normalize(position: &mut Position) {
    if position.rules().is_ludii() {
        position.rules = Rules::ludii();
    }
}

/// Whether the promotion decision `mv` (made without a roll) is one of
/// the pending decision's choices (that one is pending is checked first,
/// by [`ChaturajiAction::check_pending_decision`]).
///
/// [`ChaturajiAction::check_pending_decision`]: super::ChaturajiAction::check_pending_decision
pub(super) fn check_choice(position: &Position, mv: Move) -> Result<(), ActionError> {
    if let Some(square) = position.pending_promotion() {
        let choices = position.decision_moves();
        if !choices.contains(&mv) {
            let words: Vec<String> = choices.iter().map(ToString::to_string).collect();
            return Err(ActionError::NotAChoice {
                mv,
                square,
                choices: words.join(", "),
            });
        }
    }
    Ok(())
}

/// Reads a `Scores` tag's value with the position text's own reader of
/// the scores field: four decimal numbers without leading zeros, separated
/// by single commas. An error gives the byte offset in `text` and the
/// reason.
pub(crate) fn parse_scores(text: &str) -> Result<[u32; 4], (usize, String)> {
    crate::chaturaji::ludii::text::parse_scores(text, 0)
        .map_err(|e| (e.offset().unwrap_or(0), e.reason().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::result::scores_text;

    #[test]
    fn scores_tag_values() {
        assert_eq!(parse_scores("0,12,3,40"), Ok([0, 12, 3, 40]));
        assert_eq!(scores_text([0, 12, 3, 40]), "0,12,3,40");
        let at = |text: &str| parse_scores(text).unwrap_err().0;
        assert_eq!(at("0,1,2"), 5);
        assert_eq!(at("0,1,2,3,4"), 7);
        assert_eq!(at("0,01,2,3"), 2);
        assert_eq!(at("0,,2,3"), 2);
        assert_eq!(at("0,1,2,x"), 6);
        assert_eq!(at("0,1,2,+3"), 6);
        assert_eq!(at("0,1,2,4294967296"), 6);
        assert_eq!(at(""), 0);
    }
}
