//! The Chaturaji pieces' steps as `(file, rank)` offsets, written out by
//! hand from `docs/rules.md` §2.4 for the independent reference generators
//! of the sheet's rules and of the Ludii ruleset (they must not come from
//! the library's own tables).

/// Pawn direction of march by colour index: Red west, Black south, Yellow
/// east, Green north.
pub const MARCH: [(i8, i8); 4] = [(-1, 0), (0, -1), (1, 0), (0, 1)];
/// The raja's eight steps.
pub const KING: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
/// The horse's eight leaps.
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// The boat's four jumps, exactly two squares diagonally.
pub const BOAT: [(i8, i8); 4] = [(2, 2), (2, -2), (-2, -2), (-2, 2)];
/// The elephant's four sliding directions.
pub const ROOK: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
