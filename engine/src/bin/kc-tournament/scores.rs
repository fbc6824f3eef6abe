//! The tournament's one scoring rule (see the help's "Scores").

use kaissa_chaturaji::chaturaji::Colour;
use kaissa_chaturaji::game::{AnyGame, Game};

/// Each seat's score in a game that ended, or that the ply cap stopped:
/// 1 for a win (its alliance's, under alliances), 0.5 for a draw between
/// two sides, 0 for a loss; under the Ludii ruleset 1 for the winner and,
/// when there is none, `1/n` each. A capped game has no winner: a draw
/// (`1/n` each under the Ludii ruleset).
pub fn seat_scores(game: &AnyGame, capped: bool) -> Vec<f64> {
    let returns = game.returns();
    let returns = returns.as_ref();
    let n = returns.len() as f64;
    let ludii = game.rules().is_some_and(|rules| rules.is_ludii());
    let no_winner = capped || returns.iter().all(|&r| r <= 0.0);
    returns
        .iter()
        .map(|&r| match (ludii, no_winner) {
            (true, true) => 1.0 / n,
            (false, true) => 0.5,
            _ if r > 0.0 => 1.0,
            _ => 0.0,
        })
        .collect()
}

/// Each seat's score when seat `loser` forfeits: it and its ally score 0,
/// the others 1; under the Ludii ruleset the other three share the win.
pub fn forfeit_scores(game: &AnyGame, loser: usize) -> Vec<f64> {
    let players = game.players();
    (0..players)
        .map(|seat| match game.rules() {
            _ if seat == loser => 0.0,
            None => 1.0,
            Some(rules) if rules.is_ludii() => 1.0 / (players - 1) as f64,
            Some(rules) => {
                let friends = rules.friends(Colour::from_index(seat), Colour::from_index(loser));
                f64::from(u8::from(!friends))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kaissa_chaturaji::chaturaji::Rules;

    #[test]
    fn draws_caps_and_forfeits() {
        let kaissa = AnyGame::kaissa();
        assert_eq!(seat_scores(&kaissa, true), [0.5, 0.5]);
        assert_eq!(forfeit_scores(&kaissa, 1), [1.0, 0.0]);
        let ludii = AnyGame::chaturaji(Rules::ludii());
        assert_eq!(seat_scores(&ludii, true), [0.25; 4]);
        let third = 1.0 / 3.0;
        assert_eq!(forfeit_scores(&ludii, 2), [third, third, 0.0, third]);
        // The sheet's alliances: Red with Green, Black with Yellow.
        let sheet = AnyGame::chaturaji(Rules::default());
        assert_eq!(forfeit_scores(&sheet, 1), [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(seat_scores(&sheet, true), [0.5; 4]);
    }
}
