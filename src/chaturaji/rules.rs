//! The rules options: the ruleset (the sheet's or Ludii's), the alliances
//! and the quiet-ply draw limit.

use super::piece::Colour;

/// Which rules of Chaturaji are played.
///
/// ```
/// use kaissa_chaturaji::chaturaji::{Rules, Ruleset};
/// assert_eq!(Ruleset::default(), Ruleset::Sheet);
/// assert_eq!(Rules::ludii().ruleset, Ruleset::Ludii);
/// assert_eq!(Ruleset::Ludii.name(), "ludii");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Ruleset {
    /// The Czech sheet's rules (the rules reference, §2, Chaturaji): two alliances, command
    /// and thrones, boat triumph, raja exchange, capture limits, automatic
    /// promotion, the quiet-ply draw. Red moves first. The default.
    #[default]
    Sheet,
    /// Ludii's free-for-all Chaturaji with scores (the rules reference, §2.13): Green
    /// moves first, every colour takes every turn, no alliances, any piece
    /// captures any enemy piece, captures score the captured piece's value,
    /// a pawn reaching its far edge is promoted by a decision ply, the game
    /// ends when one colour owns every piece left (ranked by score) or after
    /// [`LUDII_TURN_LIMIT`] rolled plies (a draw). The alliances and the draw
    /// limit of [`Rules`] are not used.
    Ludii,
}

impl Ruleset {
    /// The ruleset's name as the examples' `--rules` option spells it:
    /// `sheet` or `ludii`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Ruleset::Sheet => "sheet",
            Ruleset::Ludii => "ludii",
        }
    }
}

/// Under the Ludii ruleset, the game ends drawn for all four colours once
/// this many rolled plies (promotion decisions not counted) have been
/// played with no decision pending.
///
/// ```
/// use kaissa_chaturaji::chaturaji::LUDII_TURN_LIMIT;
/// assert_eq!(LUDII_TURN_LIMIT, 5000);
/// ```
pub const LUDII_TURN_LIMIT: u32 = 5000;

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
/// with [`Rules::default`] (or the `const` [`Rules::new`]), [`Rules::ludii`]
/// and the builder methods [`Rules::with_ruleset`],
/// [`Rules::with_alliances`] and [`Rules::with_draw_limit`]. Under the
/// Ludii ruleset the alliances and the draw limit are kept but not used.
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
    /// Which rules are played: the sheet's (the default) or Ludii's.
    pub ruleset: Ruleset,
    /// The alliance pairing (sheet ruleset only).
    pub alliances: Alliances,
    /// A game with this many or more plies since the last capture is drawn;
    /// `None` switches the rule off (sheet ruleset only).
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
            ruleset: Ruleset::Sheet,
            alliances: Alliances::Sheet,
            draw_limit: Some(200),
        }
    }

    /// The Ludii ruleset (the rules reference, §2.13), usable in `const` items: the
    /// default options with [`Ruleset::Ludii`] and no quiet-ply draw limit
    /// (the alliances are left at their default and not used).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Position, Rules, Ruleset};
    /// const LUDII: Rules = Rules::ludii();
    /// assert_eq!(LUDII.ruleset, Ruleset::Ludii);
    /// assert!(LUDII.is_ludii());
    /// assert_eq!(LUDII.draw_limit, None);
    /// assert_eq!(Position::start(LUDII).to_move(), Colour::Green);
    /// ```
    #[must_use]
    pub const fn ludii() -> Rules {
        Rules::new()
            .with_ruleset(Ruleset::Ludii)
            .with_draw_limit(None)
    }

    /// These options with the ruleset `ruleset` (the other options are kept
    /// as they are).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Rules, Ruleset};
    /// let rules = Rules::default().with_ruleset(Ruleset::Ludii);
    /// assert!(rules.is_ludii());
    /// assert_eq!(rules.draw_limit, Some(200)); // kept, but not used by Ludii
    /// ```
    #[must_use]
    pub const fn with_ruleset(mut self, ruleset: Ruleset) -> Rules {
        self.ruleset = ruleset;
        self
    }

    /// Whether these options play the Ludii ruleset.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::Rules;
    /// assert!(!Rules::default().is_ludii());
    /// assert!(Rules::ludii().is_ludii());
    /// ```
    #[must_use]
    pub const fn is_ludii(&self) -> bool {
        matches!(self.ruleset, Ruleset::Ludii)
    }

    /// The colour that moves first: Red under the sheet's rules, Green
    /// under Ludii's.
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Rules};
    /// assert_eq!(Rules::default().first_mover(), Colour::Red);
    /// assert_eq!(Rules::ludii().first_mover(), Colour::Green);
    /// ```
    #[must_use]
    pub const fn first_mover(&self) -> Colour {
        match self.ruleset {
            Ruleset::Sheet => Colour::Red,
            Ruleset::Ludii => Colour::Green,
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

    /// The ally of `colour` under the alliance pairing (the Ludii ruleset
    /// has no alliances and does not use it).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Rules};
    /// assert_eq!(Rules::default().ally(Colour::Black), Colour::Yellow);
    /// ```
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

    /// Whether `a` and `b` are the same colour or allies (under the Ludii
    /// ruleset: the same colour).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Rules};
    /// assert!(Rules::default().friends(Colour::Red, Colour::Green));
    /// assert!(!Rules::ludii().friends(Colour::Red, Colour::Green));
    /// ```
    #[must_use]
    pub const fn friends(&self, a: Colour, b: Colour) -> bool {
        a as u8 == b as u8 || (!self.is_ludii() && self.ally(a) as u8 == b as u8)
    }

    /// The two colours of `colour`'s alliance, in `rbyg` order (sheet
    /// ruleset).
    ///
    /// ```
    /// use kaissa_chaturaji::chaturaji::{Colour, Rules};
    /// assert_eq!(Rules::default().alliance_of(Colour::Green), [Colour::Red, Colour::Green]);
    /// ```
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
