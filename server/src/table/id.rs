//! Game ids: 16 lowercase hex digits.

/// Whether `id` has the shape of a game id (16 lowercase hex digits).
#[must_use]
pub fn valid_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}
