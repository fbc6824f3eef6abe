//! Shared pieces of the benchmarks: the C ABI loops (`c_abi`, with the
//! `capi` feature), used by the criterion bench `movegen.rs` and by the
//! instruction-count driver `examples/c_abi_count.rs`, so that both measure
//! the very same code.

#[cfg(feature = "capi")]
pub mod c_abi;
