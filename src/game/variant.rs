//! [`Variant`]: a game and, for Chaturaji, its ruleset, under one name:
//! `kaissa`, `chaturaji` (the sheet's alliances), `chaturaji-opposite`
//! (partners opposite) and `chaturaji-ludii` (four alone, `docs/rules.md`
//! Part IV). Front ends (the engine protocol's `UCI_Variant`, the server's
//! `game` and `rules` fields, the lobby) name games with it.

use core::fmt;
use core::str::FromStr;

use crate::chaturaji::{Alliances, Rules};
use crate::game::{AnyGame, GAME_NAMES};

/// A game with its ruleset.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::{AnyGame, Variant};
/// let variant: Variant = "chaturaji-ludii".parse()?;
/// assert_eq!(variant, Variant::ChaturajiLudii);
/// assert_eq!((variant.game_name(), variant.rules_name()), ("chaturaji", Some("ludii")));
/// assert_eq!(variant.start(), AnyGame::chaturaji(Rules::ludii()));
/// assert_eq!(Variant::of(&AnyGame::kaissa()), Variant::Kaissa);
/// assert_eq!(Variant::from_game_and_rules("chaturaji", Some("opposite"))?.name(), "chaturaji-opposite");
/// # Ok::<(), kaissa_chaturaji::game::VariantError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Merchant Kaissa (it has no rules options).
    Kaissa,
    /// Chaturaji under the sheet's rules: Red with Green, Yellow with Black.
    Chaturaji,
    /// Chaturaji under the sheet's rules with partners opposite: Red with
    /// Yellow, Black with Green.
    ChaturajiOpposite,
    /// Chaturaji under the Ludii ruleset: four alone, scored by points.
    ChaturajiLudii,
}

/// The words of Chaturaji's rules options, in [`Variant::ALL`]'s order:
/// `sheet`, `opposite`, `ludii`.
pub const RULES_NAMES: [&str; 3] = ["sheet", "opposite", "ludii"];

impl Variant {
    /// Every variant, in the order the engine protocol lists them.
    pub const ALL: [Variant; 4] = [
        Variant::Kaissa,
        Variant::Chaturaji,
        Variant::ChaturajiOpposite,
        Variant::ChaturajiLudii,
    ];

    /// The variant's name: `kaissa`, `chaturaji`, `chaturaji-opposite` or
    /// `chaturaji-ludii` (the engine protocol's `UCI_Variant` values).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Kaissa => "kaissa",
            Variant::Chaturaji => "chaturaji",
            Variant::ChaturajiOpposite => "chaturaji-opposite",
            Variant::ChaturajiLudii => "chaturaji-ludii",
        }
    }

    /// The game's name: `kaissa` or `chaturaji` (see [`GAME_NAMES`]).
    #[must_use]
    pub const fn game_name(self) -> &'static str {
        match self {
            Variant::Kaissa => GAME_NAMES[0],
            _ => GAME_NAMES[1],
        }
    }

    /// The word of its Chaturaji rules option (`sheet`, `opposite` or
    /// `ludii`); `None` for Merchant Kaissa.
    #[must_use]
    pub const fn rules_name(self) -> Option<&'static str> {
        match self {
            Variant::Kaissa => None,
            Variant::Chaturaji => Some(RULES_NAMES[0]),
            Variant::ChaturajiOpposite => Some(RULES_NAMES[1]),
            Variant::ChaturajiLudii => Some(RULES_NAMES[2]),
        }
    }

    /// How many play: 2 or 4.
    #[must_use]
    pub const fn players(self) -> usize {
        match self {
            Variant::Kaissa => 2,
            _ => 4,
        }
    }

    /// Its Chaturaji rules, with the default draw limit; `None` for
    /// Merchant Kaissa.
    #[must_use]
    pub const fn rules(self) -> Option<Rules> {
        match self {
            Variant::Kaissa => None,
            Variant::Chaturaji => Some(Rules::new()),
            Variant::ChaturajiOpposite => Some(Rules::new().with_alliances(Alliances::Opposite)),
            Variant::ChaturajiLudii => Some(Rules::ludii()),
        }
    }

    /// The game at its start.
    #[must_use]
    pub fn start(self) -> AnyGame {
        match self.rules() {
            None => AnyGame::kaissa(),
            Some(rules) => AnyGame::chaturaji(rules),
        }
    }

    /// The variant a game is played under (its draw limit aside).
    #[must_use]
    pub fn of(game: &AnyGame) -> Variant {
        match game.rules() {
            None => Variant::Kaissa,
            Some(rules) if rules.is_ludii() => Variant::ChaturajiLudii,
            Some(rules) if rules.alliances == Alliances::Opposite => Variant::ChaturajiOpposite,
            Some(_) => Variant::Chaturaji,
        }
    }

    /// The variant of a game's name (`kaissa`, `chaturaji`) and, for
    /// Chaturaji, its rules option (`sheet`, `opposite`, `ludii`; none
    /// means `sheet`). Merchant Kaissa takes no option but `sheet`.
    ///
    /// # Errors
    ///
    /// An unknown game or rules word, or Kaissa with another option.
    pub fn from_game_and_rules(game: &str, rules: Option<&str>) -> Result<Variant, VariantError> {
        let error = |text: &str, expected: &'static str| VariantError {
            text: crate::error::excerpt(text),
            expected,
        };
        match (game, rules) {
            ("kaissa", None | Some("sheet")) => Ok(Variant::Kaissa),
            ("kaissa", Some(other)) => Err(error(other, "no rules option for kaissa")),
            ("chaturaji", None | Some("sheet")) => Ok(Variant::Chaturaji),
            ("chaturaji", Some("opposite")) => Ok(Variant::ChaturajiOpposite),
            ("chaturaji", Some("ludii")) => Ok(Variant::ChaturajiLudii),
            ("chaturaji", Some(other)) => Err(error(other, "sheet, opposite or ludii")),
            (other, _) => Err(error(other, "kaissa or chaturaji")),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = VariantError;

    /// Reads a variant's [`name`](Variant::name).
    fn from_str(text: &str) -> Result<Variant, VariantError> {
        Variant::ALL
            .into_iter()
            .find(|variant| variant.name() == text)
            .ok_or_else(|| VariantError {
                text: crate::error::excerpt(text),
                expected: "kaissa, chaturaji, chaturaji-opposite or chaturaji-ludii",
            })
    }
}

/// A text that names no variant, game or rules option.
///
/// ```
/// use kaissa_chaturaji::game::Variant;
/// let err = "chess".parse::<Variant>().unwrap_err();
/// assert_eq!(err.text(), "chess");
/// assert_eq!(
///     err.to_string(),
///     "unknown variant \"chess\": expected kaissa, chaturaji, chaturaji-opposite or chaturaji-ludii"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[error("unknown variant \"{text}\": expected {expected}")]
pub struct VariantError {
    text: String,
    expected: &'static str,
}

impl VariantError {
    /// The text that named nothing (an excerpt of it, escaped).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn every_variant_reads_back_from_each_of_its_names() {
        for variant in Variant::ALL {
            assert_eq!(variant.name().parse::<Variant>(), Ok(variant));
            assert_eq!(variant.to_string(), variant.name());
            assert_eq!(
                Variant::from_game_and_rules(variant.game_name(), variant.rules_name()),
                Ok(variant)
            );
            assert_eq!(Variant::of(&variant.start()), variant);
            assert_eq!(variant.start().players(), variant.players());
        }
    }

    #[test]
    fn unknown_words_are_refused_with_the_text() {
        for (game, rules) in [
            ("chess", None),
            ("kaissa", Some("ludii")),
            ("chaturaji", Some("alone")),
            ("Kaissa", None),
        ] {
            let err = Variant::from_game_and_rules(game, rules).unwrap_err();
            assert_eq!(
                err.text(),
                rules
                    .filter(|_| game != "chess" && game != "Kaissa")
                    .unwrap_or(game)
            );
        }
        assert_eq!(
            Variant::from_game_and_rules("chaturaji", None),
            Ok(Variant::Chaturaji)
        );
        let long = "x".repeat(10_000);
        assert!(long.parse::<Variant>().unwrap_err().to_string().len() < 200);
    }
}
