//! Proof that the hot paths never touch the heap: a counting global allocator
//! (per thread, so the harness's own threads do not disturb the counts)
//! around move generation, play and undo, perft, the Ludii ruleset, the
//! shared `Game` interface, and the streaming record reader.

#[path = "../common/counting_alloc.rs"]
mod counting_alloc;

#[cfg(feature = "agents")]
mod agents;
mod games;
mod ludii;
mod records;
