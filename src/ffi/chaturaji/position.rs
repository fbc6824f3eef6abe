//! The opaque Chaturaji position handle and its rules options: the rules
//! options and the fixed board data, making, copying and freeing a
//! position, and the calls that read it.

use core::ffi::c_char;

use arrayvec::ArrayVec;

use crate::chaturaji::{
    Outcome, Position, Rules, MARKED_SQUARES, SPECIAL_PROMOTION_SQUARES, THRONES,
};
use crate::ffi::boundary::{fast_path, usable2};
use crate::ffi::handle::{
    clone_handle, copy_handle, free_handle, give_handle as give_position,
    handle_ref as position_ref, Handle,
};
use crate::ffi::kc_status::{self, *};
use crate::ffi::{answer, fail, out_ptr, read_str, run, write_array};

use super::types::*;

/// A Chaturaji position with its rules options, opaque to C. Created by
/// `kc_chaturaji_position_new_start`, `kc_chaturaji_position_from_text` or
/// `kc_chaturaji_position_clone`; the caller owns it and must release it
/// with `kc_chaturaji_position_free` exactly once. Not thread-safe: do not
/// use one position from two threads at the same time (distinct positions
/// are independent).
pub struct kc_chaturaji_position {
    pub(super) pos: Position,
    /// `rules_code(pos.rules)`, for the chosen-move tokens' digest. The
    /// rules of a position never change (no move, undo or exchange touches
    /// them); only `kc_chaturaji_position_copy` replaces the whole position,
    /// and it refreshes this ([`Handle::replaced`]).
    pub(super) rules_code: u64,
}

impl Handle for kc_chaturaji_position {
    type Inner = Position;
    fn wrap(pos: Position) -> Self {
        let rules_code = rules_code(pos.rules);
        kc_chaturaji_position { pos, rules_code }
    }
    fn inner(&self) -> &Position {
        &self.pos
    }
    fn inner_mut(&mut self) -> &mut Position {
        &mut self.pos
    }
    fn replaced(&mut self) {
        self.rules_code = rules_code(self.pos.rules);
    }
}

// ---------------------------------------------------------------------------
// Rules options.

/// Writes the default rules options to `*out`: the sheet's alliances
/// (`KC_CHATURAJI_ALLIANCES_SHEET`) and the draw limit
/// `KC_CHATURAJI_DEFAULT_DRAW_LIMIT` (200).
///
/// # Safety
/// `out` points to a writable `kc_chaturaji_rules`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_rules_default(out: *mut kc_chaturaji_rules) -> kc_status {
    run("kc_chaturaji_rules_default", || {
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(kc_chaturaji_rules::from_rust(Rules::default()))) }
    })
}

/// Writes the ally of `colour` (0..3) under `rules` to `*out`. Out-of-range
/// values (a colour of 4 or more, unknown alliances) give
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `rules` points to a readable `kc_chaturaji_rules`; `out` points to a
/// writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_ally(
    rules: *const kc_chaturaji_rules,
    colour: u8,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_ally", || {
        // SAFETY: forwarded from the caller.
        let rules = unsafe { read_rules(rules)? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(rules.ally(colour).index() as u8)) }
    })
}

/// Writes the two colours of `colour`'s alliance under `rules` to `*out`,
/// the smaller first. Out-of-range values give `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `rules` points to a readable `kc_chaturaji_rules`; `out` points to a
/// writable `kc_chaturaji_alliance_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_alliance_of(
    rules: *const kc_chaturaji_rules,
    colour: u8,
    out: *mut kc_chaturaji_alliance_info,
) -> kc_status {
    run("kc_chaturaji_alliance_of", || {
        // SAFETY: forwarded from the caller.
        let rules = unsafe { read_rules(rules)? };
        let colour = colour_in(colour, "colour")?;
        let [a, b] = rules.alliance_of(colour);
        // SAFETY: forwarded from the caller.
        unsafe {
            answer(out, || {
                Ok(kc_chaturaji_alliance_info {
                    colours: [a.index() as u8, b.index() as u8],
                })
            })
        }
    })
}

// ---------------------------------------------------------------------------
// Fixed board data.

/// Writes the 16 marked squares (a1 d1 e1 h1 a4 d4 e4 h4 a5 d5 e5 h5 a8 d8
/// e8 h8, ascending) into `buf` and their number to `*out_len`. Array buffer
/// convention: a `cap` below `KC_CHATURAJI_MARKED_SQUARE_COUNT` gives
/// `KC_ERR_BUFFER_TOO_SMALL` with the count needed in `*out_len`; `buf` may
/// be NULL when `cap` is 0.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_marked_squares(
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_marked_squares", || {
        let squares: ArrayVec<u8, 16> = MARKED_SQUARES.iter().map(|s| s.index() as u8).collect();
        // SAFETY: forwarded from the caller.
        unsafe { write_array(&squares, buf, cap, out_len) }
    })
}

/// Writes the 16 special promotion squares (the start squares of rajas,
/// elephants, horses and boats, ascending) into `buf` and their number to
/// `*out_len`; same array buffer convention as
/// `kc_chaturaji_marked_squares`.
///
/// # Safety
/// `buf` is NULL (with `cap` 0) or points to `cap` writable bytes;
/// `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_special_promotion_squares(
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_special_promotion_squares", || {
        let squares = squares_of(SPECIAL_PROMOTION_SQUARES);
        // SAFETY: forwarded from the caller.
        unsafe { write_array(&squares, buf, cap, out_len) }
    })
}

/// Writes the throne of `colour` (the square its raja starts on: h4 = 31
/// for Red, e8 = 60 Black, a5 = 32 Yellow, d1 = 3 Green) to `*out`.
///
/// # Safety
/// `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_throne(colour: u8, out: *mut u8) -> kc_status {
    run("kc_chaturaji_throne", || {
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(THRONES[colour.index()].index() as u8)) }
    })
}

// ---------------------------------------------------------------------------
// Creating, copying and freeing positions.

/// Creates the start position under `*rules` (every army on its start
/// squares, Red to move; Green under the Ludii ruleset) and writes a
/// pointer to it to `*out`.
///
/// Ownership: `rules` is only read. The new position belongs to the
/// caller, who must release it with `kc_chaturaji_position_free`. `*out` is
/// written only on success.
///
/// # Safety
/// `rules` points to a readable `kc_chaturaji_rules`; `out` points to a
/// writable `kc_chaturaji_position *`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_new_start(
    rules: *const kc_chaturaji_rules,
    out: *mut *mut kc_chaturaji_position,
) -> kc_status {
    run("kc_chaturaji_position_new_start", || {
        // SAFETY: forwarded from the caller.
        let rules = unsafe { read_rules(rules)? };
        out_ptr(out, "out")?;
        // SAFETY: forwarded from the caller.
        unsafe { give_position(Position::start(rules), out) }
    })
}

/// Parses a position text (`<board> <to-move> <command> <lost-pawn>
/// <captured-rajas> <quiet> <ply>`, the rules reference, §3.3) under `*rules`, e.g.
/// the start: `yB,yP,2,bK,bE,bH,bB/yH,yP,2,bP,bP,bP,bP/yE,yP,6/yK,yP,6/6,rP,rK/6,rP,rE/gP,gP,gP,gP,2,rP,rH/gB,gH,gE,gK,2,rP,rB r rbyg - - 0 0`.
/// Under the Ludii ruleset the text is `<board> <to-move> <scores>
/// <decision> <turns>` (the rules reference, §3.5), the start ending `g 0,0,0,0 - 0`.
///
/// On malformed or inconsistent text the result is `KC_ERR_PARSE` and
/// `kc_last_error_message` gives the field, the 0-based byte offset and the
/// reason, e.g. `command (offset 101): ...`.
///
/// Ownership: `text` and `rules` are only read during the call. The new
/// position belongs to the caller, who must release it with
/// `kc_chaturaji_position_free`. `*out` is written only on success.
///
/// # Safety
/// `text` is a NUL-terminated string; `rules` points to a readable
/// `kc_chaturaji_rules`; `out` points to a writable
/// `kc_chaturaji_position *`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_from_text(
    text: *const c_char,
    rules: *const kc_chaturaji_rules,
    out: *mut *mut kc_chaturaji_position,
) -> kc_status {
    run("kc_chaturaji_position_from_text", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        // SAFETY: forwarded from the caller.
        let rules = unsafe { read_rules(rules)? };
        out_ptr(out, "out")?;
        let pos = Position::from_text(text, rules)
            .map_err(|err| fail(KC_ERR_PARSE, format!("position text: {err}")))?;
        // SAFETY: forwarded from the caller.
        unsafe { give_position(pos, out) }
    })
}

/// Releases a position made by this library. NULL is a no-op. The pointer
/// must not be used afterwards.
///
/// # Safety
/// `pos` is NULL or a position from `kc_chaturaji_position_new_start`,
/// `_from_text` or `_clone` that has not been freed yet.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_free(pos: *mut kc_chaturaji_position) {
    // SAFETY: forwarded from the caller.
    unsafe { free_handle(pos) }
}

/// Creates an independent copy of `pos` (with its rules options) and writes
/// a pointer to it to `*out`.
///
/// Ownership: `pos` stays the caller's and is only read. The copy belongs to
/// the caller, who must release it with `kc_chaturaji_position_free`.
/// `*out` is written only on success.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable
/// `kc_chaturaji_position *`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_clone(
    pos: *const kc_chaturaji_position,
    out: *mut *mut kc_chaturaji_position,
) -> kc_status {
    run("kc_chaturaji_position_clone", || {
        // SAFETY: forwarded from the caller.
        unsafe { clone_handle(pos, out) }
    })
}

/// Overwrites the existing position `dst` with a copy of `src` (rules
/// options included), without allocating (for search trees, scratch boards
/// and saved states). `src == dst` is allowed and changes nothing.
///
/// Ownership: both positions stay the caller's; `src` is only read.
///
/// # Safety
/// `src` and `dst` are live positions; nothing else uses `dst` during the
/// call.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_copy(
    src: *const kc_chaturaji_position,
    dst: *mut kc_chaturaji_position,
) -> kc_status {
    run("kc_chaturaji_position_copy", || {
        // SAFETY: forwarded from the caller.
        unsafe { copy_handle(src, dst) }
    })
}

// ---------------------------------------------------------------------------
// Reading a position.

/// Writes the rules options `pos` was created with to `*out` (a draw limit
/// of 0 means no draw rule).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `kc_chaturaji_rules`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_position_rules(
    pos: *const kc_chaturaji_position,
    out: *mut kc_chaturaji_rules,
) -> kc_status {
    run("kc_chaturaji_position_rules", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(kc_chaturaji_rules::from_rust(pos.rules()))) }
    })
}

/// Writes the seat to move (0..3) to `*out`; after the game has ended, the
/// seat that would be next.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_to_move(
    pos: *const kc_chaturaji_position,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_to_move", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.to_move().index() as u8)) }
    })
}

/// Writes the number of plies played since the start (the `<ply>` field of
/// the text) to `*out`; under the Ludii ruleset the rolled plies (the
/// `<turns>` field: promotion decisions are not counted).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_ply(
    pos: *const kc_chaturaji_position,
    out: *mut u32,
) -> kc_status {
    run("kc_chaturaji_ply", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.ply())) }
    })
}

/// Writes the number of plies played since the last capture (the `<quiet>`
/// field) to `*out`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint32_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_quiet_plies(
    pos: *const kc_chaturaji_position,
    out: *mut u32,
) -> kc_status {
    run("kc_chaturaji_quiet_plies", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.quiet_plies())) }
    })
}

/// Writes the position's 64-bit Zobrist hash to `*out`. It covers the
/// pieces, the seat to move, the command of each colour, the lost-pawn flags
/// and the captured rajas (Ludii: also the scores and a pending decision);
/// not the quiet and ply counters nor the rules.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_hash(
    pos: *const kc_chaturaji_position,
    out: *mut u64,
) -> kc_status {
    run("kc_chaturaji_hash", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.hash())) }
    })
}

/// Writes how the game stands to `*out` (see `kc_chaturaji_outcome_info`).
/// A win is reported before a draw when both apply.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable
/// `kc_chaturaji_outcome_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_outcome(
    pos: *const kc_chaturaji_position,
    out: *mut kc_chaturaji_outcome_info,
) -> kc_status {
    fast_path(
        "kc_chaturaji_outcome",
        || {
            if !usable2(pos, out) {
                return None;
            }
            // SAFETY: non-null and aligned; live per the caller.
            let pos = unsafe { &(*pos).pos };
            let outcome = if pos.rules.is_ludii() {
                pos.outcome()
            } else {
                // `outcome` under the sheet's rules, without its call.
                pos.sheet_outcome()
            };
            // SAFETY: non-null and aligned; writable per the caller.
            unsafe { out.write(outcome_info(outcome)) };
            Some(())
        },
        // SAFETY: forwarded from the caller.
        || unsafe { outcome_checked(pos, out) },
    )
}

/// The C form of an outcome.
#[inline]
pub(super) fn outcome_info(outcome: Outcome) -> kc_chaturaji_outcome_info {
    let none = [KC_CHATURAJI_NO_COLOUR; 2];
    match outcome {
        Outcome::AllianceWins([a, b]) => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_ALLIANCE_WINS,
            winners: [a.index() as u8, b.index() as u8],
        },
        Outcome::Draw => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_DRAW,
            winners: none,
        },
        Outcome::ColourWins(colour) => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_COLOUR_WINS,
            winners: [colour.index() as u8, KC_CHATURAJI_NO_COLOUR],
        },
        Outcome::TopScoreTie => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_TOP_SCORE_TIE,
            winners: none,
        },
        _ => kc_chaturaji_outcome_info {
            result: KC_CHATURAJI_ONGOING,
            winners: none,
        },
    }
}

/// `kc_chaturaji_outcome` with every check and its error message.
///
/// # Safety
/// As `kc_chaturaji_outcome`.
#[cold]
#[inline(never)]
unsafe fn outcome_checked(
    pos: *const kc_chaturaji_position,
    out: *mut kc_chaturaji_outcome_info,
) -> kc_status {
    run("kc_chaturaji_outcome", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(outcome_info(pos.outcome()))) }
    })
}

/// Writes what stands on `square` (`0..64`) to `*out` (see
/// `kc_chaturaji_piece`). A square of 64 or more gives
/// `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `kc_chaturaji_piece`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_piece_at(
    pos: *const kc_chaturaji_position,
    square: u8,
    out: *mut kc_chaturaji_piece,
) -> kc_status {
    run("kc_chaturaji_piece_at", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let square = square_in(square, "square")?;
        // SAFETY: forwarded from the caller.
        unsafe {
            answer(out, || {
                Ok(kc_chaturaji_piece::from_rust(pos.piece_at(square)))
            })
        }
    })
}

/// Writes the seat commanding `colour`'s army (0..3) to `*out`: its own,
/// or its ally's once its throne was conquered; `KC_CHATURAJI_NO_COLOUR`
/// when no piece of `colour` is left.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_commander(
    pos: *const kc_chaturaji_position,
    colour: u8,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_commander", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(colour_code(pos.commander(colour)))) }
    })
}

/// Writes to `*out` whether `seat` (0..3) commands at least one piece (a
/// seat not in play is skipped in the turn order).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_seat_in_play(
    pos: *const kc_chaturaji_position,
    seat: u8,
    out: *mut bool,
) -> kc_status {
    run("kc_chaturaji_seat_in_play", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let seat = colour_in(seat, "seat")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.seat_in_play(seat))) }
    })
}

/// Writes to `*out` whether `colour` (0..3) is out of the game (no piece of
/// it on the board).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_is_out(
    pos: *const kc_chaturaji_position,
    colour: u8,
    out: *mut bool,
) -> kc_status {
    run("kc_chaturaji_is_out", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.is_out(colour))) }
    })
}

/// Writes to `*out` whether `colour` (0..3) has lost a pawn to capture (from
/// then on its pawns promote on reaching their promotion squares).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_lost_pawn(
    pos: *const kc_chaturaji_position,
    colour: u8,
    out: *mut bool,
) -> kc_status {
    run("kc_chaturaji_lost_pawn", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.lost_pawn(colour))) }
    })
}

/// Writes to `*out` how many rajas of `colour` (0..3) have been captured and
/// not exchanged back (they are held by the other alliance).
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_captured_rajas(
    pos: *const kc_chaturaji_position,
    colour: u8,
    out: *mut u8,
) -> kc_status {
    run("kc_chaturaji_captured_rajas", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let colour = colour_in(colour, "colour")?;
        // SAFETY: forwarded from the caller.
        unsafe { answer(out, || Ok(pos.captured_rajas(colour))) }
    })
}
