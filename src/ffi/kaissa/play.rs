//! Playing Kaissa through the C ABI: listing and testing the legal moves,
//! playing a move with a sealed undo record and taking it back, counting
//! (perft) and choosing a random move.

use crate::error::{IllegalMoveError, IllegalMoveReason};
use crate::ffi::boundary::optional_ptr;
use crate::ffi::handle::handle_ref as position_ref;
use crate::ffi::handle::{whole_mut, whole_ref};
use crate::ffi::kc_status::{self, *};
use crate::ffi::seal;
use crate::ffi::{check_ptr, fail, out_ptr, run, write_array_with, write_out, Failure};
use crate::kaissa::{perft, Move, MoveList, Position, Undo};
use crate::random::{RandomSource, SplitMix64};

use super::position::*;
use super::types::*;

// ---------------------------------------------------------------------------
// Moves.

/// Writes every legal move of `pos` into `buf`, in the library's generation
/// order, and their number to `*out_len`. Never allocates. A buffer of
/// `KC_KAISSA_MAX_MOVES` (or `KC_MAX_MOVES`) elements is always large
/// enough. A finished game has no legal moves (`*out_len` 0).
///
/// If `cap` is smaller than the number of moves, nothing is written to
/// `buf`, `*out_len` is the number needed and the result is
/// `KC_ERR_BUFFER_TOO_SMALL`; `buf` may be NULL when `cap` is 0 (a count
/// query).
///
/// The position also keeps the listed moves (invisibly), so that
/// `kc_kaissa_play` checks one of them in constant time whenever the
/// position is the listed one again (as in a search that lists the moves,
/// then plays and takes back each). Several threads may still list the
/// moves of one position at the same time.
///
/// # Safety
/// `pos` is a live position; `buf` is NULL (with `cap` 0) or points to `cap`
/// writable `kc_kaissa_move`s owned by the caller; `out_len` points to a
/// writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_legal_moves(
    pos: *const kc_kaissa_position,
    buf: *mut kc_kaissa_move,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_kaissa_legal_moves", || {
        // SAFETY: forwarded from the caller.
        let handle = unsafe { whole_ref(pos, "pos")? };
        let len_out = out_ptr(out_len, "out_len")?;
        if cap >= KC_KAISSA_MAX_MOVES && !buf.is_null() {
            // Room for any position: write each move straight into `buf`.
            let buf = check_ptr(buf as *const kc_kaissa_move, "buf")?.as_ptr();
            let mut len = 0;
            handle.listed.list(&handle.pos, |mv| {
                // SAFETY: `buf` holds `cap >= KC_KAISSA_MAX_MOVES` elements,
                // more than any position has moves.
                unsafe { buf.add(len).write(kc_kaissa_move::from_rust(mv)) };
                len += 1;
            });
            // SAFETY: checked; writable per the caller.
            unsafe { write_out(len_out, len) };
            return Ok(());
        }
        let mut moves = MoveList::new();
        handle.listed.list(&handle.pos, |mv| moves.push(mv));
        // SAFETY: forwarded from the caller.
        unsafe { write_array_with(&moves, kc_kaissa_move::from_rust, buf, cap, out_len) }
    })
}

/// Writes to `*out` whether `mv` is legal in `pos` (checked directly, without
/// generating the move list). A malformed `mv` (a square of 100 or more, an
/// unknown kind, see `kc_kaissa_move`) gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `bool`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_is_legal(
    pos: *const kc_kaissa_position,
    mv: kc_kaissa_move,
    out: *mut bool,
) -> kc_status {
    run("kc_kaissa_is_legal", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        let legal = pos.is_legal(mv.to_rust()?);
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, legal) };
        Ok(())
    })
}

/// Plays `mv` in `pos` if it is legal, and writes the record that takes it
/// back to `*out_undo`. An illegal move gives `KC_ERR_ILLEGAL_MOVE` (the last
/// error message says why) and leaves `pos` untouched; a malformed one gives
/// `KC_ERR_INVALID_ARGUMENT`. Never allocates. Refused
/// (`KC_ERR_INVALID_ARGUMENT`, nothing changed) while `pos` is being visited
/// (inside a `kc_kaissa_visit` visitor).
///
/// Ownership: `pos` stays the caller's. `out_undo` is caller memory; it may
/// be NULL when the caller will not take the move back.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call;
/// `out_undo` is NULL or points to a writable `kc_kaissa_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_play(
    pos: *mut kc_kaissa_position,
    mv: kc_kaissa_move,
    out_undo: *mut kc_kaissa_undo_record,
) -> kc_status {
    run("kc_kaissa_play", || {
        // SAFETY: a live position used by nobody else during the call, per
        // the caller.
        let handle = unsafe { whole_mut(pos, "pos")? };
        optional_ptr(out_undo, "out_undo")?;
        handle.not_visited()?;
        let Some(rust_mv) = mv.decode() else {
            return Err(mv.malformed());
        };
        let pos = &mut handle.pos;
        // A move of the last listing, when this is its position again;
        // else checked directly.
        if handle.listed.sets.get_mut().legality(pos, rust_mv) != Some(true) {
            if let Some(reason) = pos.illegality(rust_mv) {
                return Err(illegal(rust_mv, reason));
            }
        }
        let undo = pos.play_unchecked(rust_mv);
        handle.forget_pushed();
        if out_undo.is_null() {
            handle.last.live = false;
        } else {
            let words = kc_kaissa_undo_record::sealed_words(mv, &undo);
            handle.last = LastRecord {
                live: true,
                words,
                undo,
            };
            // SAFETY: non-null and aligned (checked); writable per the
            // caller. The words are the record's bytes (no padding).
            unsafe { out_undo.cast::<[u64; 5]>().write(words) };
        }
        Ok(())
    })
}

/// Takes back the last move played in `pos`, described by `undo` (from
/// `kc_kaissa_play`). Never allocates; constant time.
///
/// The record is checked before anything changes (see
/// `kc_kaissa_undo_record`): its `check` must match its fields, and it must
/// have been made by the move that led to exactly this position (same hash,
/// same turn number, the other side to move). Otherwise (a record from
/// another position or game, a stale record, one already taken back, an
/// edited or made-up one) the result is `KC_ERR_INVALID_ARGUMENT` and `pos`
/// is untouched. Refused the same way while `pos` is being visited (inside
/// a `kc_kaissa_visit` visitor).
///
/// Ownership: `undo` is caller memory, only read.
///
/// # Safety
/// `pos` is a live position used by nobody else during the call; `undo`
/// points to a readable `kc_kaissa_undo_record`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_undo(
    pos: *mut kc_kaissa_position,
    undo: *const kc_kaissa_undo_record,
) -> kc_status {
    run("kc_kaissa_undo", || {
        // SAFETY: a live position used by nobody else during the call, per
        // the caller.
        let handle = unsafe { whole_mut(pos, "pos")? };
        check_ptr(undo, "undo")?;
        handle.not_visited()?;
        // SAFETY: non-null and aligned (checked); readable per the caller.
        // The record holds only integers (no padding), so any bytes are a
        // valid value.
        let words = unsafe { undo.cast::<[u64; 5]>().read() };
        let last = &handle.last;
        let same = last.live
            && (words[0] ^ last.words[0])
                | (words[1] ^ last.words[1])
                | (words[2] ^ last.words[2])
                | (words[3] ^ last.words[3])
                | (words[4] ^ last.words[4])
                == 0;
        let undo = if same {
            // The record the last play wrote, unchanged: genuine; it only
            // has to fit the position.
            if !handle.pos.undo_matches(&last.undo) {
                return Err(refused(STALE));
            }
            last.undo
        } else {
            kc_kaissa_undo_record::from_words(words)
                .opened(&handle.pos)
                .map_err(refused)?
        };
        handle.last.live = false;
        handle.forget_pushed();
        handle.pos.undo_unchecked(undo);
        Ok(())
    })
}

/// The failure for an undo record that does not belong.
#[cold]
#[inline(never)]
fn refused(why: &'static str) -> Failure {
    fail(
        KC_ERR_INVALID_ARGUMENT,
        format!("the undo record does not belong to this position: {why}"),
    )
}

/// The failure for a well-formed move that is not legal.
#[cold]
#[inline(never)]
pub(super) fn illegal(mv: Move, reason: IllegalMoveReason) -> Failure {
    fail(
        KC_ERR_ILLEGAL_MOVE,
        IllegalMoveError::new(mv.to_string(), reason).to_string(),
    )
}

const _: () = assert!(core::mem::size_of::<kc_kaissa_undo_record>() == 40);
const _: () = assert!(core::mem::align_of::<kc_kaissa_undo_record>() == 8);

/// Why a record that fits no position is refused.
const STALE: &str = "it is stale, from another position, or already used";

impl kc_kaissa_undo_record {
    /// The record as five words (it has no padding: checked above).
    #[inline(always)]
    fn words(&self) -> [u64; 5] {
        // SAFETY: a `repr(C)` struct of 40 bytes without padding (every
        // byte is a field of integers), aligned for `u64`.
        unsafe { core::mem::transmute_copy(self) }
    }

    /// The record with these bytes.
    #[inline(always)]
    fn from_words(words: [u64; 5]) -> Self {
        // SAFETY: 40 bytes; every byte pattern is a valid record (integer
        // fields only, no padding).
        unsafe { core::mem::transmute(words) }
    }

    /// The seal of the first four words (every field but `check`), the
    /// one keyed digest of `seal.rs`: with the per-process key it catches
    /// any edit of a record, accidental or hand-made.
    #[inline(always)]
    fn digest_of(words: &[u64; 5]) -> u64 {
        seal::kaissa_undo(&[words[0], words[1], words[2], words[3]])
    }

    /// [`digest_of`](Self::digest_of) this record.
    #[inline(always)]
    fn digest(&self) -> u64 {
        Self::digest_of(&self.words())
    }

    /// The record of `undo` as words, made by playing `mv` (well formed:
    /// the C form of `undo.played()`), with its `check`.
    #[inline(always)]
    fn sealed_words(mv: kc_kaissa_move, undo: &Undo) -> [u64; 5] {
        let moved = undo.moved();
        let captured = kc_kaissa_piece::from_rust(undo.captured());
        #[cfg(target_endian = "little")]
        let mut words = {
            // The bytes of the record, as the struct lays them out.
            let low = u64::from(mv.kind)
                | u64::from(mv.from) << 8
                | u64::from(mv.to) << 16
                | 1 << 24
                | (moved.side as u64) << 32
                | (moved.kind as u64) << 40
                | u64::from(captured.present) << 48
                | u64::from(captured.side) << 56;
            let high = u64::from(captured.kind) | u64::from(undo.turn_after()) << 32;
            [low, high, undo.hash_before(), undo.hash_after(), 0]
        };
        #[cfg(not(target_endian = "little"))]
        let mut words = kc_kaissa_undo_record {
            mv,
            moved: kc_kaissa_piece {
                present: 1,
                side: moved.side as u8,
                kind: moved.kind as u8,
            },
            captured,
            reserved: [0; 3],
            turn_after: undo.turn_after(),
            hash_before: undo.hash_before(),
            hash_after: undo.hash_after(),
            check: 0,
        }
        .words();
        words[4] = Self::digest_of(&words);
        words
    }

    /// The Rust record, if this one is intact and belongs to `pos`: checked
    /// in constant time, without touching `pos`.
    #[inline(always)]
    fn opened(&self, pos: &Position) -> Result<Undo, &'static str> {
        if self.check != self.digest() {
            return Err("it was edited or corrupted (its check does not match)");
        }
        let (Some(mv), Some(Some(moved)), Some(captured)) = (
            self.mv.decode(),
            self.moved.decode(),
            self.captured.decode(),
        ) else {
            return Err("a field is out of range");
        };
        let undo = Undo::from_parts(
            mv,
            moved,
            captured,
            self.turn_after,
            self.hash_before,
            self.hash_after,
        );
        if !pos.undo_matches(&undo) {
            return Err(STALE);
        }
        if !pos.undo_fits(&undo) {
            return Err("its pieces are not where its move left them");
        }
        Ok(undo)
    }
}

// ---------------------------------------------------------------------------
// Perft and random play.

/// Counts the move sequences of length `depth` from `pos` (perft; depth 0
/// gives 1) and writes the count to `*out`. Works on an internal copy: `pos`
/// is only read. `depth` above `KC_KAISSA_MAX_PERFT_DEPTH` gives
/// `KC_ERR_INVALID_ARGUMENT`. From the start: 40, 1600, 70656 at depths 1-3.
///
/// # Safety
/// `pos` is a live position; `out` points to a writable `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_perft(
    pos: *const kc_kaissa_position,
    depth: u32,
    out: *mut u64,
) -> kc_status {
    run("kc_kaissa_perft", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let out = out_ptr(out, "out")?;
        if depth > KC_KAISSA_MAX_PERFT_DEPTH {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("depth {depth} is above KC_KAISSA_MAX_PERFT_DEPTH ({KC_KAISSA_MAX_PERFT_DEPTH})"),
            ));
        }
        let nodes = perft(pos, depth);
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, nodes) };
        Ok(())
    })
}

/// Picks one of the legal moves of `pos` uniformly at random, using (and
/// advancing) the SplitMix64 state `*rng_state` kept in caller memory, and
/// writes it to `*out`. The same state and position always give the same
/// move: seed the state with any value for a reproducible game. A finished
/// game (no legal move) gives `KC_ERR_GAME_OVER` with the state untouched.
/// Never allocates.
///
/// The choice is `moves[below(n)]` where `moves` is the order of
/// `kc_kaissa_legal_moves` and `below` is `kc_random_below`, exactly as
/// the Rust `Position::choose_move` (and as `kc_chaturaji_choose_move`
/// chooses for Chaturaji).
///
/// # Safety
/// `pos` is a live position; `rng_state` points to a `uint64_t` the caller
/// owns (read and written); `out` points to a writable `kc_kaissa_move`.
#[no_mangle]
pub unsafe extern "C" fn kc_kaissa_choose_move(
    pos: *const kc_kaissa_position,
    rng_state: *mut u64,
    out: *mut kc_kaissa_move,
) -> kc_status {
    run("kc_kaissa_choose_move", || {
        // SAFETY: forwarded from the caller.
        let pos = unsafe { position_ref(pos, "pos")? };
        let state = out_ptr(rng_state, "rng_state")?;
        let out = out_ptr(out, "out")?;
        let mut moves = MoveList::new();
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            return Err(fail(KC_ERR_GAME_OVER, "the game is over: no legal move"));
        }
        // SAFETY: checked; the caller owns the state.
        let mut rng = SplitMix64::new(unsafe { state.as_ptr().read() });
        let mv = moves[rng.below(moves.len() as u64) as usize];
        // SAFETY: checked; writable per the caller.
        unsafe {
            write_out(state, rng.state);
            write_out(out, kc_kaissa_move::from_rust(mv));
        }
        Ok(())
    })
}
