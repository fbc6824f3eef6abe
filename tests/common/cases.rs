//! How many cases a property test runs. A plain `cargo test` runs the
//! quick count, so the suite stays a few minutes long on two cores; the
//! full count runs when the environment variable `KC_FULL_PROPTESTS` is set
//! (the soak run of the README: `KC_FULL_PROPTESTS=1 cargo test --release`).
//! Include it with `#[path = "../common/cases.rs"] mod cases;`.

/// `quick` cases, or `full` when `KC_FULL_PROPTESTS` is set.
pub fn cases(quick: u32, full: u32) -> u32 {
    if std::env::var_os("KC_FULL_PROPTESTS").is_some() {
        full
    } else {
        quick
    }
}
