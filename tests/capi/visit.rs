//! `kc_kaissa_visit` from Rust, as a C program calls it (through the
//! `unsafe extern "C"` functions of `kaissa_chaturaji::ffi`):
//!
//! - a perft by nested visits equals the Rust `perft_full` (the library's
//!   own reference path) from the start, a middlegame and seeded positions;
//! - a hostile visitor that makes random calls on the visited position
//!   (pops, sibling pushes, plays, undos, copies into it, nested visits,
//!   moves left pushed) never gets a panic status, and whatever it did,
//!   popping every pushed move afterwards gives back the position the visit
//!   started from, consistent with a fresh parse of its text.
//!
//! The C ABI is the `capi` feature: without it this file is empty, and
//! `tests/packaging/features.rs` runs it with the feature from a plain
//! `cargo test`.
#![cfg(feature = "capi")]

use std::ffi::{c_char, c_void, CStr, CString};
use std::ptr::{null, null_mut};

use kaissa_chaturaji::ffi::kaissa::*;
use kaissa_chaturaji::ffi::kc_status::{self, *};
use kaissa_chaturaji::kaissa;
use kaissa_chaturaji::random::{RandomSource, SplitMix64};
use proptest::prelude::*;

/// A position from its text.
fn new_position(text: &str) -> *mut kc_kaissa_position {
    let text = CString::new(text).expect("no NUL");
    let mut pos = null_mut();
    // SAFETY: a valid string and out pointer.
    let status = unsafe { kc_kaissa_position_from_text(text.as_ptr(), &mut pos) };
    assert_eq!(status, KC_OK);
    pos
}

/// The text of a position.
fn text_of(pos: *const kc_kaissa_position) -> String {
    let mut buf = vec![0 as c_char; KC_KAISSA_POSITION_TEXT_CAP];
    let mut len = 0;
    // SAFETY: a live position and a local buffer.
    unsafe {
        assert_eq!(
            kc_kaissa_position_to_text(pos, buf.as_mut_ptr(), buf.len(), &mut len),
            KC_OK
        );
        CStr::from_ptr(buf.as_ptr())
            .to_str()
            .expect("UTF-8")
            .to_string()
    }
}

/// How many moves are pushed.
fn pushed(pos: *const kc_kaissa_position) -> usize {
    let mut count = usize::MAX;
    // SAFETY: a live position and a local out value.
    assert_eq!(unsafe { kc_kaissa_pushed_count(pos, &mut count) }, KC_OK);
    count
}

/// What the perft visitor keeps.
struct Perft {
    depth: u32,
    nodes: u64,
    errors: u32,
}

/// The perft visitor, as a C program writes it.
unsafe extern "C" fn perft_visitor(
    context: *mut c_void,
    pos: *mut kc_kaissa_position,
    _index: usize,
) -> i32 {
    // SAFETY: the `Perft` of `visit_perft`, alive during the visit; no
    // reference to it is held across the nested visit.
    let perft = unsafe { &mut *context.cast::<Perft>() };
    if perft.depth == 1 {
        perft.nodes += 1;
        return 0;
    }
    perft.depth -= 1;
    let mut count = 0;
    // SAFETY: the visited position and this visitor's context.
    let ok = unsafe {
        kc_kaissa_list(pos, &mut count) == KC_OK
            && kc_kaissa_visit(pos, null(), 0, Some(perft_visitor), context, null_mut()) == KC_OK
    };
    // SAFETY: as above.
    let perft = unsafe { &mut *context.cast::<Perft>() };
    perft.errors += u32::from(!ok);
    perft.depth += 1;
    0
}

/// Full perft by nested visits.
fn visit_perft(pos: *mut kc_kaissa_position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut perft = Perft {
        depth,
        nodes: 0,
        errors: 0,
    };
    let mut count = 0;
    let mut stop = -1;
    // SAFETY: a live position and a context that outlives the visit.
    unsafe {
        assert_eq!(kc_kaissa_list(pos, &mut count), KC_OK);
        let context = (&mut perft as *mut Perft).cast();
        assert_eq!(
            kc_kaissa_visit(pos, null(), 0, Some(perft_visitor), context, &mut stop),
            KC_OK
        );
    }
    assert_eq!(stop, 0);
    assert_eq!(perft.errors, 0);
    perft.nodes
}

/// The middlegame of the benches.
const MIDDLEGAME: &str =
    "hb1tqut1bi/ar2ppp1sr/2p1s2p2/3p1t3a/10/10/1APPPP1A2/6P3/1R5PR1/HBSTQUTSBI r 12 -";

#[test]
fn perft_by_visits_equals_the_rust_perft() {
    for (text, depth) in [(kaissa::START_TEXT, 3), (MIDDLEGAME, 2)] {
        let pos = new_position(text);
        let rust: kaissa::Position = text.parse().expect("a position text");
        for d in 0..=depth {
            assert_eq!(
                visit_perft(pos, d),
                kaissa::perft_full(&rust, d),
                "{text} depth {d}"
            );
            assert_eq!(text_of(pos), text_of_rust(&rust));
            assert_eq!(pushed(pos), 0);
        }
        // SAFETY: made above, freed once.
        unsafe { kc_kaissa_position_free(pos) };
    }
}

/// The text of a Rust position.
fn text_of_rust(pos: &kaissa::Position) -> String {
    pos.to_string()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Seeded positions, 0 to 60 plies into a game: the visit perft agrees
    /// with the Rust one at depth 2.
    #[test]
    fn perft_by_visits_from_seeded_positions(seed in any::<u64>(), plies in 0usize..60) {
        let mut rust = kaissa::Position::start();
        let mut rng = SplitMix64::new(seed);
        for _ in 0..plies {
            let moves = rust.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[(RandomSource::next_u64(&mut rng) % moves.len() as u64) as usize];
            rust.play(mv).expect("a legal move");
        }
        let pos = new_position(&rust.to_string());
        prop_assert_eq!(visit_perft(pos, 2), kaissa::perft_full(&rust, 2));
        // SAFETY: made above, freed once.
        unsafe { kc_kaissa_position_free(pos) };
    }
}

/// What the hostile visitor keeps.
struct Hostile {
    rng: SplitMix64,
    /// Another position, to copy into the visited one.
    other: *mut kc_kaissa_position,
    /// Nested visits still allowed.
    nesting: u32,
    /// Statuses seen, by kind.
    panics: u32,
    calls: u32,
}

/// A visitor that makes up to five random calls on the visited position,
/// any of them against the visit's rules, and sometimes stops the visit.
unsafe extern "C" fn hostile_visitor(
    context: *mut c_void,
    pos: *mut kc_kaissa_position,
    _index: usize,
) -> i32 {
    // SAFETY: the `Hostile` of the test, alive during the visit; no
    // reference to it is held across a nested visit.
    let steps = unsafe { RandomSource::next_u64(&mut (*context.cast::<Hostile>()).rng) % 6 };
    for _ in 0..steps {
        // SAFETY: as above.
        let (action, arg, other, nest) = unsafe {
            let hostile = &mut *context.cast::<Hostile>();
            let action = RandomSource::next_u64(&mut hostile.rng) % 10;
            let arg = (RandomSource::next_u64(&mut hostile.rng) % 50) as usize;
            let nest = hostile.nesting > 0;
            (action, arg, hostile.other, nest)
        };
        let mut count = 0;
        let mut moves = vec![
            kc_kaissa_move {
                kind: 0,
                from: 0,
                to: 0
            };
            KC_KAISSA_MAX_MOVES
        ];
        let mut record = kc_kaissa_undo_record {
            mv: moves[0],
            moved: kc_kaissa_piece {
                present: 0,
                side: 0,
                kind: 0,
            },
            captured: kc_kaissa_piece {
                present: 0,
                side: 0,
                kind: 0,
            },
            reserved: [0; 3],
            turn_after: 0,
            hash_before: 0,
            hash_after: 0,
            check: 0,
        };
        // SAFETY: the visited position and local buffers; the other
        // position is live.
        let status = unsafe {
            match action {
                0 => kc_kaissa_pop(pos),
                1 => kc_kaissa_pop_push_index(pos, arg),
                2 => kc_kaissa_list(pos, &mut count),
                3 => kc_kaissa_push_index(pos, arg),
                4 => {
                    let status =
                        kc_kaissa_legal_moves(pos, moves.as_mut_ptr(), moves.len(), &mut count);
                    if status == KC_OK && count > 0 {
                        kc_kaissa_play(pos, moves[arg % count], &mut record)
                    } else {
                        status
                    }
                }
                5 => kc_kaissa_undo(pos, &record),
                6 => kc_kaissa_position_copy(other, pos),
                7 => {
                    let status =
                        kc_kaissa_legal_moves(pos, moves.as_mut_ptr(), moves.len(), &mut count);
                    if status == KC_OK && count > 0 {
                        kc_kaissa_push(pos, moves[arg % count])
                    } else {
                        status
                    }
                }
                8 if nest => {
                    (*context.cast::<Hostile>()).nesting -= 1;
                    let order = [arg % 3, arg % 7];
                    let status = kc_kaissa_visit(
                        pos,
                        if arg % 2 == 0 { null() } else { order.as_ptr() },
                        order.len(),
                        Some(hostile_visitor),
                        context,
                        null_mut(),
                    );
                    (*context.cast::<Hostile>()).nesting += 1;
                    status
                }
                _ => kc_kaissa_position_copy(pos, other),
            }
        };
        // SAFETY: as above.
        let hostile = unsafe { &mut *context.cast::<Hostile>() };
        hostile.calls += 1;
        hostile.panics += u32::from(status == KC_ERR_PANIC);
    }
    // SAFETY: as above.
    let stop = unsafe { RandomSource::next_u64(&mut (*context.cast::<Hostile>()).rng) % 8 == 0 };
    i32::from(stop)
}

/// One hostile visit from a position `plies` into a seeded game: no call
/// panics, and popping every pushed move gives back the position the visit
/// started from, whose state agrees with a fresh parse of its text (same
/// perft). The visit's status and the number of calls the visitors made.
fn hostile_case(seed: u64, plies: usize) -> (kc_status, u32) {
    let mut rust = kaissa::Position::start();
    let mut rng = SplitMix64::new(seed ^ 0x5eed);
    for _ in 0..plies {
        let moves = rust.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(RandomSource::next_u64(&mut rng) % moves.len() as u64) as usize];
        rust.play(mv).expect("a legal move");
    }
    let before = rust.to_string();
    let pos = new_position(&before);
    let other = new_position(MIDDLEGAME);
    let mut hostile = Hostile {
        rng: SplitMix64::new(seed),
        other,
        nesting: 3,
        panics: 0,
        calls: 0,
    };
    let mut count = 0;
    let mut stop = -1;
    // SAFETY: live positions; the context outlives the visit.
    let status = unsafe {
        assert_eq!(kc_kaissa_list(pos, &mut count), KC_OK);
        kc_kaissa_visit(
            pos,
            null(),
            0,
            Some(hostile_visitor),
            (&mut hostile as *mut Hostile).cast(),
            &mut stop,
        )
    };
    assert_eq!(hostile.panics, 0);
    assert!(
        status == KC_OK || status == KC_ERR_INVALID_ARGUMENT,
        "{status:?}"
    );
    if status == KC_OK {
        assert_eq!(pushed(pos), 0);
        assert_eq!(text_of(pos), before);
    }
    // Pop everything the visitors left pushed.
    while pushed(pos) > 0 {
        // SAFETY: a live position.
        assert_eq!(unsafe { kc_kaissa_pop(pos) }, KC_OK);
    }
    assert_eq!(text_of(pos), before);
    // The handle's state is the position of its text: the same perft by
    // visits as the Rust perft of a fresh parse.
    let fresh: kaissa::Position = before.parse().expect("a position text");
    assert_eq!(visit_perft(pos, 2), kaissa::perft_full(&fresh, 2));
    // After the visit, every change is allowed again.
    if let Some(&first) = fresh.legal_moves().first() {
        let text = CString::new(first.to_string()).expect("no NUL");
        let mut mv = kc_kaissa_move {
            kind: 0,
            from: 0,
            to: 0,
        };
        let mut record = std::mem::MaybeUninit::<kc_kaissa_undo_record>::zeroed();
        // SAFETY: a valid string, a live position and local values.
        unsafe {
            assert_eq!(kc_kaissa_move_from_text(text.as_ptr(), &mut mv), KC_OK);
            assert_eq!(kc_kaissa_play(pos, mv, record.as_mut_ptr()), KC_OK);
            assert_eq!(kc_kaissa_undo(pos, record.as_ptr()), KC_OK);
        }
        assert_eq!(text_of(pos), before);
    }
    // SAFETY: made above, freed once.
    unsafe {
        kc_kaissa_position_free(pos);
        kc_kaissa_position_free(other);
    }
    (status, hostile.calls)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever the visitor does, nothing breaks (see [`hostile_case`]).
    #[test]
    fn hostile_visitors_cannot_break_the_position(seed in any::<u64>(), plies in 0usize..20) {
        hostile_case(seed, plies);
    }
}

/// The hostile visitors do reach both ends: visits that finish, and visits
/// stopped by moves left pushed, with many calls made along the way.
#[test]
fn hostile_visits_end_both_ways() {
    let (mut finished, mut stopped, mut calls) = (0, 0, 0);
    for seed in 0..100 {
        let (status, made) = hostile_case(seed, (seed % 20) as usize);
        if status == KC_OK {
            finished += 1;
        } else {
            stopped += 1;
        }
        calls += made;
    }
    assert!(
        finished > 10 && stopped > 10,
        "{finished} finished, {stopped} stopped"
    );
    assert!(calls > 300, "{calls} calls");
}

/// What [`listing_visitor`] saw.
struct ListingSeen {
    calls: u32,
    /// The status of `kc_kaissa_push_index(pos, 0)` without listing, from
    /// the second call on.
    unlisted_push: Vec<kc_status>,
}

/// Lists the visited position on its first call only; on every later call
/// tries to play listed move 0 without listing: the first call's listing
/// was of another position, so that must be refused.
unsafe extern "C" fn listing_visitor(
    context: *mut c_void,
    pos: *mut kc_kaissa_position,
    _index: usize,
) -> i32 {
    // SAFETY: the test's `ListingSeen`, alive during the visit.
    let seen = unsafe { &mut *context.cast::<ListingSeen>() };
    seen.calls += 1;
    let mut count = 0;
    // SAFETY: the visited position.
    unsafe {
        if seen.calls == 1 {
            assert_eq!(kc_kaissa_list(pos, &mut count), KC_OK);
        } else {
            let status = kc_kaissa_push_index(pos, 0);
            if status == KC_OK {
                assert_eq!(kc_kaissa_pop(pos), KC_OK);
            }
            seen.unlisted_push.push(status);
        }
    }
    0
}

#[test]
fn a_visitors_listing_does_not_outlive_its_move() {
    let pos = new_position(kaissa::START_TEXT);
    let mut seen = ListingSeen {
        calls: 0,
        unlisted_push: Vec::new(),
    };
    let mut count = 0;
    // SAFETY: a live position; the context outlives the visit.
    unsafe {
        assert_eq!(kc_kaissa_list(pos, &mut count), KC_OK);
        let order = [0usize, 1, 2];
        assert_eq!(
            kc_kaissa_visit(
                pos,
                order.as_ptr(),
                order.len(),
                Some(listing_visitor),
                (&mut seen as *mut ListingSeen).cast(),
                null_mut(),
            ),
            KC_OK
        );
    }
    assert_eq!(seen.calls, 3);
    assert_eq!(seen.unlisted_push, [KC_ERR_INVALID_ARGUMENT; 2]);
    // Nor does a listing of depth 1 made before the visit (by a push and a
    // pop) count inside it.
    // SAFETY: a live position.
    unsafe {
        assert_eq!(kc_kaissa_push_index(pos, 3), KC_OK);
        assert_eq!(kc_kaissa_list(pos, &mut count), KC_OK);
        assert_eq!(kc_kaissa_pop(pos), KC_OK);
    }
    let mut seen = ListingSeen {
        calls: 1,
        unlisted_push: Vec::new(),
    };
    // SAFETY: as above.
    unsafe {
        assert_eq!(
            kc_kaissa_visit(
                pos,
                null(),
                0,
                Some(listing_visitor),
                (&mut seen as *mut ListingSeen).cast(),
                null_mut(),
            ),
            KC_OK
        );
    }
    assert_eq!(seen.unlisted_push.len(), 40);
    assert!(seen
        .unlisted_push
        .iter()
        .all(|&s| s == KC_ERR_INVALID_ARGUMENT));
    assert_eq!(text_of(pos), kaissa::START_TEXT);
    // SAFETY: made above, freed once.
    unsafe { kc_kaissa_position_free(pos) };
}

/// A visitor that must never be called.
unsafe extern "C" fn never_called(_: *mut c_void, _: *mut kc_kaissa_position, _: usize) -> i32 {
    panic!("the visitor was called");
}

#[test]
fn bad_arguments_are_refused_before_anything_is_played() {
    let pos = new_position(kaissa::START_TEXT);
    let mut count = 0;
    let mut stop = 12345;
    // A 16-byte aligned buffer, offset by one byte: misaligned for every
    // pointer argument.
    let mut raw = [0u128; 4];
    let misaligned = (raw.as_mut_ptr() as *mut u8).wrapping_add(1);
    // SAFETY: live positions; the misaligned pointers are refused before
    // any use.
    unsafe {
        // No listing yet.
        assert_eq!(
            kc_kaissa_visit(pos, null(), 0, Some(never_called), null_mut(), &mut stop),
            KC_ERR_INVALID_ARGUMENT
        );
        assert_eq!(kc_kaissa_list(pos, &mut count), KC_OK);
        assert_eq!(count, 40);
        let calls: [(kc_status, kc_status); 7] = [
            (
                kc_kaissa_visit(
                    pos,
                    [0usize].as_ptr(),
                    usize::MAX,
                    Some(never_called),
                    null_mut(),
                    &mut stop,
                ),
                KC_ERR_INVALID_ARGUMENT,
            ),
            (
                kc_kaissa_visit(
                    null_mut(),
                    null(),
                    0,
                    Some(never_called),
                    null_mut(),
                    &mut stop,
                ),
                KC_ERR_NULL_POINTER,
            ),
            (
                kc_kaissa_visit(
                    misaligned.cast(),
                    null(),
                    0,
                    Some(never_called),
                    null_mut(),
                    &mut stop,
                ),
                KC_ERR_INVALID_ARGUMENT,
            ),
            (
                kc_kaissa_visit(pos, null(), 0, None, null_mut(), &mut stop),
                KC_ERR_NULL_POINTER,
            ),
            (
                kc_kaissa_visit(
                    pos,
                    misaligned.cast(),
                    1,
                    Some(never_called),
                    null_mut(),
                    &mut stop,
                ),
                KC_ERR_INVALID_ARGUMENT,
            ),
            (
                kc_kaissa_visit(
                    pos,
                    null(),
                    0,
                    Some(never_called),
                    null_mut(),
                    misaligned.cast(),
                ),
                KC_ERR_INVALID_ARGUMENT,
            ),
            (
                kc_kaissa_visit(
                    pos,
                    [0usize, 39, 40].as_ptr(),
                    3,
                    Some(never_called),
                    null_mut(),
                    &mut stop,
                ),
                KC_ERR_INVALID_ARGUMENT,
            ),
        ];
        for (i, (got, want)) in calls.into_iter().enumerate() {
            assert_eq!(got, want, "call {i}");
        }
    }
    assert_eq!(stop, 12345, "out_stop written on a failure");
    assert_eq!(text_of(pos), kaissa::START_TEXT);
    assert_eq!(pushed(pos), 0);
    // The listing is still usable.
    // SAFETY: a live position.
    unsafe {
        assert_eq!(kc_kaissa_push_index(pos, 39), KC_OK);
        assert_eq!(kc_kaissa_pop(pos), KC_OK);
        kc_kaissa_position_free(pos);
    }
    // A position with no legal move (its Home Stone is captured): nothing to
    // visit, and the position is not touched.
    let over = new_position("9h/9r/10/10/10/10/10/10/R9/9r y 12 -");
    // SAFETY: as above.
    unsafe {
        assert_eq!(kc_kaissa_list(over, &mut count), KC_OK);
        assert_eq!(count, 0);
        assert_eq!(
            kc_kaissa_visit(over, null(), 0, Some(never_called), null_mut(), &mut stop),
            KC_OK
        );
        assert_eq!(stop, 0);
        assert_eq!(pushed(over), 0);
        kc_kaissa_position_free(over);
    }
}
