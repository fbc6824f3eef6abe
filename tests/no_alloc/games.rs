//! Proof that the hot path never touches the heap: a counting global
//! allocator around random games of move generation, legality checks, play,
//! undo and perft. Allocations are counted per thread, so the test harness's
//! own threads do not disturb the count.

use kaissa_chaturaji::kaissa::{self, Move, MoveList, Position, Square};
use kaissa_chaturaji::random::{RandomSource, SplitMix64};

use crate::counting_alloc::allocations_during;

#[test]
fn kaissa_hot_path_does_not_allocate() {
    let start = Position::start();
    let mut pos = start.clone();
    let mut rng = SplitMix64::new(2024);
    let mut plies = 0usize;
    let allocations = allocations_during(|| {
        let mut moves = MoveList::new();
        while plies < 10_000 {
            pos.generate_moves(&mut moves);
            if moves.is_empty() {
                pos = start.clone(); // a plain copy: no heap
                continue;
            }
            for (i, from) in Square::all().enumerate().step_by(7) {
                let to = Square::new(((i * 13) % 100) as u8).unwrap();
                if to != from {
                    let _ = pos.is_legal(Move::Normal { from, to });
                }
            }
            let _ = pos.home_stone_window(pos.to_move());
            let _ = pos.outcome();
            let mv = moves[rng.below(moves.len() as u64) as usize];
            if plies % 50 == 0 {
                let _ = kaissa::perft(&pos, 2);
                let _ = kaissa::perft_full(&pos, 1);
            }
            let undo = pos.play(mv).expect("a generated move is legal");
            if plies % 3 == 0 {
                pos.undo(undo).expect("the record of the last move");
                let undo = pos.play_unchecked(mv);
                pos.undo_unchecked(undo);
                pos.play_unchecked(mv);
            }
            plies += 1;
        }
    });
    assert!(plies >= 10_000);
    assert_eq!(allocations, 0, "the Kaissa hot path allocated");
}

#[test]
fn chaturaji_hot_path_does_not_allocate() {
    use kaissa_chaturaji::chaturaji::{
        self as ch, roll_with, Alliances, DiceRoller, Move as CMove, MoveList as CMoveList, Roll,
        Rules,
    };
    for alliances in [Alliances::Sheet, Alliances::Opposite] {
        let start = ch::Position::start(Rules::default().with_alliances(alliances));
        let mut pos = start.clone();
        let mut rng = SplitMix64::new(77);
        let mut roller = DiceRoller::new(5);
        let mut plies = 0usize;
        let allocations = allocations_during(|| {
            let mut moves = CMoveList::new();
            while plies < 10_000 {
                if pos.is_over() {
                    pos = start.clone();
                    continue;
                }
                for roll in Roll::ALL {
                    assert!(!pos.legal_moves(roll).is_empty());
                    pos.generate_moves(roll, &mut moves);
                    for &mv in &moves {
                        assert!(pos.is_legal(roll, mv));
                    }
                    let _ = pos.is_legal(roll, CMove::Pass);
                }
                let _ = pos.possible_exchanges();
                let _ = pos.outcome();
                let roll = if plies % 2 == 0 {
                    roller.roll()
                } else {
                    roll_with(&mut rng)
                };
                let mv = pos.choose_move(roll, &mut rng).expect("ongoing game");
                if plies % 100 == 0 {
                    let _ = ch::perft(&pos, 2);
                    let _ = pos.to_setup().build(pos.rules()).expect("a valid position");
                }
                let undo = if plies % 2 == 0 {
                    pos.play(roll, mv).expect("a chosen move is legal")
                } else {
                    pos.play_unchecked(mv)
                };
                if plies % 3 == 0 {
                    pos.undo(undo).expect("the record of the last move");
                    let undo = pos.play_unchecked(mv);
                    if plies % 9 == 0 {
                        pos.undo_unchecked(undo);
                        pos.play_unchecked(mv);
                    }
                }
                plies += 1;
            }
        });
        assert_eq!(allocations, 0, "the Chaturaji hot path allocated");
    }
}

/// The C ABI half (feature `capi`; `tests/packaging/features.rs` runs it
/// from a plain `cargo test`).
#[cfg(feature = "capi")]
#[test]
fn c_abi_hot_path_does_not_allocate() {
    use kaissa_chaturaji::ffi::chaturaji::*;
    use kaissa_chaturaji::ffi::kaissa::*;
    use kaissa_chaturaji::ffi::kc_status::KC_OK;

    // Set-up (allocates the two positions): outside the count.
    let mut kpos: *mut kc_kaissa_position = std::ptr::null_mut();
    let mut cpos: *mut kc_chaturaji_position = std::ptr::null_mut();
    let mut rules: kc_chaturaji_rules = unsafe { std::mem::zeroed() };
    // SAFETY: writable out-pointers.
    unsafe {
        assert_eq!(kc_kaissa_position_new_start(&mut kpos), KC_OK);
        assert_eq!(kc_chaturaji_rules_default(&mut rules), KC_OK);
        assert_eq!(kc_chaturaji_position_new_start(&rules, &mut cpos), KC_OK);
    }
    let mut kstart: *mut kc_kaissa_position = std::ptr::null_mut();
    let mut cstart: *mut kc_chaturaji_position = std::ptr::null_mut();
    // SAFETY: live positions and writable out-pointers.
    unsafe {
        assert_eq!(kc_kaissa_position_clone(kpos, &mut kstart), KC_OK);
        assert_eq!(kc_chaturaji_position_clone(cpos, &mut cstart), KC_OK);
    }
    let mut kmoves = vec![unsafe { std::mem::zeroed::<kc_kaissa_move>() }; KC_KAISSA_MAX_MOVES];
    let mut cmoves =
        vec![unsafe { std::mem::zeroed::<kc_chaturaji_move>() }; KC_CHATURAJI_MAX_MOVES];
    let mut rng_state = 99u64;

    let allocations = allocations_during(|| {
        // SAFETY: every pointer below is live and writable for what it names.
        unsafe {
            for ply in 0..10_000u32 {
                // Kaissa.
                let mut n = 0usize;
                assert_eq!(
                    kc_kaissa_legal_moves(kpos, kmoves.as_mut_ptr(), kmoves.len(), &mut n),
                    KC_OK
                );
                if n == 0 {
                    assert_eq!(kc_kaissa_position_copy(kstart, kpos), KC_OK);
                } else {
                    let mut legal = false;
                    assert_eq!(kc_kaissa_is_legal(kpos, kmoves[n - 1], &mut legal), KC_OK);
                    assert!(legal);
                    let mut mv: kc_kaissa_move = std::mem::zeroed();
                    assert_eq!(kc_kaissa_choose_move(kpos, &mut rng_state, &mut mv), KC_OK);
                    let mut undo: kc_kaissa_undo_record = std::mem::zeroed();
                    assert_eq!(kc_kaissa_play(kpos, mv, &mut undo), KC_OK);
                    if ply % 3 == 0 {
                        assert_eq!(kc_kaissa_undo(kpos, &undo), KC_OK);
                        assert_eq!(kc_kaissa_play(kpos, mv, &mut undo), KC_OK);
                    }
                }
                if ply % 200 == 0 {
                    let mut nodes = 0u64;
                    assert_eq!(kc_kaissa_perft(kpos, 2, &mut nodes), KC_OK);
                }
                // Chaturaji.
                let mut outcome: kc_chaturaji_outcome_info = std::mem::zeroed();
                assert_eq!(kc_chaturaji_outcome(cpos, &mut outcome), KC_OK);
                if outcome.result != 0 {
                    assert_eq!(kc_chaturaji_position_copy(cstart, cpos), KC_OK);
                    continue;
                }
                for roll in 2..=5u8 {
                    let mut m = 0usize;
                    assert_eq!(
                        kc_chaturaji_legal_moves(
                            cpos,
                            roll,
                            cmoves.as_mut_ptr(),
                            cmoves.len(),
                            &mut m
                        ),
                        KC_OK
                    );
                    let mut legal = false;
                    assert_eq!(
                        kc_chaturaji_is_legal(cpos, roll, cmoves[0], &mut legal),
                        KC_OK
                    );
                    assert!(legal);
                }
                let mut roll = 0u8;
                assert_eq!(kc_chaturaji_roll(&mut rng_state, &mut roll), KC_OK);
                let mut undo: kc_chaturaji_undo_record = std::mem::zeroed();
                if ply % 2 == 0 {
                    // The token path: choose, then play the chosen move.
                    let mut chosen: kc_chaturaji_chosen_move = std::mem::zeroed();
                    assert_eq!(
                        kc_chaturaji_choose(cpos, roll, &mut rng_state, &mut chosen),
                        KC_OK
                    );
                    assert_eq!(kc_chaturaji_play_chosen(cpos, &chosen, &mut undo), KC_OK);
                    if ply % 3 == 0 {
                        assert_eq!(kc_chaturaji_undo(cpos, &undo), KC_OK);
                        assert_eq!(
                            kc_chaturaji_play_chosen(cpos, &chosen, std::ptr::null_mut()),
                            KC_OK
                        );
                    }
                } else {
                    let mut mv: kc_chaturaji_move = std::mem::zeroed();
                    assert_eq!(
                        kc_chaturaji_choose_move(cpos, roll, &mut rng_state, &mut mv),
                        KC_OK
                    );
                    assert_eq!(kc_chaturaji_play(cpos, roll, mv, &mut undo), KC_OK);
                    if ply % 3 == 0 {
                        assert_eq!(kc_chaturaji_undo(cpos, &undo), KC_OK);
                        assert_eq!(kc_chaturaji_play(cpos, roll, mv, &mut undo), KC_OK);
                    }
                }
                if ply % 200 == 0 {
                    let mut nodes = 0u64;
                    assert_eq!(kc_chaturaji_perft(cpos, 2, &mut nodes), KC_OK);
                }
            }
        }
    });
    assert_eq!(allocations, 0, "the C ABI hot path allocated");
    // SAFETY: positions from the library, freed once.
    unsafe {
        kc_kaissa_position_free(kpos);
        kc_kaissa_position_free(kstart);
        kc_chaturaji_position_free(cpos);
        kc_chaturaji_position_free(cstart);
    }
}

/// A random game through the shared `Game` trait: listing actions or chance
/// outcomes, applying, undoing and reading returns allocate nothing per
/// ply, for both games and every Chaturaji rules option.
#[test]
fn generic_random_games_do_not_allocate() {
    use kaissa_chaturaji::chaturaji::{Alliances, Rules};
    use kaissa_chaturaji::game::{self, Actor, Game};

    fn play<G: Game + Clone>(start: &G, seed: u64) -> usize {
        let mut game = start.clone();
        let mut rng = SplitMix64::new(seed);
        let mut steps = 0usize;
        let allocations = allocations_during(|| {
            while steps < 20_000 {
                let _ = game.returns();
                let _ = game.hash();
                match game.actor() {
                    Actor::Over => game = start.clone(),
                    Actor::Chance => {
                        let outcomes = game.chance_outcomes();
                        let (face, _) = outcomes[rng.below(outcomes.len() as u64) as usize];
                        let undo = game.apply(face).expect("an outcome");
                        if steps % 5 == 0 {
                            game.undo(undo).expect("the last record");
                            game.apply_unchecked(face);
                        }
                    }
                    Actor::Player(_) => {
                        let actions = game.legal_actions();
                        let actions = actions.as_ref();
                        let _ = game.count_legal_actions();
                        let action = actions[rng.below(actions.len() as u64) as usize];
                        let undo = game.apply(action).expect("a listed action");
                        if steps % 3 == 0 {
                            game.undo_unchecked(undo);
                            game.apply_unchecked(action);
                        }
                    }
                }
                steps += 1;
            }
        });
        assert_eq!(steps, 20_000);
        allocations
    }
    assert_eq!(play(&game::kaissa(), 1), 0, "Kaissa");
    for rules in [
        Rules::default(),
        Rules::default().with_alliances(Alliances::Opposite),
        Rules::ludii(),
    ] {
        assert_eq!(play(&game::chaturaji(rules), 2), 0, "{rules:?}");
    }
}
