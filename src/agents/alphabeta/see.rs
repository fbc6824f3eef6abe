//! Static exchange evaluation: what a capture wins once both sides have
//! taken back on its square, each with its least valuable piece.

use crate::kaissa::{attackers_of, Bitboard, PieceKind, Position, Side, Square};

use super::super::kaissa_eval::piece_value;

/// The pieces of `side` in `occupied` that attack `square`. The squares
/// a piece of each kind attacks `square` from are those it attacks from
/// `square`, a Spearman's seen in the other side's forward direction.
fn attackers(pos: &Position, side: Side, square: Square, occupied: Bitboard) -> Bitboard {
    attackers_of(side, square, occupied, |kind| pos.pieces(side, kind)) & occupied
}

/// The kinds that capture, least valuable first (by [`piece_value`]).
const BY_VALUE: [PieceKind; 9] = [
    PieceKind::Spearman,
    PieceKind::Rider,
    PieceKind::Tarnsman,
    PieceKind::Scribe,
    PieceKind::Initiate,
    PieceKind::Assassin,
    PieceKind::Builder,
    PieceKind::Ubara,
    PieceKind::Ubar,
];

/// The least valuable of `side`'s pieces among `candidates`.
fn least_valuable(pos: &Position, side: Side, candidates: Bitboard) -> Option<(Square, PieceKind)> {
    BY_VALUE.iter().find_map(|&kind| {
        (candidates & pos.pieces(side, kind))
            .into_iter()
            .next()
            .map(|square| (square, kind))
    })
}

/// The material the side to move wins, in centipawns, by taking on `to`
/// with the piece on `from` (a `victim`) and then both sides taking back
/// on `to` as long as it pays, least valuable piece first. Negative: the
/// capture loses material.
pub(super) fn exchange(pos: &Position, from: Square, to: Square, victim: PieceKind) -> i32 {
    let mover = pos.to_move();
    let Some(first) = pos.piece_at(from) else {
        return 0;
    };
    let mut occupied = pos.occupied() & !Bitboard::from_square(from);
    // gains[i]: the material won by the side making capture i, if the
    // other side stopped there.
    let mut gains = [0i32; 32];
    gains[0] = piece_value(victim);
    let mut on_square = first.kind;
    let mut side = mover.other();
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let Some((square, kind)) = least_valuable(pos, side, attackers(pos, side, to, occupied))
        else {
            break;
        };
        depth += 1;
        gains[depth] = piece_value(on_square) - gains[depth - 1];
        occupied &= !Bitboard::from_square(square);
        on_square = kind;
        side = side.other();
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// What the side to move wins at best by taking the piece on `square`
/// with its least valuable attacker and then exchanging as
/// [`exchange`] does: 0 when it has no capture there, or none that
/// pays.
pub(super) fn capture_gain(pos: &Position, square: Square) -> i32 {
    let Some(target) = pos.piece_at(square) else {
        return 0;
    };
    let side = pos.to_move();
    match least_valuable(pos, side, attackers(pos, side, square, pos.occupied())) {
        Some((from, _)) => exchange(pos, from, square, target.kind).max(0),
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exchange_of(text: &str, from: &str, to: &str) -> i32 {
        let pos: Position = text.parse().unwrap();
        let (from, to): (Square, Square) = (from.parse().unwrap(), to.parse().unwrap());
        let victim = pos.piece_at(to).unwrap().kind;
        exchange(&pos, from, to, victim)
    }

    #[test]
    fn the_kinds_go_up_in_value() {
        assert!(BY_VALUE
            .windows(2)
            .all(|pair| piece_value(pair[0]) <= piece_value(pair[1])));
    }

    #[test]
    fn a_defended_spearman_costs_the_builder() {
        // Yellow's Builder e2 takes the Red Spearman on e6; the Red
        // Spearman on d7 takes back (diagonally forward, towards rank 1).
        let defended = "h9/10/10/3p6/4p5/10/10/10/4B5/H9 y 20 -";
        assert_eq!(exchange_of(defended, "e2", "e6"), 100 - 500);
        // Undefended, the Spearman is won.
        let alone = "h9/10/10/10/4p5/10/10/10/4B5/H9 y 20 -";
        assert_eq!(exchange_of(alone, "e2", "e6"), 100);
        // A Yellow Builder behind on e1 takes back in turn: Builder for
        // Spearman and Spearman, a loss still, though a smaller one.
        let backed = "h9/10/10/3p6/4p5/10/10/10/4B5/H3B5 y 20 -";
        assert_eq!(exchange_of(backed, "e2", "e6"), 100 - 500 + 100);
    }

    #[test]
    fn a_piece_left_en_prise_is_a_gain_for_the_side_to_move() {
        let gain = |text: &str, square: &str| {
            let pos: Position = text.parse().unwrap();
            capture_gain(&pos, square.parse().unwrap())
        };
        // Red to move: its Spearman on d7 takes the Builder on e6 for free.
        assert_eq!(gain("h9/10/10/3p6/4B5/10/10/10/10/H9 r 20 -", "e6"), 500);
        // Defended by a Yellow Builder behind, the Spearman still wins
        // Builder for Spearman.
        assert_eq!(gain("h9/10/10/3p6/4B5/10/10/10/10/H3B5 r 20 -", "e6"), 400);
        // A Yellow Spearman on e6 defended from d5: Red's Spearman
        // would trade evenly, no gain.
        assert_eq!(gain("h9/10/10/3p6/4P5/3P6/10/10/10/H9 r 20 -", "e6"), 0);
        // Nothing attacks it.
        assert_eq!(gain("h9/10/10/10/4B5/10/10/10/10/H9 r 20 -", "e6"), 0);
    }
}
