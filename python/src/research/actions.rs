//! Action ids: every move of either game as a small integer, the form
//! OpenSpiel, PettingZoo and the batched environment speak.
//!
//! **Merchant Kaissa** (`KAISSA_ACTIONS` ids). First the *lines*: every
//! pair of distinct squares `(from, to)` on one rank, file or diagonal, or
//! a Tarnsman's leap (3, 2) apart, in order of `from` and then `to`
//! (square index `rank * 10 + file`, a1 = 0). No piece moves along
//! anything else. Then the 20 placements `H@<square>` of the back ranks,
//! a1 to j1 and then a10 to j10.
//!
//! **Chaturaji** (`CHATURAJI_ACTIONS` ids). First the lines of the 8 × 8
//! board as above (a knight's leap for the Tarnsman's; index `rank * 8 +
//! file`). Then the special promotions: for each of the 16 start squares
//! in index order, for each neighbouring square in index order, the four
//! kinds `K`, `E`, `H`, `B`. Then the Ludii decisions `=K`, `=E`, `=H`,
//! `=B`, and last `pass`. A chance node's outcomes have their own ids:
//! 0 to 3 for the faces 2 to 5.
//!
//! Ids grow with the order above, so a list of moves mapped to ids and
//! sorted is in this order.

use std::sync::OnceLock;

use kaissa_chaturaji::chaturaji::{self, PieceKind, Roll};
use kaissa_chaturaji::kaissa;

/// A table of lines on a `width` × `width` board: the id of each
/// `(from, to)` pair (or `NONE`) and the pair of each id.
struct Lines {
    /// `id[from * squares + to]`, `NONE` where no piece travels.
    id: Vec<u16>,
    /// The `(from, to)` of each id.
    pair: Vec<(u8, u8)>,
}

/// No id: the pair is no line.
const NONE: u16 = u16::MAX;

impl Lines {
    /// Every line of a `width` × `width` board, with leaps `(3, 2)` when
    /// `tarnsman` (Kaissa) or `(2, 1)` otherwise (the Chaturaji horse).
    fn new(width: i32, tarnsman: bool) -> Lines {
        let squares = (width * width) as usize;
        let (long, short) = if tarnsman { (3, 2) } else { (2, 1) };
        let mut id = vec![NONE; squares * squares];
        let mut pair = Vec::new();
        for from in 0..squares {
            for to in 0..squares {
                let (df, dr) = (
                    (to as i32 % width - from as i32 % width).abs(),
                    (to as i32 / width - from as i32 / width).abs(),
                );
                let line = df == 0 || dr == 0 || df == dr;
                let leap = (df, dr) == (long, short) || (df, dr) == (short, long);
                if from != to && (line || leap) {
                    id[from * squares + to] = pair.len() as u16;
                    pair.push((from as u8, to as u8));
                }
            }
        }
        Lines { id, pair }
    }
}

/// The Kaissa tables, built once.
fn kaissa_lines() -> &'static Lines {
    static LINES: OnceLock<Lines> = OnceLock::new();
    LINES.get_or_init(|| Lines::new(10, true))
}

/// The Chaturaji tables, built once.
fn chaturaji_lines() -> &'static Lines {
    static LINES: OnceLock<Lines> = OnceLock::new();
    LINES.get_or_init(|| Lines::new(8, false))
}

/// The number of Kaissa line ids (before the placements).
fn kaissa_line_count() -> usize {
    kaissa_lines().pair.len()
}

/// The number of Kaissa action ids.
pub fn kaissa_actions() -> usize {
    kaissa_line_count() + 20
}

/// The id of a Kaissa move.
pub fn kaissa_id(mv: kaissa::Move) -> usize {
    match mv {
        kaissa::Move::Normal { from, to } => {
            let id = kaissa_lines().id[usize::from(from.index()) * 100 + usize::from(to.index())];
            debug_assert_ne!(id, NONE, "every Kaissa move travels a line");
            usize::from(id)
        }
        kaissa::Move::Place { to } => {
            let slot = usize::from(to.file()) + if to.rank() == 0 { 0 } else { 10 };
            kaissa_line_count() + slot
        }
    }
}

/// Refills `ids` with the ids of `moves`, in order (the table looked up
/// once for them all).
pub fn kaissa_ids(moves: &[kaissa::Move], ids: &mut Vec<u16>) {
    let table = &kaissa_lines().id;
    let places = kaissa_line_count() as u16;
    ids.clear();
    ids.extend(moves.iter().map(|&mv| match mv {
        kaissa::Move::Normal { from, to } => {
            table[usize::from(from.index()) * 100 + usize::from(to.index())]
        }
        kaissa::Move::Place { to } => {
            places + u16::from(to.file()) + if to.rank() == 0 { 0 } else { 10 }
        }
    }));
}

/// The id of the Kaissa move from square index `from` to `to`, if a
/// piece can travel there (the pair is a line).
pub fn kaissa_line_id(from: usize, to: usize) -> Option<u16> {
    let table = &kaissa_lines().id;
    (from < 100 && to < 100)
        .then(|| table[from * 100 + to])
        .filter(|&id| id != NONE)
}

/// The id of the first placement (`H@a1`), after every line: placement
/// `slot` (files a to j of rank 1, then of rank 10) is this plus `slot`.
pub fn kaissa_first_placement() -> u16 {
    kaissa_line_count() as u16
}

/// The Kaissa move of `id`, if `id` is one.
pub fn kaissa_move(id: usize) -> Option<kaissa::Move> {
    let lines = kaissa_lines();
    if let Some(&(from, to)) = lines.pair.get(id) {
        return Some(kaissa::Move::Normal {
            from: kaissa::Square::new(from)?,
            to: kaissa::Square::new(to)?,
        });
    }
    let slot = id.checked_sub(lines.pair.len()).filter(|&s| s < 20)?;
    let (file, rank) = ((slot % 10) as u8, if slot < 10 { 0 } else { 9 });
    Some(kaissa::Move::Place {
        to: kaissa::Square::from_coords(file, rank)?,
    })
}

/// The 16 start squares of a special promotion, in index order.
fn special_squares() -> impl Iterator<Item = chaturaji::Square> {
    chaturaji::Square::all().filter(|sq| chaturaji::SPECIAL_PROMOTION_SQUARES.contains(*sq))
}

/// The special promotions' `(from, to)` pairs in id order (each stands
/// for four ids, one per kind).
fn promotion_pairs() -> &'static [(u8, u8)] {
    static PAIRS: OnceLock<Vec<(u8, u8)>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        let mut pairs = Vec::new();
        for to in special_squares() {
            for from in chaturaji::Square::all() {
                let df = (i32::from(from.file()) - i32::from(to.file())).abs();
                let dr = (i32::from(from.rank()) - i32::from(to.rank())).abs();
                if df.max(dr) == 1 {
                    pairs.push((from.index() as u8, to.index() as u8));
                }
            }
        }
        pairs
    })
}

/// The first id after the Chaturaji lines: the special promotions.
fn chaturaji_promotions_start() -> usize {
    chaturaji_lines().pair.len()
}

/// The first Ludii decision id (`=K`).
fn chaturaji_decisions_start() -> usize {
    chaturaji_promotions_start() + 4 * promotion_pairs().len()
}

/// The id of `pass`, the last one.
fn chaturaji_pass() -> usize {
    chaturaji_decisions_start() + 4
}

/// The number of Chaturaji action ids.
pub fn chaturaji_actions() -> usize {
    chaturaji_pass() + 1
}

/// The slot of a chosen kind: `K` 0, `E` 1, `H` 2, `B` 3 (a pawn is no
/// choice; the library never makes one).
fn kind_slot(kind: PieceKind) -> usize {
    kind.index().min(3)
}

/// The id of a Chaturaji move.
pub fn chaturaji_id(mv: chaturaji::Move) -> usize {
    match mv {
        chaturaji::Move::Normal { from, to } => {
            let id = chaturaji_lines().id[from.index() * 64 + to.index()];
            debug_assert_ne!(id, NONE, "every Chaturaji move travels a line");
            usize::from(id)
        }
        chaturaji::Move::Promotion { from, to, kind } => {
            let pair = (from.index() as u8, to.index() as u8);
            let slot = promotion_pairs()
                .binary_search_by_key(&(pair.1, pair.0), |&(f, t)| (t, f))
                .unwrap_or(0);
            chaturaji_promotions_start() + 4 * slot + kind_slot(kind)
        }
        chaturaji::Move::Decision { kind } => chaturaji_decisions_start() + kind_slot(kind),
        _ => chaturaji_pass(),
    }
}

/// The Chaturaji move of `id`, if `id` is one.
pub fn chaturaji_move(id: usize) -> Option<chaturaji::Move> {
    let lines = chaturaji_lines();
    let square = |index: u8| chaturaji::Square::new(index);
    if let Some(&(from, to)) = lines.pair.get(id) {
        return Some(chaturaji::Move::Normal {
            from: square(from)?,
            to: square(to)?,
        });
    }
    let kinds = PieceKind::SPECIAL_PROMOTION;
    let decisions = chaturaji_decisions_start();
    if id < decisions {
        let offset = id - chaturaji_promotions_start();
        let &(from, to) = promotion_pairs().get(offset / 4)?;
        return Some(chaturaji::Move::Promotion {
            from: square(from)?,
            to: square(to)?,
            kind: kinds[offset % 4],
        });
    }
    match id - decisions {
        slot @ 0..=3 => Some(chaturaji::Move::Decision { kind: kinds[slot] }),
        4 => Some(chaturaji::Move::Pass),
        _ => None,
    }
}

/// The chance id of a face: 0 to 3 for 2 to 5.
pub fn roll_id(roll: Roll) -> usize {
    usize::from(roll.face() - 2)
}

/// The face of a chance id.
pub fn roll_of(id: usize) -> Option<Roll> {
    u8::try_from(id)
        .ok()
        .and_then(|i| Roll::new(i.checked_add(2)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kaissa_ids_round_trip() {
        let mut moves = Vec::new();
        for id in 0..kaissa_actions() {
            let mv = kaissa_move(id).expect("every id is a move");
            assert_eq!(kaissa_id(mv), id, "{mv}");
            moves.push(mv);
        }
        let mut ids = Vec::new();
        kaissa_ids(&moves, &mut ids);
        assert!(ids.iter().enumerate().all(|(i, &id)| usize::from(id) == i));
        assert!(kaissa_move(kaissa_actions()).is_none());
    }

    #[test]
    fn chaturaji_ids_round_trip() {
        for id in 0..chaturaji_actions() {
            let mv = chaturaji_move(id).expect("every id is a move");
            assert_eq!(chaturaji_id(mv), id, "{mv}");
        }
        assert!(chaturaji_move(chaturaji_actions()).is_none());
    }

    #[test]
    fn ids_follow_the_documented_order() {
        assert_eq!(
            kaissa_move(0).map(|m| m.to_string()).as_deref(),
            Some("a1b1")
        );
        let place = kaissa_line_count();
        assert_eq!(
            kaissa_move(place).map(|m| m.to_string()).as_deref(),
            Some("H@a1")
        );
        assert_eq!(
            kaissa_move(place + 19).map(|m| m.to_string()).as_deref(),
            Some("H@j10")
        );
        let pass = chaturaji_actions() - 1;
        assert_eq!(chaturaji_move(pass), Some(chaturaji::Move::Pass));
        assert_eq!(
            chaturaji_move(pass - 4).map(|m| m.to_string()).as_deref(),
            Some("=K")
        );
        assert_eq!(roll_of(0).map(Roll::face), Some(2));
        assert_eq!(roll_of(4), None);
    }
}
