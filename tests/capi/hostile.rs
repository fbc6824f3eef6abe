//! Hostile input through the C ABI of both games, called from Rust as the
//! `unsafe extern "C"` functions of `kaissa_chaturaji::ffi`: invalid UTF-8,
//! empty and enormous (1 MB) strings, NULL for every pointer argument,
//! misaligned output pointers, out-of-range numbers (square 200, roll 7,
//! colour 9, kind 9, side 7, alliance 5, move kind 9, depth 100), buffers
//! that are too small, forged undo records and random move structs.
//!
//! Every call must return its documented status (never `KC_ERR_PANIC`),
//! write no output on failure (outputs are pre-filled with a sentinel and
//! compared afterwards) and leave the position unchanged (its text and hash
//! are compared).

//!
//! The C ABI is the `capi` feature: without it this file is empty, and
//! `tests/packaging/features.rs` runs it with the feature from a plain
//! `cargo test`.
#![cfg(feature = "capi")]

use std::ffi::{c_char, CStr, CString};
use std::ptr::{null, null_mut};

use kaissa_chaturaji::ffi::chaturaji::*;
use kaissa_chaturaji::ffi::kaissa::*;
use kaissa_chaturaji::ffi::kc_status::{self, *};
use kaissa_chaturaji::ffi::{
    kc_last_error_message, kc_random_below, kc_random_next, kc_status_message, KC_NO_SQUARE,
};
use proptest::prelude::*;

const SENTINEL: u8 = 0xAB;
const SENTINEL_PTR: usize = 0xDEAD_BEE0;

/// A byte sentinel to stand in for an output `bool` (written as 0 or 1 on
/// success, so 0xAB shows it was not touched; it is only ever read as `u8`).
fn bool_slot(slot: &mut u8) -> *mut bool {
    (slot as *mut u8).cast()
}

/// The last error message of this thread (any length: the size is asked
/// first).
fn last_error() -> String {
    let mut needed = 0usize;
    // SAFETY: a size query with a NULL buffer and capacity 0.
    let status = unsafe { kc_last_error_message(null_mut(), 0, &mut needed) };
    assert_eq!(status, KC_ERR_BUFFER_TOO_SMALL);
    let mut buf = vec![0 as c_char; needed];
    let mut len = 0usize;
    // SAFETY: a local buffer of the given capacity and a local length.
    let status = unsafe { kc_last_error_message(buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(status, KC_OK);
    // SAFETY: NUL-terminated on success.
    let text = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
    assert_eq!(text.len(), len);
    text.to_string()
}

/// Asserts a failure status and that it left a message.
#[track_caller]
fn failed(status: kc_status, want: kc_status) {
    assert_eq!(status, want, "last error: {}", last_error());
    assert!(!last_error().is_empty());
}

fn cstr(text: &str) -> CString {
    CString::new(text).expect("no NUL")
}

/// 1 MB of text (no NUL).
fn enormous() -> CString {
    CString::new("yB,".repeat(1 << 20).into_bytes()[..1 << 20].to_vec()).unwrap()
}

/// Invalid UTF-8 byte strings (NUL-terminated by `CString`).
fn invalid_utf8() -> Vec<CString> {
    [
        &b"\xff"[..],
        b"\xfe\xff",
        b"h1f3\xc3",
        b"\xc3\x28",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
        b"pass\x80",
        b"8/8/8/8/8/8/8/gK,7 g xxxg - - 0 \xe2\x82",
    ]
    .iter()
    .map(|b| CString::new(b.to_vec()).unwrap())
    .collect()
}

// ---------------------------------------------------------------------------
// Chaturaji helpers.

fn rules(alliances: u8) -> kc_chaturaji_rules {
    kc_chaturaji_rules {
        alliances,
        draw_limit: 200,
        ruleset: KC_CHATURAJI_RULESET_SHEET,
    }
}

fn ch_new(text: &str, alliances: u8) -> *mut kc_chaturaji_position {
    let text = cstr(text);
    let mut pos = null_mut();
    // SAFETY: valid string, rules and out pointer.
    let status =
        unsafe { kc_chaturaji_position_from_text(text.as_ptr(), &rules(alliances), &mut pos) };
    assert_eq!(status, KC_OK, "{}", last_error());
    pos
}

fn ch_start() -> *mut kc_chaturaji_position {
    let mut pos = null_mut();
    // SAFETY: valid rules and out pointer.
    assert_eq!(
        unsafe { kc_chaturaji_position_new_start(&rules(0), &mut pos) },
        KC_OK
    );
    pos
}

/// The text and hash of a position, to compare before and after a call.
fn ch_snapshot(pos: *const kc_chaturaji_position) -> (String, u64) {
    let mut buf = vec![0 as c_char; KC_CHATURAJI_POSITION_TEXT_CAP];
    let mut len = 0;
    let mut hash = 0;
    // SAFETY: a live position, local buffers.
    unsafe {
        assert_eq!(
            kc_chaturaji_position_to_text(pos, buf.as_mut_ptr(), buf.len(), &mut len),
            KC_OK
        );
        assert_eq!(kc_chaturaji_hash(pos, &mut hash), KC_OK);
        (
            CStr::from_ptr(buf.as_ptr()).to_str().unwrap().to_string(),
            hash,
        )
    }
}

fn ch_moves(pos: *const kc_chaturaji_position, roll: u8) -> Vec<kc_chaturaji_move> {
    let mut buf = vec![
        kc_chaturaji_move {
            kind: 0,
            from: 0,
            to: 0,
            promotion: 0
        };
        KC_CHATURAJI_MAX_MOVES
    ];
    let mut len = 0;
    // SAFETY: a live position, a buffer of the given capacity.
    let status =
        unsafe { kc_chaturaji_legal_moves(pos, roll, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(status, KC_OK);
    buf.truncate(len);
    buf
}

fn free_ch(pos: *mut kc_chaturaji_position) {
    // SAFETY: a position from this library, freed once.
    unsafe { kc_chaturaji_position_free(pos) };
}

const CH_MOVE_SENTINEL: kc_chaturaji_move = kc_chaturaji_move {
    kind: SENTINEL,
    from: SENTINEL,
    to: SENTINEL,
    promotion: SENTINEL,
};

fn ch_undo_sentinel() -> kc_chaturaji_undo_record {
    kc_chaturaji_undo_record {
        mv: CH_MOVE_SENTINEL,
        board: [SENTINEL; 64],
        to_move: SENTINEL,
        command: [SENTINEL; 4],
        lost_pawn: [SENTINEL; 4],
        captured_rajas: [SENTINEL; 4],
        decision: SENTINEL,
        quiet: 0xABAB_ABAB,
        ply: 0xABAB_ABAB,
        scores: [0xABAB_ABAB; 4],
        hash_before: 0xABAB_ABAB_ABAB_ABAB,
        check: 0xABAB_ABAB_ABAB_ABAB,
    }
}

fn ch_chosen_sentinel() -> kc_chaturaji_chosen_move {
    kc_chaturaji_chosen_move {
        mv: CH_MOVE_SENTINEL,
        roll: SENTINEL,
        reserved: [SENTINEL; 3],
        ply: 0xABAB_ABAB,
        quiet: 0xABAB_ABAB,
        hash: 0xABAB_ABAB_ABAB_ABAB,
        check: 0xABAB_ABAB_ABAB_ABAB,
    }
}

/// Positions to attack: the start under both alliances, a mid-game position
/// with exchanges possible, and a finished game.
const CH_TEXTS: &[(&str, u8)] = &[
    (
        "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0",
        0,
    ),
    (
        "yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0",
        1,
    ),
    ("8/8/8/8/6,rP,1/8/8/3,gK,3,bP b rbxg - rb 0 9", 0),
    ("8/8/8/8/6,rP,1/8/8/3,gK,4 r rxxg - b 0 9", 0),
];

// ---------------------------------------------------------------------------
// Kaissa helpers.

const K_START: &str = "ibstqutsbi/arppppppra/10/10/10/10/10/10/ARPPPPPPRA/IBSTQUTSBI y 1 Hh";

fn k_new(text: &str) -> *mut kc_kaissa_position {
    let text = cstr(text);
    let mut pos = null_mut();
    // SAFETY: valid string and out pointer.
    let status = unsafe { kc_kaissa_position_from_text(text.as_ptr(), &mut pos) };
    assert_eq!(status, KC_OK, "{}", last_error());
    pos
}

fn k_snapshot(pos: *const kc_kaissa_position) -> (String, u64) {
    let mut buf = vec![0 as c_char; KC_KAISSA_POSITION_TEXT_CAP];
    let mut len = 0;
    let mut hash = 0;
    // SAFETY: a live position, local buffers.
    unsafe {
        assert_eq!(
            kc_kaissa_position_to_text(pos, buf.as_mut_ptr(), buf.len(), &mut len),
            KC_OK
        );
        assert_eq!(kc_kaissa_hash(pos, &mut hash), KC_OK);
        (
            CStr::from_ptr(buf.as_ptr()).to_str().unwrap().to_string(),
            hash,
        )
    }
}

fn k_moves(pos: *const kc_kaissa_position) -> Vec<kc_kaissa_move> {
    let mut buf = vec![
        kc_kaissa_move {
            kind: 0,
            from: 0,
            to: 0
        };
        KC_KAISSA_MAX_MOVES
    ];
    let mut len = 0;
    // SAFETY: a live position, a buffer of the given capacity.
    let status = unsafe { kc_kaissa_legal_moves(pos, buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(status, KC_OK);
    buf.truncate(len);
    buf
}

fn free_k(pos: *mut kc_kaissa_position) {
    // SAFETY: a position from this library, freed once.
    unsafe { kc_kaissa_position_free(pos) };
}

const K_MOVE_SENTINEL: kc_kaissa_move = kc_kaissa_move {
    kind: SENTINEL,
    from: SENTINEL,
    to: SENTINEL,
};

const K_PIECE_SENTINEL: kc_kaissa_piece = kc_kaissa_piece {
    present: SENTINEL,
    side: SENTINEL,
    kind: SENTINEL,
};

const K_UNDO_SENTINEL: kc_kaissa_undo_record = kc_kaissa_undo_record {
    mv: K_MOVE_SENTINEL,
    moved: K_PIECE_SENTINEL,
    captured: K_PIECE_SENTINEL,
    reserved: [SENTINEL; 3],
    turn_after: 0xABAB_ABAB,
    hash_before: 0xABAB_ABAB_ABAB_ABAB,
    hash_after: 0xABAB_ABAB_ABAB_ABAB,
    check: 0xABAB_ABAB_ABAB_ABAB,
};

// ---------------------------------------------------------------------------
// Text arguments.

#[test]
fn text_arguments_invalid_utf8_empty_enormous() {
    let big = enormous();
    let empty = cstr("");
    let mut texts: Vec<(CString, kc_status)> = invalid_utf8()
        .into_iter()
        .map(|t| (t, KC_ERR_INVALID_UTF8))
        .collect();
    texts.push((empty, KC_ERR_PARSE));
    texts.push((big, KC_ERR_PARSE));
    texts.push((cstr("\u{e9}\u{1f600}"), KC_ERR_PARSE));
    texts.push((cstr(&"9".repeat(1 << 20)), KC_ERR_PARSE));
    for (text, want) in &texts {
        for alliances in [0, 1] {
            let mut out = SENTINEL_PTR as *mut kc_chaturaji_position;
            // SAFETY: a NUL-terminated string, valid rules and out.
            let status = unsafe {
                kc_chaturaji_position_from_text(text.as_ptr(), &rules(alliances), &mut out)
            };
            failed(status, *want);
            assert_eq!(out as usize, SENTINEL_PTR, "out written on failure");
        }
        let mut out = SENTINEL_PTR as *mut kc_kaissa_position;
        // SAFETY: as above.
        failed(
            unsafe { kc_kaissa_position_from_text(text.as_ptr(), &mut out) },
            *want,
        );
        assert_eq!(out as usize, SENTINEL_PTR);

        let mut mv = CH_MOVE_SENTINEL;
        // SAFETY: as above.
        failed(
            unsafe { kc_chaturaji_move_from_text(text.as_ptr(), &mut mv) },
            *want,
        );
        assert_eq!(mv, CH_MOVE_SENTINEL);
        let mut kmv = K_MOVE_SENTINEL;
        // SAFETY: as above.
        failed(
            unsafe { kc_kaissa_move_from_text(text.as_ptr(), &mut kmv) },
            *want,
        );
        assert_eq!(kmv, K_MOVE_SENTINEL);
        let mut square = SENTINEL;
        // SAFETY: as above.
        failed(
            unsafe { kc_chaturaji_square_from_text(text.as_ptr(), &mut square) },
            *want,
        );
        assert_eq!(square, SENTINEL);
        // SAFETY: as above.
        failed(
            unsafe { kc_kaissa_square_from_text(text.as_ptr(), &mut square) },
            *want,
        );
        assert_eq!(square, SENTINEL);
    }
    // Texts that parse still give the documented outputs.
    let mut mv = CH_MOVE_SENTINEL;
    // SAFETY: as above.
    assert_eq!(
        unsafe { kc_chaturaji_move_from_text(cstr("pass").as_ptr(), &mut mv) },
        KC_OK
    );
    assert_eq!(
        mv,
        kc_chaturaji_move {
            kind: KC_CHATURAJI_MOVE_PASS,
            from: KC_NO_SQUARE,
            to: KC_NO_SQUARE,
            promotion: 0
        }
    );
    // The error message of a parse failure names the field and column.
    let text = cstr("8/8/8/8/8/8/8/gK,7 g xxqg - - 0 0");
    let mut out = SENTINEL_PTR as *mut kc_chaturaji_position;
    // SAFETY: as above.
    failed(
        unsafe { kc_chaturaji_position_from_text(text.as_ptr(), &rules(0), &mut out) },
        KC_ERR_PARSE,
    );
    let message = last_error();
    assert!(
        message.contains("command") && message.contains("23"),
        "{message}"
    );
}

// ---------------------------------------------------------------------------
// NULL pointers.

#[test]
fn chaturaji_null_pointers() {
    let text = cstr(CH_TEXTS[0].0);
    let r = rules(0);
    let pos = ch_start();
    let before = ch_snapshot(pos);
    let mut u8_out = SENTINEL;
    let mut u32_out = 0xABAB_ABABu32;
    let mut u64_out = 0xABAB_ABAB_ABAB_ABABu64;
    let mut len = 0xABABusize;
    let mut pos_out = SENTINEL_PTR as *mut kc_chaturaji_position;
    let mut buf = [SENTINEL as c_char; 64];
    let mut bytes = [SENTINEL; 64];
    let mut mv = CH_MOVE_SENTINEL;
    let mut chosen = ch_chosen_sentinel();
    let pass = kc_chaturaji_move {
        kind: KC_CHATURAJI_MOVE_PASS,
        from: KC_NO_SQUARE,
        to: KC_NO_SQUARE,
        promotion: 0,
    };
    let h1f3 = kc_chaturaji_move {
        kind: KC_CHATURAJI_MOVE_NORMAL,
        from: 7,
        to: 21,
        promotion: 0,
    };
    // SAFETY: every pointer is NULL or valid; the library checks NULLs.
    unsafe {
        let np = null::<kc_chaturaji_position>();
        let nm = null_mut::<kc_chaturaji_position>();
        let checks: Vec<(&str, kc_status)> = vec![
            ("rules_default", kc_chaturaji_rules_default(null_mut())),
            ("ally rules", kc_chaturaji_ally(null(), 0, &mut u8_out)),
            ("ally out", kc_chaturaji_ally(&r, 0, null_mut())),
            (
                "alliance_of rules",
                kc_chaturaji_alliance_of(null(), 0, null_mut()),
            ),
            (
                "alliance_of out",
                kc_chaturaji_alliance_of(&r, 0, null_mut()),
            ),
            (
                "marked buf",
                kc_chaturaji_marked_squares(null_mut(), 16, &mut len),
            ),
            (
                "marked out_len",
                kc_chaturaji_marked_squares(bytes.as_mut_ptr(), 64, null_mut()),
            ),
            (
                "special buf",
                kc_chaturaji_special_promotion_squares(null_mut(), 16, &mut len),
            ),
            (
                "special out_len",
                kc_chaturaji_special_promotion_squares(bytes.as_mut_ptr(), 64, null_mut()),
            ),
            ("throne out", kc_chaturaji_throne(0, null_mut())),
            (
                "new_start rules",
                kc_chaturaji_position_new_start(null(), &mut pos_out),
            ),
            (
                "new_start out",
                kc_chaturaji_position_new_start(&r, null_mut()),
            ),
            (
                "from_text text",
                kc_chaturaji_position_from_text(null(), &r, &mut pos_out),
            ),
            (
                "from_text rules",
                kc_chaturaji_position_from_text(text.as_ptr(), null(), &mut pos_out),
            ),
            (
                "from_text out",
                kc_chaturaji_position_from_text(text.as_ptr(), &r, null_mut()),
            ),
            ("clone pos", kc_chaturaji_position_clone(np, &mut pos_out)),
            ("clone out", kc_chaturaji_position_clone(pos, null_mut())),
            ("copy src", kc_chaturaji_position_copy(np, pos)),
            ("copy dst", kc_chaturaji_position_copy(pos, nm)),
            (
                "to_text pos",
                kc_chaturaji_position_to_text(np, buf.as_mut_ptr(), 64, &mut len),
            ),
            (
                "to_text buf",
                kc_chaturaji_position_to_text(pos, null_mut(), 64, &mut len),
            ),
            (
                "to_text out_len",
                kc_chaturaji_position_to_text(pos, buf.as_mut_ptr(), 64, null_mut()),
            ),
            (
                "diagram pos",
                kc_chaturaji_position_diagram(np, buf.as_mut_ptr(), 64, &mut len),
            ),
            (
                "diagram buf",
                kc_chaturaji_position_diagram(pos, null_mut(), 600, &mut len),
            ),
            (
                "diagram out_len",
                kc_chaturaji_position_diagram(pos, buf.as_mut_ptr(), 64, null_mut()),
            ),
            (
                "position_rules pos",
                kc_chaturaji_position_rules(np, null_mut()),
            ),
            (
                "position_rules out",
                kc_chaturaji_position_rules(pos, null_mut()),
            ),
            ("to_move pos", kc_chaturaji_to_move(np, &mut u8_out)),
            ("to_move out", kc_chaturaji_to_move(pos, null_mut())),
            ("ply pos", kc_chaturaji_ply(np, &mut u32_out)),
            ("ply out", kc_chaturaji_ply(pos, null_mut())),
            ("quiet pos", kc_chaturaji_quiet_plies(np, &mut u32_out)),
            ("quiet out", kc_chaturaji_quiet_plies(pos, null_mut())),
            ("hash pos", kc_chaturaji_hash(np, &mut u64_out)),
            ("hash out", kc_chaturaji_hash(pos, null_mut())),
            ("outcome pos", kc_chaturaji_outcome(np, null_mut())),
            ("outcome out", kc_chaturaji_outcome(pos, null_mut())),
            ("piece_at pos", kc_chaturaji_piece_at(np, 0, null_mut())),
            ("piece_at out", kc_chaturaji_piece_at(pos, 0, null_mut())),
            ("commander pos", kc_chaturaji_commander(np, 0, &mut u8_out)),
            ("commander out", kc_chaturaji_commander(pos, 0, null_mut())),
            (
                "seat_in_play pos",
                kc_chaturaji_seat_in_play(np, 0, bool_slot(&mut u8_out)),
            ),
            (
                "seat_in_play out",
                kc_chaturaji_seat_in_play(pos, 0, null_mut()),
            ),
            (
                "is_out pos",
                kc_chaturaji_is_out(np, 0, bool_slot(&mut u8_out)),
            ),
            ("is_out out", kc_chaturaji_is_out(pos, 0, null_mut())),
            (
                "lost_pawn pos",
                kc_chaturaji_lost_pawn(np, 0, bool_slot(&mut u8_out)),
            ),
            ("lost_pawn out", kc_chaturaji_lost_pawn(pos, 0, null_mut())),
            (
                "captured_rajas pos",
                kc_chaturaji_captured_rajas(np, 0, &mut u8_out),
            ),
            (
                "captured_rajas out",
                kc_chaturaji_captured_rajas(pos, 0, null_mut()),
            ),
            ("roll state", kc_chaturaji_roll(null_mut(), &mut u8_out)),
            ("roll out", kc_chaturaji_roll(&mut u64_out, null_mut())),
            (
                "choose pos",
                kc_chaturaji_choose_move(np, 2, &mut u64_out, &mut mv),
            ),
            (
                "choose state",
                kc_chaturaji_choose_move(pos, 2, null_mut(), &mut mv),
            ),
            (
                "choose out",
                kc_chaturaji_choose_move(pos, 2, &mut u64_out, null_mut()),
            ),
            (
                "choose token pos",
                kc_chaturaji_choose(np, 2, &mut u64_out, &mut chosen),
            ),
            (
                "choose token state",
                kc_chaturaji_choose(pos, 2, null_mut(), &mut chosen),
            ),
            (
                "choose token out",
                kc_chaturaji_choose(pos, 2, &mut u64_out, null_mut()),
            ),
            (
                "play_chosen pos",
                kc_chaturaji_play_chosen(nm, &ch_chosen_sentinel(), null_mut()),
            ),
            (
                "play_chosen token",
                kc_chaturaji_play_chosen(pos, null(), null_mut()),
            ),
            (
                "play_random pos",
                kc_chaturaji_play_random(nm, &mut u64_out, null_mut(), null_mut()),
            ),
            (
                "play_random state",
                kc_chaturaji_play_random(pos, null_mut(), null_mut(), null_mut()),
            ),
            (
                "legal_moves pos",
                kc_chaturaji_legal_moves(np, 2, &mut mv, 1, &mut len),
            ),
            (
                "legal_moves buf",
                kc_chaturaji_legal_moves(pos, 2, null_mut(), 5, &mut len),
            ),
            (
                "legal_moves out_len",
                kc_chaturaji_legal_moves(pos, 2, &mut mv, 1, null_mut()),
            ),
            (
                "is_legal pos",
                kc_chaturaji_is_legal(np, 2, h1f3, bool_slot(&mut u8_out)),
            ),
            (
                "is_legal out",
                kc_chaturaji_is_legal(pos, 2, h1f3, null_mut()),
            ),
            ("play pos", kc_chaturaji_play(nm, 4, pass, null_mut())),
            ("undo pos", kc_chaturaji_undo(nm, &ch_undo_sentinel())),
            ("undo record", kc_chaturaji_undo(pos, null())),
            (
                "move_from_text text",
                kc_chaturaji_move_from_text(null(), &mut mv),
            ),
            (
                "move_from_text out",
                kc_chaturaji_move_from_text(text.as_ptr(), null_mut()),
            ),
            (
                "move_to_text buf",
                kc_chaturaji_move_to_text(h1f3, null_mut(), 8, &mut len),
            ),
            (
                "move_to_text out_len",
                kc_chaturaji_move_to_text(h1f3, buf.as_mut_ptr(), 8, null_mut()),
            ),
            (
                "square_from_text text",
                kc_chaturaji_square_from_text(null(), &mut u8_out),
            ),
            (
                "square_from_text out",
                kc_chaturaji_square_from_text(cstr("a1").as_ptr(), null_mut()),
            ),
            (
                "square_to_text buf",
                kc_chaturaji_square_to_text(0, null_mut(), 8, &mut len),
            ),
            (
                "square_to_text out_len",
                kc_chaturaji_square_to_text(0, buf.as_mut_ptr(), 8, null_mut()),
            ),
            (
                "exchanges pos",
                kc_chaturaji_possible_exchanges(np, null_mut(), 0, &mut len),
            ),
            (
                "exchanges out_len",
                kc_chaturaji_possible_exchanges(pos, null_mut(), 0, null_mut()),
            ),
            (
                "return_squares pos",
                kc_chaturaji_raja_return_squares(np, 0, bytes.as_mut_ptr(), 8, &mut len),
            ),
            (
                "return_squares buf",
                kc_chaturaji_raja_return_squares(pos, 0, null_mut(), 8, &mut len),
            ),
            (
                "return_squares out_len",
                kc_chaturaji_raja_return_squares(pos, 0, bytes.as_mut_ptr(), 8, null_mut()),
            ),
            (
                "apply_exchange pos",
                kc_chaturaji_apply_exchange(nm, 0, 31, 1, 60),
            ),
            ("perft pos", kc_chaturaji_perft(np, 1, &mut u64_out)),
            ("perft out", kc_chaturaji_perft(pos, 1, null_mut())),
            (
                "last_error out_len",
                kc_last_error_message(buf.as_mut_ptr(), 64, null_mut()),
            ),
            (
                "last_error buf",
                kc_last_error_message(null_mut(), 64, &mut len),
            ),
            (
                "random_next state",
                kc_random_next(null_mut(), &mut u64_out),
            ),
            ("random_next out", kc_random_next(&mut u64_out, null_mut())),
            (
                "random_below state",
                kc_random_below(null_mut(), 5, &mut u64_out),
            ),
            (
                "random_below out",
                kc_random_below(&mut u64_out, 5, null_mut()),
            ),
        ];
        for (what, status) in checks {
            assert_eq!(status, KC_ERR_NULL_POINTER, "{what}: {}", last_error());
        }
        kc_chaturaji_position_free(null_mut());
    }
    assert_eq!(u8_out, SENTINEL);
    assert_eq!(u32_out, 0xABAB_ABAB);
    assert_eq!(u64_out, 0xABAB_ABAB_ABAB_ABAB);
    assert_eq!(len, 0xABAB);
    assert_eq!(pos_out as usize, SENTINEL_PTR);
    assert!(buf.iter().all(|&b| b == SENTINEL as c_char));
    assert!(bytes.iter().all(|&b| b == SENTINEL));
    assert_eq!(mv, CH_MOVE_SENTINEL);
    assert_eq!(ch_snapshot(pos), before);
    // play with a NULL undo output is allowed (the caller will not undo).
    // SAFETY: a live position.
    assert_eq!(
        unsafe { kc_chaturaji_play(pos, 4, pass, null_mut()) },
        KC_OK
    );
    free_ch(pos);
}

#[test]
fn kaissa_null_pointers() {
    let text = cstr(K_START);
    let pos = k_new(K_START);
    let before = k_snapshot(pos);
    let mut u8_out = SENTINEL;
    let mut u32_out = 0xABAB_ABABu32;
    let mut u64_out = 0xABAB_ABAB_ABAB_ABABu64;
    let mut len = 0xABABusize;
    let mut pos_out = SENTINEL_PTR as *mut kc_kaissa_position;
    let mut buf = [SENTINEL as c_char; 64];
    let mut mv = K_MOVE_SENTINEL;
    let e2e3 = k_moves(pos)[0];
    // SAFETY: every pointer is NULL or valid; the library checks NULLs.
    unsafe {
        let np = null::<kc_kaissa_position>();
        let nm = null_mut::<kc_kaissa_position>();
        let checks: Vec<(&str, kc_status)> = vec![
            ("new_start out", kc_kaissa_position_new_start(null_mut())),
            (
                "from_text text",
                kc_kaissa_position_from_text(null(), &mut pos_out),
            ),
            (
                "from_text out",
                kc_kaissa_position_from_text(text.as_ptr(), null_mut()),
            ),
            ("clone pos", kc_kaissa_position_clone(np, &mut pos_out)),
            ("clone out", kc_kaissa_position_clone(pos, null_mut())),
            ("copy src", kc_kaissa_position_copy(np, pos)),
            ("copy dst", kc_kaissa_position_copy(pos, nm)),
            (
                "to_text pos",
                kc_kaissa_position_to_text(np, buf.as_mut_ptr(), 64, &mut len),
            ),
            (
                "to_text buf",
                kc_kaissa_position_to_text(pos, null_mut(), 64, &mut len),
            ),
            (
                "to_text out_len",
                kc_kaissa_position_to_text(pos, buf.as_mut_ptr(), 64, null_mut()),
            ),
            (
                "diagram pos",
                kc_kaissa_position_diagram(np, buf.as_mut_ptr(), 64, &mut len),
            ),
            (
                "diagram buf",
                kc_kaissa_position_diagram(pos, null_mut(), 600, &mut len),
            ),
            (
                "diagram out_len",
                kc_kaissa_position_diagram(pos, buf.as_mut_ptr(), 64, null_mut()),
            ),
            ("side pos", kc_kaissa_to_move(np, &mut u8_out)),
            ("side out", kc_kaissa_to_move(pos, null_mut())),
            ("turn pos", kc_kaissa_turn(np, &mut u32_out)),
            ("turn out", kc_kaissa_turn(pos, null_mut())),
            ("ply pos", kc_kaissa_ply(np, &mut u32_out)),
            ("ply out", kc_kaissa_ply(pos, null_mut())),
            ("hash pos", kc_kaissa_hash(np, &mut u64_out)),
            ("hash out", kc_kaissa_hash(pos, null_mut())),
            ("outcome pos", kc_kaissa_outcome(np, null_mut())),
            ("outcome out", kc_kaissa_outcome(pos, null_mut())),
            ("piece_at pos", kc_kaissa_piece_at(np, 0, null_mut())),
            ("piece_at out", kc_kaissa_piece_at(pos, 0, null_mut())),
            ("window pos", kc_kaissa_home_stone_window(np, 0, null_mut())),
            (
                "window out",
                kc_kaissa_home_stone_window(pos, 0, null_mut()),
            ),
            (
                "legal_moves pos",
                kc_kaissa_legal_moves(np, &mut mv, 1, &mut len),
            ),
            (
                "legal_moves buf",
                kc_kaissa_legal_moves(pos, null_mut(), 5, &mut len),
            ),
            (
                "legal_moves out_len",
                kc_kaissa_legal_moves(pos, &mut mv, 1, null_mut()),
            ),
            (
                "is_legal pos",
                kc_kaissa_is_legal(np, e2e3, bool_slot(&mut u8_out)),
            ),
            ("is_legal out", kc_kaissa_is_legal(pos, e2e3, null_mut())),
            ("play pos", kc_kaissa_play(nm, e2e3, null_mut())),
            ("undo pos", kc_kaissa_undo(nm, &K_UNDO_SENTINEL)),
            ("undo record", kc_kaissa_undo(pos, null())),
            (
                "move_from_text text",
                kc_kaissa_move_from_text(null(), &mut mv),
            ),
            (
                "move_from_text out",
                kc_kaissa_move_from_text(cstr("e2e3").as_ptr(), null_mut()),
            ),
            (
                "move_to_text buf",
                kc_kaissa_move_to_text(e2e3, null_mut(), 8, &mut len),
            ),
            (
                "move_to_text out_len",
                kc_kaissa_move_to_text(e2e3, buf.as_mut_ptr(), 8, null_mut()),
            ),
            (
                "square_from_text text",
                kc_kaissa_square_from_text(null(), &mut u8_out),
            ),
            (
                "square_from_text out",
                kc_kaissa_square_from_text(cstr("a1").as_ptr(), null_mut()),
            ),
            (
                "square_to_text buf",
                kc_kaissa_square_to_text(0, null_mut(), 8, &mut len),
            ),
            (
                "square_to_text out_len",
                kc_kaissa_square_to_text(0, buf.as_mut_ptr(), 8, null_mut()),
            ),
            ("perft pos", kc_kaissa_perft(np, 1, &mut u64_out)),
            ("perft out", kc_kaissa_perft(pos, 1, null_mut())),
            (
                "choose_move pos",
                kc_kaissa_choose_move(np, &mut u64_out, &mut mv),
            ),
            (
                "choose_move state",
                kc_kaissa_choose_move(pos, null_mut(), &mut mv),
            ),
            (
                "choose_move out",
                kc_kaissa_choose_move(pos, &mut u64_out, null_mut()),
            ),
        ];
        for (what, status) in checks {
            assert_eq!(status, KC_ERR_NULL_POINTER, "{what}: {}", last_error());
        }
        kc_kaissa_position_free(null_mut());
    }
    assert_eq!(u8_out, SENTINEL);
    assert_eq!(u32_out, 0xABAB_ABAB);
    assert_eq!(u64_out, 0xABAB_ABAB_ABAB_ABAB);
    assert_eq!(len, 0xABAB);
    assert_eq!(pos_out as usize, SENTINEL_PTR);
    assert!(buf.iter().all(|&b| b == SENTINEL as c_char));
    assert_eq!(mv, K_MOVE_SENTINEL);
    assert_eq!(k_snapshot(pos), before);
    free_k(pos);
}

// ---------------------------------------------------------------------------
// Out-of-range numbers and misaligned pointers.

#[test]
fn chaturaji_out_of_range_numbers() {
    let good = rules(0);
    for (text, alliances) in CH_TEXTS {
        let pos = ch_new(text, *alliances);
        let before = ch_snapshot(pos);
        let mut u8_out = SENTINEL;
        let mut u64_out = 0xABAB_ABAB_ABAB_ABABu64;
        let mut len = 0xABABusize;
        let mut bytes = [SENTINEL; 64];
        let mut buf = [SENTINEL as c_char; 64];
        let mut mv = CH_MOVE_SENTINEL;
        let mut undo = ch_undo_sentinel();
        let mut pos_out = SENTINEL_PTR as *mut kc_chaturaji_position;
        let mut piece = kc_chaturaji_piece {
            present: SENTINEL,
            colour: SENTINEL,
            kind: SENTINEL,
        };
        let bad_moves = [
            (9, 7, 21, 0),
            (3, 7, 21, 0),
            (255, 7, 21, 0),
            (0, 200, 21, 0),
            (0, 7, 200, 0),
            (0, 64, 21, 0),
            (0, 7, 255, 0),
            (0, 7, 7, 0),
            (0, 7, 21, 1),
            (0, 7, 21, 9),
            (1, 7, 21, 4),
            (1, 7, 21, 9),
            (1, 7, 7, 0),
            (1, 200, 21, 0),
            (2, 7, 21, 0),
            (2, KC_NO_SQUARE, KC_NO_SQUARE, 1),
            (2, 0, KC_NO_SQUARE, 0),
        ]
        .map(|(kind, from, to, promotion)| kc_chaturaji_move {
            kind,
            from,
            to,
            promotion,
        });
        let pass = kc_chaturaji_move {
            kind: KC_CHATURAJI_MOVE_PASS,
            from: KC_NO_SQUARE,
            to: KC_NO_SQUARE,
            promotion: 0,
        };
        // SAFETY: every pointer is valid; the numbers are out of range.
        unsafe {
            for a in [2u8, 5, 255] {
                let bad = rules(a);
                failed(
                    kc_chaturaji_ally(&bad, 0, &mut u8_out),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_position_new_start(&bad, &mut pos_out),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_position_from_text(cstr(text).as_ptr(), &bad, &mut pos_out),
                    KC_ERR_INVALID_ARGUMENT,
                );
            }
            for colour in [4u8, 9, 254, 255] {
                failed(
                    kc_chaturaji_ally(&good, colour, &mut u8_out),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_throne(colour, &mut u8_out),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_commander(pos, colour, &mut u8_out),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_seat_in_play(pos, colour, bool_slot(&mut u8_out)),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_is_out(pos, colour, bool_slot(&mut u8_out)),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_lost_pawn(pos, colour, bool_slot(&mut u8_out)),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_captured_rajas(pos, colour, &mut u8_out),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_raja_return_squares(pos, colour, bytes.as_mut_ptr(), 64, &mut len),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_apply_exchange(pos, colour, 31, 1, 60),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_apply_exchange(pos, 0, 31, colour, 60),
                    KC_ERR_INVALID_ARGUMENT,
                );
            }
            for square in [64u8, 100, 200, 255] {
                failed(
                    kc_chaturaji_piece_at(pos, square, &mut piece),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_square_to_text(square, buf.as_mut_ptr(), 64, &mut len),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_apply_exchange(pos, 0, square, 1, 60),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_apply_exchange(pos, 0, 31, 1, square),
                    KC_ERR_INVALID_ARGUMENT,
                );
            }
            for roll in [0u8, 1, 6, 7, 200, 255] {
                failed(
                    kc_chaturaji_legal_moves(pos, roll, bytes.as_mut_ptr().cast(), 16, &mut len),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_is_legal(pos, roll, pass, bool_slot(&mut u8_out)),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_play(pos, roll, pass, &mut undo),
                    KC_ERR_INVALID_ARGUMENT,
                );
                failed(
                    kc_chaturaji_choose_move(pos, roll, &mut u64_out, &mut mv),
                    KC_ERR_INVALID_ARGUMENT,
                );
                let mut chosen = ch_chosen_sentinel();
                failed(
                    kc_chaturaji_choose(pos, roll, &mut u64_out, &mut chosen),
                    KC_ERR_INVALID_ARGUMENT,
                );
                assert_eq!(chosen, ch_chosen_sentinel());
            }
            for bad in bad_moves {
                for roll in [2u8, 5] {
                    failed(
                        kc_chaturaji_is_legal(pos, roll, bad, bool_slot(&mut u8_out)),
                        KC_ERR_INVALID_ARGUMENT,
                    );
                    failed(
                        kc_chaturaji_play(pos, roll, bad, &mut undo),
                        KC_ERR_INVALID_ARGUMENT,
                    );
                }
                failed(
                    kc_chaturaji_move_to_text(bad, buf.as_mut_ptr(), 64, &mut len),
                    KC_ERR_INVALID_ARGUMENT,
                );
            }
            for depth in [13u32, 100, u32::MAX] {
                failed(
                    kc_chaturaji_perft(pos, depth, &mut u64_out),
                    KC_ERR_INVALID_ARGUMENT,
                );
            }
            let mut state = 7u64;
            let mut drawn = 0xABu64;
            failed(
                kc_random_below(&mut state, 0, &mut drawn),
                KC_ERR_INVALID_ARGUMENT,
            );
            assert_eq!((state, drawn), (7, 0xAB));
            // Misaligned output pointers are refused.
            let mut wide = [0xABu8; 32];
            let odd = wide.as_mut_ptr().add(1);
            failed(kc_chaturaji_hash(pos, odd.cast()), KC_ERR_INVALID_ARGUMENT);
            failed(kc_chaturaji_ply(pos, odd.cast()), KC_ERR_INVALID_ARGUMENT);
            failed(
                kc_chaturaji_roll(odd.cast(), &mut u8_out),
                KC_ERR_INVALID_ARGUMENT,
            );
            assert!(wide.iter().all(|&b| b == 0xAB));
        }
        assert_eq!(u8_out, SENTINEL);
        assert_eq!(u64_out, 0xABAB_ABAB_ABAB_ABAB);
        assert_eq!(len, 0xABAB);
        assert!(bytes.iter().all(|&b| b == SENTINEL));
        assert!(buf.iter().all(|&b| b == SENTINEL as c_char));
        assert_eq!(mv, CH_MOVE_SENTINEL);
        assert_eq!(undo, ch_undo_sentinel());
        assert_eq!(pos_out as usize, SENTINEL_PTR);
        assert_eq!(piece.present, SENTINEL);
        assert_eq!(ch_snapshot(pos), before);
        free_ch(pos);
    }
}

#[test]
fn kaissa_out_of_range_numbers() {
    let pos = k_new(K_START);
    let before = k_snapshot(pos);
    let mut u8_out = SENTINEL;
    let mut u64_out = 0xABAB_ABAB_ABAB_ABABu64;
    let mut len = 0xABABusize;
    let mut buf = [SENTINEL as c_char; 64];
    let mut undo = K_UNDO_SENTINEL;
    let mut piece = kc_kaissa_piece {
        present: SENTINEL,
        side: SENTINEL,
        kind: SENTINEL,
    };
    let bad_moves = [
        (9, 14, 24),
        (2, 14, 24),
        (255, 14, 24),
        (0, 200, 24),
        (0, 14, 200),
        (0, 100, 24),
        (0, 14, 14),
        (0, KC_NO_SQUARE, 24),
        (1, 14, 24),
        (1, KC_NO_SQUARE, 100),
        (1, KC_NO_SQUARE, 255),
    ]
    .map(|(kind, from, to)| kc_kaissa_move { kind, from, to });
    // SAFETY: every pointer is valid; the numbers are out of range.
    unsafe {
        let mut window = std::mem::MaybeUninit::<kc_kaissa_home_stone_window_info>::uninit();
        for side in [2u8, 7, 255] {
            failed(
                kc_kaissa_home_stone_window(pos, side, window.as_mut_ptr()),
                KC_ERR_INVALID_ARGUMENT,
            );
        }
        for square in [100u8, 200, 255] {
            failed(
                kc_kaissa_piece_at(pos, square, &mut piece),
                KC_ERR_INVALID_ARGUMENT,
            );
            failed(
                kc_kaissa_square_to_text(square, buf.as_mut_ptr(), 64, &mut len),
                KC_ERR_INVALID_ARGUMENT,
            );
        }
        for bad in bad_moves {
            failed(
                kc_kaissa_is_legal(pos, bad, bool_slot(&mut u8_out)),
                KC_ERR_INVALID_ARGUMENT,
            );
            failed(kc_kaissa_play(pos, bad, &mut undo), KC_ERR_INVALID_ARGUMENT);
            failed(
                kc_kaissa_move_to_text(bad, buf.as_mut_ptr(), 64, &mut len),
                KC_ERR_INVALID_ARGUMENT,
            );
        }
        for depth in [13u32, 100, u32::MAX] {
            failed(
                kc_kaissa_perft(pos, depth, &mut u64_out),
                KC_ERR_INVALID_ARGUMENT,
            );
        }
        let mut wide = [0xABu8; 32];
        let odd = wide.as_mut_ptr().add(1);
        failed(kc_kaissa_hash(pos, odd.cast()), KC_ERR_INVALID_ARGUMENT);
        failed(kc_kaissa_turn(pos, odd.cast()), KC_ERR_INVALID_ARGUMENT);
        assert!(wide.iter().all(|&b| b == 0xAB));
        // Unknown status codes have a message too.
        for code in [-1, 9, 1000, i32::MIN, i32::MAX] {
            let text = CStr::from_ptr(kc_status_message(code));
            assert_eq!(text.to_str().unwrap(), "unknown status");
        }
    }
    assert_eq!(u8_out, SENTINEL);
    assert_eq!(u64_out, 0xABAB_ABAB_ABAB_ABAB);
    assert_eq!(len, 0xABAB);
    assert!(buf.iter().all(|&b| b == SENTINEL as c_char));
    assert_eq!(undo, K_UNDO_SENTINEL);
    assert_eq!(piece.present, SENTINEL);
    assert_eq!(k_snapshot(pos), before);
    free_k(pos);
}

// ---------------------------------------------------------------------------
// Buffers.

/// Runs a text-producing call with a size query (NULL, 0), with every too
/// small capacity, with NULL and a non-zero capacity, and with the exact
/// capacity; returns the text.
fn text_call(call: &dyn Fn(*mut c_char, usize, *mut usize) -> kc_status) -> String {
    let mut len = 0xABABusize;
    assert_eq!(call(null_mut(), 0, &mut len), KC_ERR_BUFFER_TOO_SMALL);
    let needed = len;
    assert!(needed >= 1);
    let mut buf = vec![SENTINEL as c_char; needed + 8];
    for cap in [0, 1, needed / 2, needed - 1] {
        let mut len = 0xABABusize;
        assert_eq!(
            call(buf.as_mut_ptr(), cap, &mut len),
            KC_ERR_BUFFER_TOO_SMALL
        );
        assert_eq!(len, needed, "needed size reported with cap {cap}");
        assert!(buf.iter().all(|&b| b == SENTINEL as c_char), "written");
    }
    let mut len = 0xABABusize;
    assert_eq!(call(null_mut(), needed, &mut len), KC_ERR_NULL_POINTER);
    assert_eq!(len, 0xABAB);
    assert_eq!(call(buf.as_mut_ptr(), needed, &mut len), KC_OK);
    assert_eq!(len + 1, needed);
    assert_eq!(buf[len], 0);
    assert!(buf[needed..].iter().all(|&b| b == SENTINEL as c_char));
    // SAFETY: NUL-terminated.
    unsafe { CStr::from_ptr(buf.as_ptr()) }
        .to_str()
        .unwrap()
        .to_string()
}

/// The same for array calls; returns the element count.
fn array_call<T: Copy + PartialEq + std::fmt::Debug>(
    sentinel: T,
    call: &dyn Fn(*mut T, usize, *mut usize) -> kc_status,
) -> usize {
    let mut len = 0xABABusize;
    let status = call(null_mut(), 0, &mut len);
    if status == KC_OK {
        assert_eq!(len, 0);
        return 0;
    }
    assert_eq!(status, KC_ERR_BUFFER_TOO_SMALL);
    let needed = len;
    let mut buf = vec![sentinel; needed + 4];
    for cap in [0, needed / 2, needed - 1] {
        let mut len = 0xABABusize;
        assert_eq!(
            call(buf.as_mut_ptr(), cap, &mut len),
            KC_ERR_BUFFER_TOO_SMALL
        );
        assert_eq!(len, needed);
        assert!(buf.iter().all(|&b| b == sentinel));
    }
    let mut len = 0xABABusize;
    assert_eq!(call(null_mut(), needed, &mut len), KC_ERR_NULL_POINTER);
    assert_eq!(len, 0xABAB);
    assert_eq!(call(buf.as_mut_ptr(), needed, &mut len), KC_OK);
    assert_eq!(len, needed);
    assert!(buf[needed..].iter().all(|&b| b == sentinel));
    needed
}

#[test]
fn too_small_buffers() {
    // SAFETY (all closures): live positions and the buffers `text_call` /
    // `array_call` pass.
    for (text, alliances) in CH_TEXTS {
        let pos = ch_new(text, *alliances);
        let before = ch_snapshot(pos);
        let got = text_call(&|b, c, l| unsafe { kc_chaturaji_position_to_text(pos, b, c, l) });
        assert_eq!(got, *text);
        text_call(&|b, c, l| unsafe { kc_chaturaji_position_diagram(pos, b, c, l) });
        for roll in 2..=5 {
            array_call(CH_MOVE_SENTINEL, &|b, c, l| unsafe {
                kc_chaturaji_legal_moves(pos, roll, b, c, l)
            });
        }
        array_call(
            kc_chaturaji_exchange_pair {
                first: SENTINEL,
                second: SENTINEL,
            },
            &|b, c, l| unsafe { kc_chaturaji_possible_exchanges(pos, b, c, l) },
        );
        for colour in 0..4 {
            array_call(SENTINEL, &|b, c, l| unsafe {
                kc_chaturaji_raja_return_squares(pos, colour, b, c, l)
            });
        }
        assert_eq!(ch_snapshot(pos), before);
        free_ch(pos);
    }
    assert_eq!(
        array_call(SENTINEL, &|b, c, l| unsafe {
            kc_chaturaji_marked_squares(b, c, l)
        }),
        16
    );
    assert_eq!(
        array_call(SENTINEL, &|b, c, l| unsafe {
            kc_chaturaji_special_promotion_squares(b, c, l)
        }),
        16
    );
    let promo = kc_chaturaji_move {
        kind: KC_CHATURAJI_MOVE_PROMOTION,
        from: 9,
        to: 1,
        promotion: KC_CHATURAJI_BOAT,
    };
    assert_eq!(
        text_call(&|b, c, l| unsafe { kc_chaturaji_move_to_text(promo, b, c, l) }),
        "b2b1B"
    );
    assert_eq!(
        text_call(&|b, c, l| unsafe { kc_chaturaji_square_to_text(63, b, c, l) }),
        "h8"
    );
    let kpos = k_new(K_START);
    assert_eq!(
        text_call(&|b, c, l| unsafe { kc_kaissa_position_to_text(kpos, b, c, l) }),
        K_START
    );
    text_call(&|b, c, l| unsafe { kc_kaissa_position_diagram(kpos, b, c, l) });
    array_call(K_MOVE_SENTINEL, &|b, c, l| unsafe {
        kc_kaissa_legal_moves(kpos, b, c, l)
    });
    let place = kc_kaissa_move {
        kind: KC_KAISSA_MOVE_PLACE,
        from: KC_NO_SQUARE,
        to: 99,
    };
    assert_eq!(
        text_call(&|b, c, l| unsafe { kc_kaissa_move_to_text(place, b, c, l) }),
        "H@j10"
    );
    assert_eq!(
        text_call(&|b, c, l| unsafe { kc_kaissa_square_to_text(99, b, c, l) }),
        "j10"
    );
    // The last error message itself, after a failure.
    // SAFETY: a NULL out pointer is refused.
    unsafe { kc_kaissa_hash(kpos, null_mut()) };
    let message = text_call(&|b, c, l| unsafe { kc_last_error_message(b, c, l) });
    assert!(message.contains("kc_kaissa_hash"), "{message}");
    free_k(kpos);
}

// ---------------------------------------------------------------------------
// Game over, illegal moves, bad exchanges and undo records.

#[test]
fn chaturaji_game_over_and_illegal_calls() {
    // Red and Green have won (Black and Yellow are out).
    let pos = ch_new(CH_TEXTS[3].0, 0);
    let before = ch_snapshot(pos);
    let mut mv = CH_MOVE_SENTINEL;
    let mut u8_slot = SENTINEL;
    let mut state = 42u64;
    let mut undo = ch_undo_sentinel();
    let pass = kc_chaturaji_move {
        kind: KC_CHATURAJI_MOVE_PASS,
        from: KC_NO_SQUARE,
        to: KC_NO_SQUARE,
        promotion: 0,
    };
    // SAFETY: live position, local outputs.
    unsafe {
        for roll in 2..=5 {
            failed(
                kc_chaturaji_choose_move(pos, roll, &mut state, &mut mv),
                KC_ERR_GAME_OVER,
            );
            let mut chosen = ch_chosen_sentinel();
            failed(
                kc_chaturaji_choose(pos, roll, &mut state, &mut chosen),
                KC_ERR_GAME_OVER,
            );
            assert_eq!(chosen, ch_chosen_sentinel());
            failed(
                kc_chaturaji_play_chosen(pos, &ch_chosen_sentinel(), &mut undo),
                KC_ERR_INVALID_ARGUMENT,
            );
            failed(
                kc_chaturaji_play_random(pos, &mut state, &mut u8_slot, &mut mv),
                KC_ERR_GAME_OVER,
            );
            failed(
                kc_chaturaji_play(pos, roll, pass, &mut undo),
                KC_ERR_ILLEGAL_MOVE,
            );
            assert!(ch_moves(pos, roll).is_empty());
        }
        failed(
            kc_chaturaji_apply_exchange(pos, 0, 31, 1, 60),
            KC_ERR_ILLEGAL_MOVE,
        );
    }
    assert_eq!(state, 42);
    assert_eq!(u8_slot, SENTINEL);
    assert_eq!(mv, CH_MOVE_SENTINEL);
    assert_eq!(undo, ch_undo_sentinel());
    assert_eq!(ch_snapshot(pos), before);
    free_ch(pos);

    // Exchanges with the wrong squares or colours are refused untouched.
    let pos = ch_new(CH_TEXTS[2].0, 0);
    let before = ch_snapshot(pos);
    // SAFETY: live position.
    unsafe {
        for (a, sa, b, sb) in [
            (0, 0, 1, 60),
            (0, 31, 1, 0),
            (0, 31, 3, 3),
            (1, 60, 2, 32),
            (2, 32, 3, 3),
            (0, 31, 0, 31),
        ] {
            failed(
                kc_chaturaji_apply_exchange(pos, a, sa, b, sb),
                KC_ERR_ILLEGAL_MOVE,
            );
        }
        assert_eq!(ch_snapshot(pos), before);
        assert_eq!(kc_chaturaji_apply_exchange(pos, 0, 31, 1, 60), KC_OK);
        assert_ne!(ch_snapshot(pos), before);
    }
    free_ch(pos);
}

#[test]
fn undo_records_from_elsewhere_are_refused() {
    // SAFETY: live positions and local records throughout.
    unsafe {
        let pos = ch_start();
        let other = ch_start();
        let h1f3 = kc_chaturaji_move {
            kind: KC_CHATURAJI_MOVE_NORMAL,
            from: 7,
            to: 21,
            promotion: 0,
        };
        let mut undo = ch_undo_sentinel();
        assert_eq!(kc_chaturaji_play(pos, 2, h1f3, &mut undo), KC_OK);
        let after = ch_snapshot(pos);
        // Not the position it came from.
        failed(kc_chaturaji_undo(other, &undo), KC_ERR_INVALID_ARGUMENT);
        // A sentinel record.
        failed(
            kc_chaturaji_undo(pos, &ch_undo_sentinel()),
            KC_ERR_INVALID_ARGUMENT,
        );
        assert_eq!(ch_snapshot(pos), after);
        assert_eq!(kc_chaturaji_undo(pos, &undo), KC_OK);
        // Twice.
        let start = ch_snapshot(pos);
        failed(kc_chaturaji_undo(pos, &undo), KC_ERR_INVALID_ARGUMENT);
        assert_eq!(ch_snapshot(pos), start);
        free_ch(pos);
        free_ch(other);

        let kpos = k_new(K_START);
        let mv = k_moves(kpos)[3];
        let mut kundo = K_UNDO_SENTINEL;
        assert_eq!(kc_kaissa_play(kpos, mv, &mut kundo), KC_OK);
        let after = k_snapshot(kpos);
        failed(
            kc_kaissa_undo(kpos, &K_UNDO_SENTINEL),
            KC_ERR_INVALID_ARGUMENT,
        );
        assert_eq!(k_snapshot(kpos), after);
        assert_eq!(kc_kaissa_undo(kpos, &kundo), KC_OK);
        let start = k_snapshot(kpos);
        failed(kc_kaissa_undo(kpos, &kundo), KC_ERR_INVALID_ARGUMENT);
        assert_eq!(k_snapshot(kpos), start);
        free_k(kpos);
    }
}

// ---------------------------------------------------------------------------
// Random structs.

/// A Chaturaji position reached by `choices` from one of `CH_TEXTS` with its
/// last undo record (if any move was played).
fn ch_playout(
    seed: usize,
    choices: &[(u8, u16)],
) -> (*mut kc_chaturaji_position, Option<kc_chaturaji_undo_record>) {
    let (text, alliances) = CH_TEXTS[seed % CH_TEXTS.len()];
    let pos = ch_new(text, alliances);
    let mut last = None;
    for &(roll, index) in choices {
        let roll = 2 + roll % 4;
        let moves = ch_moves(pos, roll);
        if moves.is_empty() {
            break;
        }
        let mv = moves[index as usize % moves.len()];
        let mut undo = ch_undo_sentinel();
        // SAFETY: a live position and a local record.
        assert_eq!(
            unsafe { kc_chaturaji_play(pos, roll, mv, &mut undo) },
            KC_OK
        );
        last = Some(undo);
    }
    (pos, last)
}

fn ch_record() -> impl Strategy<Value = kc_chaturaji_undo_record> {
    (
        any::<[u8; 4]>(),
        proptest::collection::vec(any::<u8>(), 64),
        any::<[u8; 13]>(),
        any::<(u32, u32, u64)>(),
    )
        .prop_map(|(m, board, rest, (quiet, ply, hash))| {
            let mut b = [0u8; 64];
            b.copy_from_slice(&board);
            kc_chaturaji_undo_record {
                mv: kc_chaturaji_move {
                    kind: m[0],
                    from: m[1],
                    to: m[2],
                    promotion: m[3],
                },
                board: b,
                to_move: rest[0],
                command: [rest[1], rest[2], rest[3], rest[4]],
                lost_pawn: [rest[5], rest[6], rest[7], rest[8]],
                captured_rajas: [rest[9], rest[10], rest[11], rest[12]],
                decision: rest[0] ^ rest[12],
                quiet,
                ply,
                scores: [quiet, ply, quiet ^ ply, ply.rotate_left(7)],
                hash_before: hash,
                check: hash.rotate_left(17),
            }
        })
}

/// After a successful undo the position must still be a valid one: its text
/// parses back under its rules to the same text and hash.
fn ch_still_valid(pos: *const kc_chaturaji_position) {
    let (text, hash) = ch_snapshot(pos);
    let mut r = rules(0);
    // SAFETY: a live position and a local output.
    assert_eq!(unsafe { kc_chaturaji_position_rules(pos, &mut r) }, KC_OK);
    let copy = ch_new(&text, r.alliances);
    assert_eq!(ch_snapshot(copy), (text, hash));
    free_ch(copy);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    /// Random bytes as an undo record: refused, position unchanged.
    #[test]
    fn forged_chaturaji_undo_records(
        seed in 0usize..4,
        choices in proptest::collection::vec(any::<(u8, u16)>(), 0..20),
        record in ch_record(),
    ) {
        let (pos, _) = ch_playout(seed, &choices);
        let before = ch_snapshot(pos);
        // SAFETY: a live position and a local record.
        let status = unsafe { kc_chaturaji_undo(pos, &record) };
        prop_assert!(status == KC_ERR_INVALID_ARGUMENT, "{:?}: {}", status, last_error());
        prop_assert_eq!(ch_snapshot(pos), before);
        free_ch(pos);
    }

    /// A real record with one byte changed: refused with the position
    /// unchanged, or (if the change still describes a consistent history)
    /// accepted with a valid position.
    #[test]
    fn tampered_chaturaji_undo_records(
        seed in 0usize..4,
        choices in proptest::collection::vec(any::<(u8, u16)>(), 1..20),
        byte in 0usize..89,
        value in any::<u8>(),
    ) {
        let (pos, record) = ch_playout(seed, &choices);
        let Some(record) = record else {
            free_ch(pos);
            return Ok(());
        };
        let mut forged = record;
        {
            let mut bytes: Vec<u8> = Vec::new();
            bytes.extend([forged.mv.kind, forged.mv.from, forged.mv.to, forged.mv.promotion]);
            bytes.extend(forged.board);
            bytes.push(forged.to_move);
            bytes.extend(forged.command);
            bytes.extend(forged.lost_pawn);
            bytes.extend(forged.captured_rajas);
            bytes.extend(forged.quiet.to_le_bytes()[..2].iter());
            bytes.extend(forged.ply.to_le_bytes()[..1].iter());
            let i = byte % bytes.len();
            bytes[i] = value;
            forged.mv = kc_chaturaji_move { kind: bytes[0], from: bytes[1], to: bytes[2], promotion: bytes[3] };
            forged.board.copy_from_slice(&bytes[4..68]);
            forged.to_move = bytes[68];
            forged.command.copy_from_slice(&bytes[69..73]);
            forged.lost_pawn.copy_from_slice(&bytes[73..77]);
            forged.captured_rajas.copy_from_slice(&bytes[77..81]);
            forged.quiet = (forged.quiet & !0xFFFF) | u32::from(bytes[81]) | (u32::from(bytes[82]) << 8);
            forged.ply = (forged.ply & !0xFF) | u32::from(bytes[83]);
        }
        let before = ch_snapshot(pos);
        // SAFETY: a live position and a local record.
        let status = unsafe { kc_chaturaji_undo(pos, &forged) };
        if forged == record {
            prop_assert_eq!(status, KC_OK);
        } else if status == KC_OK {
            ch_still_valid(pos);
        } else {
            prop_assert!(status == KC_ERR_INVALID_ARGUMENT, "{:?}: {}", status, last_error());
            prop_assert_eq!(ch_snapshot(pos), before);
            // SAFETY: as above.
            prop_assert_eq!(unsafe { kc_chaturaji_undo(pos, &record) }, KC_OK);
        }
        free_ch(pos);
    }

    /// Random move structs: `is_legal`, `play` and `move_to_text` agree on
    /// what is malformed, `play` succeeds exactly when `is_legal` says so,
    /// and failures touch nothing.
    #[test]
    fn random_chaturaji_move_structs(
        seed in 0usize..4,
        choices in proptest::collection::vec(any::<(u8, u16)>(), 0..20),
        probes in proptest::collection::vec(
            (prop_oneof![0u8..3, any::<u8>()], prop_oneof![0u8..64, any::<u8>()],
             prop_oneof![0u8..64, any::<u8>()], prop_oneof![0u8..5, any::<u8>()],
             prop_oneof![2u8..6, any::<u8>()]),
            1..40,
        ),
    ) {
        let (pos, _) = ch_playout(seed, &choices);
        for (kind, from, to, promotion, roll) in probes {
            let mv = kc_chaturaji_move { kind, from, to, promotion };
            let before = ch_snapshot(pos);
            let mut legal = SENTINEL;
            let mut undo = ch_undo_sentinel();
            let mut buf = [SENTINEL as c_char; 16];
            let mut len = 0xABABusize;
            // SAFETY: a live position and local outputs.
            let (s_legal, s_play, s_text) = unsafe {
                (
                    kc_chaturaji_is_legal(pos, roll, mv, bool_slot(&mut legal)),
                    kc_chaturaji_play(pos, roll, mv, &mut undo),
                    kc_chaturaji_move_to_text(mv, buf.as_mut_ptr(), buf.len(), &mut len),
                )
            };
            let well_formed = s_text == KC_OK;
            let roll_ok = (2..=5).contains(&roll);
            match s_legal {
                KC_OK => {
                    prop_assert!(well_formed && roll_ok);
                    prop_assert!(legal <= 1);
                    if legal == 1 {
                        prop_assert_eq!(s_play, KC_OK);
                        prop_assert_eq!(undo.mv, mv);
                        // SAFETY: as above.
                        prop_assert_eq!(unsafe { kc_chaturaji_undo(pos, &undo) }, KC_OK);
                    } else {
                        prop_assert_eq!(s_play, KC_ERR_ILLEGAL_MOVE);
                        prop_assert_eq!(undo, ch_undo_sentinel());
                    }
                }
                KC_ERR_INVALID_ARGUMENT => {
                    prop_assert!(!well_formed || !roll_ok);
                    prop_assert_eq!(legal, SENTINEL);
                    prop_assert_eq!(s_play, KC_ERR_INVALID_ARGUMENT);
                    prop_assert_eq!(undo, ch_undo_sentinel());
                }
                other => prop_assert!(false, "is_legal gave {:?}", other),
            }
            if !well_formed {
                prop_assert_eq!(s_text, KC_ERR_INVALID_ARGUMENT);
                prop_assert_eq!(len, 0xABAB);
                prop_assert!(buf.iter().all(|&b| b == SENTINEL as c_char));
            } else {
                // The text parses back to the same struct.
                let text = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_owned();
                let mut back = CH_MOVE_SENTINEL;
                // SAFETY: a NUL-terminated string and a local output.
                prop_assert_eq!(unsafe { kc_chaturaji_move_from_text(text.as_ptr(), &mut back) }, KC_OK);
                prop_assert_eq!(back, mv);
            }
            prop_assert_eq!(ch_snapshot(pos), before);
        }
        free_ch(pos);
    }

    /// Random Kaissa undo records (moves, pieces, turn, hashes, check):
    /// refused with the position unchanged unless it is the real record,
    /// whether it is given right after its move (when the library still
    /// remembers the record it wrote) or after another play and undo.
    #[test]
    fn forged_kaissa_undo_records(
        choices in proptest::collection::vec(any::<u16>(), 1..30),
        raw in any::<([u8; 3], [u8; 3], [u8; 3], u32, u64, u64)>(),
        tamper in 0usize..13,
        remembered in any::<bool>(),
    ) {
        let pos = k_new(K_START);
        let mut record = K_UNDO_SENTINEL;
        for index in choices {
            let moves = k_moves(pos);
            if moves.is_empty() {
                break;
            }
            // SAFETY: a live position and a local record.
            prop_assert_eq!(unsafe { kc_kaissa_play(pos, moves[index as usize % moves.len()], &mut record) }, KC_OK);
        }
        if !remembered {
            // Another move played and taken back: the library no longer
            // holds the last record, so the record is checked in full.
            let moves = k_moves(pos);
            if let Some(&mv) = moves.first() {
                let mut other = K_UNDO_SENTINEL;
                // SAFETY: a live position and a local record.
                unsafe {
                    prop_assert_eq!(kc_kaissa_play(pos, mv, &mut other), KC_OK);
                    prop_assert_eq!(kc_kaissa_undo(pos, &other), KC_OK);
                }
            }
        }
        let real = record;
        let mut forged = real;
        let piece = |b: [u8; 3]| kc_kaissa_piece { present: b[0], side: b[1], kind: b[2] };
        let valid_piece = |b: [u8; 3]| kc_kaissa_piece { present: 1, side: b[1] % 2, kind: b[2] % 10 };
        match tamper {
            0 => forged.mv = kc_kaissa_move { kind: raw.0[0], from: raw.0[1], to: raw.0[2] },
            1 => forged.captured = piece(raw.1),
            2 => forged.captured = valid_piece(raw.1),
            3 => forged.hash_before = raw.4,
            4 => forged.mv.to = raw.0[2] % 100,
            5 => forged.mv.from = raw.0[1] % 100,
            6 => forged.captured = kc_kaissa_piece { present: 0, side: 0, kind: 0 },
            7 => forged.moved = valid_piece(raw.2),
            8 => forged.turn_after = raw.3,
            9 => forged.hash_after = raw.5,
            10 => forged.check = raw.4,
            11 => forged.reserved = raw.2,
            _ => {
                forged = kc_kaissa_undo_record {
                    mv: kc_kaissa_move { kind: raw.0[0] % 2, from: raw.0[1] % 101, to: raw.0[2] % 100 },
                    moved: valid_piece(raw.2),
                    captured: kc_kaissa_piece { present: raw.1[0] % 2, side: raw.1[1] % 2, kind: raw.1[2] % 10 },
                    reserved: [0; 3],
                    turn_after: raw.3,
                    hash_before: raw.4,
                    hash_after: raw.5,
                    check: raw.4 ^ raw.5,
                }
            }
        }
        let before = k_snapshot(pos);
        // SAFETY: a live position and a local record.
        let status = unsafe { kc_kaissa_undo(pos, &forged) };
        if forged == real {
            prop_assert_eq!(status, KC_OK);
        } else {
            prop_assert!(status == KC_ERR_INVALID_ARGUMENT, "{:?}: {}", status, last_error());
            prop_assert_eq!(k_snapshot(pos), before);
            // The real record still works afterwards.
            // SAFETY: a live position and a local record.
            prop_assert_eq!(unsafe { kc_kaissa_undo(pos, &real) }, KC_OK);
        }
        free_k(pos);
    }

    /// A game's records used in any order: each undo succeeds exactly when
    /// the record is the one of the last move still on the board (the
    /// position equals the one its move made), else it changes nothing.
    #[test]
    fn kaissa_records_in_any_order(
        choices in proptest::collection::vec(any::<u16>(), 1..40),
        picks in proptest::collection::vec(any::<u16>(), 1..40),
    ) {
        let pos = k_new(K_START);
        // (record, position after its move, position before), as snapshots.
        type Made = (kc_kaissa_undo_record, (String, u64), (String, u64));
        let mut made: Vec<Made> = Vec::new();
        for index in choices {
            let moves = k_moves(pos);
            if moves.is_empty() {
                break;
            }
            let before = k_snapshot(pos);
            let mut record = K_UNDO_SENTINEL;
            // SAFETY: a live position and a local record.
            prop_assert_eq!(unsafe { kc_kaissa_play(pos, moves[index as usize % moves.len()], &mut record) }, KC_OK);
            made.push((record, k_snapshot(pos), before));
        }
        for pick in picks {
            let (record, after, before) = &made[pick as usize % made.len()];
            let now = k_snapshot(pos);
            // SAFETY: a live position and a local record.
            let status = unsafe { kc_kaissa_undo(pos, record) };
            if now == *after {
                prop_assert_eq!(status, KC_OK);
                prop_assert_eq!(&k_snapshot(pos), before);
            } else {
                prop_assert_eq!(status, KC_ERR_INVALID_ARGUMENT);
                prop_assert_eq!(k_snapshot(pos), now);
            }
        }
        free_k(pos);
    }

    /// Random Kaissa move structs, as for Chaturaji.
    #[test]
    fn random_kaissa_move_structs(
        choices in proptest::collection::vec(any::<u16>(), 0..30),
        probes in proptest::collection::vec(
            (prop_oneof![0u8..2, any::<u8>()], prop_oneof![0u8..100, Just(KC_NO_SQUARE), any::<u8>()],
             prop_oneof![0u8..100, any::<u8>()]),
            1..40,
        ),
    ) {
        let pos = k_new(K_START);
        for index in choices {
            let moves = k_moves(pos);
            if moves.is_empty() {
                break;
            }
            // SAFETY: a live position.
            prop_assert_eq!(unsafe { kc_kaissa_play(pos, moves[index as usize % moves.len()], null_mut()) }, KC_OK);
        }
        for (kind, from, to) in probes {
            let mv = kc_kaissa_move { kind, from, to };
            let before = k_snapshot(pos);
            let mut legal = SENTINEL;
            let mut undo = K_UNDO_SENTINEL;
            let mut buf = [SENTINEL as c_char; 16];
            let mut len = 0xABABusize;
            // SAFETY: a live position and local outputs.
            let (s_legal, s_play, s_text) = unsafe {
                (
                    kc_kaissa_is_legal(pos, mv, bool_slot(&mut legal)),
                    kc_kaissa_play(pos, mv, &mut undo),
                    kc_kaissa_move_to_text(mv, buf.as_mut_ptr(), buf.len(), &mut len),
                )
            };
            match s_legal {
                KC_OK => {
                    prop_assert_eq!(s_text, KC_OK);
                    if legal == 1 {
                        prop_assert_eq!(s_play, KC_OK);
                        // SAFETY: as above.
                        prop_assert_eq!(unsafe { kc_kaissa_undo(pos, &undo) }, KC_OK);
                    } else {
                        prop_assert_eq!(legal, 0);
                        prop_assert_eq!(s_play, KC_ERR_ILLEGAL_MOVE);
                        prop_assert_eq!(undo, K_UNDO_SENTINEL);
                    }
                }
                KC_ERR_INVALID_ARGUMENT => {
                    prop_assert_eq!(legal, SENTINEL);
                    prop_assert_eq!(s_play, KC_ERR_INVALID_ARGUMENT);
                    prop_assert_eq!(s_text, KC_ERR_INVALID_ARGUMENT);
                    prop_assert_eq!(undo, K_UNDO_SENTINEL);
                    prop_assert!(buf.iter().all(|&b| b == SENTINEL as c_char));
                }
                other => prop_assert!(false, "is_legal gave {:?}", other),
            }
            prop_assert_eq!(k_snapshot(pos), before);
        }
        free_k(pos);
    }
}

/// Regression (found while writing `tampered_chaturaji_undo_records`): after a capture the quiet count restarts at 0 and the hash
/// does not cover it, so a record whose saved `quiet` was edited still
/// replays to the same position and is accepted: the undo then "restores" a
/// quiet count the game never had.
#[test]
fn regression_forged_quiet_count_after_a_capture_is_refused() {
    // Red's boat h1-f3 (roll 2) captures Black's pawn: quiet 5 becomes 0.
    let text = "8/8/8/8/7,rK/5,bP,2/8/3,gK,3,rB r rbxg - - 5 9";
    let pos = ch_new(text, 0);
    let h1f3 = kc_chaturaji_move {
        kind: KC_CHATURAJI_MOVE_NORMAL,
        from: 7,
        to: 21,
        promotion: 0,
    };
    let mut undo = ch_undo_sentinel();
    // SAFETY: a live position and a local record.
    assert_eq!(
        unsafe { kc_chaturaji_play(pos, 2, h1f3, &mut undo) },
        KC_OK,
        "{}",
        last_error()
    );
    let after = ch_snapshot(pos);
    let mut forged = undo;
    forged.quiet = 0;
    // SAFETY: as above.
    let status = unsafe { kc_chaturaji_undo(pos, &forged) };
    let now = ch_snapshot(pos);
    free_ch(pos);
    assert_eq!(
        status, KC_ERR_INVALID_ARGUMENT,
        "a forged record was accepted: the position is now {:?} instead of {text:?}",
        now.0
    );
    assert_eq!(now, after);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// `kc_kaissa_play` right after `kc_kaissa_legal_moves` (when the
    /// position checks moves against the listing it keeps), after another
    /// move was played and taken back, and after a different position was
    /// listed: in every case it accepts exactly the legal moves of all
    /// 10,100 from/to pairs and placements, and a refused move changes
    /// nothing.
    #[test]
    fn kaissa_play_agrees_with_is_legal_after_listing(
        choices in proptest::collection::vec(any::<u16>(), 0..40),
        relist in 0u8..3,
    ) {
        let pos = k_new(K_START);
        for index in choices {
            let moves = k_moves(pos);
            if moves.is_empty() {
                break;
            }
            // SAFETY: a live position.
            prop_assert_eq!(unsafe { kc_kaissa_play(pos, moves[index as usize % moves.len()], null_mut()) }, KC_OK);
        }
        let listed = k_moves(pos);
        match relist {
            // Another position listed last (its moves kept instead).
            1 if !listed.is_empty() => {
                let mut record = K_UNDO_SENTINEL;
                // SAFETY: a live position and a local record.
                unsafe {
                    prop_assert_eq!(kc_kaissa_play(pos, listed[0], &mut record), KC_OK);
                    let _ = k_moves(pos);
                    prop_assert_eq!(kc_kaissa_undo(pos, &record), KC_OK);
                }
            }
            // The position's own listing, then a move played and taken back.
            2 if !listed.is_empty() => {
                let mut record = K_UNDO_SENTINEL;
                // SAFETY: a live position and a local record.
                unsafe {
                    prop_assert_eq!(kc_kaissa_play(pos, listed[listed.len() - 1], &mut record), KC_OK);
                    prop_assert_eq!(kc_kaissa_undo(pos, &record), KC_OK);
                }
            }
            _ => {}
        }
        let before = k_snapshot(pos);
        let mut accepted = 0;
        for from in 0..100u8 {
            for to in 0..101u8 {
                let mv = if to == 100 {
                    kc_kaissa_move { kind: KC_KAISSA_MOVE_PLACE, from: KC_NO_SQUARE, to: from }
                } else {
                    kc_kaissa_move { kind: KC_KAISSA_MOVE_NORMAL, from, to }
                };
                let mut legal = SENTINEL;
                let mut record = K_UNDO_SENTINEL;
                // SAFETY: a live position and local outputs.
                let (s_legal, s_play) = unsafe {
                    let s_legal = kc_kaissa_is_legal(pos, mv, bool_slot(&mut legal));
                    (s_legal, kc_kaissa_play(pos, mv, &mut record))
                };
                if from == to {
                    prop_assert_eq!(s_legal, KC_ERR_INVALID_ARGUMENT);
                    prop_assert_eq!(s_play, KC_ERR_INVALID_ARGUMENT);
                    continue;
                }
                prop_assert_eq!(s_legal, KC_OK);
                prop_assert_eq!(listed.contains(&mv), legal == 1, "{:?}", mv);
                if legal == 1 {
                    accepted += 1;
                    prop_assert_eq!(s_play, KC_OK);
                    // SAFETY: a live position and the record just written.
                    prop_assert_eq!(unsafe { kc_kaissa_undo(pos, &record) }, KC_OK);
                } else {
                    prop_assert_eq!(s_play, KC_ERR_ILLEGAL_MOVE, "{:?}", mv);
                    prop_assert_eq!(record, K_UNDO_SENTINEL);
                }
                let mut hash = 0;
                // SAFETY: a live position and a local output.
                prop_assert_eq!(unsafe { kc_kaissa_hash(pos, &mut hash) }, KC_OK);
                prop_assert_eq!(hash, before.1, "{:?}", mv);
            }
        }
        prop_assert_eq!(k_snapshot(pos), before);
        prop_assert_eq!(accepted, listed.len());
        free_k(pos);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Random bytes as a chosen-move token, and a genuine token with one
    /// field edited: refused, position unchanged; the genuine token plays
    /// once.
    #[test]
    fn forged_and_edited_chaturaji_tokens(
        seed in 0usize..4,
        choices in proptest::collection::vec(any::<(u8, u16)>(), 0..20),
        raw in any::<([u8; 8], (u32, u32), u64, u64)>(),
        field in 0usize..10,
        value in any::<u64>(),
    ) {
        let (pos, _) = ch_playout(seed, &choices);
        let before = ch_snapshot(pos);
        let forged = kc_chaturaji_chosen_move {
            mv: kc_chaturaji_move { kind: raw.0[0], from: raw.0[1], to: raw.0[2], promotion: raw.0[3] },
            roll: raw.0[4],
            reserved: [raw.0[5], raw.0[6], raw.0[7]],
            ply: raw.1.0,
            quiet: raw.1.1,
            hash: raw.2,
            check: raw.3,
        };
        // SAFETY: a live position and local tokens.
        unsafe {
            prop_assert_eq!(kc_chaturaji_play_chosen(pos, &forged, null_mut()), KC_ERR_INVALID_ARGUMENT);
            prop_assert_eq!(ch_snapshot(pos), before.clone());
            let mut rng = value;
            let mut chosen = ch_chosen_sentinel();
            let status = kc_chaturaji_choose(pos, 2 + (field % 4) as u8, &mut rng, &mut chosen);
            if status == KC_OK {
                let mut edited = chosen;
                let v = value | 1;
                match field {
                    0 => edited.mv.kind ^= v as u8,
                    1 => edited.mv.from ^= v as u8,
                    2 => edited.mv.to ^= v as u8,
                    3 => edited.mv.promotion ^= v as u8,
                    4 => edited.roll ^= v as u8,
                    5 => edited.ply ^= v as u32,
                    6 => edited.hash ^= v,
                    7 => edited.reserved[usize::from(value as u8 % 3)] ^= v as u8,
                    8 => edited.quiet ^= v as u32,
                    _ => edited.check ^= v,
                }
                prop_assert_eq!(kc_chaturaji_play_chosen(pos, &edited, null_mut()), KC_ERR_INVALID_ARGUMENT);
                prop_assert_eq!(ch_snapshot(pos), before.clone());
                prop_assert_eq!(kc_chaturaji_play_chosen(pos, &chosen, null_mut()), KC_OK, "{}", last_error());
                ch_still_valid(pos);
                let after = ch_snapshot(pos);
                prop_assert_eq!(kc_chaturaji_play_chosen(pos, &chosen, null_mut()), KC_ERR_INVALID_ARGUMENT);
                prop_assert_eq!(ch_snapshot(pos), after);
            } else {
                prop_assert_eq!(status, KC_ERR_GAME_OVER);
            }
        }
        free_ch(pos);
    }
}

// ---------------------------------------------------------------------------
// Make/unmake (`kc_kaissa_push`, `kc_kaissa_pop`) and the die-and-choice call
// (`kc_chaturaji_roll_and_choose`).

/// NULL and misaligned pointers for the push stack and the die-and-choice
/// call: their documented statuses, nothing written, nothing changed.
#[test]
fn push_pop_and_roll_and_choose_bad_pointers() {
    let pos = k_new(K_START);
    let before = k_snapshot(pos);
    let mv = k_moves(pos)[0];
    let misaligned = (pos as usize + 1) as *mut kc_kaissa_position;
    let mut count = 0xABABusize;
    // SAFETY: NULL and misaligned pointers are refused before any access;
    // the rest are live objects and local outputs.
    unsafe {
        failed(kc_kaissa_push(null_mut(), mv), KC_ERR_NULL_POINTER);
        failed(kc_kaissa_pop(null_mut()), KC_ERR_NULL_POINTER);
        failed(kc_kaissa_push(misaligned, mv), KC_ERR_INVALID_ARGUMENT);
        failed(kc_kaissa_pop(misaligned), KC_ERR_INVALID_ARGUMENT);
        failed(
            kc_kaissa_pushed_count(null(), &mut count),
            KC_ERR_NULL_POINTER,
        );
        failed(kc_kaissa_pushed_count(pos, null_mut()), KC_ERR_NULL_POINTER);
        let odd = (&mut count as *mut usize as usize + 1) as *mut usize;
        failed(kc_kaissa_pushed_count(pos, odd), KC_ERR_INVALID_ARGUMENT);
        assert_eq!(count, 0xABABusize);
        failed(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("no pushed move"), "{}", last_error());
    }
    assert_eq!(k_snapshot(pos), before);
    free_k(pos);

    let pos = ch_start();
    let before = ch_snapshot(pos);
    let mut words = [0xABAB_ABAB_ABAB_ABABu64; 2];
    let odd_rng = (words.as_mut_ptr() as usize + 1) as *mut u64;
    let mut rng = 7u64;
    let mut chosen = ch_chosen_sentinel();
    let odd_out = (&mut chosen as *mut kc_chaturaji_chosen_move as usize + 4)
        as *mut kc_chaturaji_chosen_move;
    let odd_pos = (pos as usize + 1) as *const kc_chaturaji_position;
    // SAFETY: as above.
    unsafe {
        failed(
            kc_chaturaji_roll_and_choose(null(), &mut rng, &mut chosen),
            KC_ERR_NULL_POINTER,
        );
        failed(
            kc_chaturaji_roll_and_choose(pos, null_mut(), &mut chosen),
            KC_ERR_NULL_POINTER,
        );
        failed(
            kc_chaturaji_roll_and_choose(pos, &mut rng, null_mut()),
            KC_ERR_NULL_POINTER,
        );
        failed(
            kc_chaturaji_roll_and_choose(odd_pos, &mut rng, &mut chosen),
            KC_ERR_INVALID_ARGUMENT,
        );
        failed(
            kc_chaturaji_roll_and_choose(pos, odd_rng, &mut chosen),
            KC_ERR_INVALID_ARGUMENT,
        );
        failed(
            kc_chaturaji_roll_and_choose(pos, &mut rng, odd_out),
            KC_ERR_INVALID_ARGUMENT,
        );
    }
    assert_eq!(rng, 7);
    assert_eq!(words, [0xABAB_ABAB_ABAB_ABABu64; 2]);
    assert_eq!(chosen, ch_chosen_sentinel());
    assert_eq!(ch_snapshot(pos), before);
    free_ch(pos);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random move structs (and the listed moves) pushed in random
    /// positions: `kc_kaissa_push` accepts exactly what `kc_kaissa_is_legal`
    /// calls legal (malformed structs give `KC_ERR_INVALID_ARGUMENT`),
    /// whether or not the moves were just listed, refusals change nothing,
    /// and popping everything gives back the position exactly. Any other
    /// change empties the stack.
    #[test]
    fn kaissa_push_agrees_with_is_legal_and_pops_back(
        choices in proptest::collection::vec(any::<u16>(), 0..20),
        steps in proptest::collection::vec(
            (any::<bool>(), any::<u16>(),
             (prop_oneof![0u8..2, any::<u8>()], prop_oneof![0u8..100, Just(KC_NO_SQUARE), any::<u8>()],
              prop_oneof![0u8..100, any::<u8>()])),
            1..40,
        ),
    ) {
        let pos = k_new(K_START);
        for index in choices {
            let moves = k_moves(pos);
            if moves.is_empty() {
                break;
            }
            // SAFETY: a live position.
            prop_assert_eq!(unsafe { kc_kaissa_play(pos, moves[index as usize % moves.len()], null_mut()) }, KC_OK);
        }
        let mut history = vec![k_snapshot(pos)];
        for (listed, index, (kind, from, to)) in steps {
            let mv = if listed {
                let moves = k_moves(pos);
                if moves.is_empty() {
                    kc_kaissa_move { kind, from, to }
                } else {
                    moves[index as usize % moves.len()]
                }
            } else {
                kc_kaissa_move { kind, from, to }
            };
            let before = k_snapshot(pos);
            let mut legal = SENTINEL;
            // SAFETY: a live position and local outputs.
            let (s_legal, s_push) = unsafe {
                (kc_kaissa_is_legal(pos, mv, bool_slot(&mut legal)), kc_kaissa_push(pos, mv))
            };
            match (s_legal, legal) {
                (KC_OK, 1) => {
                    prop_assert_eq!(s_push, KC_OK, "{}", last_error());
                    history.push(k_snapshot(pos));
                }
                (KC_OK, 0) => {
                    prop_assert_eq!(s_push, KC_ERR_ILLEGAL_MOVE);
                    prop_assert_eq!(k_snapshot(pos), before);
                }
                _ => {
                    prop_assert_eq!(s_legal, KC_ERR_INVALID_ARGUMENT);
                    prop_assert_eq!(s_push, KC_ERR_INVALID_ARGUMENT);
                    prop_assert_eq!(k_snapshot(pos), before);
                }
            }
            let mut count = 0;
            // SAFETY: a live position and a local output.
            prop_assert_eq!(unsafe { kc_kaissa_pushed_count(pos, &mut count) }, KC_OK);
            prop_assert_eq!(count, history.len() - 1);
        }
        while let Some(expected) = history.pop() {
            prop_assert_eq!(k_snapshot(pos), expected);
            // SAFETY: a live position.
            let status = unsafe { kc_kaissa_pop(pos) };
            if history.is_empty() {
                prop_assert_eq!(status, KC_ERR_INVALID_ARGUMENT);
            } else {
                prop_assert_eq!(status, KC_OK);
            }
        }
        // Another change (a played move) forgets what was pushed.
        let moves = k_moves(pos);
        if moves.len() >= 2 {
            let mut undo = K_UNDO_SENTINEL;
            // SAFETY: a live position and a local record.
            unsafe {
                prop_assert_eq!(kc_kaissa_push(pos, moves[0]), KC_OK);
                let after_push = k_snapshot(pos);
                let replies = k_moves(pos);
                if let Some(&reply) = replies.first() {
                    prop_assert_eq!(kc_kaissa_play(pos, reply, &mut undo), KC_OK);
                    prop_assert_eq!(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
                    prop_assert_eq!(kc_kaissa_undo(pos, &undo), KC_OK);
                    prop_assert_eq!(k_snapshot(pos), after_push);
                    prop_assert_eq!(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
                }
            }
        }
        free_k(pos);
    }

    /// `kc_chaturaji_roll_and_choose` is `kc_chaturaji_roll` then
    /// `kc_chaturaji_choose`: same draws, same token, and the token plays
    /// once; a finished game gives `KC_ERR_GAME_OVER` with the state
    /// untouched.
    #[test]
    fn roll_and_choose_is_roll_then_choose(
        seed in 0usize..4,
        choices in proptest::collection::vec(any::<(u8, u16)>(), 0..40),
        state in any::<u64>(),
    ) {
        let (pos, _) = ch_playout(seed, &choices);
        let before = ch_snapshot(pos);
        let (mut rng, mut rng2) = (state, state);
        let (mut chosen, mut twin) = (ch_chosen_sentinel(), ch_chosen_sentinel());
        let mut roll = SENTINEL;
        // SAFETY: a live position and local outputs.
        unsafe {
            let status = kc_chaturaji_roll_and_choose(pos, &mut rng, &mut chosen);
            prop_assert_eq!(ch_snapshot(pos), before.clone());
            if status == KC_OK {
                prop_assert_eq!(kc_chaturaji_roll(&mut rng2, &mut roll), KC_OK);
                prop_assert_eq!(kc_chaturaji_choose(pos, roll, &mut rng2, &mut twin), KC_OK);
                prop_assert_eq!(rng, rng2);
                prop_assert_eq!(chosen, twin);
                prop_assert_eq!(kc_chaturaji_play_chosen(pos, &chosen, null_mut()), KC_OK, "{}", last_error());
                ch_still_valid(pos);
                prop_assert_eq!(kc_chaturaji_play_chosen(pos, &chosen, null_mut()), KC_ERR_INVALID_ARGUMENT);
            } else {
                prop_assert_eq!(status, KC_ERR_GAME_OVER);
                prop_assert_eq!(rng, state);
                prop_assert_eq!(chosen, ch_chosen_sentinel());
            }
        }
        free_ch(pos);
    }
}

/// A token stays bound to its position's rules options when another
/// position (same board, other alliances) is copied over its position: the
/// copy refreshes what the token's digest is checked against.
#[test]
fn token_refused_after_copy_under_other_rules() {
    let pos = ch_start();
    let (sheet, opposite) = (rules(0), rules(1));
    let mut other: *mut kc_chaturaji_position = null_mut();
    let mut again: *mut kc_chaturaji_position = null_mut();
    let mut rng = 3u64;
    let mut chosen = ch_chosen_sentinel();
    // SAFETY: live positions and local outputs.
    unsafe {
        assert_eq!(
            kc_chaturaji_position_new_start(&opposite, &mut other),
            KC_OK
        );
        assert_eq!(kc_chaturaji_position_new_start(&sheet, &mut again), KC_OK);
        assert_eq!(
            kc_chaturaji_roll_and_choose(pos, &mut rng, &mut chosen),
            KC_OK
        );
        assert_eq!(kc_chaturaji_position_copy(other, pos), KC_OK);
        let before = ch_snapshot(pos);
        failed(
            kc_chaturaji_play_chosen(pos, &chosen, null_mut()),
            KC_ERR_INVALID_ARGUMENT,
        );
        assert_eq!(ch_snapshot(pos), before);
        // Copied back under the sheet's rules: the token fits again.
        assert_eq!(kc_chaturaji_position_copy(again, pos), KC_OK);
        assert_eq!(kc_chaturaji_play_chosen(pos, &chosen, null_mut()), KC_OK);
        kc_chaturaji_position_free(other);
        kc_chaturaji_position_free(again);
    }
    free_ch(pos);
}

// ---------------------------------------------------------------------------
// Moves by index (`kc_kaissa_list`, `kc_kaissa_push_index`,
// `kc_kaissa_pop_push_index`, `kc_kaissa_listed_move(s)`).

/// NULL and misaligned pointers for the calls by index: their documented
/// statuses, nothing written, nothing changed.
#[test]
fn indexed_bad_pointers() {
    let pos = k_new(K_START);
    let before = k_snapshot(pos);
    let misaligned = (pos as usize + 1) as *mut kc_kaissa_position;
    let mut count = 0xABABusize;
    let odd_count = (&mut count as *mut usize as usize + 1) as *mut usize;
    let mut mv = K_MOVE_SENTINEL;
    let mut buf = [K_MOVE_SENTINEL; 4];
    // SAFETY: NULL and misaligned pointers are refused before any access;
    // the rest are live objects and local outputs.
    unsafe {
        failed(kc_kaissa_list(null_mut(), &mut count), KC_ERR_NULL_POINTER);
        failed(
            kc_kaissa_list(misaligned, &mut count),
            KC_ERR_INVALID_ARGUMENT,
        );
        failed(kc_kaissa_list(pos, null_mut()), KC_ERR_NULL_POINTER);
        failed(kc_kaissa_list(pos, odd_count), KC_ERR_INVALID_ARGUMENT);
        failed(kc_kaissa_push_index(null_mut(), 0), KC_ERR_NULL_POINTER);
        failed(kc_kaissa_push_index(misaligned, 0), KC_ERR_INVALID_ARGUMENT);
        failed(kc_kaissa_pop_push_index(null_mut(), 0), KC_ERR_NULL_POINTER);
        failed(
            kc_kaissa_pop_push_index(misaligned, 0),
            KC_ERR_INVALID_ARGUMENT,
        );
        failed(
            kc_kaissa_listed_move(null(), 0, &mut mv),
            KC_ERR_NULL_POINTER,
        );
        failed(
            kc_kaissa_listed_move(misaligned, 0, &mut mv),
            KC_ERR_INVALID_ARGUMENT,
        );
        failed(
            kc_kaissa_listed_moves(null(), buf.as_mut_ptr(), 4, &mut count),
            KC_ERR_NULL_POINTER,
        );
        // No listing yet.
        failed(kc_kaissa_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
        assert!(last_error().contains("no listing"), "{}", last_error());
        failed(
            kc_kaissa_listed_move(pos, 0, &mut mv),
            KC_ERR_INVALID_ARGUMENT,
        );
        failed(
            kc_kaissa_listed_moves(pos, buf.as_mut_ptr(), 4, &mut count),
            KC_ERR_INVALID_ARGUMENT,
        );
        failed(kc_kaissa_pop_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
        assert_eq!(count, 0xABABusize);
        // Listed: bad output pointers still refused, nothing written.
        assert_eq!(kc_kaissa_list(pos, &mut count), KC_OK);
        assert_eq!(count, 40);
        count = 0xABAB;
        failed(
            kc_kaissa_listed_move(pos, 0, null_mut()),
            KC_ERR_NULL_POINTER,
        );
        let mut bytes = [SENTINEL; 8];
        let odd_mv = bytes.as_mut_ptr().add(1).cast::<kc_kaissa_move>();
        assert_eq!(kc_kaissa_listed_move(pos, 0, odd_mv), KC_OK);
        assert_eq!(bytes[0], SENTINEL);
        assert_eq!(bytes[4..], [SENTINEL; 4]);
        failed(
            kc_kaissa_listed_moves(pos, buf.as_mut_ptr(), 4, null_mut()),
            KC_ERR_NULL_POINTER,
        );
        failed(
            kc_kaissa_listed_moves(pos, buf.as_mut_ptr(), 4, &mut count),
            KC_ERR_BUFFER_TOO_SMALL,
        );
        assert_eq!(count, 40);
        assert_eq!(buf, [K_MOVE_SENTINEL; 4]);
        failed(
            kc_kaissa_listed_move(pos, 40, &mut mv),
            KC_ERR_INVALID_ARGUMENT,
        );
        failed(kc_kaissa_push_index(pos, 40), KC_ERR_INVALID_ARGUMENT);
        failed(
            kc_kaissa_push_index(pos, usize::MAX),
            KC_ERR_INVALID_ARGUMENT,
        );
        assert!(last_error().contains("out of range"), "{}", last_error());
    }
    assert_eq!(k_snapshot(pos), before);
    free_k(pos);
}

/// The C struct of a Rust move.
fn k_c_move(mv: kaissa_chaturaji::kaissa::Move) -> kc_kaissa_move {
    use kaissa_chaturaji::kaissa::Move;
    match mv {
        Move::Normal { from, to } => kc_kaissa_move {
            kind: KC_KAISSA_MOVE_NORMAL,
            from: from.index(),
            to: to.index(),
        },
        Move::Place { to } => kc_kaissa_move {
            kind: KC_KAISSA_MOVE_PLACE,
            from: KC_NO_SQUARE,
            to: to.index(),
        },
    }
}

/// One step of [`indexed_calls_agree_with_a_model`].
#[derive(Debug, Clone)]
enum IndexedStep {
    List,
    PushIndex(usize),
    PopPushIndex(usize),
    /// `kc_kaissa_push` of a legal move (the index into the legal moves).
    Push(u16),
    Pop,
    /// `kc_kaissa_play` of a legal move, keeping its record.
    Play(u16),
    /// `kc_kaissa_undo` with the record of the last `Play`.
    Undo,
    /// `kc_kaissa_position_copy` of another position into the handle.
    CopyFrom(u16),
    ListedMove(usize),
    ListedMoves,
}

fn indexed_step() -> impl Strategy<Value = IndexedStep> {
    // Indexes mostly small (and valid), sometimes anything.
    let index = prop_oneof![4 => 0usize..45, 1 => any::<usize>()];
    prop_oneof![
        4 => Just(IndexedStep::List),
        6 => index.clone().prop_map(IndexedStep::PushIndex),
        3 => index.clone().prop_map(IndexedStep::PopPushIndex),
        2 => any::<u16>().prop_map(IndexedStep::Push),
        5 => Just(IndexedStep::Pop),
        1 => any::<u16>().prop_map(IndexedStep::Play),
        1 => Just(IndexedStep::Undo),
        1 => any::<u16>().prop_map(IndexedStep::CopyFrom),
        2 => index.prop_map(IndexedStep::ListedMove),
        1 => Just(IndexedStep::ListedMoves),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Random sequences of the calls by index mixed with push, pop, play,
    /// undo and copy agree with a Rust model: a `Position`, the stack of
    /// pushed moves, and per depth the listing made there since the depth
    /// was last entered (none after a push into it; none at all after
    /// play, undo or copy; popping back keeps it). Every call returns the
    /// model's status (never `KC_ERR_PANIC`), a refused call changes
    /// nothing, a listed index plays exactly the model's move, and a
    /// listing the model has is always the legal moves of the current
    /// position (so a stale index can never be played).
    #[test]
    fn indexed_calls_agree_with_a_model(
        opening in proptest::collection::vec(any::<u16>(), 0..12),
        steps in proptest::collection::vec(indexed_step(), 1..80),
    ) {
        use kaissa_chaturaji::kaissa::{Move, MoveList, Position, Undo};

        fn legal(pos: &Position) -> Vec<Move> {
            let mut list = MoveList::new();
            pos.generate_moves(&mut list);
            list.to_vec()
        }

        let mut model = Position::start();
        for choice in opening {
            let moves = legal(&model);
            if moves.is_empty() {
                break;
            }
            model.play_unchecked(moves[choice as usize % moves.len()]);
        }
        let pos = k_new(&model.to_string());
        let other = k_new(K_START);
        let mut stack: Vec<Undo> = Vec::new();
        // Per depth: the listing made there since the depth was entered.
        let mut lists: Vec<Option<Vec<Move>>> = vec![None];
        // The record of the last play, the position after it and before it.
        let mut record: Option<(kc_kaissa_undo_record, String, Position)> = None;

        for step in steps {
            let depth = stack.len();
            let before = k_snapshot(pos);
            let listing = lists.get(depth).cloned().flatten();
            // SAFETY (every call below): a live position and local outputs.
            match step {
                IndexedStep::List => {
                    let mut count = 0xABABusize;
                    prop_assert_eq!(unsafe { kc_kaissa_list(pos, &mut count) }, KC_OK);
                    let moves = legal(&model);
                    prop_assert_eq!(count, moves.len());
                    lists.resize(lists.len().max(depth + 1), None);
                    lists[depth] = Some(moves);
                    prop_assert_eq!(k_snapshot(pos), before);
                }
                IndexedStep::PushIndex(index) => {
                    let status = unsafe { kc_kaissa_push_index(pos, index) };
                    match listing.as_ref().and_then(|moves| moves.get(index)) {
                        Some(&mv) => {
                            prop_assert_eq!(status, KC_OK, "{}", last_error());
                            stack.push(model.play_unchecked(mv));
                            lists.resize(lists.len().max(depth + 2), None);
                            lists[depth + 1] = None;
                        }
                        None => {
                            prop_assert_eq!(status, KC_ERR_INVALID_ARGUMENT);
                            prop_assert_eq!(k_snapshot(pos), before);
                        }
                    }
                }
                IndexedStep::PopPushIndex(index) => {
                    let status = unsafe { kc_kaissa_pop_push_index(pos, index) };
                    let below = depth.checked_sub(1).and_then(|below| lists[below].as_ref());
                    match below.and_then(|moves| moves.get(index)).copied() {
                        Some(mv) if depth > 0 => {
                            prop_assert_eq!(status, KC_OK, "{}", last_error());
                            model.undo_unchecked(stack.pop().unwrap());
                            stack.push(model.play_unchecked(mv));
                            lists[depth] = None;
                        }
                        _ => {
                            prop_assert_eq!(status, KC_ERR_INVALID_ARGUMENT);
                            prop_assert_eq!(k_snapshot(pos), before);
                        }
                    }
                }
                IndexedStep::Push(choice) => {
                    let moves = legal(&model);
                    if choice % 2 == 0 {
                        // Listed by `kc_kaissa_legal_moves` first: the push
                        // takes its fast path.
                        let listed: Vec<_> = moves.iter().map(|&mv| k_c_move(mv)).collect();
                        prop_assert_eq!(k_moves(pos), listed);
                    }
                    if let Some(&mv) = moves.get(choice as usize % moves.len().max(1)) {
                        prop_assert_eq!(unsafe { kc_kaissa_push(pos, k_c_move(mv)) }, KC_OK);
                        stack.push(model.play_unchecked(mv));
                        lists.resize(lists.len().max(depth + 2), None);
                        lists[depth + 1] = None;
                    }
                }
                IndexedStep::Pop => {
                    let status = unsafe { kc_kaissa_pop(pos) };
                    match stack.pop() {
                        Some(undo) => {
                            prop_assert_eq!(status, KC_OK);
                            model.undo_unchecked(undo);
                        }
                        None => {
                            prop_assert_eq!(status, KC_ERR_INVALID_ARGUMENT);
                            prop_assert_eq!(k_snapshot(pos), before);
                        }
                    }
                }
                IndexedStep::Play(choice) => {
                    let moves = legal(&model);
                    if let Some(&mv) = moves.get(choice as usize % moves.len().max(1)) {
                        let mut undo = K_UNDO_SENTINEL;
                        let was = model.clone();
                        prop_assert_eq!(unsafe { kc_kaissa_play(pos, k_c_move(mv), &mut undo) }, KC_OK);
                        model.play_unchecked(mv);
                        record = Some((undo, model.to_string(), was));
                        stack.clear();
                        lists = vec![None];
                    }
                }
                IndexedStep::Undo => {
                    if let Some((undo, after, was)) = record.clone() {
                        let status = unsafe { kc_kaissa_undo(pos, &undo) };
                        if after == model.to_string() {
                            prop_assert_eq!(status, KC_OK, "{}", last_error());
                            model = was;
                            stack.clear();
                            lists = vec![None];
                        } else {
                            prop_assert_eq!(status, KC_ERR_INVALID_ARGUMENT);
                            prop_assert_eq!(k_snapshot(pos), before);
                        }
                    }
                }
                IndexedStep::CopyFrom(choice) => {
                    // `other` walks on by one legal move each time.
                    let (text, _) = k_snapshot(other);
                    let mut source: Position = text.parse().unwrap();
                    let moves = legal(&source);
                    if let Some(&mv) = moves.get(choice as usize % moves.len().max(1)) {
                        prop_assert_eq!(unsafe { kc_kaissa_play(other, k_c_move(mv), null_mut()) }, KC_OK);
                        source.play_unchecked(mv);
                    }
                    prop_assert_eq!(unsafe { kc_kaissa_position_copy(other, pos) }, KC_OK);
                    model = source;
                    stack.clear();
                    lists = vec![None];
                }
                IndexedStep::ListedMove(index) => {
                    let mut mv = K_MOVE_SENTINEL;
                    let status = unsafe { kc_kaissa_listed_move(pos, index, &mut mv) };
                    match listing.as_ref().and_then(|moves| moves.get(index)) {
                        Some(&expected) => {
                            prop_assert_eq!(status, KC_OK);
                            prop_assert_eq!(mv, k_c_move(expected));
                        }
                        None => {
                            prop_assert_eq!(status, KC_ERR_INVALID_ARGUMENT);
                            prop_assert_eq!(mv, K_MOVE_SENTINEL);
                        }
                    }
                }
                IndexedStep::ListedMoves => {
                    let mut buf = vec![K_MOVE_SENTINEL; KC_KAISSA_MAX_MOVES];
                    let mut len = 0xABABusize;
                    let status = unsafe {
                        kc_kaissa_listed_moves(pos, buf.as_mut_ptr(), buf.len(), &mut len)
                    };
                    match &listing {
                        Some(moves) => {
                            prop_assert_eq!(status, KC_OK);
                            let expected: Vec<_> = moves.iter().map(|&mv| k_c_move(mv)).collect();
                            prop_assert_eq!(&buf[..len], &expected[..]);
                        }
                        None => {
                            prop_assert_eq!(status, KC_ERR_INVALID_ARGUMENT);
                            prop_assert_eq!(len, 0xABABusize);
                        }
                    }
                }
            }
            // The handle agrees with the model after every step.
            prop_assert_eq!(k_snapshot(pos), (model.to_string(), model.hash()));
            let mut count = 0;
            prop_assert_eq!(unsafe { kc_kaissa_pushed_count(pos, &mut count) }, KC_OK);
            prop_assert_eq!(count, stack.len());
            // A listing the model keeps describes its depth's position.
            if let Some(Some(moves)) = lists.get(stack.len()) {
                prop_assert_eq!(moves, &legal(&model));
            }
        }
        free_k(other);
        free_k(pos);
    }
}

/// A deep stack: a long game pushed move by move (by index, listing only
/// every other ply, and by `kc_kaissa_push`), then everything popped back
/// to the start; the listings of the depths passed without listing are
/// refused, and the positions come back exactly.
#[test]
fn indexed_deep_stack_pops_back() {
    let pos = k_new(K_START);
    let mut history = vec![k_snapshot(pos)];
    let mut rng = 12345u64;
    for ply in 0..600usize {
        let mut count = 0;
        // SAFETY: a live position and local outputs.
        unsafe {
            let mut next = || {
                rng = rng
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (rng >> 33) as usize
            };
            if ply % 2 == 0 {
                assert_eq!(kc_kaissa_list(pos, &mut count), KC_OK);
                if count == 0 {
                    break;
                }
                assert_eq!(kc_kaissa_push_index(pos, next() % count), KC_OK);
            } else {
                failed(kc_kaissa_push_index(pos, 0), KC_ERR_INVALID_ARGUMENT);
                let moves = k_moves(pos);
                if moves.is_empty() {
                    break;
                }
                assert_eq!(kc_kaissa_push(pos, moves[next() % moves.len()]), KC_OK);
            }
        }
        history.push(k_snapshot(pos));
    }
    let mut count = 0;
    // SAFETY: a live position and a local output.
    unsafe {
        assert_eq!(kc_kaissa_pushed_count(pos, &mut count), KC_OK);
        assert_eq!(count, history.len() - 1);
        while let Some(expected) = history.pop() {
            assert_eq!(k_snapshot(pos), expected);
            if history.is_empty() {
                failed(kc_kaissa_pop(pos), KC_ERR_INVALID_ARGUMENT);
            } else {
                assert_eq!(kc_kaissa_pop(pos), KC_OK);
            }
        }
    }
    free_k(pos);
}
