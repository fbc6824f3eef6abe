//! Playing Chaturaji through the C ABI: listing and testing the legal
//! moves for a roll, playing a move with a sealed undo record and taking it
//! back, raja exchanges, and perft over the die.

use core::ptr::NonNull;

use arrayvec::ArrayVec;

use crate::chaturaji::{
    perft, Colour, ExchangeError, Move, MoveList, Position, Roll, Square, State,
};
use crate::error::IllegalMoveError;
use crate::ffi::boundary::optional_ptr;
use crate::ffi::handle::{handle_mut as position_mut, handle_ref as position_ref};
use crate::ffi::kc_status::{self, *};
use crate::ffi::seal;
use crate::ffi::{
    check_ptr, fail, out_ptr, run, write_array, write_array_with, write_out, Failure, KC_NO_SQUARE,
};

use super::position::*;
use super::types::*;

// ---------------------------------------------------------------------------
// Moves.

/// Writes every legal move of `pos` for `roll` (2..5) into `buf`, in the
/// library's generation order, and their number to `*out_len`. When the roll
/// allows no move the list is the single pass; a finished game has no legal
/// moves (`*out_len` 0). A buffer of `KC_CHATURAJI_MAX_MOVES` (or
/// `KC_MAX_MOVES`) elements is always large enough. Never allocates.
///
/// If `cap` is smaller than the number of moves, nothing is written to
/// `buf`, `*out_len` is the number needed and the result is
/// `KC_ERR_BUFFER_TOO_SMALL`; `buf` may be NULL when `cap` is 0 (a count
/// query). A roll other than 2..5 gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable `kc_chaturaji_move`s owned by the caller; `out_len` points to a
/// writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_legal_moves(
    pos: *const kc_chaturaji_position,
    roll: u8,
    buf: *mut kc_chaturaji_move,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_legal_moves", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        out_ptr(out_len, "out_len")?;
        let roll = roll_in(roll)?;
        let mut moves = MoveList::new();
        pos.generate_moves(roll, &mut moves);
        // SAFETY: forwarded from the caller.
        unsafe { write_array_with(&moves, kc_chaturaji_move::from_rust, buf, cap, out_len) }
    })
}

/// Writes to `*out` whether `mv` is legal in `pos` for `roll` (2..5),
/// checked directly. A malformed `mv` (see `kc_chaturaji_move`) or a roll
/// other than 2..5 gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_is_legal(
    pos: *const kc_chaturaji_position,
    roll: u8,
    mv: kc_chaturaji_move,
    out: *mut bool,
) -> kc_status {
    run("kc_chaturaji_is_legal", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let roll = roll_in(roll)?;
        let legal = pos.is_legal(roll, mv.to_rust()?);
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, legal) };
        Ok(())
    })
}

/// Plays `mv` in `pos` if it is legal for `roll` (2..5), and writes the
/// record that takes it back to `*out_undo`. An illegal move gives
/// `KC_ERR_ILLEGAL_MOVE` (the last error message says why, e.g. `illegal
/// move 3:h1f3: the roll does not name this piece's kind`) and leaves `pos`
/// untouched; a malformed move or roll gives `KC_ERR_INVALID_ARGUMENT`.
/// Never allocates. (To play the move `kc_chaturaji_choose` picked, without
/// this legality check, use `kc_chaturaji_play_chosen`.)
///
/// Ownership: `pos` stays the caller's. `out_undo` is caller memory; it may
/// be NULL when the caller will not take the move back.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call;
/// `out_undo` is NULL or points to a writable `kc_chaturaji_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_play(
    pos: *mut kc_chaturaji_position,
    roll: u8,
    mv: kc_chaturaji_move,
    out_undo: *mut kc_chaturaji_undo_record,
) -> kc_status {
    run("kc_chaturaji_play", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        let out_undo = optional_ptr(out_undo, "out_undo")?;
        let roll = roll_in(roll)?;
        let mv = mv.to_rust()?;
        if !pos.is_legal(roll, mv) {
            let mut scratch = pos.clone();
            return Err(match scratch.play(roll, mv) {
                Err(err) => illegal(pos, roll, mv, &err),
                Ok(_) => fail(KC_ERR_PANIC, "is_legal and play disagree"),
            });
        }
        // SAFETY: checked; writable per the caller.
        unsafe { play_legal(pos, mv, out_undo) };
        Ok(())
    })
}

/// Plays the legal move `mv` and, when asked, writes its sealed record.
///
/// # Safety
/// `out_undo` is checked (non-null, aligned) and writable.
pub(super) unsafe fn play_legal(
    pos: &mut Position,
    mv: Move,
    out_undo: Option<NonNull<kc_chaturaji_undo_record>>,
) {
    match out_undo {
        None => pos.apply(mv),
        Some(out) => {
            let mut record = undo_record(pos, mv);
            pos.apply(mv);
            record.check = record.seal(pos);
            // SAFETY: forwarded from the caller.
            unsafe { write_out(out, record) };
        }
    }
}

/// Takes back the last move played in `pos`, described by `undo` (from
/// `kc_chaturaji_play` or `kc_chaturaji_play_chosen`). Never allocates.
///
/// The record is checked in constant time before anything changes: its
/// `check` must be the digest, under this process's key, of every field of
/// the record and of the position the move made (its hash, ply and quiet
/// counters and rules options): that is, of exactly `pos`. A record from
/// another position or game, a stale one (an earlier move), one already
/// taken back, one taken across a raja exchange, or an edited or forged one
/// gives `KC_ERR_INVALID_ARGUMENT` and leaves `pos` untouched. (An exchange
/// is not a move: to take one back, keep a copy made with
/// `kc_chaturaji_position_copy`.) Records are valid only in the process
/// that made them.
///
/// Ownership: `undo` is caller memory, only read.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call; `undo`
/// points to a readable `kc_chaturaji_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_undo(
    pos: *mut kc_chaturaji_position,
    undo: *const kc_chaturaji_undo_record,
) -> kc_status {
    run("kc_chaturaji_undo", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        let undo = check_ptr(undo, "undo")?;
        // SAFETY: checked; readable per the caller. The record holds only
        // integers, so every bit pattern is a valid value.
        let record = unsafe { undo.as_ptr().read() };
        if record.check != record.seal(pos) {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                "the undo record does not describe the last move played in this position \
                 (stale, foreign, already used or edited: its check does not match)",
            ));
        }
        pos.state = record.saved_state().map_err(|why| {
            fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("the undo record does not describe the last move played in this position ({why})"),
            )
        })?;
        Ok(())
    })
}

/// The failure for an illegal move: the error's message, with a hint about
/// special-promotion suffixes when one applies.
fn illegal(pos: &Position, roll: Roll, mv: Move, err: &IllegalMoveError) -> Failure {
    match pos.illegal_hint(roll, mv) {
        Some(hint) => fail(KC_ERR_ILLEGAL_MOVE, format!("{err} ({hint})")),
        None => fail(KC_ERR_ILLEGAL_MOVE, err.to_string()),
    }
}

/// The undo record of `mv` about to be played in `pos`, not sealed yet.
fn undo_record(pos: &Position, mv: Move) -> kc_chaturaji_undo_record {
    let state = &pos.state;
    let mut board = [KC_CHATURAJI_UNDO_EMPTY; 64];
    for (c, &colour) in state.colours.iter().enumerate() {
        for (k, &kind) in state.kinds.iter().enumerate() {
            for square in colour & kind {
                board[square.index()] = 1 + 5 * c as u8 + k as u8;
            }
        }
    }
    kc_chaturaji_undo_record {
        mv: kc_chaturaji_move::from_rust(mv),
        board,
        to_move: state.to_move.index() as u8,
        command: state.command.map(colour_code),
        lost_pawn: state.lost_pawn.map(u8::from),
        captured_rajas: state.captured_rajas,
        decision: state
            .decision
            .map_or(KC_NO_SQUARE, |square| square.index() as u8),
        quiet: state.quiet,
        ply: state.ply,
        scores: state.scores,
        hash_before: state.hash,
        check: 0,
    }
}

impl kc_chaturaji_undo_record {
    /// The keyed digest of every field but `check`, and of the position
    /// `after` the record must be applied to (hash, counters, rules).
    fn seal(&self, after: &Position) -> u64 {
        let m = &self.mv;
        let mut words = [0u64; 18];
        for (word, chunk) in words.iter_mut().zip(self.board.chunks_exact(8)) {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(chunk);
            *word = u64::from_le_bytes(bytes);
        }
        let c = &self.command;
        let l = &self.lost_pawn;
        words[8] = u64::from_le_bytes([c[0], c[1], c[2], c[3], l[0], l[1], l[2], l[3]]);
        let r = &self.captured_rajas;
        words[9] = u64::from_le_bytes([r[0], r[1], r[2], r[3], m.kind, m.from, m.to, m.promotion])
            ^ u64::from(self.to_move).rotate_right(8);
        words[10] = u64::from(self.quiet) << 32 | u64::from(self.ply);
        words[11] = self.hash_before;
        words[12] = after.state.hash;
        words[13] = u64::from(after.state.quiet) << 32 | u64::from(after.state.ply);
        let s = &self.scores;
        words[14] = u64::from(s[0]) << 32 | u64::from(s[1]);
        words[15] = u64::from(s[2]) << 32 | u64::from(s[3]);
        words[16] = u64::from(self.decision);
        words[17] = rules_code(after.rules);
        seal::chaturaji_undo(&words)
    }

    /// The saved state (trusted: called only on a record whose check
    /// matched), with range checks so that no value can index out of
    /// bounds.
    fn saved_state(&self) -> Result<State, &'static str> {
        let colour = |code: u8| -> Result<Option<Colour>, &'static str> {
            match code {
                KC_CHATURAJI_NO_COLOUR => Ok(None),
                0..=3 => Ok(Some(Colour::from_index(code as usize))),
                _ => Err("bad colour code"),
            }
        };
        let mut state = State::EMPTY;
        for (index, &code) in self.board.iter().enumerate() {
            if code == KC_CHATURAJI_UNDO_EMPTY {
                continue;
            }
            if code > 20 {
                return Err("bad board code");
            }
            let bb = Square::from_index(index as u8).bitboard();
            state.colours[usize::from((code - 1) / 5)] |= bb;
            state.kinds[usize::from((code - 1) % 5)] |= bb;
        }
        state.to_move = colour(self.to_move)?.ok_or("bad seat to move")?;
        for i in 0..4 {
            state.command[i] = colour(self.command[i])?;
            state.lost_pawn[i] = self.lost_pawn[i] != 0;
        }
        state.captured_rajas = self.captured_rajas;
        state.decision = match self.decision {
            KC_NO_SQUARE => None,
            code => Some(Square::new(code).ok_or("bad decision square")?),
        };
        state.quiet = self.quiet;
        state.ply = self.ply;
        state.scores = self.scores;
        state.hash = self.hash_before;
        Ok(state)
    }
}

// ---------------------------------------------------------------------------
// Raja exchanges.

/// Writes the raja exchanges possible now into `buf` (pairs of colours: the
/// first of Red's alliance, the second of the other) and their number to
/// `*out_len`; none when the game is over. `KC_CHATURAJI_MAX_EXCHANGES`
/// elements always suffice. Array buffer convention as
/// `kc_chaturaji_legal_moves`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable `kc_chaturaji_exchange_pair`s; `out_len` points to a writable
/// `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_possible_exchanges(
    pos: *const kc_chaturaji_position,
    buf: *mut kc_chaturaji_exchange_pair,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_possible_exchanges", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let pairs: ArrayVec<kc_chaturaji_exchange_pair, KC_CHATURAJI_MAX_EXCHANGES> = pos
            .possible_exchanges()
            .iter()
            .map(|&(a, b)| kc_chaturaji_exchange_pair {
                first: a.index() as u8,
                second: b.index() as u8,
            })
            .collect();
        // SAFETY: forwarded from the caller.
        unsafe { write_array(&pairs, buf, cap, out_len) }
    })
}

/// Writes where a returning raja of `colour` (0..3) may be placed into
/// `buf` (ascending squares) and their number to `*out_len`: its throne when
/// free, else the free squares next to it (none when all are occupied).
/// `KC_CHATURAJI_MAX_RETURN_SQUARES` elements always suffice. Array buffer
/// convention as `kc_chaturaji_legal_moves`.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_raja_return_squares(
    pos: *const kc_chaturaji_position,
    colour: u8,
    buf: *mut u8,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_chaturaji_raja_return_squares", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        out_ptr(out_len, "out_len")?;
        let colour = colour_in(colour, "colour")?;
        let squares = squares_of(pos.raja_return_squares(colour));
        // SAFETY: forwarded from the caller.
        unsafe { write_array(&squares, buf, cap, out_len) }
    })
}

/// Applies a raja exchange: the captured raja of `colour_a` returns to
/// `square_a` and that of `colour_b` to `square_b`; the colours must be of
/// different alliances (either order). Not a move: the seat to move and the
/// counters do not change, and it cannot be taken back with
/// `kc_chaturaji_undo`.
///
/// Out-of-range colours or squares give `KC_ERR_INVALID_ARGUMENT`; an
/// exchange the rules do not allow now (the game is over, same alliance, no
/// such raja held, a colour out of the game, a square not allowed) gives
/// `KC_ERR_ILLEGAL_MOVE` with the reason in the last error message. Either
/// way `pos` is untouched.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_apply_exchange(
    pos: *mut kc_chaturaji_position,
    colour_a: u8,
    square_a: u8,
    colour_b: u8,
    square_b: u8,
) -> kc_status {
    run("kc_chaturaji_apply_exchange", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_mut(pos, "pos")? };
        let first = (
            colour_in(colour_a, "colour_a")?,
            square_in(square_a, "square_a")?,
        );
        let second = (
            colour_in(colour_b, "colour_b")?,
            square_in(square_b, "square_b")?,
        );
        pos.apply_exchange(first, second)
            .map_err(|err: ExchangeError| {
                fail(KC_ERR_ILLEGAL_MOVE, format!("exchange not allowed: {err}"))
            })
    })
}

// ---------------------------------------------------------------------------
// Perft.

/// Counts the leaves of the game tree of `depth` plies from `pos` over
/// chance nodes (perft with a die, the rules reference, §2.11: every face 2..5 and every
/// legal move for it, the single pass where there is none; depth 0 gives 1,
/// a finished position 0) and writes the count to `*out`. Works on an
/// internal copy: `pos` is only read. `depth` above
/// `KC_CHATURAJI_MAX_PERFT_DEPTH` gives `KC_ERR_INVALID_ARGUMENT`. From the
/// start: 10, 100, 1000, 10000 at depths 1-4.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_chaturaji_perft(
    pos: *const kc_chaturaji_position,
    depth: u32,
    out: *mut u64,
) -> kc_status {
    run("kc_chaturaji_perft", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        if depth > KC_CHATURAJI_MAX_PERFT_DEPTH {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!(
                    "depth {depth} is above KC_CHATURAJI_MAX_PERFT_DEPTH ({KC_CHATURAJI_MAX_PERFT_DEPTH})"
                ),
            ));
        }
        let nodes = perft(pos, depth);
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, nodes) };
        Ok(())
    })
}
