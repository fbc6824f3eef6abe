//! The protocol's variants (`UCI_Variant`): `kaissa`, `chaturaji`,
//! `chaturaji-opposite` and `chaturaji-ludii`, each a game and its rules.

use kaissa_chaturaji::chaturaji::{Alliances, Rules};
use kaissa_chaturaji::game::AnyGame;

/// The variants, in the order `uci` lists them.
pub const VARIANTS: [&str; 4] = [
    "kaissa",
    "chaturaji",
    "chaturaji-opposite",
    "chaturaji-ludii",
];

/// The start of the variant named `name`, if it is one.
///
/// ```
/// use kaissa_chaturaji::game::AnyGame;
/// use kaissa_chaturaji_engine::variant;
/// assert_eq!(variant::start("kaissa"), Some(AnyGame::kaissa()));
/// assert_eq!(variant::start("chess"), None);
/// ```
pub fn start(name: &str) -> Option<AnyGame> {
    Some(match name {
        "kaissa" => AnyGame::kaissa(),
        "chaturaji" => AnyGame::chaturaji(Rules::default()),
        "chaturaji-opposite" => {
            AnyGame::chaturaji(Rules::default().with_alliances(Alliances::Opposite))
        }
        "chaturaji-ludii" => AnyGame::chaturaji(Rules::ludii()),
        _ => return None,
    })
}

/// The variant `game` is played under.
///
/// ```
/// use kaissa_chaturaji::chaturaji::Rules;
/// use kaissa_chaturaji::game::AnyGame;
/// use kaissa_chaturaji_engine::variant;
/// assert_eq!(variant::name(&AnyGame::chaturaji(Rules::ludii())), "chaturaji-ludii");
/// for name in variant::VARIANTS {
///     assert_eq!(variant::name(&variant::start(name).unwrap()), name);
/// }
/// ```
pub fn name(game: &AnyGame) -> &'static str {
    match game.rules() {
        None => VARIANTS[0],
        Some(rules) if rules.is_ludii() => VARIANTS[3],
        Some(rules) if rules.alliances == Alliances::Opposite => VARIANTS[2],
        Some(_) => VARIANTS[1],
    }
}

/// The variant of the game named `game` (`kaissa` or `chaturaji`) under
/// the rules named `rules` (`sheet`, the default, `opposite` or
/// `ludii`), as a server names them. `Err` for a pair no variant plays.
///
/// ```
/// use kaissa_chaturaji_engine::variant;
/// assert_eq!(variant::for_names("kaissa", None), Ok("kaissa"));
/// assert_eq!(variant::for_names("chaturaji", Some("opposite")), Ok("chaturaji-opposite"));
/// assert!(variant::for_names("chess", None).is_err());
/// ```
pub fn for_names(game: &str, rules: Option<&str>) -> Result<&'static str, String> {
    match (game, rules.unwrap_or("sheet")) {
        ("kaissa", _) => Ok(VARIANTS[0]),
        ("chaturaji", "sheet") => Ok(VARIANTS[1]),
        ("chaturaji", "opposite") => Ok(VARIANTS[2]),
        ("chaturaji", "ludii") => Ok(VARIANTS[3]),
        (game, rules) => Err(format!(
            "no engine variant for \"{}\" under \"{}\" rules",
            crate::quote(game),
            crate::quote(rules)
        )),
    }
}
