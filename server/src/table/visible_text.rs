//! What text shown to other people may hold: chat messages.
//!
//! Refused: control characters (Unicode category Cc, NUL, escape and the
//! C1 controls among them, line feeds too), format characters (Cf: the
//! bidirectional controls, zero-width spaces, word joiners, the soft
//! hyphen, tag characters...), the line and paragraph separators, and the
//! Hangul fillers that show as nothing. The zero-width joiner and
//! non-joiner stay: Persian and Indic writing and emoji sequences need
//! them, and they change no direction.

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Whether `c` is refused in shown text.
#[must_use]
pub fn is_hidden(c: char) -> bool {
    if matches!(c, '\u{200C}' | '\u{200D}') {
        return false;
    }
    matches!(c, '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}')
        || matches!(
            c.general_category(),
            GeneralCategory::Control
                | GeneralCategory::Format
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        )
}

/// Checks `text`: a message naming the first refused character, if any.
///
/// # Errors
///
/// The message, with `what` the text's name (`a chat message`).
pub fn check_visible(text: &str, what: &str) -> Result<(), String> {
    match text.chars().find(|&c| is_hidden(c)) {
        Some(c) => Err(format!(
            "{what} may not hold control, format or invisible characters (U+{:04X})",
            c as u32
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_format_characters_are_refused() {
        for bad in [
            "a\u{0}b",
            "\u{1b}[2J",
            "a\nb",
            "a\tb",
            "\u{85}",
            "\u{202E}evil",
            "\u{2066}x",
            "zero\u{200B}width",
            "\u{FEFF}",
            "soft\u{AD}hyphen",
            "\u{2028}",
            "\u{E0041}",
            "\u{3164}",
        ] {
            assert!(check_visible(bad, "text").is_err(), "{bad:?} was accepted");
        }
        for good in [
            "good game!",
            "Ольга: gg",
            "می\u{200C}خواهم",
            "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
            "e2e5 <b>?</b>",
        ] {
            assert!(check_visible(good, "text").is_ok(), "{good:?} was refused");
        }
    }
}
