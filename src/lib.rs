#![doc = include_str!("../README.md")]
#![deny(missing_docs)]
#![forbid(unsafe_op_in_unsafe_fn)]

pub mod chaturaji;
pub mod error;
#[cfg(feature = "capi")]
#[cfg_attr(docsrs, doc(cfg(feature = "capi")))]
pub mod ffi;
pub mod geometry;
pub mod kaissa;
pub mod random;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde_support;

pub use error::{IllegalMoveError, NotationError};
