//! The C ABI of game records: `kc_record_*` (readable moves and board
//! pictures of positions are in each game's `readable.rs` and `svg.rs`).
//!
//! A record is an opaque, heap-allocated [`kc_record`] made by
//! `kc_record_read` (from text), `kc_record_new_kaissa` or
//! `kc_record_new_chaturaji` (from a start position) and released with
//! `kc_record_free`. Moves go in and out as text: the record format's
//! action text (`e2e5`, `H@c1`, `5:g7g8K`, `4:pass`, `exchange:rh4,be8`,
//! and the Ludii ruleset's promotion decisions `=K` and `pass`),
//! which `kc_kaissa_move_from_text` / `kc_chaturaji_move_from_text` turn
//! into move structs (for Chaturaji, without the `<face>:` prefix). Every
//! text output follows the `(buf, cap, out_len)` convention of the other
//! `kc_` functions.
//!
//! Records are read from text by `kc_record_read` (one record of a text),
//! `kc_record_count`, and a `kc_record_reader` (`kc_record_reader_new`,
//! `kc_record_reader_next`, `kc_record_reader_free`), which reads the
//! records of a text one after the other and goes on after a bad one, as
//! the Rust `record::Reader` does; its flag `KC_RECORD_READ_LENIENT`
//! reads hand-written records that lack their `Result` and `Termination`.
//! A text is read line by line: its bytes need not all be UTF-8, and
//! records before a bad one read as usual. Actions may be written as
//! move text or as readable moves (`Tf4`, `3:rHh2-f3`; docs/records.md,
//! section 3).
//!
//! A bad record gives one of three statuses: `KC_ERR_ILLEGAL_MOVE` for an
//! action that is not legal where it stands (or a readable move that names
//! no legal move), `KC_ERR_INVALID_UTF8` for bytes of the record that are
//! not UTF-8, and `KC_ERR_PARSE` for anything else wrong with it (its
//! syntax, white space other than spaces and tabs, its tags, its result).
//! The last error message is then `line:column: reason` (with `ply N: `
//! after the place for an error in the movetext), and, when the caller
//! passes a `kc_record_error_info`, the line, column (in characters) and
//! ply are written there too. A `kc_record_error_info` pointer that is not
//! NULL must be aligned: a misaligned one gives `KC_ERR_INVALID_ARGUMENT`
//! before anything is read.
#![allow(non_camel_case_types)]

use core::ffi::{c_char, CStr};
use core::ptr::NonNull;
use std::io::Cursor;

use super::boundary::optional_ptr;
use super::chaturaji::kc_chaturaji_position;
use super::handle::{free_handle, give_handle, handle_mut, handle_ref, Handle};
use super::kaissa::kc_kaissa_position;
use super::kc_status::{self, *};
use super::{fail, out_ptr, read_str, run, write_out, write_text, Failure};
use super::{KC_GAME_CHATURAJI, KC_GAME_KAISSA};
use crate::record::{
    ChaturajiRecord, GameResult, KaissaRecord, Reader, Record, RecordError, RecordErrorKind,
    RecordPosition, RecordVisitor, Termination,
};

use super::svg;

/// A text buffer of this many bytes always holds an action text of a
/// record (`exchange:rh4,be8` is the longest kind) and its NUL.
pub const KC_RECORD_ACTION_TEXT_CAP: usize = 24;
/// A text buffer of this many bytes always holds a result or termination
/// word and its NUL.
pub const KC_RECORD_RESULT_CAP: usize = 24;

/// Flag of `kc_record_reader_new`: read in lenient mode, for hand-written
/// records: a record may lack its `Result` tag, its `Termination` tag and
/// the result ending its movetext, which are then completed from the game
/// (the rules' ending when the final position is over, else `*` and
/// `unfinished`, or the players' termination of a stated result;
/// docs/records.md, section 5). Everything else is checked as usual.
pub const KC_RECORD_READ_LENIENT: u32 = 1;

/// A game record of either game, opaque to C. Created by `kc_record_read`,
/// `kc_record_new_kaissa` or `kc_record_new_chaturaji`; the caller owns it
/// and must release it with `kc_record_free` exactly once. Its result always
/// agrees with its final position. Not thread-safe: do not use one record
/// from two threads at the same time unless every call takes a const
/// pointer.
pub struct kc_record {
    record: Record,
}

impl Handle for kc_record {
    type Inner = Record;
    fn wrap(record: Record) -> Self {
        kc_record { record }
    }
    fn inner(&self) -> &Record {
        &self.record
    }
    fn inner_mut(&mut self) -> &mut Record {
        &mut self.record
    }
}

/// Where a record's text is wrong, written by `kc_record_read`,
/// `kc_record_count` and `kc_record_reader_next` when they fail with
/// `KC_ERR_PARSE`, `KC_ERR_ILLEGAL_MOVE` or `KC_ERR_INVALID_UTF8` for a bad
/// record (and the caller passed one).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct kc_record_error_info {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// For an error in the movetext, the number (from 1) of the action it
    /// is about; 0 for an error in the tag pairs.
    pub ply: usize,
}

/// The failure for a record error, with its position written to
/// `out_error` when the caller gave one.
///
/// # Safety
/// `out_error` is `None` or valid for writing a `kc_record_error_info`.
unsafe fn record_failure(
    error: &RecordError,
    out_error: Option<NonNull<kc_record_error_info>>,
) -> Failure {
    if let Some(out) = out_error {
        let info = kc_record_error_info {
            line: error.line(),
            column: error.column(),
            ply: error.ply().unwrap_or(0),
        };
        // SAFETY: checked non-null and aligned; writable per the caller.
        unsafe { write_out(out, info) };
    }
    let status = match error.kind() {
        RecordErrorKind::IllegalAction { .. } => KC_ERR_ILLEGAL_MOVE,
        RecordErrorKind::InvalidUtf8 => KC_ERR_INVALID_UTF8,
        _ => KC_ERR_PARSE,
    };
    fail(status, error.to_string())
}

/// The bytes of a NUL-terminated text. The whole is not required to be
/// UTF-8: the record reader checks each line, so that the records before
/// a bad byte read as usual and the bad byte is reported at its line and
/// column.
///
/// # Safety
/// `text` is NULL or a NUL-terminated string.
unsafe fn text_bytes<'a>(text: *const c_char, what: &'static str) -> Result<&'a [u8], Failure> {
    super::check_ptr(text, what)?;
    // SAFETY: non-null, and the caller guarantees a NUL-terminated string.
    Ok(unsafe { CStr::from_ptr(text) }.to_bytes())
}

/// A visitor that only lets the reader check records.
struct Check;

impl RecordVisitor for Check {
    type Output = ();
    fn end_record(&mut self, _: GameResult, _: Termination, _: RecordPosition<'_>) {}
}

/// Reads the records of `text` up to the one numbered `index` (from 0) and
/// hands it to the caller through `*out_record`. Every record up to it is
/// checked (each move against the rules, the result against the final
/// position); what comes after it is not read. A bad record among them
/// gives `KC_ERR_ILLEGAL_MOVE` (an action not legal where it stands, or a
/// readable move that names no legal move), `KC_ERR_INVALID_UTF8` (bytes
/// of the record that are not UTF-8) or `KC_ERR_PARSE` (anything else
/// wrong with it), the message `line:column: reason`, and the place in
/// `*out_error` when `out_error` is not NULL; the records before it read
/// as usual, whatever bytes follow them. Fewer records than `index + 1` give
/// `KC_ERR_INVALID_ARGUMENT`. To read on past a bad record, use a
/// `kc_record_reader`.
///
/// # Safety
/// `text` is a NUL-terminated string; `out_record` points to a writable
/// `kc_record *`; `out_error` is NULL or points to a writable
/// `kc_record_error_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_read(
    text: *const c_char,
    index: usize,
    out_record: *mut *mut kc_record,
    out_error: *mut kc_record_error_info,
) -> kc_status {
    run("kc_record_read", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { text_bytes(text, "text")? };
        out_ptr(out_record, "out_record")?;
        let out_error = optional_ptr(out_error, "out_error")?;
        let mut count = 0;
        for record in Reader::new(text) {
            // SAFETY: forwarded from the caller.
            let record = record.map_err(|err| unsafe { record_failure(&err, out_error) })?;
            if count == index {
                // SAFETY: forwarded from the caller.
                return unsafe { give_handle::<kc_record>(record, out_record) };
            }
            count += 1;
        }
        Err(fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("the text holds {count} records; there is no record {index}"),
        ))
    })
}

/// Counts the records of `text`, checking every one (without building
/// them); the first bad record fails as in `kc_record_read`, and
/// `*out_count` is then not written. A `kc_record_reader` counts the
/// records around bad ones.
///
/// # Safety
/// `text` is a NUL-terminated string; `out_count` points to a writable
/// `size_t`; `out_error` is NULL or points to a writable
/// `kc_record_error_info`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_count(
    text: *const c_char,
    out_count: *mut usize,
    out_error: *mut kc_record_error_info,
) -> kc_status {
    run("kc_record_count", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { text_bytes(text, "text")? };
        let out = out_ptr(out_count, "out_count")?;
        let out_error = optional_ptr(out_error, "out_error")?;
        let mut count = 0;
        let mut reader = Reader::new(text);
        while let Some(record) = reader.visit(&mut Check) {
            // SAFETY: forwarded from the caller.
            record.map_err(|err| unsafe { record_failure(&err, out_error) })?;
            count += 1;
        }
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, count) };
        Ok(())
    })
}

/// A reader of the records of a text, one after the other, opaque to C:
/// made by `kc_record_reader_new` (which copies the text), advanced by
/// `kc_record_reader_next`, released with `kc_record_reader_free` exactly
/// once. Reading the whole text takes time in proportion to its length.
/// Not thread-safe: use one reader from one thread at a time.
pub struct kc_record_reader {
    reader: Reader<Cursor<Vec<u8>>>,
}

impl Handle for kc_record_reader {
    type Inner = Reader<Cursor<Vec<u8>>>;
    fn wrap(reader: Self::Inner) -> Self {
        kc_record_reader { reader }
    }
    fn inner(&self) -> &Self::Inner {
        &self.reader
    }
    fn inner_mut(&mut self) -> &mut Self::Inner {
        &mut self.reader
    }
}

/// A reader of the records of `text` (copied: the caller may free it
/// afterwards), through `*out`. `flags` is 0 (strict, as `kc_record_read`)
/// or `KC_RECORD_READ_LENIENT`; other bits give `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `text` is a NUL-terminated string; `out` points to a writable
/// `kc_record_reader *`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_reader_new(
    text: *const c_char,
    flags: u32,
    out: *mut *mut kc_record_reader,
) -> kc_status {
    run("kc_record_reader_new", || {
        // SAFETY: forwarded from the caller.
        let text = unsafe { text_bytes(text, "text")? };
        out_ptr(out, "out")?;
        if flags & !KC_RECORD_READ_LENIENT != 0 {
            return Err(fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("flags {flags:#x}: only KC_RECORD_READ_LENIENT (1) is known"),
            ));
        }
        let mut reader = Reader::new(Cursor::new(text.to_vec()));
        if flags & KC_RECORD_READ_LENIENT != 0 {
            reader = reader.lenient();
        }
        // SAFETY: forwarded from the caller.
        unsafe { give_handle::<kc_record_reader>(reader, out) }
    })
}

/// Reads the next record. `*out_record` is first set to NULL; then:
///
/// * `KC_OK` with `*out_record` not NULL: the next record, which the
///   caller owns (release it with `kc_record_free`);
/// * `KC_OK` with `*out_record` NULL: there are no more records;
/// * `KC_ERR_PARSE`, `KC_ERR_ILLEGAL_MOVE` or `KC_ERR_INVALID_UTF8`: the
///   next record is bad (as for `kc_record_read`); the message is
///   `line:column: reason` and the place is written to `*out_error` when
///   `out_error` is not NULL. The next call goes on with the record after
///   it, as the Rust reader does.
///
/// # Safety
/// `reader` is a live reader used by nobody else during the call;
/// `out_record` points to a writable `kc_record *`; `out_error` is NULL or
/// points to a writable `kc_record_error_info` (misaligned:
/// `KC_ERR_INVALID_ARGUMENT`, and the reader does not move on).
#[no_mangle]
pub unsafe extern "C" fn kc_record_reader_next(
    reader: *mut kc_record_reader,
    out_record: *mut *mut kc_record,
    out_error: *mut kc_record_error_info,
) -> kc_status {
    run("kc_record_reader_next", || {
        // SAFETY: forwarded from the caller.
        let reader = unsafe { handle_mut(reader, "reader")? };
        let out = out_ptr(out_record, "out_record")?;
        let out_error = optional_ptr(out_error, "out_error")?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, core::ptr::null_mut()) };
        match reader.next() {
            None => Ok(()),
            // SAFETY: forwarded from the caller.
            Some(Ok(record)) => unsafe { give_handle::<kc_record>(record, out_record) },
            // SAFETY: forwarded from the caller.
            Some(Err(err)) => Err(unsafe { record_failure(&err, out_error) }),
        }
    })
}

/// Releases a reader; NULL is a no-op. The records it gave stay the
/// caller's.
///
/// # Safety
/// `reader` is NULL or a reader from `kc_record_reader_new` not freed yet.
#[no_mangle]
pub unsafe extern "C" fn kc_record_reader_free(reader: *mut kc_record_reader) {
    // SAFETY: forwarded from the caller.
    unsafe { free_handle(reader) }
}

/// A new, empty Kaissa record of a game starting from `*start` (copied).
///
/// # Safety
/// `start` is a live `kc_kaissa_position`; `out` points to a writable
/// `kc_record *`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_new_kaissa(
    start: *const kc_kaissa_position,
    out: *mut *mut kc_record,
) -> kc_status {
    run("kc_record_new_kaissa", || {
        // SAFETY: forwarded from the caller.
        let start = unsafe { handle_ref::<kc_kaissa_position>(start, "start")? };
        let record = Record::from(KaissaRecord::new(start.clone()));
        // SAFETY: forwarded from the caller.
        unsafe { give_handle::<kc_record>(record, out) }
    })
}

/// A new, empty Chaturaji record of a game starting from `*start` (copied,
/// with its rules options).
///
/// # Safety
/// `start` is a live `kc_chaturaji_position`; `out` points to a writable
/// `kc_record *`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_new_chaturaji(
    start: *const kc_chaturaji_position,
    out: *mut *mut kc_record,
) -> kc_status {
    run("kc_record_new_chaturaji", || {
        // SAFETY: forwarded from the caller.
        let start = unsafe { handle_ref::<kc_chaturaji_position>(start, "start")? };
        let record = Record::from(ChaturajiRecord::new(start.clone()));
        // SAFETY: forwarded from the caller.
        unsafe { give_handle::<kc_record>(record, out) }
    })
}

/// Releases a record; NULL is a no-op.
///
/// # Safety
/// `record` is NULL or a record from this library not freed yet.
#[no_mangle]
pub unsafe extern "C" fn kc_record_free(record: *mut kc_record) {
    // SAFETY: forwarded from the caller.
    unsafe { free_handle(record) }
}

/// The record's game: `KC_GAME_KAISSA` or `KC_GAME_CHATURAJI`.
///
/// # Safety
/// `record` is a live record; `out` points to a writable `uint8_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_game(record: *const kc_record, out: *mut u8) -> kc_status {
    run("kc_record_game", || {
        // SAFETY: forwarded from the caller.
        let record = unsafe { handle_ref::<kc_record>(record, "record")? };
        let out = out_ptr(out, "out")?;
        let game = match record {
            Record::Kaissa(_) => KC_GAME_KAISSA,
            Record::Chaturaji(_) => KC_GAME_CHATURAJI,
        };
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, game) };
        Ok(())
    })
}

/// Plays the action `action` (the record format's text: `e2e5`, `H@c1`;
/// `5:g7g8K`, `4:pass`, `exchange:rh4,be8`; a Ludii promotion decision,
/// without a roll: `=K`, `=E`, `=H`, `=B`, `pass`) at the end of the
/// record. A malformed text gives `KC_ERR_PARSE`, an illegal move or impossible
/// exchange `KC_ERR_ILLEGAL_MOVE`; the record is then unchanged. The
/// result becomes the rules' one when the game is now over, else `*`.
///
/// # Safety
/// `record` is a live record used by nobody else during the call;
/// `action` is a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn kc_record_play(
    record: *mut kc_record,
    action: *const c_char,
) -> kc_status {
    run("kc_record_play", || {
        // SAFETY: forwarded from the caller.
        let record = unsafe { handle_mut::<kc_record>(record, "record")? };
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(action, "action")? };
        let parse = |err: &dyn core::fmt::Display| {
            fail(
                KC_ERR_PARSE,
                format!("action \"{}\": {err}", crate::error::excerpt(text)),
            )
        };
        let illegal = |err: &dyn core::fmt::Display| fail(KC_ERR_ILLEGAL_MOVE, err.to_string());
        match record {
            Record::Kaissa(r) => {
                let mv = text.parse().map_err(|e| parse(&e))?;
                r.play(mv).map_err(|e| illegal(&e))
            }
            Record::Chaturaji(r) => {
                let action = text.parse().map_err(|e| parse(&e))?;
                r.play(action).map_err(|e| illegal(&e))
            }
        }
    })
}

/// Adds a comment after the last action (before the first, when there is
/// none). A comment with control characters other than tab and new line,
/// or a line longer than 65,536 bytes, gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `record` is a live record used by nobody else during the call; `text`
/// is a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn kc_record_add_comment(
    record: *mut kc_record,
    text: *const c_char,
) -> kc_status {
    run("kc_record_add_comment", || {
        // SAFETY: forwarded from the caller.
        let record = unsafe { handle_mut::<kc_record>(record, "record")? };
        // SAFETY: forwarded from the caller.
        let text = unsafe { read_str(text, "text")? };
        record
            .add_comment(text)
            .map_err(|err| fail(KC_ERR_INVALID_ARGUMENT, err.to_string()))
    })
}

/// Sets the free tag `name` (`Event`, `Site`, `Date`, the players, …) to
/// `value`. A bad name, a reserved tag (`Game`, `Rules`, `DrawLimit`,
/// `Position`, `Result`, `Termination`, `Scores`), a bad `Date` or a value
/// with a control character other than tab gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `record` is a live record used by nobody else during the call; `name`
/// and `value` are NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn kc_record_set_tag(
    record: *mut kc_record,
    name: *const c_char,
    value: *const c_char,
) -> kc_status {
    run("kc_record_set_tag", || {
        // SAFETY: forwarded from the caller.
        let record = unsafe { handle_mut::<kc_record>(record, "record")? };
        // SAFETY: forwarded from the caller.
        let (name, value) = unsafe { (read_str(name, "name")?, read_str(value, "value")?) };
        record
            .set_tag(name, value)
            .map_err(|err| fail(KC_ERR_INVALID_ARGUMENT, err.to_string()))
    })
}

/// Copies the value of the tag `name` into `buf`: a free tag, or one of
/// the record's own (`Game`, `Rules`, `DrawLimit`, `Position`, `Result`,
/// `Termination`, `Scores`, as a writer writes them). A tag the record
/// does not have gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `record` is a live record; `name` is a NUL-terminated string; `buf` is
/// NULL (with `cap` 0) or points to `cap` writable bytes; `out_len` points
/// to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_tag(
    record: *const kc_record,
    name: *const c_char,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    run("kc_record_tag", || {
        // SAFETY: forwarded from the caller.
        let record = unsafe { handle_ref::<kc_record>(record, "record")? };
        // SAFETY: forwarded from the caller.
        let name = unsafe { read_str(name, "name")? };
        let value = tag_value(record, name).ok_or_else(|| {
            fail(
                KC_ERR_INVALID_ARGUMENT,
                format!("the record has no tag \"{}\"", crate::error::excerpt(name)),
            )
        })?;
        // SAFETY: forwarded from the caller.
        unsafe { write_text(&value, buf, cap, out_len) }
    })
}

/// The value of any tag of `record`, as the written record holds it.
fn tag_value(record: &Record, name: &str) -> Option<String> {
    if let Some(value) = record.tags().get(name) {
        return Some(value.to_string());
    }
    let text = record.to_string();
    let prefix = format!("[{name} \"");
    let line = text
        .lines()
        .take_while(|line| line.starts_with('['))
        .find(|line| line.starts_with(&prefix))?;
    let raw = line.strip_prefix(&prefix)?.strip_suffix("\"]")?;
    Some(raw.replace("\\\"", "\"").replace("\\\\", "\\"))
}

/// States the result (`*`, `draw`, `yellow-wins`, `red-wins`, `rg-wins`,
/// `by-wins`, `ry-wins`, `bg-wins`; under the Ludii ruleset `red-wins`,
/// `black-wins`, `yellow-wins`, `green-wins`) and termination (`resignation`,
/// `agreement`, `abandoned`, `unfinished`, or the rules' own) of the
/// record. Unknown words give `KC_ERR_PARSE`; a result that contradicts the
/// final position (a capture that did not happen, a resignation after the
/// game ended, …) gives `KC_ERR_INVALID_ARGUMENT` and changes nothing.
///
/// # Safety
/// `record` is a live record used by nobody else during the call;
/// `result` and `termination` are NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn kc_record_set_result(
    record: *mut kc_record,
    result: *const c_char,
    termination: *const c_char,
) -> kc_status {
    run("kc_record_set_result", || {
        // SAFETY: forwarded from the caller.
        let record = unsafe { handle_mut::<kc_record>(record, "record")? };
        // SAFETY: forwarded from the caller.
        let (result, termination) = unsafe {
            (
                read_str(result, "result")?,
                read_str(termination, "termination")?,
            )
        };
        let parsed = record.parse_result(result);
        let game_result: GameResult = parsed.ok_or_else(|| {
            fail(
                KC_ERR_PARSE,
                format!(
                    "\"{}\" is not a result of a {} record",
                    crate::error::excerpt(result),
                    record.game()
                ),
            )
        })?;
        let termination = Termination::from_word(termination).ok_or_else(|| {
            fail(
                KC_ERR_PARSE,
                format!(
                    "\"{}\" is not a termination",
                    crate::error::excerpt(termination)
                ),
            )
        })?;
        record
            .set_result(game_result, termination)
            .map_err(|err| fail(KC_ERR_INVALID_ARGUMENT, err.to_string()))
    })
}

/// Writes `text` of a record query into a caller buffer.
///
/// # Safety
/// As for `write_text`; `record` is NULL or a live record.
unsafe fn record_text(
    record: *const kc_record,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
    text: impl FnOnce(&Record) -> Result<String, Failure>,
) -> super::FfiResult {
    // SAFETY: forwarded from the caller.
    let record = unsafe { handle_ref::<kc_record>(record, "record")? };
    let text = text(record)?;
    // SAFETY: forwarded from the caller.
    unsafe { write_text(&text, buf, cap, out_len) }
}

/// Copies the result word (`*`, `draw`, `yellow-wins`, `rg-wins`, …) into
/// `buf` (`KC_RECORD_RESULT_CAP` bytes always suffice).
///
/// # Safety
/// `record` is a live record; `buf` is NULL (with `cap` 0) or points to
/// `cap` writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_result(
    record: *const kc_record,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    run("kc_record_result", || unsafe {
        record_text(record, buf, cap, out_len, |r| Ok(r.result().to_string()))
    })
}

/// Copies the termination word (`home-stone-captured`, `resignation`,
/// `unfinished`, …) into `buf` (`KC_RECORD_RESULT_CAP` bytes always
/// suffice).
///
/// # Safety
/// `record` is a live record; `buf` is NULL (with `cap` 0) or points to
/// `cap` writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_termination(
    record: *const kc_record,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    run("kc_record_termination", || unsafe {
        record_text(record, buf, cap, out_len, |r| {
            Ok(r.termination().word().to_string())
        })
    })
}

/// The number of actions of the record (plies, Chaturaji exchanges and
/// Ludii promotion decisions).
///
/// # Safety
/// `record` is a live record; `out` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_action_count(
    record: *const kc_record,
    out: *mut usize,
) -> kc_status {
    run("kc_record_action_count", || {
        // SAFETY: forwarded from the caller.
        let record = unsafe { handle_ref::<kc_record>(record, "record")? };
        let out = out_ptr(out, "out")?;
        // SAFETY: checked; writable per the caller.
        unsafe { write_out(out, record.action_count()) };
        Ok(())
    })
}

/// Copies the text of action `index` (from 0; `e2e5`, `5:g7g8K`,
/// `exchange:rh4,be8`) into `buf` (`KC_RECORD_ACTION_TEXT_CAP` bytes always
/// suffice). An index past the last action gives `KC_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// `record` is a live record; `buf` is NULL (with `cap` 0) or points to
/// `cap` writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_action_text(
    record: *const kc_record,
    index: usize,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    run("kc_record_action_text", || unsafe {
        record_text(record, buf, cap, out_len, |r| {
            r.action_text(index).ok_or_else(|| out_of_range(r, index))
        })
    })
}

fn out_of_range(record: &Record, index: usize) -> Failure {
    fail(
        KC_ERR_INVALID_ARGUMENT,
        format!(
            "index {index}: the record has {} actions",
            record.action_count()
        ),
    )
}

/// Copies the position text after `index` actions (0: the start position;
/// the action count: the final position) into `buf`
/// (`KC_CHATURAJI_POSITION_TEXT_CAP` bytes always suffice). An index past
/// the action count gives `KC_ERR_INVALID_ARGUMENT`. Each call replays the
/// game from its start.
///
/// # Safety
/// `record` is a live record; `buf` is NULL (with `cap` 0) or points to
/// `cap` writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_position_text(
    record: *const kc_record,
    index: usize,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    run("kc_record_position_text", || unsafe {
        record_text(record, buf, cap, out_len, |r| {
            r.position_text(index).ok_or_else(|| out_of_range(r, index))
        })
    })
}

/// Writes the whole record as text into `buf` (ask for the size with
/// `cap` 0 first).
///
/// # Safety
/// `record` is a live record; `buf` is NULL (with `cap` 0) or points to
/// `cap` writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_write(
    record: *const kc_record,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    run("kc_record_write", || unsafe {
        record_text(record, buf, cap, out_len, |r| Ok(r.to_string()))
    })
}

/// Writes the record's final position as an SVG picture into `buf`, its
/// last move highlighted; squares of `square_size` pixels (0: 48; any other
/// size is clamped to 8..1000, never refused). Ask for the size with `cap` 0
/// first.
///
/// # Safety
/// `record` is a live record; `buf` is NULL (with `cap` 0) or points to
/// `cap` writable bytes; `out_len` points to a writable `size_t`.
#[no_mangle]
pub unsafe extern "C" fn kc_record_svg(
    record: *const kc_record,
    square_size: u32,
    buf: *mut c_char,
    cap: usize,
    out_len: *mut usize,
) -> kc_status {
    // SAFETY: forwarded from the caller.
    run("kc_record_svg", || unsafe {
        record_text(record, buf, cap, out_len, |r| {
            Ok(r.svg(&svg::svg_options(square_size)))
        })
    })
}
