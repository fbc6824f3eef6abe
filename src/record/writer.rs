//! Writing a record: tag pairs in a fixed order, a blank line, then the
//! movetext wrapped before column 80 and ended by the result.

use core::fmt;

use super::game::RecordedGame;
use super::game_record::GameRecord;
use super::result::scores_text;
use super::tags::{escape, LEADING_TAGS};

/// Movetext lines stay within this many characters (a longer comment gets
/// a line of its own).
pub(crate) const LINE_WIDTH: usize = 79;

fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    writeln!(f, "[{name} \"{}\"]", escape(value, '"'))
}

/// Writes `record` as text: its tag pairs, a blank line, its movetext and a
/// final new line.
pub(crate) fn write_record<G: RecordedGame>(
    record: &GameRecord<G>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    write_tag(f, "Game", G::NAME)?;
    for (name, value) in G::options_tags(record.options()) {
        write_tag(f, name, &value)?;
    }
    let tags = record.tags();
    let first: Vec<&str> = LEADING_TAGS.iter().chain(G::SEAT_TAGS).copied().collect();
    for name in &first {
        if let Some(value) = tags.get(name) {
            write_tag(f, name, value)?;
        }
    }
    write_tag(f, "Result", &record.result().to_string())?;
    write_tag(f, "Termination", record.termination().word())?;
    if let Some(scores) = G::scores(record.final_position()) {
        write_tag(f, "Scores", &scores_text(scores))?;
    }
    if !record.starts_at_start() {
        write_tag(f, "Position", &record.start().to_string())?;
    }
    for (name, value) in tags.iter().filter(|(name, _)| !first.contains(name)) {
        write_tag(f, name, value)?;
    }
    writeln!(f)?;
    let mut line = Wrapper::default();
    for token in movetext_tokens(record) {
        line.push(f, &token)?;
    }
    writeln!(f)
}

/// The movetext as tokens: actions (with their move number when one is
/// written, kept on the same line), comments and the result.
fn movetext_tokens<G: RecordedGame>(record: &GameRecord<G>) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut comments = record.comments().iter().peekable();
    let mut comments_up_to = |tokens: &mut Vec<String>, count: usize| {
        let mut any = false;
        while let Some((_, text)) = comments.next_if(|(n, _)| *n <= count) {
            tokens.push(format!("{{{}}}", escape(text, '}')));
            any = true;
        }
        any
    };
    let mut need_number = true;
    for (i, (position, &action)) in record.positions().zip(record.actions()).enumerate() {
        if comments_up_to(&mut tokens, i) {
            need_number = true;
        }
        let mut token = String::new();
        if G::is_numbered(action) {
            let (number, due) = G::move_number(&position);
            if need_number || due {
                token = format!("{number} ");
            }
            need_number = false;
        } else {
            need_number = true;
        }
        token.push_str(&action.to_string());
        tokens.push(token);
    }
    comments_up_to(&mut tokens, usize::MAX);
    tokens.push(record.result().to_string());
    tokens
}

/// Fills lines with tokens separated by spaces.
#[derive(Default)]
struct Wrapper {
    /// Characters on the current line; `None` before the first token.
    width: Option<usize>,
}

impl Wrapper {
    fn push(&mut self, f: &mut fmt::Formatter<'_>, token: &str) -> fmt::Result {
        let first_line = token.split('\n').next().unwrap_or("").chars().count();
        match self.width {
            Some(width) if width + 1 + first_line <= LINE_WIDTH => {
                f.write_str(" ")?;
                self.width = Some(width + 1);
            }
            Some(_) => {
                f.write_str("\n")?;
                self.width = Some(0);
            }
            None => self.width = Some(0),
        }
        f.write_str(token)?;
        let width = self.width.unwrap_or(0);
        self.width = Some(match token.rsplit_once('\n') {
            Some((_, last)) => last.chars().count(),
            None => width + first_line,
        });
        Ok(())
    }
}

impl<G: RecordedGame> fmt::Display for GameRecord<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_record(self, f)
    }
}
