//! What the readable-move calls of both games share (the calls are in
//! `kaissa/readable.rs` and `chaturaji/readable.rs`): the buffer size, the
//! move-text readers and the statuses of a readable move that fails.

use super::kc_status::*;
use super::{fail, Failure};
use crate::chaturaji::{self, Roll};
use crate::kaissa;
use crate::readable::ReadableMoveError;

/// A text buffer of this many bytes always holds a readable move (`Bxh10#`,
/// `gP b7-b8=H`) and its NUL.
pub const KC_READABLE_MOVE_CAP: usize = 16;

/// The Kaissa move in `text`, or `KC_ERR_PARSE`.
pub(crate) fn kaissa_move(text: &str) -> Result<kaissa::Move, Failure> {
    text.parse()
        .map_err(|err| fail(KC_ERR_PARSE, format!("move text: {err}")))
}

/// The Chaturaji move in `text`, or `KC_ERR_PARSE`.
pub(crate) fn chaturaji_move(text: &str) -> Result<chaturaji::Move, Failure> {
    chaturaji::Move::parse(text).map_err(|err| fail(KC_ERR_PARSE, format!("move text: {err}")))
}

/// The die face `face`, or `KC_ERR_INVALID_ARGUMENT`.
pub(crate) fn roll_in(face: u8) -> Result<Roll, Failure> {
    Roll::new(face).ok_or_else(|| {
        fail(
            KC_ERR_INVALID_ARGUMENT,
            format!("roll {face} is not a face of the die (2, 3, 4 or 5)"),
        )
    })
}

/// The failure of a readable move that does not read.
pub(crate) fn readable_failure(err: ReadableMoveError) -> Failure {
    let status = match err {
        ReadableMoveError::Malformed { .. } => KC_ERR_PARSE,
        ReadableMoveError::GameOver => KC_ERR_GAME_OVER,
        _ => KC_ERR_ILLEGAL_MOVE,
    };
    fail(status, err.to_string())
}
