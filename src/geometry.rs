//! What both boards share: square names and the builders of leaper and ray
//! tables.
//!
//! Squares are numbered `rank_index * width + file_index` (a1 = 0). The
//! builders are `const fn`s returning `u128` masks in that dense layout, so the
//! 10x10 Kaissa board uses them directly and the 8x8 Chaturaji board narrows
//! them to `u64`.

/// The eight directions as (file step, rank step): N, NE, E, SE, S, SW, W, NW.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The orthogonal directions N, E, S, W.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The diagonal directions NE, SE, SW, NW.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The eight (2,1) knight leaps.
pub const KNIGHT_LEAPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The square `steps` steps from `square` in direction `(df, dr)` on a
/// `width` x `height` board, or `None` off the board.
pub const fn offset(width: u8, height: u8, square: u8, df: i8, dr: i8, steps: i8) -> Option<u8> {
    let file = (square % width) as i16 + df as i16 * steps as i16;
    let rank = (square / width) as i16 + dr as i16 * steps as i16;
    if file < 0 || rank < 0 || file >= width as i16 || rank >= height as i16 {
        None
    } else {
        Some((rank * width as i16 + file) as u8)
    }
}

/// The mask of the squares reached from `square` by each of `leaps`.
pub const fn leaper_mask(width: u8, height: u8, square: u8, leaps: &[(i8, i8)]) -> u128 {
    let mut mask = 0u128;
    let mut i = 0;
    while i < leaps.len() {
        if let Some(to) = offset(width, height, square, leaps[i].0, leaps[i].1, 1) {
            mask |= 1u128 << to;
        }
        i += 1;
    }
    mask
}

/// The mask of the squares on the ray from `square` (excluded) in direction
/// `(df, dr)` up to the edge of the board.
pub const fn ray_mask(width: u8, height: u8, square: u8, df: i8, dr: i8) -> u128 {
    let mut mask = 0u128;
    let mut steps = 1;
    while let Some(to) = offset(width, height, square, df, dr, steps) {
        mask |= 1u128 << to;
        steps += 1;
    }
    mask
}

/// The mask of the squares at Chebyshev (king-step) distance `1..=range` from
/// `square`: what limits a slider of range `range`.
pub const fn within_mask(width: u8, height: u8, square: u8, range: u8) -> u128 {
    let mut mask = 0u128;
    let mut to = 0u8;
    while (to as u16) < width as u16 * height as u16 {
        let df = (to % width) as i16 - (square % width) as i16;
        let dr = (to / width) as i16 - (square / width) as i16;
        let df = if df < 0 { -df } else { df };
        let dr = if dr < 0 { -dr } else { dr };
        let distance = if df > dr { df } else { dr };
        if distance >= 1 && distance <= range as i16 {
            mask |= 1u128 << to;
        }
        to += 1;
    }
    mask
}

/// Reads a square name as [`parse_square`] does, with an error naming
/// [`Field::Square`](crate::error::Field::Square) and the board's range
/// (`"a1..j10"`) otherwise: the `FromStr` of both games' squares.
pub(crate) fn square_from_text(
    text: &str,
    width: u8,
    height: u8,
) -> Result<u8, crate::error::NotationError> {
    use crate::error::{excerpt, Field, NotationError, NotationErrorKind};
    parse_square(text, width, height).ok_or_else(|| {
        let kind = if text.is_empty() {
            NotationErrorKind::Empty
        } else {
            NotationErrorKind::BadSquare
        };
        let last_file = char::from(b'a' + width - 1);
        NotationError::at(
            Field::Square,
            0,
            kind,
            format!(
                "\"{}\" is not a square name a1..{last_file}{height}",
                excerpt(text)
            ),
        )
    })
}

/// Parses a square name such as `a1` or `j10` on a `width` x `height` board.
/// Only the canonical form is accepted (lower-case file, rank without leading
/// zeros).
pub fn parse_square(text: &str, width: u8, height: u8) -> Option<u8> {
    let bytes = text.as_bytes();
    if bytes.len() < 2 || bytes.len() > 3 {
        return None;
    }
    let file = bytes[0].checked_sub(b'a')?;
    if file >= width {
        return None;
    }
    let digits = &bytes[1..];
    if digits[0] == b'0' || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let rank: u16 = text[1..].parse().ok()?;
    if rank == 0 || rank > height as u16 {
        return None;
    }
    Some((rank as u8 - 1) * width + file)
}

/// Writes the name of `square` (`a1`, `j10`, …) of a board `width` files wide.
pub fn write_square(f: &mut impl core::fmt::Write, square: u8, width: u8) -> core::fmt::Result {
    let file = (b'a' + square % width) as char;
    write!(f, "{}{}", file, square / width + 1)
}

/// Splits `text` on single spaces, returning each field with the character
/// offset where it starts. Empty fields (two spaces in a row, a leading or
/// trailing space) come back as empty strings so that callers can report
/// them precisely.
pub fn split_fields(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = 0usize;
    text.split(' ').map(move |field| {
        let at = start;
        start += field.len() + 1;
        (at, field)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip() {
        for sq in 0..100u8 {
            let mut s = String::new();
            write_square(&mut s, sq, 10).unwrap();
            assert_eq!(parse_square(&s, 10, 10), Some(sq));
        }
        assert_eq!(parse_square("a01", 10, 10), None);
        assert_eq!(parse_square("k1", 10, 10), None);
        assert_eq!(parse_square("a11", 10, 10), None);
        assert_eq!(parse_square("a0", 10, 10), None);
        assert_eq!(parse_square("i9", 8, 8), None);
        assert_eq!(parse_square("A1", 10, 10), None);
        assert_eq!(parse_square("a+1", 10, 10), None);
    }

    #[test]
    fn rays_and_ranges() {
        // a1 on 10x10: the north ray holds a2..a10.
        assert_eq!(ray_mask(10, 10, 0, 0, 1).count_ones(), 9);
        assert_eq!(within_mask(10, 10, 44, 3).count_ones(), 48);
        assert_eq!(leaper_mask(8, 8, 0, &KNIGHT_LEAPS).count_ones(), 2);
    }
}
