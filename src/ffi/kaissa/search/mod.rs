//! The ways a C search walks the Kaissa game tree without undo records:
//! `push.rs` (`kc_kaissa_push` / `kc_kaissa_pop`: a stack of undos inside
//! the position), `indexed.rs` (`kc_kaissa_list` and moves by index) and
//! `visit.rs` (`kc_kaissa_visit`: the library plays each listed move around
//! a call to a C visitor).

mod indexed;
mod push;
mod visit;

pub(in crate::ffi::kaissa) use indexed::Listing;
pub use indexed::{
    kc_kaissa_list, kc_kaissa_listed_move, kc_kaissa_listed_moves, kc_kaissa_pop_push_index,
    kc_kaissa_push_index,
};
pub use push::{kc_kaissa_pop, kc_kaissa_push, kc_kaissa_pushed_count};
pub use visit::{kc_kaissa_visit, kc_kaissa_visitor};
