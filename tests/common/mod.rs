//! Helpers shared by several test binaries.

pub mod mutation;
