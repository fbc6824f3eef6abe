//! Account names: what a name may hold, and the key that makes two names
//! the same account.
//!
//! A name is read in Unicode's compatibility form (NFKC: a full-width `Ａ`
//! is `A`), then must be 2 to [`MAX_NAME_CHARS`] characters of one script
//! (letters and digits allowed in identifiers by Unicode's security
//! profile, plus `_` and `-`), starting with a letter or a digit. Bidi
//! controls, invisible characters, spaces and markup are refused. Its key
//! is the lower-cased name's confusable skeleton (Unicode TR39), so `Anna`,
//! `ANNA` and `Аnna` with a Cyrillic `А` are one name: the second to come
//! is told the name is taken.

use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;
use unicode_security::{GeneralSecurityProfile, MixedScript};

/// The fewest characters in a name.
pub const MIN_NAME_CHARS: usize = 2;

/// The most characters in a name.
pub const MAX_NAME_CHARS: usize = 20;

/// The most bytes read of a name before it is refused unread.
const MAX_NAME_BYTES: usize = 256;

/// A checked account name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountName {
    shown: String,
    key: String,
}

impl AccountName {
    /// Checks `text` and makes its key.
    ///
    /// # Errors
    ///
    /// A message saying what the name may not hold.
    pub fn parse(text: &str) -> Result<AccountName, String> {
        if text.len() > MAX_NAME_BYTES {
            return Err(format!("a name has at most {MAX_NAME_CHARS} characters"));
        }
        let shown: String = text.nfkc().collect();
        let count = shown.chars().count();
        if !(MIN_NAME_CHARS..=MAX_NAME_CHARS).contains(&count) {
            return Err(format!(
                "a name has {MIN_NAME_CHARS} to {MAX_NAME_CHARS} characters"
            ));
        }
        if let Some(c) = shown.chars().find(|&c| is_bidi_control(c)) {
            return Err(format!(
                "a name may not hold the bidirectional control U+{:04X}",
                c as u32
            ));
        }
        if let Some(c) = shown.chars().find(|&c| !allowed(c)) {
            return Err(format!(
                "a name holds letters, digits, '_' and '-' only, not {:?} (U+{:04X})",
                c, c as u32
            ));
        }
        if !shown.chars().next().is_some_and(char::is_alphanumeric) {
            return Err("a name starts with a letter or a digit".into());
        }
        if !shown.as_str().is_single_script() {
            return Err("a name is written in one script".into());
        }
        let lower = shown.to_lowercase();
        let key: String = skeleton(&lower).collect::<String>().to_lowercase();
        Ok(AccountName { shown, key })
    }

    /// The name as shown (in its compatibility form).
    #[must_use]
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The key two names share when they read alike.
    #[must_use]
    pub fn key(&self) -> &str {
        &self.key
    }
}

/// Whether `c` may stand in a name.
fn allowed(c: char) -> bool {
    c == '_' || c == '-' || (c.is_alphanumeric() && c.identifier_allowed())
}

/// The characters that change the direction of text.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> String {
        AccountName::parse(text).unwrap().key().to_string()
    }

    #[test]
    fn case_and_width_do_not_make_another_name() {
        assert_eq!(key("Anna"), key("ANNA"));
        assert_eq!(key("Anna"), key("Ａｎｎａ"));
        assert_eq!(AccountName::parse("Ａｎｎａ").unwrap().shown(), "Anna");
        assert_ne!(key("Anna"), key("Anne"));
    }

    #[test]
    fn confusables_share_a_key() {
        // A Cyrillic capital A (U+0410) is one script with the rest only
        // when the rest is Cyrillic too: mixed, it is refused.
        assert!(AccountName::parse("\u{0410}nna").is_err());
        // All Cyrillic letters that look like Latin ones read as the Latin name.
        assert_eq!(key("\u{0430}\u{0441}\u{0435}"), key("ace"));
        assert_eq!(key("paypal"), key("paypa1"));
    }

    #[test]
    fn tricks_are_refused() {
        for bad in [
            "a",
            "",
            "ab\u{202E}cd",
            "ab\u{2066}cd",
            "zero\u{200B}width",
            "two words",
            "<script>",
            "-dash",
            "name'; DROP TABLE accounts; --",
            "a\u{0000}b",
        ] {
            assert!(AccountName::parse(bad).is_err(), "{bad:?} was accepted");
        }
        assert!(AccountName::parse(&"x".repeat(21)).is_err());
        assert!(AccountName::parse(&"x".repeat(100_000)).is_err());
    }

    #[test]
    fn names_of_other_scripts_are_welcome() {
        for good in ["Anna", "chaturaji_fan", "राजा", "Ольга", "王者", "k-2"] {
            assert!(AccountName::parse(good).is_ok(), "{good:?} was refused");
        }
    }
}
