//! The rules options: alliances and the quiet-ply draw limit.

use super::types::Colour;

/// Who is allied with whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Alliances {
    /// The Czech sheet's pairing: Red with Green, Yellow with Black (the default).
    #[default]
    Sheet,
    /// The traditional pairing of partners sitting opposite each other: Red
    /// with Yellow, Black with Green.
    Opposite,
}

/// The rules options a position is read and played under. A
/// [`Position`](super::Position) carries its options, so no call can mix
/// them up.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Alliances, Colour, Rules};
/// let rules = Rules::default();
/// assert_eq!(rules.draw_limit, Some(200));
/// assert_eq!(rules.ally(Colour::Red), Colour::Green);
/// let opposite = Rules { alliances: Alliances::Opposite, ..Rules::default() };
/// assert_eq!(opposite.ally(Colour::Red), Colour::Yellow);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The alliance pairing.
    pub alliances: Alliances,
    /// A game with this many or more plies since the last capture is drawn;
    /// `None` switches the rule off.
    pub draw_limit: Option<u16>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            alliances: Alliances::Sheet,
            draw_limit: Some(200),
        }
    }
}

impl Rules {
    /// The default rules with the given alliances.
    pub const fn with_alliances(alliances: Alliances) -> Rules {
        Rules {
            alliances,
            draw_limit: Some(200),
        }
    }

    /// The ally of `colour`.
    pub const fn ally(&self, colour: Colour) -> Colour {
        match (self.alliances, colour) {
            (Alliances::Sheet, Colour::Red) => Colour::Green,
            (Alliances::Sheet, Colour::Green) => Colour::Red,
            (Alliances::Sheet, Colour::Black) => Colour::Yellow,
            (Alliances::Sheet, Colour::Yellow) => Colour::Black,
            (Alliances::Opposite, c) => Colour::from_index(c.index() + 2),
        }
    }

    /// Whether `a` and `b` are the same colour or allies.
    pub const fn friends(&self, a: Colour, b: Colour) -> bool {
        a as u8 == b as u8 || self.ally(a) as u8 == b as u8
    }

    /// The two colours of `colour`'s alliance, in `rbyg` order.
    pub const fn alliance_of(&self, colour: Colour) -> [Colour; 2] {
        let ally = self.ally(colour);
        if (colour as u8) < (ally as u8) {
            [colour, ally]
        } else {
            [ally, colour]
        }
    }
}
