#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "agents")]
#[cfg_attr(docsrs, doc(cfg(feature = "agents")))]
pub mod agents;
pub mod chaturaji;
pub mod error;
#[cfg(feature = "capi")]
#[cfg_attr(docsrs, doc(cfg(feature = "capi")))]
pub mod ffi;
pub mod game;
pub mod geometry;
pub mod kaissa;
pub mod playouts;
pub mod random;
pub mod readable;
pub mod record;
pub mod svg;

/// The rules of both games and the text notation, written for players and
/// implementers (the repository's `docs/rules.md`): what each piece does,
/// the Home Stone window, every Chaturaji special rule, and the notation.
/// The rest of the crate's documentation refers to it as "the rules
/// reference" (§1 Merchant Kaissa, §2 Chaturaji, §3 notation).
pub mod rules_reference {
    #![doc = include_str!("../docs/rules.md")]
}
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde_support;
pub mod threads;

pub use error::{IllegalMoveError, NotationError};
