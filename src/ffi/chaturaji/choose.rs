//! Chance through the C ABI: the die, random choices of a move, the sealed
//! chosen-move tokens that `kc_chaturaji_play_chosen` plays without a
//! second legality check, and one random ply in one call (playouts).

use core::ptr::NonNull;

use crate::chaturaji::{roll_with, Roll};
use crate::ffi::boundary::{fast_path, optional_ptr, usable2, usable3, usable_or_null};
use crate::ffi::handle::{handle_mut as position_mut, handle_ref, handle_ref as position_ref};
use crate::ffi::kc_status::{self, *};
use crate::ffi::seal;
use crate::ffi::{check_ptr, fail, out_ptr, run, write_out};
use crate::random::SplitMix64;

use super::play::*;
use super::position::*;
use super::types::*;

// ---------------------------------------------------------------------------
// The die.

/// Throws the die with the SplitMix64 generator whose state the caller
/// keeps in `*rng_state` (advanced), writing 2, 3, 4 or 5 (each with
/// probability 1/4) to `*out_roll`. Seed a game by storing any value in the
/// state: it is the generator of the Rust `DiceRoller` / `roll_with`, so the
/// same seed gives the same rolls in C and in Rust. One state may drive both
/// the die and `kc_chaturaji_choose_move`, as the Rust `play_seeded_game`
/// does.
///
/// # Safety
/// `rng_state` points to a `uint64_t` the caller owns (read and written);
/// `out_roll` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_roll(rng_state: *mut u64, out_roll: *mut u8) -> kc_status {
    fast_path(
        "kc_chaturaji_roll",
        || {
            if !usable2(rng_state, out_roll) {
                return None;
            }
            // SAFETY: non-null and aligned; the caller owns them.
            unsafe {
                let mut rng = SplitMix64::new(rng_state.read());
                let roll = roll_with(&mut rng);
                rng_state.write(rng.state);
                out_roll.write(roll.face());
            }
            Some(())
        },
        || roll_checked(rng_state, out_roll),
    )
}

/// `kc_chaturaji_roll`'s errors, with their messages.
#[cold]
#[inline(never)]
fn roll_checked(rng_state: *mut u64, out_roll: *mut u8) -> kc_status {
    run("kc_chaturaji_roll", || {
        out_ptr(rng_state, "rng_state")?;
        out_ptr(out_roll, "out_roll")?;
        Err(fail(KC_ERR_PANIC, "kc_chaturaji_roll: unreachable"))
    })
}

/// Picks one of the legal moves of `pos` for `roll` uniformly at random
/// (the pass when there is no other), using and advancing the SplitMix64
/// state `*rng_state` kept in caller memory, and writes it to `*out`. The
/// choice is `moves[below(n)]` in the order of `kc_chaturaji_legal_moves`,
/// exactly as the Rust `Position::choose_move`. A finished game gives
/// `KC_ERR_GAME_OVER` with the state untouched; a roll other than 2..5
/// gives `KC_ERR_INVALID_ARGUMENT`. Never allocates. (`kc_chaturaji_choose`
/// makes the same choice with a token, so that the move can be played
/// without a second legality check.)
///
/// # Safety
/// `pos` is a live position; `rng_state` points to a `uint64_t` the caller
/// owns (read and written); `out` points to a writable `kc_chaturaji_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_choose_move(
    pos: *const kc_chaturaji_position,
    roll: u8,
    rng_state: *mut u64,
    out: *mut kc_chaturaji_move,
) -> kc_status {
    run("kc_chaturaji_choose_move", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let roll = roll_in(roll)?;
        let state = out_ptr(rng_state, "rng_state")?;
        let out = out_ptr(out, "out")?;
        // SAFETY: checked; the caller owns the state.
        let mut rng = SplitMix64::new(unsafe { state.as_ptr().read() });
        let mv = pos
            .choose_move(roll, &mut rng)
            .ok_or_else(|| fail(KC_ERR_GAME_OVER, "the game is over: no move to choose"))?;
        // SAFETY: checked; writable per the caller.
        unsafe {
            write_out(state, rng.state);
            write_out(out, kc_chaturaji_move::from_rust(mv));
        }
        Ok(())
    })
}

// ---------------------------------------------------------------------------
// Chosen moves and their tokens.

impl kc_chaturaji_chosen_move {
    /// The token as four words (32 bytes of integer fields, no padding).
    #[inline(always)]
    fn words(&self) -> [u64; 4] {
        // SAFETY: a `repr(C)` struct of 32 bytes without padding (checked
        // above: 4 + 1 + 3 + 4 + 4 + 8 + 8), aligned for `u64`; every byte
        // is an initialised integer.
        unsafe { core::mem::transmute_copy(self) }
    }

    /// The keyed digest of the token's first word (move, roll, reserved)
    /// bound to the hash and rules options of `handle`'s position.
    #[inline(always)]
    fn seal(&self, handle: &kc_chaturaji_position) -> u64 {
        debug_assert_eq!(handle.rules_code, rules_code(handle.pos.rules));
        seal::chaturaji_token(handle.pos.state.hash ^ handle.rules_code, self.words()[0])
    }

    /// A move for `roll` (whose face is `face`) chosen in `handle`'s
    /// position with `rng`, exactly as `Position::choose_move`, with its
    /// token; `None` when the game is over (`rng` untouched then).
    #[inline(always)]
    fn choose(
        handle: &kc_chaturaji_position,
        roll: Roll,
        face: u8,
        rng: &mut SplitMix64,
    ) -> Option<Self> {
        let pos = &handle.pos;
        let mv = if pos.rules.is_ludii() {
            pos.choose_move(roll, rng)?
        } else {
            // `choose_move` under the sheet's rules, without its call.
            if pos.sheet_outcome().is_over() {
                return None;
            }
            pos.choose_move_unchecked(roll, rng)
        };
        let mut chosen = kc_chaturaji_chosen_move {
            mv: kc_chaturaji_move::from_bits(kc_chaturaji_move::encode(mv)),
            roll: face,
            reserved: [0; 3],
            ply: pos.state.ply,
            quiet: pos.state.quiet,
            hash: pos.state.hash,
            check: 0,
        };
        chosen.check = chosen.seal(handle);
        Some(chosen)
    }

    /// Whether the token was made by `kc_chaturaji_choose` for exactly
    /// `handle`'s position.
    #[inline(always)]
    fn belongs(&self, handle: &kc_chaturaji_position) -> bool {
        let s = &handle.pos.state;
        (self.hash == s.hash) & (self.ply == s.ply) & (self.quiet == s.quiet)
            && self.check == self.seal(handle)
    }
}

/// Picks a move exactly as `kc_chaturaji_choose_move` does (same choice,
/// same use of `*rng_state`) and writes it to `*out` with a token for this
/// exact position and roll (see `kc_chaturaji_chosen_move`), to be played
/// with `kc_chaturaji_play_chosen`. A finished game gives `KC_ERR_GAME_OVER`
/// with the state untouched; a roll other than 2..5 gives
/// `KC_ERR_INVALID_ARGUMENT`. Never allocates.
///
/// # Safety
/// `pos` is a live position; `rng_state` points to a `uint64_t` the caller
/// owns (read and written); `out` points to a writable
/// `kc_chaturaji_chosen_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_choose(
    pos: *const kc_chaturaji_position,
    roll: u8,
    rng_state: *mut u64,
    out: *mut kc_chaturaji_chosen_move,
) -> kc_status {
    fast_path(
        "kc_chaturaji_choose",
        || {
            let face = roll;
            let roll = *Roll::ALL.get(usize::from(face.wrapping_sub(2)))?;
            if !usable3(pos, rng_state, out) {
                return None;
            }
            // SAFETY: non-null and aligned; live, owned by the caller.
            let (handle, state) = unsafe { (&*pos, rng_state.read()) };
            let mut rng = SplitMix64::new(state);
            // A finished game: the checked path reports it.
            let chosen = kc_chaturaji_chosen_move::choose(handle, roll, face, &mut rng)?;
            // SAFETY: non-null and aligned; writable per the caller.
            unsafe {
                rng_state.write(rng.state);
                out.write(chosen);
            }
            Some(())
        },
        // SAFETY: forwarded from the caller.
        || unsafe { choose_checked(pos, roll, rng_state, out) },
    )
}

/// `kc_chaturaji_choose`'s errors, with their messages (it writes nothing).
///
/// # Safety
/// As `kc_chaturaji_choose`.
#[cold]
#[inline(never)]
unsafe fn choose_checked(
    pos: *const kc_chaturaji_position,
    roll: u8,
    rng_state: *mut u64,
    out: *mut kc_chaturaji_chosen_move,
) -> kc_status {
    run("kc_chaturaji_choose", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        roll_in(roll)?;
        out_ptr(rng_state, "rng_state")?;
        out_ptr(out, "out")?;
        if pos.is_over() {
            return Err(fail(
                KC_ERR_GAME_OVER,
                "the game is over: no move to choose",
            ));
        }
        Err(fail(KC_ERR_PANIC, "kc_chaturaji_choose: unreachable"))
    })
}

/// Plays the move of `*chosen` (from `kc_chaturaji_choose`) in `pos`
/// without checking its legality again, after checking in constant time
/// that the token was made for exactly this position (same hash, ply and
/// quiet counters, same rules options) and is unedited; writes the record
/// that takes it back to `*out_undo` when `out_undo` is not NULL. A stale
/// token (the position has changed since, or the token was already
/// played), a token of another position, or an edited or forged one gives
/// `KC_ERR_INVALID_ARGUMENT` and leaves `pos` untouched. Never allocates.
///
/// A playout loop: `kc_chaturaji_roll`, `kc_chaturaji_choose`,
/// `kc_chaturaji_play_chosen`, `kc_chaturaji_outcome`.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call; `chosen`
/// points to a readable `kc_chaturaji_chosen_move`; `out_undo` is NULL or
/// points to a writable `kc_chaturaji_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_play_chosen(
    pos: *mut kc_chaturaji_position,
    chosen: *const kc_chaturaji_chosen_move,
    out_undo: *mut kc_chaturaji_undo_record,
) -> kc_status {
    fast_path(
        "kc_chaturaji_play_chosen",
        || {
            if !usable2(pos, chosen) || !usable_or_null(out_undo) {
                return None;
            }
            // SAFETY: non-null and aligned; live, unshared and readable per
            // the caller. The token holds only integers: any bits are a
            // valid value.
            let (handle, token) = unsafe { (&mut *pos, chosen.read()) };
            let mv = kc_chaturaji_move::decode_trusted(token.mv.bits());
            if !token.belongs(handle) {
                return None;
            }
            let pos = &mut handle.pos;
            // The digest matched: `mv` is the move chosen here.
            match NonNull::new(out_undo) {
                None => pos.apply(mv),
                // SAFETY: non-null, aligned and writable per the caller.
                out_undo => unsafe { play_legal(pos, mv, out_undo) },
            }
            Some(())
        },
        // SAFETY: forwarded from the caller.
        || unsafe { play_chosen_checked(pos, chosen, out_undo) },
    )
}

/// Plays one random ply exactly as the Rust `play_seeded_game` does: throws
/// the die with the SplitMix64 state `*rng_state` (as `kc_chaturaji_roll`),
/// chooses one of the legal moves for the roll with the same state (as
/// `kc_chaturaji_choose_move`) and plays it; writes the roll to `*out_roll`
/// and the move to `*out_move` when they are not NULL. A pending Ludii
/// promotion decision is chosen without a roll: the die is not thrown and
/// the roll written is 0. The fast way to run
/// playouts (one call per ply, with `kc_chaturaji_outcome` to stop): the
/// same seed gives the same game as the Rust `play_seeded_game`. A finished
/// game gives `KC_ERR_GAME_OVER` with everything untouched. Never
/// allocates.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call;
/// `rng_state` points to a `uint64_t` the caller owns (read and written);
/// `out_roll` is NULL or points to a writable `uint8_t`; `out_move` is NULL
/// or points to a writable `kc_chaturaji_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_play_random(
    pos: *mut kc_chaturaji_position,
    rng_state: *mut u64,
    out_roll: *mut u8,
    out_move: *mut kc_chaturaji_move,
) -> kc_status {
    fast_path(
        "kc_chaturaji_play_random",
        || {
            if !usable2(pos, rng_state) {
                return None;
            }
            // SAFETY: non-null and aligned; live, unshared and owned by the
            // caller.
            let (pos, state) = unsafe { (&mut (*pos).pos, rng_state.read()) };
            let mut rng = SplitMix64::new(state);
            // A Ludii promotion decision is made without a roll (face 0).
            let (roll, face) = if pos.state.decision.is_some() {
                (Roll::ALL[0], 0)
            } else {
                let roll = roll_with(&mut rng);
                (roll, roll.face())
            };
            // A finished game: the checked path reports it.
            let mv = pos.choose_move(roll, &mut rng)?;
            pos.apply(mv);
            // SAFETY: checked above, or NULL-tested here; writable per the
            // caller (`u8` and `kc_chaturaji_move` have alignment 1).
            unsafe {
                rng_state.write(rng.state);
                if !out_roll.is_null() {
                    out_roll.write(face);
                }
                if !out_move.is_null() {
                    out_move.write(kc_chaturaji_move::from_bits(kc_chaturaji_move::encode(mv)));
                }
            }
            Some(())
        },
        // SAFETY: forwarded from the caller.
        || unsafe { play_random_checked(pos, rng_state) },
    )
}

/// `kc_chaturaji_play_random`'s errors, with their messages (it changes
/// nothing).
///
/// # Safety
/// As `kc_chaturaji_play_random`.
#[cold]
#[inline(never)]
unsafe fn play_random_checked(pos: *mut kc_chaturaji_position, rng_state: *mut u64) -> kc_status {
    run("kc_chaturaji_play_random", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        out_ptr(rng_state, "rng_state")?;
        if pos.is_over() {
            return Err(fail(KC_ERR_GAME_OVER, "the game is over: no move to play"));
        }
        Err(fail(KC_ERR_PANIC, "kc_chaturaji_play_random: unreachable"))
    })
}

/// `kc_chaturaji_play_chosen`'s errors, with their messages (it changes
/// nothing).
///
/// # Safety
/// As `kc_chaturaji_play_chosen`.
#[cold]
#[inline(never)]
unsafe fn play_chosen_checked(
    pos: *mut kc_chaturaji_position,
    chosen: *const kc_chaturaji_chosen_move,
    out_undo: *mut kc_chaturaji_undo_record,
) -> kc_status {
    run("kc_chaturaji_play_chosen", || {
        // SAFETY: forwarded from the caller.
        unsafe { position_mut(pos, "pos")? };
        check_ptr(chosen, "chosen")?;
        optional_ptr(out_undo, "out_undo")?;
        Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            "the chosen move was not chosen in this position (stale, foreign, already played or edited)",
        ))
    })
}

/// Throws the die and picks a move for the roll in one call: the same as
/// `kc_chaturaji_roll` followed by `kc_chaturaji_choose` with that roll and
/// the same `*rng_state` (same draws, same move, same token), so one seed
/// gives the same game either way. Writes the token to `*out`; the roll is
/// its `roll` field. Play it with `kc_chaturaji_play_chosen`.
///
/// A playout loop: `kc_chaturaji_outcome`, `kc_chaturaji_roll_and_choose`,
/// `kc_chaturaji_play_chosen` per ply. A finished game gives
/// `KC_ERR_GAME_OVER` with `*rng_state` untouched (the die is not thrown).
/// While a Ludii promotion decision is pending the die is still thrown (as
/// `kc_chaturaji_roll` would be) and the roll is ignored, as in
/// `kc_chaturaji_choose`. Never allocates.
///
/// Threads: `pos` is only read; several threads may choose in one position
/// at once, each with its own `rng_state`.
///
/// # Safety
/// `pos` is a live position; `rng_state` points to a `uint64_t` the caller
/// owns (read and written); `out` points to a writable
/// `kc_chaturaji_chosen_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_roll_and_choose(
    pos: *const kc_chaturaji_position,
    rng_state: *mut u64,
    out: *mut kc_chaturaji_chosen_move,
) -> kc_status {
    fast_path(
        "kc_chaturaji_roll_and_choose",
        || {
            if !usable3(pos, rng_state, out) {
                return None;
            }
            // SAFETY: non-null and aligned; live, owned by the caller.
            let (handle, state) = unsafe { (&*pos, rng_state.read()) };
            let mut rng = SplitMix64::new(state);
            let roll = roll_with(&mut rng);
            // A finished game: the checked path reports it.
            let chosen = kc_chaturaji_chosen_move::choose(handle, roll, roll.face(), &mut rng)?;
            // SAFETY: non-null and aligned; writable per the caller.
            unsafe {
                rng_state.write(rng.state);
                out.write(chosen);
            }
            Some(())
        },
        // SAFETY: forwarded from the caller.
        || unsafe { roll_and_choose_checked(pos, rng_state, out) },
    )
}

/// `kc_chaturaji_roll_and_choose`'s errors, with their messages (it writes
/// nothing).
///
/// # Safety
/// As `kc_chaturaji_roll_and_choose`.
#[cold]
#[inline(never)]
unsafe fn roll_and_choose_checked(
    pos: *const kc_chaturaji_position,
    rng_state: *mut u64,
    out: *mut kc_chaturaji_chosen_move,
) -> kc_status {
    run("kc_chaturaji_roll_and_choose", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { handle_ref::<kc_chaturaji_position>(pos, "pos")? };
        out_ptr(rng_state, "rng_state")?;
        out_ptr(out, "out")?;
        if pos.is_over() {
            return Err(fail(
                KC_ERR_GAME_OVER,
                "the game is over: no move to choose",
            ));
        }
        Err(fail(
            KC_ERR_PANIC,
            "kc_chaturaji_roll_and_choose: unreachable",
        ))
    })
}
