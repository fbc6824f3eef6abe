//! `Serialize` and `Deserialize` (feature `serde`): positions, moves and
//! squares of both games as their canonical text (the rules reference, §3, notation), so a
//! serialized value reads the same as the notation and deserializing
//! validates it exactly as the parser does.
//!
//! | type | serialized as |
//! |---|---|
//! | `kaissa::Position` | its position text |
//! | `kaissa::Move`, `chaturaji::Move` | the move text (`e2e5`, `H@c1`, `g7g8K`, `pass`) |
//! | `kaissa::Square`, `chaturaji::Square` | the square name (`j10`) |
//! | `chaturaji::Rules` | `{ "alliances": "sheet" or "opposite", "draw_limit": 200 or null }`, and `"ruleset": "ludii"` for the Ludii ruleset (absent for the sheet's) |
//! | `chaturaji::Position` | `{ "rules": <Rules>, "position": <position text> }` (a text is read under given rules) |
//!
//! A Chaturaji position text does not say which alliances or draw limit
//! its game is played with (the rules reference, §2.2), so a position is
//! serialized with its rules beside its text, as the name of a chess
//! variant travels beside a FEN; deserializing reads the text with
//! `Position::from_text` under those rules. (`FromStr` alone can tell the
//! ruleset from the text's form, not the other options.)
//!
//! ```
//! # #[cfg(feature = "serde")] {
//! use kaissa_chaturaji::kaissa::Position;
//! use serde::de::{value::StrDeserializer, IntoDeserializer};
//! use serde::Deserialize;
//! let text = kaissa_chaturaji::kaissa::START_TEXT;
//! let deserializer: StrDeserializer<serde::de::value::Error> = text.into_deserializer();
//! assert_eq!(Position::deserialize(deserializer).unwrap(), Position::start());
//! # }
//! ```

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::{chaturaji, kaissa};

/// Reads a string and parses it with `FromStr`.
struct TextVisitor<T>(&'static str, PhantomData<T>);

impl<T> Visitor<'_> for TextVisitor<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

macro_rules! as_text {
    ($type:ty, $expecting:literal) => {
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor($expecting, PhantomData))
            }
        }
    };
}

as_text!(kaissa::Position, "a Kaissa position text");
as_text!(kaissa::Move, "a Kaissa move text");
as_text!(kaissa::Square, "a Kaissa square name");
as_text!(chaturaji::Move, "a Chaturaji move text");

impl Serialize for chaturaji::Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A Chaturaji square name, for `FromStr`-based reading.
struct ChaturajiSquareText(chaturaji::Square);

impl FromStr for ChaturajiSquareText {
    type Err = &'static str;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        chaturaji::Square::parse(text)
            .map(ChaturajiSquareText)
            .ok_or("not a square of the 8x8 board (a1..h8)")
    }
}

impl<'de> Deserialize<'de> for chaturaji::Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_str(TextVisitor::<ChaturajiSquareText>(
                "a Chaturaji square name",
                PhantomData,
            ))
            .map(|square| square.0)
    }
}

/// The alliance options by name.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum AlliancesRepr {
    Sheet,
    Opposite,
}

/// The rulesets by name.
#[derive(Serialize, Deserialize, Default, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum RulesetRepr {
    #[default]
    Sheet,
    Ludii,
}

impl RulesetRepr {
    fn is_sheet(&self) -> bool {
        *self == RulesetRepr::Sheet
    }
}

/// `chaturaji::Rules` as data (the ruleset only when it is not the
/// sheet's, so sheet rules read and write as before).
#[derive(Serialize, Deserialize)]
#[serde(rename = "Rules", deny_unknown_fields)]
struct RulesRepr {
    alliances: AlliancesRepr,
    draw_limit: Option<u16>,
    #[serde(default, skip_serializing_if = "RulesetRepr::is_sheet")]
    ruleset: RulesetRepr,
}

impl From<chaturaji::Rules> for RulesRepr {
    fn from(rules: chaturaji::Rules) -> Self {
        RulesRepr {
            alliances: match rules.alliances {
                chaturaji::Alliances::Opposite => AlliancesRepr::Opposite,
                _ => AlliancesRepr::Sheet,
            },
            draw_limit: rules.draw_limit,
            ruleset: if rules.is_ludii() {
                RulesetRepr::Ludii
            } else {
                RulesetRepr::Sheet
            },
        }
    }
}

impl From<RulesRepr> for chaturaji::Rules {
    fn from(repr: RulesRepr) -> Self {
        chaturaji::Rules::default()
            .with_ruleset(match repr.ruleset {
                RulesetRepr::Sheet => chaturaji::Ruleset::Sheet,
                RulesetRepr::Ludii => chaturaji::Ruleset::Ludii,
            })
            .with_alliances(match repr.alliances {
                AlliancesRepr::Sheet => chaturaji::Alliances::Sheet,
                AlliancesRepr::Opposite => chaturaji::Alliances::Opposite,
            })
            .with_draw_limit(repr.draw_limit)
    }
}

impl Serialize for chaturaji::Rules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RulesRepr::from(*self).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for chaturaji::Rules {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        RulesRepr::deserialize(deserializer).map(Into::into)
    }
}

/// `chaturaji::Position` as data: its rules and its text.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Position", deny_unknown_fields)]
struct ChaturajiPositionRepr {
    rules: chaturaji::Rules,
    position: String,
}

impl Serialize for chaturaji::Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        ChaturajiPositionRepr {
            rules: self.rules(),
            position: self.to_string(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for chaturaji::Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let repr = ChaturajiPositionRepr::deserialize(deserializer)?;
        chaturaji::Position::from_text(&repr.position, repr.rules).map_err(de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use serde_test::{assert_de_tokens_error, assert_tokens, Token};

    use crate::{chaturaji, kaissa};

    #[test]
    fn kaissa_values_are_their_text() {
        assert_tokens(
            &kaissa::Position::start(),
            &[Token::Str(kaissa::START_TEXT)],
        );
        assert_tokens(
            &"e2e5".parse::<kaissa::Move>().unwrap(),
            &[Token::Str("e2e5")],
        );
        assert_tokens(
            &"H@c1".parse::<kaissa::Move>().unwrap(),
            &[Token::Str("H@c1")],
        );
        assert_tokens(
            &"j10".parse::<kaissa::Square>().unwrap(),
            &[Token::Str("j10")],
        );
        assert_de_tokens_error::<kaissa::Move>(
            &[Token::Str("e2")],
            &"e2".parse::<kaissa::Move>().unwrap_err().to_string(),
        );
    }

    #[test]
    fn chaturaji_values_are_their_text_and_rules() {
        let rules = chaturaji::Rules::default()
            .with_alliances(chaturaji::Alliances::Opposite)
            .with_draw_limit(None);
        let pos = chaturaji::Position::start(rules);
        assert_tokens(
            &pos,
            &[
                Token::Struct {
                    name: "Position",
                    len: 2,
                },
                Token::Str("rules"),
                Token::Struct {
                    name: "Rules",
                    len: 2,
                },
                Token::Str("alliances"),
                Token::UnitVariant {
                    name: "AlliancesRepr",
                    variant: "opposite",
                },
                Token::Str("draw_limit"),
                Token::None,
                Token::StructEnd,
                Token::Str("position"),
                Token::Str(chaturaji::START_TEXT),
                Token::StructEnd,
            ],
        );
        assert_tokens(
            &"g7g8K".parse::<chaturaji::Move>().unwrap(),
            &[Token::Str("g7g8K")],
        );
        assert_tokens(
            &chaturaji::Square::parse("h8").unwrap(),
            &[Token::Str("h8")],
        );
        assert_de_tokens_error::<chaturaji::Square>(
            &[Token::Str("i9")],
            "not a square of the 8x8 board (a1..h8)",
        );
    }

    #[test]
    fn ludii_positions_keep_their_ruleset() {
        let pos = chaturaji::Position::start(chaturaji::Rules::ludii());
        assert_tokens(
            &pos,
            &[
                Token::Struct {
                    name: "Position",
                    len: 2,
                },
                Token::Str("rules"),
                Token::Struct {
                    name: "Rules",
                    len: 3,
                },
                Token::Str("alliances"),
                Token::UnitVariant {
                    name: "AlliancesRepr",
                    variant: "sheet",
                },
                Token::Str("draw_limit"),
                Token::None,
                Token::Str("ruleset"),
                Token::UnitVariant {
                    name: "RulesetRepr",
                    variant: "ludii",
                },
                Token::StructEnd,
                Token::Str("position"),
                Token::Str(chaturaji::LUDII_START_TEXT),
                Token::StructEnd,
            ],
        );
        assert_tokens(
            &"=K".parse::<chaturaji::Move>().unwrap(),
            &[Token::Str("=K")],
        );
    }

    #[test]
    fn a_text_invalid_under_its_rules_is_rejected() {
        // Green commanded by Red: possible only when they are allies (the
        // sheet), not with partners opposite.
        let text = chaturaji::START_TEXT.replace(" rbyg ", " rbyr ");
        let expected = chaturaji::Position::from_text(
            &text,
            chaturaji::Rules::default().with_alliances(chaturaji::Alliances::Opposite),
        )
        .unwrap_err()
        .to_string();
        assert_de_tokens_error::<chaturaji::Position>(
            &[
                Token::Struct {
                    name: "Position",
                    len: 2,
                },
                Token::Str("rules"),
                Token::Struct {
                    name: "Rules",
                    len: 2,
                },
                Token::Str("alliances"),
                Token::UnitVariant {
                    name: "AlliancesRepr",
                    variant: "opposite",
                },
                Token::Str("draw_limit"),
                Token::Some,
                Token::U16(200),
                Token::StructEnd,
                Token::Str("position"),
                Token::String(Box::leak(text.into_boxed_str())),
                Token::StructEnd,
            ],
            &expected,
        );
    }
}
