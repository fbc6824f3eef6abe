//! What the programs `kc-engine` (a UCI engine) and `kc-tournament` (a
//! match runner) share: the tokens a
//! `position ... moves` line plays, and how a message quotes its input.
//!
//! The programs themselves are documented by their `--help` (the runner)
//! and `docs/agents.md` (both). Both hold a game of either kind as a
//! [`kaissa_chaturaji::game::AnyGame`] and think through
//! [`kaissa_chaturaji::agents::Agent::think`].

#![deny(missing_docs)]

pub mod tokens;

/// The longest excerpt of the input a message quotes, in characters.
const QUOTE_LIMIT: usize = 24;

/// At most 24 characters of `text`, control characters escaped, with `…`
/// when cut: how a message quotes what it was given.
///
/// ```
/// use kaissa_chaturaji_engine::quote;
/// assert_eq!(quote("e2e5"), "e2e5");
/// assert_eq!(quote("a\u{7}"), "a\\u{7}");
/// assert_eq!(quote(&"x".repeat(30)), format!("{}…", "x".repeat(24)));
/// ```
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == QUOTE_LIMIT {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out
}
