//! What the programs `kc-engine` (a UCI engine) and `kc-tournament` (a
//! match runner) share: the tokens a
//! `position ... moves` line plays, and how a message quotes its input;
//! and the side of the protocol that drives an engine ([`uci`]), which
//! the runner and `kc-server bot` share.
//!
//! The programs themselves are documented by their `--help` (the runner)
//! and `docs/agents.md` (both). Both hold a game of either kind as a
//! [`kaissa_chaturaji::game::AnyGame`] and think through
//! [`kaissa_chaturaji::agents::Agent::think`].

#![deny(missing_docs)]

pub mod tokens;
pub mod uci;

/// The longest excerpt of the input a message quotes, in characters.
const QUOTE_LIMIT: usize = 24;

/// The longest excerpt of a command-line argument a message quotes, in
/// characters.
const ARG_LIMIT: usize = 60;

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
    quote_at_most(text, QUOTE_LIMIT)
}

/// At most 60 characters of the command-line argument `text`, escaped and
/// cut as [`quote`] does: how a program's option errors show an argument.
///
/// ```
/// use kaissa_chaturaji_engine::quote_arg;
/// assert_eq!(quote_arg("--games"), "--games");
/// assert_eq!(quote_arg(&"\n".repeat(100)).chars().count(), 121);
/// ```
pub fn quote_arg(text: &str) -> String {
    quote_at_most(text, ARG_LIMIT)
}

/// At most `limit` characters of `text`, control characters escaped
/// (Rust's `{:?}` escapes), with `…` when cut.
fn quote_at_most(text: &str, limit: usize) -> String {
    let mut out = String::new();
    for (count, c) in text.chars().enumerate() {
        if count == limit {
            out.push('…');
            break;
        }
        out.extend(c.escape_debug());
    }
    out
}
