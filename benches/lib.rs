//! Nothing: this package only holds the criterion benchmarks (`movegen.rs`,
//! `playouts.rs`).
