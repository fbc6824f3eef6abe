//! The Merchant Kaissa half of the C ABI: `kc_kaissa_*`.
//!
//! A position is an opaque, heap-allocated [`kc_kaissa_position`] made by
//! `kc_kaissa_position_new_start`, `_from_text` or `_clone` and released
//! with `kc_kaissa_position_free`. Everything else — moves, pieces, undo
//! records, the Home Stone window, outcomes — is a plain `#[repr(C)]` struct
//! the caller owns, usually on its stack: generating, testing, playing and
//! taking back moves never allocates.
//!
//! Two ways to take moves back: `kc_kaissa_play` writes a sealed undo
//! record the caller keeps and `kc_kaissa_undo` checks it in constant time;
//! `kc_kaissa_push` / `kc_kaissa_pop` keep the undo stack inside the
//! position instead (nothing crosses the boundary but the move, the fastest
//! way for a search; the stack grows only when a search first reaches a new
//! depth). Faster still, `kc_kaissa_list` keeps the legal moves inside the
//! position (one listing per push depth) and `kc_kaissa_push_index` /
//! `kc_kaissa_pop_push_index` play them by index, checked in constant time
//! (see `search/indexed.rs` for when a listing stays usable). Fastest of all for
//! a search, `kc_kaissa_visit` plays each listed move itself, calls a C
//! visitor in the new position and takes the move back (one call out per
//! move; see `search/visit.rs`).
//!
//! Numbers in the structs: squares are `rank_index * 10 + file_index`
//! (a1 = 0, j1 = 9, a10 = 90, j10 = 99); sides are `KC_KAISSA_YELLOW` (0) and
//! `KC_KAISSA_RED` (1); piece kinds are `KC_KAISSA_UBAR` (0) to
//! `KC_KAISSA_HOME_STONE` (9) in the order U, Q, T, S, B, I, P, R, A, H.
//!
//! The files, one concept each: `types.rs` (the constants and the plain
//! structs, with their conversions), `position.rs` (the opaque handle:
//! making, copying and freeing it, and reading the position), `play.rs`
//! (listing, testing, playing and taking back moves with sealed undo
//! records; perft and random play), `text.rs` (position, diagram, move and
//! square texts), `readable.rs` (short algebraic notation), `svg.rs`
//! (pictures), `playouts.rs` (seeded random games), `search/` (the push
//! stack, moves by index, visits) and `deprecated.rs` (the names of 0.2,
//! kept for one release).
#![allow(non_camel_case_types)]

mod play;
mod playouts;
mod position;
mod readable;
mod search;
mod svg;
mod text;
mod types;
// Last, so that the old names come last in the header.
mod deprecated;

pub use deprecated::*;
pub use play::*;
pub use playouts::*;
pub use position::*;
pub use readable::*;
pub use search::*;
pub use svg::*;
pub use text::*;
pub use types::*;
