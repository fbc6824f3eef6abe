//! MCTS takes what the game gives: a Home Stone capture in one is played
//! even when a small budget cannot try every move.

use kaissa_chaturaji::agents::{Agent, Limit, Mcts, MctsConfig};
use kaissa_chaturaji::game::Kaissa;
use kaissa_chaturaji::kaissa::{self, Move, PieceKind, Position};

/// Whether `mv` takes the enemy Home Stone in `pos`.
fn takes_the_stone(pos: &Position, mv: Move) -> bool {
    matches!(mv, Move::Normal { to, .. }
        if pos.piece_at(to).is_some_and(|p| p.kind == PieceKind::HomeStone))
}

/// Up to `wanted` positions from seeded random games after turn 10 with at
/// least 50 legal moves, one of which takes the enemy Home Stone (the
/// first such position of each game).
fn stone_capture_positions(wanted: usize) -> Vec<Position> {
    let mut found = Vec::new();
    let mut seed = 0;
    while found.len() < wanted && seed < 20 * wanted as u64 {
        seed += 1;
        let mut pos = Position::start();
        let mut first: Option<Position> = None;
        kaissa::play_seeded_game(&mut pos, seed, 600, |_, after| {
            if first.is_none()
                && after.turn() > 10
                && after.count_legal_moves() >= 50
                && after
                    .legal_moves()
                    .iter()
                    .any(|&mv| takes_the_stone(after, mv))
            {
                first = Some(after.clone());
            }
        });
        found.extend(first);
    }
    found
}

#[test]
fn mcts_at_50_iterations_takes_the_home_stone() {
    let positions = stone_capture_positions(40);
    assert_eq!(positions.len(), 40, "too few positions from the games");
    let mut taken = 0;
    for (index, pos) in positions.iter().enumerate() {
        let mut mcts: Mcts<Kaissa> = Mcts::new(MctsConfig::default(), index as u64);
        let game = Kaissa::new(pos.clone());
        let best = mcts
            .think(&game, &Limit::nodes(50), &mut |_| {})
            .best
            .expect("a move");
        if takes_the_stone(pos, best) {
            taken += 1;
        }
    }
    // At least 95 %.
    assert!(
        taken * 100 >= positions.len() * 95,
        "took the stone in {taken} of {} positions",
        positions.len()
    );
}
