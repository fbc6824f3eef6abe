//! The Ludii ruleset's part of the C ABI (the rules reference, §2.13): its rules
//! options, the scores, the final ranking, the turn count and the pending
//! promotion decision with its choices and moves.
//!
//! A Ludii position is an ordinary `kc_chaturaji_position` created with
//! rules whose `ruleset` is `KC_CHATURAJI_RULESET_LUDII`
//! (`kc_chaturaji_rules_ludii`); every `kc_chaturaji_*` function works on
//! it (text, moves, play, undo, perft, outcome). A promotion decision is a
//! move of kind `KC_CHATURAJI_MOVE_DECISION` (text `=K`, `=E`, `=H`, `=B`),
//! made without a roll: while one is pending, `kc_chaturaji_legal_moves`,
//! `_is_legal`, `_play`, `_choose_move` and `_choose` want a roll 2..5 as
//! always and ignore it, and `kc_chaturaji_play_random` throws no die for it
//! (it writes the roll 0).

use arrayvec::ArrayVec;

use super::position::kc_chaturaji_position;
use super::types::{kc_chaturaji_move, kc_chaturaji_rules};
use crate::chaturaji::{PieceKind, Rules};
use crate::ffi::handle::handle_ref as position_ref;
use crate::ffi::kc_status::{self, *};
use crate::ffi::{
    answer, fail, out_ptr, run, write_array, write_array_with, write_out, KC_NO_SQUARE,
};

/// The most choices a promotion decision offers (raja, elephant, horse,
/// boat): a buffer of this many elements always holds
/// `kc_chaturaji_promotion_choices`, `kc_chaturaji_decision_moves` too.
pub const KC_CHATURAJI_MAX_PROMOTION_CHOICES: usize = 4;
/// Under the Ludii ruleset, the game ends drawn for all once this many
/// rolled plies (promotion decisions not counted) have been played.
pub const KC_CHATURAJI_LUDII_TURN_LIMIT: u32 = 5000;

const _: () = assert!(KC_CHATURAJI_LUDII_TURN_LIMIT == crate::chaturaji::LUDII_TURN_LIMIT);

/// The four scores of a position, by colour (`scores[KC_CHATURAJI_RED]`
/// .. `scores[KC_CHATURAJI_GREEN]`). Always 0 under the sheet's rules.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_score_info {
    /// The score of each colour (0 Red, 1 Black, 2 Yellow, 3 Green).
    pub scores: [u32; 4],
}

/// The final ranking of a game, by colour. While the game goes on,
/// `finished` is 0 and every rank is 0. Once it is over, `finished` is 1
/// and `ranks[colour]` is 1 for the best, colours that tie sharing a rank
/// (a colour's rank is one more than the number of colours above it: 1, 2,
/// 2, 4). Ludii ruleset: by score when one colour owns every piece left,
/// all 1 at the turn limit; sheet: the winning alliance 1 and the other 3,
/// all 1 after a draw.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_chaturaji_ranking_info {
    /// 1 when the game is over (the ranks are final), else 0.
    pub finished: u8,
    /// The rank of each colour (0 Red, 1 Black, 2 Yellow, 3 Green), or 0
    /// while the game goes on.
    pub ranks: [u8; 4],
}

/// Writes the Ludii ruleset's options to `*out`: `ruleset`
/// `KC_CHATURAJI_RULESET_LUDII`, the default alliances (not used) and no
/// quiet-ply draw limit (`draw_limit` 0).
///
/// # Safety
/// `out` points to a writable `kc_chaturaji_rules`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_rules_ludii(out: *mut kc_chaturaji_rules) -> kc_status {
    run("kc_chaturaji_rules_ludii", || {
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(kc_chaturaji_rules::from_rust(Rules::ludii()))) }
    })
}

/// Writes the four scores of `pos` to `*out` (Ludii ruleset: the values of
/// the pieces each colour has captured, pawn 1, boat 2, horse 3, elephant
/// 4, raja 5; always 0 under the sheet's rules).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable
/// `kc_chaturaji_score_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_scores(
    pos: *const kc_chaturaji_position,
    out: *mut kc_chaturaji_score_info,
) -> kc_status {
    run("kc_chaturaji_scores", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let info = kc_chaturaji_score_info {
            scores: pos.scores(),
        };
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, info) };
        Ok(())
    })
}

/// Writes the final ranking of `pos` to `*out` (see
/// `kc_chaturaji_ranking_info`; all 0 while the game goes on).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable
/// `kc_chaturaji_ranking_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_ranking(
    pos: *const kc_chaturaji_position,
    out: *mut kc_chaturaji_ranking_info,
) -> kc_status {
    run("kc_chaturaji_ranking", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let info = match pos.ranking() {
            Some(ranks) => kc_chaturaji_ranking_info { finished: 1, ranks },
            None => kc_chaturaji_ranking_info {
                finished: 0,
                ranks: [0; 4],
            },
        };
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, info) };
        Ok(())
    })
}

/// Writes the number of rolled plies played since the start to `*out`
/// (Ludii's `<turns>`, what the turn limit counts: promotion decisions are
/// not counted; under the sheet's rules the same as `kc_chaturaji_ply`).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_turns(
    pos: *const kc_chaturaji_position,
    out: *mut u32,
) -> kc_status {
    run("kc_chaturaji_turns", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.ply())) }
    })
}

/// Writes to `*out` the square (0..63) of the pawn whose promotion the
/// colour to move must decide now, or `KC_NO_SQUARE` (255) when no decision
/// is pending (always under the sheet's rules).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_pending_promotion(
    pos: *const kc_chaturaji_position,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_pending_promotion", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let square = pos
            .pending_promotion()
            .map_or(KC_NO_SQUARE, |square| square.index() as u8);
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, square) };
        Ok(())
    })
}

/// Writes the kinds the pending promotion decision may choose into `buf`
/// (`KC_CHATURAJI_RAJA`, `_ELEPHANT`, `_HORSE`, `_BOAT`, in that order:
/// those of which the colour to move has no piece) and their number to
/// `*out_len`; the array buffer convention of the module docs
/// (`KC_CHATURAJI_MAX_PROMOTION_CHOICES` is always enough). None when no
/// decision is pending, and none when the colour has every kind: its only
/// decision move is then the pass.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to
/// `cap` writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_promotion_choices(
    pos: *const kc_chaturaji_position,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_promotion_choices", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let kinds: ArrayVec<u8, 4> = pos
            .promotion_choices()
            .iter()
            .map(|kind| kind.index() as u8)
            .collect();
        // SAFETY: forwarded from the caller.
        unsafe { write_array(&kinds, buf, cap, out_len) }
    })
}

/// Writes the moves of the pending promotion decision into `buf` (a
/// `KC_CHATURAJI_MOVE_DECISION` move per choice, or the single pass when
/// the colour has every kind) and their number to `*out_len`; none when no
/// decision is pending or the game is over. The same moves
/// `kc_chaturaji_legal_moves` gives for any roll while the decision is
/// pending. Array buffer convention of the module docs.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to
/// `cap` writable `kc_chaturaji_move`s; `out_len` points to a writable
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_decision_moves(
    pos: *const kc_chaturaji_position,
    buf: *mut kc_chaturaji_move,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_decision_moves", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let moves = pos.decision_moves();
        // SAFETY: forwarded from the caller.
        unsafe { write_array_with(&moves, kc_chaturaji_move::from_rust, buf, cap, out_len) }
    })
}

/// Writes to `*out` what capturing a piece of `kind` (0..4) scores under
/// the Ludii ruleset: raja 5, elephant 4, horse 3, boat 2, pawn 1. A kind
/// of 5 or more gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `out` points to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_piece_value(kind: u8, out: *mut u32) -> kc_status {
    run("kc_chaturaji_piece_value", || {
        let out = out_ptr(out, "out")?;
        let kind = PieceKind::ALL.get(usize::from(kind)).ok_or_else(|| {
            fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("kind {kind} is not a piece kind (0 raja .. 4 pawn)"),
            )
        })?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, kind.value()) };
        Ok(())
    })
}
