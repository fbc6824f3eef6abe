//! Tag pairs: the names and values of a record's header, their checks and
//! their escaping.

use super::error::TextError;

/// The longest tag value, and the longest line of a comment, in bytes.
/// Lines a writer makes stay far below the reader's line limit.
pub const MAX_TEXT: usize = 1 << 16;

/// The longest tag name, in bytes.
pub const MAX_TAG_NAME: usize = 64;

/// The tags a record derives from its own data (game, rules options, start
/// position, result, and the final scores under Chaturaji's Ludii
/// ruleset; a slice, so that a later version may add to it):
/// [`Tags`] never holds them, and
/// [`GameRecord::set_tag`](super::GameRecord::set_tag) refuses them.
pub const RESERVED_TAGS: &[&str] = &[
    "Game",
    "Rules",
    "DrawLimit",
    "Position",
    "Result",
    "Termination",
    "Scores",
];

/// The descriptive tags a writer puts first, in this order, when present
/// (the seats' player tags follow them).
pub const LEADING_TAGS: &[&str] = &["Event", "Site", "Date", "Round"];

/// The free tag pairs of a record, in order: `Event`, `Site`, `Date`, the
/// players, and any other tag (kept as read). Never holds the
/// [`RESERVED_TAGS`].
///
/// ```
/// use kaissa_chaturaji::kaissa::Position;
/// use kaissa_chaturaji::record::KaissaRecord;
/// let mut record = KaissaRecord::new(Position::start());
/// record.set_tag("Yellow", "Tarl Cabot")?;
/// record.set_tag("Yellow", "Marlenus")?; // replaces
/// assert_eq!(record.tags().get("Yellow"), Some("Marlenus"));
/// assert_eq!(record.tags().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Tags {
    pairs: Vec<(String, String)>,
}

impl Tags {
    /// The value of the tag `name`.
    ///
    /// ```
    /// use kaissa_chaturaji::record::Tags;
    /// assert_eq!(Tags::default().get("Event"), None);
    /// ```
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The pairs, in order.
    ///
    /// ```
    /// use kaissa_chaturaji::record::Tags;
    /// assert_eq!(Tags::default().iter().count(), 0);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.pairs.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// How many pairs there are.
    ///
    /// ```
    /// use kaissa_chaturaji::record::Tags;
    /// assert_eq!(Tags::default().len(), 0);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there is no pair.
    ///
    /// ```
    /// use kaissa_chaturaji::record::Tags;
    /// assert!(Tags::default().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Sets `name` to `value` (replacing an earlier value in its place).
    pub(crate) fn set(&mut self, name: &str, value: &str) -> Result<(), TextError> {
        check_tag_name(name)?;
        if RESERVED_TAGS.contains(&name) {
            return Err(TextError::ReservedTag(name.to_string()));
        }
        check_text(value, "a tag value", false)?;
        if name == "Date" {
            check_date(value)?;
        }
        match self.pairs.iter_mut().find(|(n, _)| n == name) {
            Some(pair) => pair.1 = value.to_string(),
            None => self.pairs.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// Adds a pair whose name is not there yet and whose name and value
    /// the caller checked (the reader): no search, so that a record with
    /// many tags is read in linear time.
    pub(crate) fn push_unique(&mut self, name: &str, value: &str) {
        self.pairs.push((name.to_string(), value.to_string()));
    }

    /// Removes the tag `name`; returns its value.
    pub(crate) fn remove(&mut self, name: &str) -> Option<String> {
        let at = self.pairs.iter().position(|(n, _)| n == name)?;
        Some(self.pairs.remove(at).1)
    }
}

/// Checks a tag name: an ASCII letter, then ASCII letters, digits and `_`,
/// at most [`MAX_TAG_NAME`] bytes.
pub(crate) fn check_tag_name(name: &str) -> Result<(), TextError> {
    let mut chars = name.chars();
    let good = name.len() <= MAX_TAG_NAME
        && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if good {
        Ok(())
    } else {
        Err(TextError::BadTagName(crate::error::excerpt(name)))
    }
}

/// Checks a tag value or comment: no control character but tabs (and new
/// lines when `newlines`), no line longer than [`MAX_TEXT`].
pub(crate) fn check_text(text: &str, what: &'static str, newlines: bool) -> Result<(), TextError> {
    if let Some(found) = text
        .chars()
        .find(|&c| c.is_control() && c != '\t' && !(newlines && c == '\n'))
    {
        return Err(TextError::ControlCharacter { what, found });
    }
    if text.split('\n').any(|line| line.len() > MAX_TEXT) {
        return Err(TextError::TooLong {
            what,
            limit: MAX_TEXT,
        });
    }
    Ok(())
}

/// Checks a `Date` value: `YYYY.MM.DD`, each digit possibly `?`.
pub(crate) fn check_date(value: &str) -> Result<(), TextError> {
    let bytes = value.as_bytes();
    let shape = bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, &b)| match i {
            4 | 7 => b == b'.',
            _ => b.is_ascii_digit() || b == b'?',
        });
    let number = |range: core::ops::Range<usize>| value.get(range)?.parse::<u32>().ok();
    let month_ok = number(5..7).is_none_or(|m| (1..=12).contains(&m));
    let day_ok = number(8..10).is_none_or(|d| (1..=31).contains(&d));
    if shape && month_ok && day_ok {
        Ok(())
    } else {
        Err(TextError::BadDate(crate::error::excerpt(value)))
    }
}

/// `text` with `\` and `special` escaped by a backslash.
pub(crate) fn escape(text: &str, special: char) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    for c in text.chars() {
        if c == '\\' || c == special {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_dates() {
        assert!(check_tag_name("Event").is_ok());
        assert!(check_tag_name("X_1").is_ok());
        for bad in ["", "1X", "A-B", "É", &"A".repeat(65)] {
            assert!(check_tag_name(bad).is_err(), "{bad}");
        }
        for good in ["2024.06.01", "????.??.??", "2024.??.??", "19?4.1?.0?"] {
            assert!(check_date(good).is_ok(), "{good}");
        }
        for bad in [
            "2024-06-01",
            "2024.13.01",
            "2024.00.10",
            "2024.06.32",
            "24.06.01",
            "",
        ] {
            assert!(check_date(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn texts() {
        assert!(check_text("a\tb", "a tag value", false).is_ok());
        assert!(check_text("a\nb", "a tag value", false).is_err());
        assert!(check_text("a\nb", "a comment", true).is_ok());
        assert!(check_text("a\rb", "a comment", true).is_err());
        assert_eq!(escape(r#"a\b"c}"#, '"'), r#"a\\b\"c}"#);
        assert_eq!(escape(r#"a\b"c}"#, '}'), r#"a\\b"c\}"#);
    }

    #[test]
    fn set_replace_remove() {
        let mut tags = Tags::default();
        tags.set("Event", "A").unwrap();
        tags.set("Site", "B").unwrap();
        tags.set("Event", "C").unwrap();
        assert_eq!(
            tags.iter().collect::<Vec<_>>(),
            [("Event", "C"), ("Site", "B")]
        );
        assert!(matches!(
            tags.set("Result", "*"),
            Err(TextError::ReservedTag(_))
        ));
        assert!(matches!(tags.set("Date", "x"), Err(TextError::BadDate(_))));
        assert_eq!(tags.remove("Event").as_deref(), Some("C"));
        assert_eq!(tags.len(), 1);
    }
}
