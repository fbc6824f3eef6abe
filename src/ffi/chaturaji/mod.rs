//! The Chaturaji half of the C ABI: `kc_chaturaji_*`.
//!
//! A position is an opaque, heap-allocated [`kc_chaturaji_position`] made by
//! `kc_chaturaji_position_new_start`, `_from_text` or `_clone` and released
//! with `kc_chaturaji_position_free`; it carries the rules options it was
//! created with ([`kc_chaturaji_rules`]). Everything else — moves, pieces,
//! undo records, outcomes, exchange pairs — is a plain `#[repr(C)]` struct
//! the caller owns, usually on its stack: rolling the die, generating,
//! testing, choosing, playing and taking back moves never allocates.
//!
//! Numbers in the structs: squares are `rank_index * 8 + file_index`
//! (a1 = 0, h1 = 7, a8 = 56, h8 = 63); colours (which are also the seats)
//! are `KC_CHATURAJI_RED` (0), `_BLACK` (1), `_YELLOW` (2), `_GREEN` (3), in
//! turn order; piece kinds are `KC_CHATURAJI_RAJA` (0), `_ELEPHANT` (1),
//! `_HORSE` (2), `_BOAT` (3), `_PAWN` (4); die rolls are 2, 3, 4 or 5.
//!
//! Playing: `kc_chaturaji_play` checks the move's legality;
//! `kc_chaturaji_choose` picks a random move with a token
//! ([`kc_chaturaji_chosen_move`]) that `kc_chaturaji_play_chosen` plays
//! without checking legality again (the token is checked instead, in
//! constant time); `kc_chaturaji_play_random` rolls, chooses and plays one
//! ply in a single call (playouts). Undo records
//! ([`kc_chaturaji_undo_record`]) are sealed to the position the move made
//! and checked in constant time by `kc_chaturaji_undo`. Records and tokens
//! carry a digest under a key made at random once per process: they are
//! valid only in the process that made them.
//!
//! The Ludii ruleset (the rules reference, §2.13) is the rules option `ruleset`
//! `KC_CHATURAJI_RULESET_LUDII` (`kc_chaturaji_rules_ludii` fills it in);
//! its scores, ranking and promotion decisions have functions of their own
//! in `ludii.rs`. A promotion decision is a move of kind
//! `KC_CHATURAJI_MOVE_DECISION`, made without a roll: while one is pending,
//! the functions that take a roll still want a face 2..5 and ignore it.
//!
//! The files, one concept each: `types.rs` (the constants and the plain
//! structs, with their conversions), `position.rs` (the rules options, the
//! fixed board data, the opaque handle: making, copying and freeing it, and
//! reading the position), `play.rs` (listing, testing, playing and taking
//! back moves with sealed undo records; raja exchanges; perft), `choose.rs`
//! (the die, random choices and the sealed chosen-move tokens, one random
//! ply), `text.rs` (position, diagram, move and square texts),
//! `readable.rs` (readable moves), `svg.rs` (pictures), `playouts.rs`
//! (seeded random games) and `ludii.rs` (what only the Ludii ruleset has).
#![allow(non_camel_case_types)]

mod choose;
mod ludii;
mod play;
mod playouts;
mod position;
mod readable;
mod svg;
#[cfg(test)]
mod tests;
mod text;
mod types;

pub use choose::*;
pub use ludii::*;
pub use play::*;
pub use playouts::*;
pub use position::*;
pub use readable::*;
pub use svg::*;
pub use text::*;
pub use types::*;
