//! Tests of the Chaturaji C ABI from Rust: undo records and chosen-move
//! tokens over seeded games (genuine ones work once, edited, stale and
//! foreign ones are refused), and the text capacities.

use super::*;
use crate::chaturaji::{play_seeded_game, Alliances, Move, Position, Roll, Rules, START_TEXT};
use crate::ffi::handle::Handle;
use crate::ffi::kc_status::{self, *};
use crate::random::{RandomSource, SplitMix64};

/// Both alliance options, and the Ludii ruleset.
fn rules_both() -> [Rules; 3] {
    [
        Rules::default(),
        Rules::default().with_alliances(Alliances::Opposite),
        Rules::ludii(),
    ]
}

/// A C handle holding `pos`.
fn handle(pos: &Position) -> *mut kc_chaturaji_position {
    Box::into_raw(Box::new(kc_chaturaji_position::wrap(pos.clone())))
}

fn inner(ptr: *mut kc_chaturaji_position) -> Position {
    // SAFETY: a live handle made by `handle`.
    unsafe { (*ptr).pos.clone() }
}

fn free(ptr: *mut kc_chaturaji_position) {
    // SAFETY: made by `handle`, freed once.
    unsafe { kc_chaturaji_position_free(ptr) };
}

fn play_c(
    ptr: *mut kc_chaturaji_position,
    roll: Roll,
    mv: Move,
) -> (kc_status, kc_chaturaji_undo_record) {
    // SAFETY: an all-integer struct.
    let mut record: kc_chaturaji_undo_record = unsafe { core::mem::zeroed() };
    // SAFETY: a live handle and a local record.
    let status = unsafe {
        kc_chaturaji_play(
            ptr,
            roll.face(),
            kc_chaturaji_move::from_rust(mv),
            &mut record,
        )
    };
    (status, record)
}

fn undo_c(ptr: *mut kc_chaturaji_position, record: &kc_chaturaji_undo_record) -> kc_status {
    // SAFETY: a live handle and a local record.
    unsafe { kc_chaturaji_undo(ptr, record) }
}

/// Every move of many seeded games can be taken back through its record,
/// exactly; a stale record (an earlier move) and a record used twice
/// are refused and change nothing.
#[test]
fn records_of_seeded_games_take_every_move_back() {
    for rules in rules_both() {
        for seed in 0..20 {
            let mut history = Vec::new();
            let mut end = Position::start(rules);
            play_seeded_game(&mut end, seed, 2000, |ply, _| history.push(ply));
            let ptr = handle(&Position::start(rules));
            let mut records = Vec::new();
            let mut befores = Vec::new();
            for ply in &history {
                befores.push(inner(ptr));
                // A Ludii decision has no roll: any face serves.
                let roll = ply.roll.unwrap_or(Roll::ALL[0]);
                let (status, record) = play_c(ptr, roll, ply.mv);
                assert_eq!(status, KC_OK);
                records.push(record);
            }
            assert_eq!(inner(ptr), end);
            while let Some(record) = records.pop() {
                let now = inner(ptr);
                if let Some(stale) = records.first() {
                    assert_eq!(undo_c(ptr, stale), KC_ERR_INVALID_ARGUMENT);
                    assert_eq!(inner(ptr), now);
                }
                assert_eq!(undo_c(ptr, &record), KC_OK);
                assert_eq!(inner(ptr), befores.pop().unwrap());
                let before = inner(ptr);
                assert_eq!(undo_c(ptr, &record), KC_ERR_INVALID_ARGUMENT);
                assert_eq!(inner(ptr), before);
            }
            assert_eq!(inner(ptr), Position::start(rules));
            free(ptr);
        }
    }
}

/// The bytes of a record's fields (no padding).
const FIELD_BYTES: usize = 4 + 64 + 1 + 4 + 4 + 4 + 4 + 4 + 8 + 8;

/// `record` with byte `i` of its fields (in declaration order) XORed
/// with `mask` (non-zero).
fn edit_byte(record: &kc_chaturaji_undo_record, i: usize, mask: u8) -> kc_chaturaji_undo_record {
    let mut r = *record;
    let mut bytes = Vec::with_capacity(FIELD_BYTES);
    let m = r.mv;
    bytes.extend([m.kind, m.from, m.to, m.promotion]);
    bytes.extend(r.board);
    bytes.push(r.to_move);
    bytes.extend(r.command);
    bytes.extend(r.lost_pawn);
    bytes.extend(r.captured_rajas);
    bytes.extend(r.quiet.to_le_bytes());
    bytes.extend(r.ply.to_le_bytes());
    bytes.extend(r.hash_before.to_le_bytes());
    bytes.extend(r.check.to_le_bytes());
    bytes[i] ^= mask;
    let take = |at: &mut usize, n: usize| {
        let part = &bytes[*at..*at + n];
        *at += n;
        part.to_vec()
    };
    let at = &mut 0;
    let mv = take(at, 4);
    r.mv = kc_chaturaji_move {
        kind: mv[0],
        from: mv[1],
        to: mv[2],
        promotion: mv[3],
    };
    r.board.copy_from_slice(&take(at, 64));
    r.to_move = take(at, 1)[0];
    r.command.copy_from_slice(&take(at, 4));
    r.lost_pawn.copy_from_slice(&take(at, 4));
    r.captured_rajas.copy_from_slice(&take(at, 4));
    r.quiet = u32::from_le_bytes(take(at, 4).try_into().unwrap());
    r.ply = u32::from_le_bytes(take(at, 4).try_into().unwrap());
    r.hash_before = u64::from_le_bytes(take(at, 8).try_into().unwrap());
    r.check = u64::from_le_bytes(take(at, 8).try_into().unwrap());
    r
}

/// Every edit of one byte of a genuine record (the check included) is
/// refused, and so is the record on the same position under the other
/// rules options.
#[test]
fn edited_records_are_refused() {
    let mut rng = SplitMix64::new(5);
    for rules in rules_both() {
        for seed in 0..6 {
            let mut pos = Position::start(rules);
            play_seeded_game(&mut pos, seed, 60 + seed as u32 * 37, |_, _| {});
            if pos.is_over() {
                continue;
            }
            let roll = Roll::ALL[rng.below(4) as usize];
            let mv = pos.choose_move(roll, &mut rng).unwrap();
            let ptr = handle(&pos);
            let (status, record) = play_c(ptr, roll, mv);
            assert_eq!(status, KC_OK);
            let after = inner(ptr);
            for i in 0..FIELD_BYTES {
                let forged = edit_byte(&record, i, 1 << rng.below(8));
                assert_ne!(forged, record);
                assert_eq!(undo_c(ptr, &forged), KC_ERR_INVALID_ARGUMENT, "byte {i}");
                assert_eq!(inner(ptr), after);
            }
            let mut other_rules = after.clone();
            other_rules.rules = if rules == Rules::default() {
                Rules::default().with_alliances(Alliances::Opposite)
            } else {
                Rules::default()
            };
            let other = handle(&other_rules);
            assert_eq!(undo_c(other, &record), KC_ERR_INVALID_ARGUMENT);
            free(other);
            assert_eq!(undo_c(ptr, &record), KC_OK);
            assert_eq!(inner(ptr), pos);
            free(ptr);
        }
    }
}

fn choose_c(
    ptr: *mut kc_chaturaji_position,
    roll: u8,
    rng: &mut u64,
) -> (kc_status, kc_chaturaji_chosen_move) {
    // SAFETY: an all-integer struct.
    let mut chosen: kc_chaturaji_chosen_move = unsafe { core::mem::zeroed() };
    // SAFETY: a live handle and locals.
    let status = unsafe { kc_chaturaji_choose(ptr, roll, rng, &mut chosen) };
    (status, chosen)
}

fn play_chosen_c(ptr: *mut kc_chaturaji_position, chosen: &kc_chaturaji_chosen_move) -> kc_status {
    // SAFETY: a live handle and a local token.
    unsafe { kc_chaturaji_play_chosen(ptr, chosen, core::ptr::null_mut()) }
}

/// Seeded playouts through choose + play_chosen are the Rust seeded
/// games; stale, foreign, reused and edited tokens are refused and
/// change nothing.
#[test]
fn chosen_moves_play_once_in_their_own_position() {
    for rules in rules_both() {
        for seed in 0..20u64 {
            let mut expected = Position::start(rules);
            play_seeded_game(&mut expected, seed, 3000, |_, _| {});
            let ptr = handle(&Position::start(rules));
            let mut rng = seed;
            for ply in 0..3000 {
                if inner(ptr).is_over() {
                    break;
                }
                // As play_seeded_game: a Ludii decision throws no die
                // (and takes any roll).
                let mut roll = 2;
                if inner(ptr).pending_promotion().is_none() {
                    // SAFETY: locals.
                    assert_eq!(unsafe { kc_chaturaji_roll(&mut rng, &mut roll) }, KC_OK);
                }
                let (status, chosen) = choose_c(ptr, roll, &mut rng);
                assert_eq!(status, KC_OK);
                let before = inner(ptr);
                if ply % 7 == 0 {
                    // Edited tokens: every field, one at a time.
                    let mut edits = [chosen; 9];
                    edits[0].mv.to ^= 1;
                    edits[1].mv.kind ^= 2;
                    edits[2].roll ^= 1;
                    edits[3].ply ^= 1;
                    edits[4].hash ^= 1 << 40;
                    edits[5].check ^= 1;
                    edits[6].mv.promotion ^= 1;
                    edits[7].quiet ^= 4;
                    edits[8].reserved[1] ^= 0x10;
                    for edited in &edits {
                        assert_eq!(play_chosen_c(ptr, edited), KC_ERR_INVALID_ARGUMENT);
                        assert_eq!(inner(ptr), before);
                    }
                }
                assert_eq!(play_chosen_c(ptr, &chosen), KC_OK);
                // Used twice, or stale: refused.
                let after = inner(ptr);
                assert_eq!(play_chosen_c(ptr, &chosen), KC_ERR_INVALID_ARGUMENT);
                assert_eq!(inner(ptr), after);
                // Foreign: the position before, under the other rules.
                let mut foreign = before.clone();
                foreign.rules = rules_both()[usize::from(rules == Rules::default())];
                let other = handle(&foreign);
                assert_eq!(play_chosen_c(other, &chosen), KC_ERR_INVALID_ARGUMENT);
                free(other);
            }
            assert_eq!(inner(ptr), expected);
            if expected.is_over() {
                let (status, _) = choose_c(ptr, 5, &mut rng);
                assert_eq!(status, KC_ERR_GAME_OVER);
            }
            free(ptr);
        }
    }
}

/// `kc_chaturaji_play_random` plays the Rust seeded games, ply by ply.
#[test]
fn play_random_is_the_seeded_game() {
    for rules in rules_both() {
        for seed in 0..20u64 {
            let mut expected = Position::start(rules);
            let mut plies = Vec::new();
            play_seeded_game(&mut expected, seed, 3000, |ply, _| plies.push(ply));
            let ptr = handle(&Position::start(rules));
            let mut rng = seed;
            for ply in &plies {
                let (mut roll, mut mv) = (0u8, kc_chaturaji_move::PASS);
                // SAFETY: a live handle and locals.
                let status = unsafe { kc_chaturaji_play_random(ptr, &mut rng, &mut roll, &mut mv) };
                assert_eq!(status, KC_OK);
                assert_eq!(
                    (roll, mv),
                    (
                        ply.roll.map_or(0, Roll::face),
                        kc_chaturaji_move::from_rust(ply.mv)
                    )
                );
            }
            assert_eq!(inner(ptr), expected);
            if expected.is_over() {
                let before = rng;
                // SAFETY: a live handle and locals; NULL outputs allowed.
                let status = unsafe {
                    kc_chaturaji_play_random(
                        ptr,
                        &mut rng,
                        core::ptr::null_mut(),
                        core::ptr::null_mut(),
                    )
                };
                assert_eq!(status, KC_ERR_GAME_OVER);
                assert_eq!(rng, before);
                assert_eq!(inner(ptr), expected);
            }
            free(ptr);
        }
    }
}

/// A chosen move's record takes it back like any record.
#[test]
fn chosen_moves_write_records() {
    let start = Position::default();
    let ptr = handle(&start);
    let mut rng = 3;
    let (status, chosen) = choose_c(ptr, 2, &mut rng);
    assert_eq!(status, KC_OK);
    // SAFETY: an all-integer struct.
    let mut record: kc_chaturaji_undo_record = unsafe { core::mem::zeroed() };
    // SAFETY: a live handle and locals.
    let status = unsafe { kc_chaturaji_play_chosen(ptr, &chosen, &mut record) };
    assert_eq!(status, KC_OK);
    assert_eq!(inner(ptr).to_string().split(' ').nth(1), Some("b"));
    assert_eq!(undo_c(ptr, &record), KC_OK);
    assert_eq!(inner(ptr), start);
    free(ptr);
}

#[test]
fn text_caps_hold_the_longest_texts() {
    // Every square occupied, every counter at its maximum.
    let rank = "rE,rE,rE,rE,rE,rE,rE,rE";
    let board = [rank; 8].join("/");
    let rajas: String = ['r', 'b', 'y', 'g']
        .iter()
        .flat_map(|&c| std::iter::repeat_n(c, 255))
        .collect();
    let text = format!("{board} r rxxx rbyg {rajas} 4294967295 4294967295");
    let pos = Position::from_text(&text, Rules::default()).expect("longest text");
    assert!(pos.to_string().len() < KC_CHATURAJI_POSITION_TEXT_CAP);
    assert!(pos.diagram().to_string().len() < KC_CHATURAJI_DIAGRAM_CAP);
    let start = Position::from_text(START_TEXT, Rules::default()).unwrap();
    assert!(start.diagram().to_string().len() < KC_CHATURAJI_DIAGRAM_CAP);
}
