//! The result of a recorded game and how it ended: the `Result` and
//! `Termination` tags.

use core::fmt;

use crate::chaturaji::Colour;
use crate::kaissa::Side;

/// The result a record states (its `Result` tag and the token that ends its
/// movetext). More variants may come with more rulesets; match with a `_`
/// arm.
///
/// The text of a result is its token: `*`, `draw`, `yellow-wins`,
/// `red-wins` (Kaissa), `rg-wins`, `by-wins`, `ry-wins`, `bg-wins`
/// (Chaturaji alliances, the two colour letters in `rbyg` order) and
/// `red-wins`, `black-wins`, `yellow-wins`, `green-wins` (one Chaturaji
/// colour, under the Ludii ruleset).
///
/// ```
/// use kaissa_chaturaji::chaturaji::Colour;
/// use kaissa_chaturaji::kaissa::Side;
/// use kaissa_chaturaji::record::GameResult;
/// assert_eq!(GameResult::Unfinished.to_string(), "*");
/// assert_eq!(GameResult::SideWins(Side::Red).to_string(), "red-wins");
/// assert_eq!(GameResult::AllianceWins([Colour::Black, Colour::Yellow]).to_string(), "by-wins");
/// assert_eq!(GameResult::ColourWins(Colour::Green).to_string(), "green-wins");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GameResult {
    /// `*`: the game is not over (unfinished or abandoned).
    Unfinished,
    /// `draw`.
    Draw,
    /// Kaissa: `yellow-wins` or `red-wins`.
    SideWins(Side),
    /// Chaturaji: the alliance of these two colours (in `rbyg` order) wins.
    AllianceWins([Colour; 2]),
    /// Chaturaji under the Ludii ruleset: this colour wins (it has the
    /// highest score alone).
    ColourWins(Colour),
}

impl GameResult {
    /// Whether the result is a win for somebody.
    ///
    /// ```
    /// use kaissa_chaturaji::kaissa::Side;
    /// use kaissa_chaturaji::record::GameResult;
    /// assert!(GameResult::SideWins(Side::Yellow).is_win());
    /// assert!(!GameResult::Draw.is_win());
    /// ```
    #[must_use]
    pub const fn is_win(self) -> bool {
        matches!(
            self,
            GameResult::SideWins(_) | GameResult::AllianceWins(_) | GameResult::ColourWins(_)
        )
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Unfinished => f.write_str("*"),
            GameResult::Draw => f.write_str("draw"),
            GameResult::SideWins(side) => write!(f, "{}-wins", side.name()),
            GameResult::AllianceWins([a, b]) => write!(f, "{}{}-wins", a.letter(), b.letter()),
            GameResult::ColourWins(colour) => write!(f, "{}-wins", colour.name()),
        }
    }
}

/// How a recorded game ended: the `Termination` tag. The first seven are
/// produced by the rules (the final position must show them); the last
/// four are what players do. More may come with more rulesets; match with
/// a `_` arm.
///
/// ```
/// use kaissa_chaturaji::record::Termination;
/// assert_eq!(Termination::HomeStoneCaptured.word(), "home-stone-captured");
/// assert_eq!(Termination::from_word("resignation"), Some(Termination::Resignation));
/// assert!(Termination::QuietPlies.by_rules());
/// assert!(!Termination::Agreement.by_rules());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Termination {
    /// Kaissa: the winner captured the loser's Home Stone.
    HomeStoneCaptured,
    /// Kaissa: the loser could not place its Home Stone on its 10th turn.
    DefaultLoss,
    /// Kaissa: the side to move had no legal move (a draw).
    NoLegalMoves,
    /// A draw by a turn limit. Kaissa: Red was to move at the largest turn
    /// the notation can write (a draw no real game reaches). Chaturaji
    /// under the Ludii ruleset: 5,000 rolled plies were played
    /// ([`LUDII_TURN_LIMIT`](crate::chaturaji::LUDII_TURN_LIMIT)), a draw
    /// for all four whatever the scores.
    TurnLimit,
    /// Chaturaji: the winning alliance put both opponents out of the game.
    OpponentsOut,
    /// Chaturaji: no capture for as many plies as the draw limit (a draw).
    QuietPlies,
    /// Chaturaji under the Ludii ruleset: one colour owns every piece left,
    /// and the colours are ranked by score. The highest score alone wins
    /// (`<colour>-wins`, even a colour with no piece left); a tie for it
    /// is a `draw`.
    Ranking,
    /// A player (Kaissa), an alliance (Chaturaji) or every colour but the
    /// winner (Chaturaji under the Ludii ruleset) resigned; the result names
    /// the winner.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// The game was abandoned before its end (result `*`).
    Abandoned,
    /// The game goes on, or the record stops before its end (result `*`).
    Unfinished,
}

impl Termination {
    /// Every termination, in declaration order (a slice: later versions
    /// may add terminations, as for the Ludii ruleset).
    pub const ALL: &'static [Termination] = &[
        Termination::HomeStoneCaptured,
        Termination::DefaultLoss,
        Termination::NoLegalMoves,
        Termination::TurnLimit,
        Termination::OpponentsOut,
        Termination::QuietPlies,
        Termination::Ranking,
        Termination::Resignation,
        Termination::Agreement,
        Termination::Abandoned,
        Termination::Unfinished,
    ];

    /// The tag value: `home-stone-captured`, `default-loss`,
    /// `no-legal-moves`, `turn-limit`, `opponents-out`, `quiet-plies`,
    /// `ranking`, `resignation`, `agreement`, `abandoned` or `unfinished`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Termination::HomeStoneCaptured => "home-stone-captured",
            Termination::DefaultLoss => "default-loss",
            Termination::NoLegalMoves => "no-legal-moves",
            Termination::TurnLimit => "turn-limit",
            Termination::OpponentsOut => "opponents-out",
            Termination::QuietPlies => "quiet-plies",
            Termination::Ranking => "ranking",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::Abandoned => "abandoned",
            Termination::Unfinished => "unfinished",
        }
    }

    /// The termination with this tag value.
    #[must_use]
    pub fn from_word(word: &str) -> Option<Termination> {
        Termination::ALL.iter().copied().find(|t| t.word() == word)
    }

    /// Whether the rules produce this ending (the final position shows it),
    /// rather than the players.
    #[must_use]
    pub const fn by_rules(self) -> bool {
        !matches!(
            self,
            Termination::Resignation
                | Termination::Agreement
                | Termination::Abandoned
                | Termination::Unfinished
        )
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// The `Scores` tag's value: the four scores in the order Red, Black,
/// Yellow, Green, separated by commas (as in the position text).
pub(crate) fn scores_text(scores: [u32; 4]) -> String {
    let [r, b, y, g] = scores;
    format!("{r},{b},{y},{g}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        for &t in Termination::ALL {
            assert_eq!(Termination::from_word(t.word()), Some(t));
        }
        assert_eq!(Termination::from_word("Resignation"), None);
    }
}
