//! `kc_chaturaji_roll_and_choose`: the die and the choice of a move in one
//! call, for playouts that play the choice with `kc_chaturaji_play_chosen`.

use super::super::boundary::{fast_path, usable3};
use super::super::kc_status::{self, *};
use super::super::{fail, out_ptr, run};
use super::{handle_ref, kc_chaturaji_chosen_move, kc_chaturaji_position};
use crate::chaturaji::roll_with;
use crate::random::SplitMix64;

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
            Some(KC_OK)
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
