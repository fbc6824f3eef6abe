//! The tag pairs of the record being read: kept in buffers reused from
//! record to record, checked as they come (a duplicate name is found
//! through a hash of each name, so any number of tags reads in linear
//! time), and read for what the reserved tags say.

use std::collections::hash_map::{Entry, RandomState};
use std::collections::HashMap;
use std::hash::BuildHasher;

use super::error::{RecordError, RecordErrorKind};
use super::game::RecordedGame;
use super::lexer::{parse_tag_line, TagSpan};
use super::lines::{Line, Place};
use super::ludii::parse_scores;
use super::result::{GameResult, Termination};
use super::tags::{check_date, RESERVED_TAGS};
use crate::error::excerpt;

/// The tag pairs of the record being read, in buffers reused from record
/// to record: the names and unescaped values in one text, where each is
/// in a list, and a map from the hash of each name to the first tag that
/// has it, to find a duplicate in constant time.
#[derive(Default)]
pub(super) struct Header {
    pub(super) first_line: usize,
    pub(super) text: String,
    pub(super) tags: Vec<TagSpan>,
    pub(super) seen: HashMap<u64, usize>,
    pub(super) hasher: RandomState,
    /// Where each of the [`RESERVED_TAGS`] is in `tags`.
    pub(super) reserved: [Option<usize>; RESERVED_TAGS.len()],
}

/// What the reserved tags of a record of `G` say.
pub(super) struct GameTags<G: RecordedGame> {
    pub(super) start: G::Position,
    pub(super) result: Option<(GameResult, Place)>,
    pub(super) termination: Option<(Termination, Place)>,
    /// The `Scores` tag's scores, with where the value is.
    pub(super) scores: Option<([u32; 4], Place)>,
}

impl Header {
    /// Forgets the last record's tag pairs, keeping the buffers.
    pub(super) fn clear(&mut self, first_line: usize) {
        self.first_line = first_line;
        self.text.clear();
        self.tags.clear();
        self.seen.clear();
        self.reserved = Default::default();
    }

    pub(super) fn name(&self, tag: &TagSpan) -> &str {
        &self.text[tag.name.clone()]
    }

    pub(super) fn value(&self, tag: &TagSpan) -> &str {
        &self.text[tag.value.clone()]
    }

    /// Reads a tag pair line and adds it; a name that is already there is
    /// an error.
    pub(super) fn push(&mut self, line: &Line) -> Result<(), RecordError> {
        let tag = parse_tag_line(line, &mut self.text)?;
        let index = self.tags.len();
        let name = &self.text[tag.name.clone()];
        let hash = self.hasher.hash_one(name);
        let duplicate = match self.seen.entry(hash) {
            Entry::Vacant(entry) => {
                entry.insert(index);
                false
            }
            Entry::Occupied(entry) => {
                let first = &self.tags[*entry.get()];
                // Two names with one hash are all but impossible; a scan
                // keeps the answer right even then.
                self.text[first.name.clone()] == *name
                    || self.tags.iter().any(|t| self.text[t.name.clone()] == *name)
            }
        };
        if duplicate {
            return Err(RecordError::new(
                tag.line,
                tag.name_column,
                RecordErrorKind::DuplicateTag {
                    name: name.to_string(),
                },
            ));
        }
        if let Some(at) = RESERVED_TAGS.iter().position(|r| *r == name) {
            self.reserved[at] = Some(index);
        }
        self.tags.push(tag);
        Ok(())
    }

    /// The tag `name`, one of the [`RESERVED_TAGS`].
    pub(super) fn get(&self, name: &str) -> Option<&TagSpan> {
        let at = RESERVED_TAGS.iter().position(|r| *r == name)?;
        self.reserved[at].map(|index| &self.tags[index])
    }

    pub(super) fn required(&self, name: &'static str) -> Result<&TagSpan, RecordError> {
        self.get(name).ok_or_else(|| {
            RecordError::new(self.first_line, 1, RecordErrorKind::MissingTag { name })
        })
    }

    /// A reserved tag: required in strict mode, optional in lenient mode.
    pub(super) fn wanted(
        &self,
        name: &'static str,
        lenient: bool,
    ) -> Result<Option<&TagSpan>, RecordError> {
        if lenient {
            Ok(self.get(name))
        } else {
            self.required(name).map(Some)
        }
    }

    /// Checks the values of the free tags (a `Date`'s form).
    pub(super) fn check_free_tags(&self) -> Result<(), RecordError> {
        for tag in &self.tags {
            if self.name(tag) == "Date" {
                check_date(self.value(tag)).map_err(|err| {
                    tag.error(RecordErrorKind::BadTagValue {
                        name: "Date".into(),
                        reason: err.to_string(),
                    })
                })?;
            }
        }
        Ok(())
    }

    /// Reads the rules options, start position, result and termination.
    pub(super) fn game_tags<G: RecordedGame>(
        &self,
        lenient: bool,
    ) -> Result<GameTags<G>, RecordError> {
        let options = self.options::<G>()?;
        let scores = self.scores::<G>(options)?;
        let start = self.start::<G>(options)?;
        let result = self.result::<G>(lenient)?;
        let termination = self.termination::<G>(lenient, options)?;
        Ok(GameTags {
            start,
            result,
            termination,
            scores,
        })
    }

    /// The rules options the `Rules` and `DrawLimit` tags name.
    fn options<G: RecordedGame>(&self) -> Result<G::Options, RecordError> {
        let rules = self.get("Rules");
        let draw_limit = self.get("DrawLimit");
        G::options_from_tags(
            rules.map(|t| self.value(t)),
            draw_limit.map(|t| self.value(t)),
        )
        .map_err(|(name, reason)| {
            let tag = if name == "Rules" { rules } else { draw_limit };
            let (line, column) = tag.map_or((self.first_line, 1), |t| (t.line, t.value_column));
            RecordError::new(
                line,
                column,
                RecordErrorKind::BadTagValue {
                    name: name.into(),
                    reason,
                },
            )
        })
    }

    /// The `Scores` tag's scores, with where the value is.
    #[allow(clippy::type_complexity)]
    fn scores<G: RecordedGame>(
        &self,
        options: G::Options,
    ) -> Result<Option<([u32; 4], Place)>, RecordError> {
        Ok(match self.get("Scores") {
            None => None,
            Some(tag) if !G::has_scores(options) => {
                return Err(tag.error(RecordErrorKind::BadTagValue {
                    name: "Scores".into(),
                    reason: "only a chaturaji record under the ludii rules has scores".into(),
                }))
            }
            Some(tag) => {
                let value = self.value(tag);
                let claimed = parse_scores(value).map_err(|(offset, reason)| {
                    let chars = value.get(..offset).map_or(0, |s| s.chars().count());
                    RecordError::new(
                        tag.line,
                        tag.value_column + chars,
                        RecordErrorKind::BadTagValue {
                            name: "Scores".into(),
                            reason,
                        },
                    )
                })?;
                Some((claimed, (tag.line, tag.value_column)))
            }
        })
    }

    /// The start position: the `Position` tag's, or the game's start.
    fn start<G: RecordedGame>(&self, options: G::Options) -> Result<G::Position, RecordError> {
        Ok(match self.get("Position") {
            None => G::start(options),
            Some(tag) => {
                let value = self.value(tag);
                G::parse_position(value, options).map_err(|err| {
                    let offset = err.offset().unwrap_or(0);
                    let chars = value.get(..offset).map_or(0, |s| s.chars().count());
                    RecordError::new(
                        tag.line,
                        tag.value_column + chars,
                        RecordErrorKind::BadPosition(err),
                    )
                })?
            }
        })
    }

    /// The `Result` tag's result, with where the value is.
    fn result<G: RecordedGame>(
        &self,
        lenient: bool,
    ) -> Result<Option<(GameResult, Place)>, RecordError> {
        Ok(match self.wanted("Result", lenient)? {
            None => None,
            Some(tag) => {
                let value = self.value(tag);
                let result = G::parse_result(value).ok_or_else(|| {
                    tag.error(RecordErrorKind::BadTagValue {
                        name: "Result".into(),
                        reason: format!(
                            "\"{}\" is not a result of a {} record ({})",
                            excerpt(value),
                            G::NAME,
                            G::result_words()
                        ),
                    })
                })?;
                Some((result, (tag.line, tag.value_column)))
            }
        })
    }

    /// The `Termination` tag's termination, with where the value is.
    fn termination<G: RecordedGame>(
        &self,
        lenient: bool,
        options: G::Options,
    ) -> Result<Option<(Termination, Place)>, RecordError> {
        Ok(match self.wanted("Termination", lenient)? {
            None => None,
            Some(tag) => {
                let value = self.value(tag);
                let terminations = G::terminations(options);
                let termination = Termination::from_word(value)
                    .filter(|t| terminations.contains(t))
                    .ok_or_else(|| {
                        let words: Vec<&str> = terminations.iter().map(|t| t.word()).collect();
                        tag.error(RecordErrorKind::BadTagValue {
                            name: "Termination".into(),
                            reason: format!(
                                "\"{}\" does not end a {} game ({})",
                                excerpt(value),
                                G::NAME,
                                words.join(", ")
                            ),
                        })
                    })?;
                Some((termination, (tag.line, tag.value_column)))
            }
        })
    }
}
