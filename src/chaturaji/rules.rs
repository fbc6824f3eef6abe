//! The rules options: alliances and the quiet-ply draw limit.

use super::types::Colour;

/// Who is allied with whom.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Alliances, Colour, Rules};
/// assert_eq!(Alliances::default(), Alliances::Sheet);
/// let opposite = Rules::default().with_alliances(Alliances::Opposite);
/// assert_eq!(opposite.ally(Colour::Black), Colour::Green);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
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
/// The fields can be read; new options may be added, so values are made
/// with [`Rules::default`] (or the `const` [`Rules::new`]) and the builder
/// methods [`Rules::with_alliances`] and [`Rules::with_draw_limit`].
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Alliances, Colour, Rules};
/// let rules = Rules::default();
/// assert_eq!(rules.draw_limit, Some(200));
/// assert_eq!(rules.ally(Colour::Red), Colour::Green);
/// let opposite = Rules::default().with_alliances(Alliances::Opposite).with_draw_limit(None);
/// assert_eq!(opposite.ally(Colour::Red), Colour::Yellow);
/// assert_eq!(opposite.draw_limit, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Rules {
    /// The alliance pairing.
    pub alliances: Alliances,
    /// A game with this many or more plies since the last capture is drawn;
    /// `None` switches the rule off.
    pub draw_limit: Option<u16>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new()
    }
}

impl Rules {
    /// The default options (the sheet's alliances, draw limit 200), usable
    /// in `const` items; the same as [`Rules::default`].
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Alliances, Rules};
    /// const OPPOSITE: Rules = Rules::new().with_alliances(Alliances::Opposite);
    /// assert_eq!(Rules::new(), Rules::default());
    /// assert_eq!(OPPOSITE.draw_limit, Some(200));
    /// ```
    #[must_use]
    pub const fn new() -> Rules {
        Rules {
            alliances: Alliances::Sheet,
            draw_limit: Some(200),
        }
    }

    /// These options with the alliance pairing `alliances`.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Alliances, Rules};
    /// let rules = Rules::default().with_alliances(Alliances::Opposite);
    /// assert_eq!(rules.alliances, Alliances::Opposite);
    /// ```
    #[must_use]
    pub const fn with_alliances(mut self, alliances: Alliances) -> Rules {
        self.alliances = alliances;
        self
    }

    /// These options with the quiet-ply draw limit `draw_limit` (`None`:
    /// no draw rule).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Rules;
    /// let rules = Rules::default().with_draw_limit(Some(50));
    /// assert_eq!(rules.draw_limit, Some(50));
    /// ```
    #[must_use]
    pub const fn with_draw_limit(mut self, draw_limit: Option<u16>) -> Rules {
        self.draw_limit = draw_limit;
        self
    }

    /// The ally of `colour`.
    #[must_use]
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
    #[must_use]
    pub const fn friends(&self, a: Colour, b: Colour) -> bool {
        a as u8 == b as u8 || self.ally(a) as u8 == b as u8
    }

    /// The two colours of `colour`'s alliance, in `rbyg` order.
    #[must_use]
    pub const fn alliance_of(&self, colour: Colour) -> [Colour; 2] {
        let ally = self.ally(colour);
        if (colour as u8) < (ally as u8) {
            [colour, ally]
        } else {
            [ally, colour]
        }
    }
}
