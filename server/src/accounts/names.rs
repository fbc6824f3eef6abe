//! Account names: what a name may hold, and the key that makes two names
//! the same account.
//!
//! A name is read in Unicode's compatibility form (NFKC: a full-width `Ａ`
//! is `A`), then must be 2 to [`MAX_NAME_CHARS`] characters of one script
//! (letters and digits allowed in identifiers by Unicode's security
//! profile, plus `_` and `-`), starting with a letter or a digit. Bidi
//! controls, invisible characters, spaces and markup are refused.
//!
//! Its key makes names that read alike one name, whatever their case: the
//! name in capitals, its confusable skeleton (Unicode TR39: a Greek or
//! Cyrillic capital that looks Latin reads as the Latin one), in small
//! letters, skeleton again (small letters that look alike, `rn` and `m`),
//! in small letters; repeated until it no longer changes (at most a few
//! rounds: `ẞ` becomes `ß`, then `ss`). Capitals first makes the key blind
//! to case in every script (`ΚΑΤΕ` and `Κατε` are one Greek name) and makes
//! `KATE`, Greek `ΚΑΤΕ` and Cyrillic `КАТЕ` one. The price is that small
//! letters whose capitals look alike collide too: `i`, `l` and `1` are one
//! letter (`Ill` reads as `lll`, and `Ill` is `ill`), as `o` and `0` are.
//! Skeletons taken from the small letters first would keep `i` and `l`
//! apart but let `KATE` and `ΚΑΤΕ` be two accounts, and `κατε` another.
//!
//! Guests' shown names ([`GuestName`]) follow the same rules, with single
//! spaces between words and up to [`MAX_GUEST_CHARS`] characters; their
//! key (spaces read as `_`) is compared with the accounts' so that a guest
//! does not pose as a registered player.

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
        let key = name_key(&shown);
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

/// One round of the key: capitals, skeleton, small letters, skeleton,
/// small letters.
fn key_round(text: &str) -> String {
    let capitals: String = skeleton(&text.to_uppercase()).collect();
    skeleton(&capitals.to_lowercase())
        .collect::<String>()
        .to_lowercase()
}

/// The key of a checked name (in compatibility form): rounds of
/// [`key_round`] until the key stays the same (a few at most; bounded).
#[must_use]
pub fn name_key(shown: &str) -> String {
    let mut key = key_round(shown);
    for _ in 0..4 {
        let next = key_round(&key);
        if next == key {
            break;
        }
        key = next;
    }
    key
}

/// The most characters in a guest's shown name.
pub const MAX_GUEST_CHARS: usize = 40;

/// A guest's checked shown name (a seat taken without an account).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestName {
    shown: String,
    key: String,
}

impl GuestName {
    /// Checks `text`: trimmed and read in compatibility form, 1 to
    /// [`MAX_GUEST_CHARS`] characters of one script, words of letters,
    /// digits, `_` and `-` (starting with a letter or a digit) parted by
    /// single spaces; no bidi control, invisible character or markup.
    ///
    /// # Errors
    ///
    /// A message saying what the name may not hold.
    pub fn parse(text: &str) -> Result<GuestName, String> {
        if text.len() > MAX_NAME_BYTES {
            return Err(format!("a name has at most {MAX_GUEST_CHARS} characters"));
        }
        let normal: String = text.nfkc().collect();
        let shown = normal.trim();
        let count = shown.chars().count();
        if !(1..=MAX_GUEST_CHARS).contains(&count) {
            return Err(format!("a name has 1 to {MAX_GUEST_CHARS} characters"));
        }
        if let Some(c) = shown.chars().find(|&c| is_bidi_control(c)) {
            return Err(format!(
                "a name may not hold the bidirectional control U+{:04X}",
                c as u32
            ));
        }
        if let Some(c) = shown.chars().find(|&c| c != ' ' && !allowed(c)) {
            return Err(format!(
                "a name holds letters, digits, '_', '-' and single spaces only, not {:?} (U+{:04X})",
                c, c as u32
            ));
        }
        if shown.contains("  ") {
            return Err("a name parts its words with single spaces".into());
        }
        if !shown
            .split(' ')
            .all(|word| word.chars().next().is_some_and(char::is_alphanumeric))
        {
            return Err("each word of a name starts with a letter or a digit".into());
        }
        if !shown.is_single_script() {
            return Err("a name is written in one script".into());
        }
        let key = name_key(&shown.replace(' ', "_"));
        Ok(GuestName {
            shown: shown.to_string(),
            key,
        })
    }

    /// The name as shown.
    #[must_use]
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// The key an account of the same look would have.
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
        // Case is blind in every script, ß and ẞ included.
        assert_eq!(key("ΚΑΤΕ"), key("Κατε"));
        assert_eq!(key("Ольга"), key("ОЛЬГА"));
        assert_eq!(key("straße"), key("STRAẞE"));
        assert_eq!(key("straße"), key("STRASSE"));
    }

    #[test]
    fn capitals_that_look_latin_are_latin() {
        for (a, b) in [
            ("KATE", "\u{039A}\u{0391}\u{03A4}\u{0395}"),
            ("KATE", "\u{041A}\u{0410}\u{0422}\u{0415}"),
            ("kate", "\u{039A}\u{0391}\u{03A4}\u{0395}"),
            ("TOM", "\u{03A4}\u{039F}\u{039C}"),
            ("TOM", "\u{0422}\u{041E}\u{041C}"),
            ("ABBA", "\u{0410}\u{0412}\u{0412}\u{0410}"),
            ("ANNA", "\u{0391}\u{039D}\u{039D}\u{0391}"),
            ("llll", "IIII"),
            ("mama", "rnarna"),
        ] {
            assert_eq!(key(a), key(b), "{a} and {b}");
        }
        for (a, b) in [
            ("anna", "anne"),
            ("tom", "tim"),
            ("kate", "kata"),
            ("bob", "rob"),
        ] {
            assert_ne!(key(a), key(b), "{a} and {b}");
        }
    }

    #[test]
    fn guest_names() {
        let guest = |t: &str| GuestName::parse(t);
        assert_eq!(guest("  player 1 ").unwrap().shown(), "player 1");
        assert_eq!(guest("Anna K").unwrap().key(), key("Anna_K"));
        assert_eq!(
            guest("\u{0391}\u{039D}\u{039D}\u{0391}").unwrap().key(),
            key("anna")
        );
        assert!(guest("x").is_ok());
        for bad in [
            "",
            "   ",
            "Anna\u{202E}",
            "An\u{200B}na",
            "An\u{2060}na",
            "two  spaces",
            "a\nb",
            "<b>",
            "\u{0410}nna",
            "- dash",
        ] {
            assert!(guest(bad).is_err(), "{bad:?} was accepted");
        }
        assert!(guest(&"x".repeat(41)).is_err());
        assert!(guest(&"x".repeat(10_000)).is_err());
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

    #[test]
    fn guest_names_are_trimmed_and_bounded() {
        let shown = |text: &str| GuestName::parse(text).map(|g| g.shown().to_string());
        assert_eq!(shown("  Ann ").unwrap(), "Ann");
        assert!(shown("").is_err());
        assert!(shown("a\nb").is_err());
        assert!(shown(&"x".repeat(MAX_GUEST_CHARS + 1)).is_err());
    }
}
