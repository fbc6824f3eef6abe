//! The fast Kaissa move generator against a slow, plainly written reference
//! generator (a mailbox walk over the 10x10 board, written from docs/rules.md §1
//! alone), on thousands of positions reached by seeded random play through
//! and past the Home Stone window.

use std::collections::BTreeSet;

use kaissa_chaturaji::kaissa::{Move, Outcome, PieceKind, Position, Side, Square, WinReason};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

fn at(pos: &Position, file: i32, rank: i32) -> Option<Option<kaissa_chaturaji::kaissa::Piece>> {
    if (0..10).contains(&file) && (0..10).contains(&rank) {
        Some(pos.piece_at(Square::from_coords(file as u8, rank as u8).unwrap()))
    } else {
        None
    }
}

fn name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn stone_gone(pos: &Position, side: Side) -> bool {
    !pos.stone_in_hand(side)
        && !Square::all().any(|sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.side == side && p.kind == PieceKind::HomeStone)
        })
}

/// Every legal move, as text, by walking the board square by square.
fn reference_moves(pos: &Position) -> BTreeSet<String> {
    let side = pos.to_move();
    let turn = pos.turn();
    let mut moves = BTreeSet::new();
    if stone_gone(pos, Side::Yellow) || stone_gone(pos, Side::Red) {
        return moves;
    }
    let back = if side == Side::Yellow { 0 } else { 9 };
    if pos.stone_in_hand(side) && (8..=10).contains(&turn) {
        for file in 0..10 {
            if at(pos, file, back) == Some(None) {
                moves.insert(format!("H@{}", name(file, back)));
            }
        }
    }
    if pos.stone_in_hand(side) && turn >= 10 {
        return moves;
    }
    let all8 = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    let diagonal = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
    let orthogonal = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let tarnsman = [
        (3, 2),
        (2, 3),
        (-2, 3),
        (-3, 2),
        (-3, -2),
        (-2, -3),
        (2, -3),
        (3, -2),
    ];
    for rank in 0..10 {
        for file in 0..10 {
            let Some(Some(piece)) = at(pos, file, rank) else {
                continue;
            };
            if piece.side != side {
                continue;
            }
            let from = name(file, rank);
            let mut add = |f: i32, r: i32| {
                moves.insert(format!("{from}{}", name(f, r)));
            };
            let slide = |dirs: &[(i32, i32)], max: i32, add: &mut dyn FnMut(i32, i32)| {
                for &(df, dr) in dirs {
                    for step in 1..=max {
                        let (f, r) = (file + df * step, rank + dr * step);
                        match at(pos, f, r) {
                            None => break,
                            Some(None) => add(f, r),
                            Some(Some(other)) => {
                                if other.side != side {
                                    add(f, r);
                                }
                                break;
                            }
                        }
                    }
                }
            };
            match piece.kind {
                PieceKind::Ubar => slide(&all8, 9, &mut add),
                PieceKind::Ubara => slide(&all8, 3, &mut add),
                PieceKind::Assassin => slide(&all8, 2, &mut add),
                PieceKind::Rider => slide(&all8, 1, &mut add),
                PieceKind::Scribe => slide(&diagonal, 5, &mut add),
                PieceKind::Initiate => slide(&diagonal, 9, &mut add),
                PieceKind::Builder => slide(&orthogonal, 9, &mut add),
                PieceKind::Tarnsman => {
                    for (df, dr) in tarnsman {
                        match at(pos, file + df, rank + dr) {
                            Some(None) => add(file + df, rank + dr),
                            Some(Some(other)) if other.side != side => add(file + df, rank + dr),
                            _ => {}
                        }
                    }
                }
                PieceKind::HomeStone => {
                    for (df, dr) in all8 {
                        if at(pos, file + df, rank + dr) == Some(None) {
                            add(file + df, rank + dr);
                        }
                    }
                }
                PieceKind::Spearman => {
                    let forward = if side == Side::Yellow { 1 } else { -1 };
                    let start = if side == Side::Yellow { 1 } else { 8 };
                    let max = if rank == start { 3 } else { 1 };
                    for step in 1..=max {
                        if at(pos, file, rank + forward * step) == Some(None) {
                            add(file, rank + forward * step);
                        } else {
                            break;
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(Some(other)) = at(pos, file + df, rank + forward) {
                            if other.side != side {
                                add(file + df, rank + forward);
                            }
                        }
                    }
                }
            }
        }
    }
    moves
}

fn fast_moves(pos: &Position) -> BTreeSet<String> {
    let list = pos.legal_moves();
    let set: BTreeSet<String> = list.iter().map(Move::to_string).collect();
    assert_eq!(set.len(), list.len(), "duplicate moves in {pos}");
    set
}

/// Every conceivable move of the position: each from/to pair and each
/// placement square.
fn every_move() -> impl Iterator<Item = Move> {
    Square::all()
        .flat_map(|from| {
            Square::all()
                .filter(move |&to| to != from)
                .map(move |to| Move::Normal { from, to })
        })
        .chain(Square::all().map(|to| Move::Place { to }))
}

/// Checks one position in every way the reference allows.
fn check(pos: &Position, full_legality: bool) {
    let expected = reference_moves(pos);
    assert_eq!(fast_moves(pos), expected, "move sets differ in {pos}");
    assert_eq!(
        pos.count_legal_moves(),
        expected.len(),
        "count_legal_moves in {pos}"
    );
    assert_eq!(
        pos.has_legal_move(),
        !expected.is_empty(),
        "has_legal_move in {pos}"
    );
    assert_eq!(pos.hash(), pos.compute_hash(), "hash in {pos}");
    let text = pos.to_string();
    assert_eq!(
        text.parse::<Position>().as_ref(),
        Ok(pos),
        "text round trip of {text}"
    );
    if full_legality {
        for mv in every_move() {
            assert_eq!(
                pos.is_legal(mv),
                expected.contains(&mv.to_string()),
                "is_legal({mv}) in {pos}"
            );
        }
    }
}

/// Plays `games` seeded random games of up to `max_plies`, checking every
/// position; `place_bias` is the chance (in 1/8) that a player places its
/// stone when it may, so that games go through the window in every way.
fn random_games(
    seed: u64,
    games: usize,
    max_plies: usize,
    full_legality_every: usize,
) -> (usize, BTreeSet<&'static str>) {
    let mut rng = SplitMix64::new(seed);
    let mut checked = 0;
    let mut endings = BTreeSet::new();
    for game in 0..games {
        let mut pos = Position::start();
        let place_bias = game as u64 % 9;
        let mut history = Vec::new();
        for ply in 0..max_plies {
            assert_eq!(pos.validate(), Ok(()));
            check(&pos, checked % full_legality_every == 0);
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                endings.insert(match pos.outcome() {
                    Outcome::Win {
                        reason: WinReason::HomeStoneCaptured,
                        ..
                    } => "captured",
                    Outcome::Win {
                        reason: WinReason::DefaultLoss,
                        ..
                    } => "default",
                    Outcome::Draw { .. } => "draw",
                    other => panic!("no moves but {other:?} in {pos}"),
                });
                break;
            }
            assert_eq!(
                pos.outcome(),
                Outcome::Ongoing,
                "ongoing with moves at ply {ply}"
            );
            let placements: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.from().is_none())
                .collect();
            // Prefer captures now and then so that Home Stones get taken.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.from().is_some() && pos.piece_at(m.to()).is_some())
                .collect();
            let mv = if !placements.is_empty() && rng.below(8) < place_bias {
                placements[rng.below(placements.len() as u64) as usize]
            } else if !captures.is_empty() && rng.below(3) == 0 {
                captures[rng.below(captures.len() as u64) as usize]
            } else {
                moves[rng.below(moves.len() as u64) as usize]
            };
            let before = pos.clone();
            let undo = pos.play(mv).expect("a legal move");
            assert_eq!(pos.hash(), pos.compute_hash());
            history.push((before, undo));
        }
        // Unwind the whole game and compare every position on the way back.
        while let Some((before, undo)) = history.pop() {
            pos.undo(undo).expect("the last move's record");
            assert_eq!(pos, before);
            assert_eq!(pos.hash(), before.hash());
        }
        assert_eq!(pos, Position::start());
    }
    (checked, endings)
}

#[test]
fn fast_generator_matches_reference_through_the_home_stone_window() {
    let (checked, endings) = random_games(0x5eed, 120, 60, 25);
    println!("{checked} positions checked, endings {endings:?}");
    assert!(checked > 5000, "only {checked} positions checked");
    assert!(
        endings.contains("default"),
        "no game lost by default: {endings:?}"
    );
}

#[test]
fn fast_generator_matches_reference_in_long_games() {
    let (checked, endings) = random_games(0xfeed, 80, 400, 100);
    println!("{checked} positions checked, endings {endings:?}");
    assert!(checked > 3000, "only {checked} positions checked");
    assert!(
        endings.contains("captured"),
        "no Home Stone captured: {endings:?}"
    );
}
