//! Small random edits of valid notation texts, shared by the hostile-input
//! tests of both games: by character (insert, delete, replace, swap,
//! truncate, duplicate a range), by field (duplicate, swap, drop) and by
//! board item (swap two items separated by `,` or `/`).

use proptest::prelude::*;
use proptest::sample::Index;

/// A small edit of a text, by character.
#[derive(Debug, Clone)]
pub enum Mutation {
    Insert(Index, char),
    Delete(Index),
    Replace(Index, char),
    Swap(Index, Index),
    DuplicateField(Index),
    SwapFields(Index, Index),
    DropField(Index),
    Truncate(Index),
    DuplicateRange(Index, Index),
    /// Swaps two comma-separated items of the board.
    SwapItems(Index, Index),
}

/// Characters of `alphabet` (those that matter to a notation, and some
/// that never should) most of the time, any character now and then.
fn interesting_char(alphabet: &'static str) -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::sample::select(
            alphabet
                .chars()
                .collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

/// A random [`Mutation`], inserting and replacing with characters drawn
/// mostly from `alphabet`.
pub fn mutation(alphabet: &'static str) -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<Index>(), interesting_char(alphabet)).prop_map(|(i, c)| Mutation::Insert(i, c)),
        3 => any::<Index>().prop_map(Mutation::Delete),
        3 => (any::<Index>(), interesting_char(alphabet)).prop_map(|(i, c)| Mutation::Replace(i, c)),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::Swap(i, j)),
        1 => any::<Index>().prop_map(Mutation::DuplicateField),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::SwapFields(i, j)),
        1 => any::<Index>().prop_map(Mutation::DropField),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::DuplicateRange(i, j)),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(i, j)| Mutation::SwapItems(i, j)),
    ]
}

/// `text` with `mutation` applied (an edit that does not fit the text, such
/// as deleting from an empty one, leaves it as it is).
pub fn apply(text: &str, mutation: &Mutation) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let fields = |text: &str| -> Vec<String> { text.split(' ').map(str::to_string).collect() };
    match mutation {
        Mutation::Insert(i, c) => {
            let at = i.index(chars.len() + 1);
            chars.insert(at, *c);
        }
        Mutation::Delete(i) if !chars.is_empty() => {
            chars.remove(i.index(chars.len()));
        }
        Mutation::Replace(i, c) if !chars.is_empty() => {
            let at = i.index(chars.len());
            chars[at] = *c;
        }
        Mutation::Swap(i, j) if !chars.is_empty() => {
            let (a, b) = (i.index(chars.len()), j.index(chars.len()));
            chars.swap(a, b);
        }
        Mutation::DuplicateField(i) => {
            let mut f = fields(text);
            let at = i.index(f.len());
            let copy = f[at].clone();
            f.insert(at, copy);
            return f.join(" ");
        }
        Mutation::SwapFields(i, j) => {
            let mut f = fields(text);
            let (a, b) = (i.index(f.len()), j.index(f.len()));
            f.swap(a, b);
            return f.join(" ");
        }
        Mutation::DropField(i) => {
            let mut f = fields(text);
            f.remove(i.index(f.len()));
            return f.join(" ");
        }
        Mutation::Truncate(i) => {
            chars.truncate(i.index(chars.len() + 1));
        }
        Mutation::DuplicateRange(i, j) if !chars.is_empty() => {
            let (a, b) = (i.index(chars.len()), j.index(chars.len()));
            let (a, b) = (a.min(b), a.max(b) + 1);
            let copy: Vec<char> = chars[a..b].to_vec();
            chars.splice(b..b, copy);
        }
        Mutation::SwapItems(i, j) => {
            let mut f = fields(text);
            let mut items: Vec<String> = f[0].split([',', '/']).map(str::to_string).collect();
            let seps: Vec<char> = f[0].chars().filter(|&c| c == ',' || c == '/').collect();
            let (a, b) = (i.index(items.len()), j.index(items.len()));
            items.swap(a, b);
            let mut board = String::new();
            for (k, item) in items.iter().enumerate() {
                board.push_str(item);
                if let Some(&sep) = seps.get(k) {
                    board.push(sep);
                }
            }
            f[0] = board;
            return f.join(" ");
        }
        _ => {}
    }
    chars.into_iter().collect()
}

/// Applies `mutations` one after another to `text`, calling `check` on every
/// intermediate text.
pub fn apply_each(text: &str, mutations: &[Mutation], mut check: impl FnMut(&str)) {
    let mut mutated = text.to_string();
    for mutation in mutations {
        mutated = apply(&mutated, mutation);
        check(&mutated);
    }
}
