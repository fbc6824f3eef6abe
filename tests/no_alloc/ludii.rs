//! The Ludii ruleset's hot path never touches the heap either: a counting
//! global allocator (per thread) around seeded Ludii games of move
//! generation, legality checks, play (rolled plies and promotion
//! decisions), undo, the queries of scores, decisions and ranking, and
//! perft.

use kaissa_chaturaji::chaturaji::{perft, roll_with, MoveList, Position, Rules, LUDII_START_TEXT};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

use crate::counting_alloc::allocations_during;

#[test]
fn ludii_hot_path_does_not_allocate() {
    let start = Position::from_text(LUDII_START_TEXT, Rules::ludii()).expect("the start");
    let mut pos = start.clone();
    let mut rng = SplitMix64::new(11);
    let (mut plies, mut decisions, mut games) = (0usize, 0usize, 0usize);
    let allocations = allocations_during(|| {
        let mut moves = MoveList::new();
        while plies < 20_000 {
            if pos.is_over() {
                assert!(pos.ranking().is_some());
                pos = start.clone();
                games += 1;
                continue;
            }
            let roll = roll_with(&mut rng);
            if pos.pending_promotion().is_some() {
                decisions += 1;
                assert!(!pos.promotion_choices().is_empty() || pos.decision_moves().len() == 1);
            }
            pos.generate_moves(roll, &mut moves);
            assert_eq!(pos.count_legal_moves(roll), moves.len());
            let mv = moves[rng.below(moves.len() as u64) as usize];
            assert!(pos.is_legal(roll, mv));
            let before = pos.clone();
            let undo = pos.play(roll, mv).expect("a legal move");
            let _ = (pos.scores(), pos.ply(), pos.outcome(), pos.hash());
            pos.undo(undo).expect("its record");
            assert_eq!(pos, before);
            pos.play_unchecked(mv);
            plies += 1;
        }
        assert_eq!(perft(&start, 4), 10_000);
    });
    assert_eq!(allocations, 0, "the Ludii hot path allocated");
    assert!(
        decisions > 0 && games > 0,
        "{decisions} decisions, {games} games"
    );
}
