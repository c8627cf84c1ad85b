//! The answer key: the scoreable questions of one benchmark with their
//! correct letters, and the one entry point, [`parse_key`], that turns an
//! uploaded key file into an [`AnswerKey`] plus its validation
//! [`KeyReport`]. The per-format readers live in `medarabench_key` and
//! `medarabiq_key`; what they share (duplicate ids, counting) is here.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::benchmark::Benchmark;
use super::input::{InputError, LineIndex, sha256_hex};
use super::report::{KeyReport, KeyWarning, Rejection, WarningKind};
use super::types::{Letter, Level, QuestionId, Specialty};

/// The largest key file accepted (the official test split is ~1.5 MB).
pub const MAX_KEY_BYTES: usize = 64 * 1024 * 1024;

/// Why a whole key file is refused (row-level problems are not errors:
/// they become [`Rejection`]s in the report).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    /// Unreadable as text (size, NUL, UTF-8, line length, empty).
    #[error(transparent)]
    Input(#[from] InputError),
    /// The header lacks required columns.
    #[error("line 1: missing column(s) {}; found: {}", .missing.join(", "), .found.join(", "))]
    MissingColumns {
        /// Required columns that are absent.
        missing: Vec<String>,
        /// The header as read.
        found: Vec<String>,
    },
    /// The header names a column twice.
    #[error("line 1: column {0:?} appears twice")]
    DuplicateColumn(String),
    /// The CSV reader gave up.
    #[error("line {line}: {message}")]
    Csv {
        /// 1-based line.
        line: usize,
        /// What the CSV reader said.
        message: String,
    },
    /// A header but no data rows.
    #[error("no data rows after the header")]
    NoRows,
    /// Rows, but none scoreable (refused by `keys import`).
    #[error("none of the {rows} rows is scoreable")]
    NoScoreableRows {
        /// Data rows read.
        rows: usize,
    },
}

/// One scoreable question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyItem {
    /// Its id.
    pub id: QuestionId,
    /// The correct letter (always names a non-empty option).
    pub answer: Letter,
    /// Y1-Y5; `None` for benchmarks without levels (MedArabiQ).
    pub level: Option<Level>,
    /// Umbrella specialty (MedArabiQ: the category).
    pub specialty: Specialty,
    /// `Medical Specialty` column (MedArabiQ: the category again).
    pub sub_specialty: Specialty,
    /// Number of non-empty options.
    pub options: u8,
}

/// The scoreable questions of a key, in file order, plus the ids of the
/// rows the key rejected (predictions for those are accepted and ignored).
#[derive(Debug, Clone, PartialEq)]
pub struct AnswerKey {
    benchmark: Benchmark,
    items: Vec<KeyItem>,
    index: BTreeMap<QuestionId, usize>,
    rejected: BTreeSet<QuestionId>,
    sha256: String,
}

impl AnswerKey {
    /// The benchmark this key belongs to.
    pub fn benchmark(&self) -> Benchmark {
        self.benchmark
    }

    /// Scoreable items in file order: the order of per-item vectors.
    pub fn items(&self) -> &[KeyItem] {
        &self.items
    }

    /// Number of scoreable questions: the denominator of every accuracy.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when nothing is scoreable.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Position of a scoreable question in [`AnswerKey::items`].
    pub fn position(&self, id: QuestionId) -> Option<usize> {
        self.index.get(&id).copied()
    }

    /// A scoreable question by id.
    pub fn get(&self, id: QuestionId) -> Option<&KeyItem> {
        self.position(id).map(|i| &self.items[i])
    }

    /// True for ids of rows the key rejected (blank answer, duplicate id...).
    pub fn is_rejected(&self, id: QuestionId) -> bool {
        self.rejected.contains(&id)
    }

    /// Ids of rejected rows (rows without a readable id are not here).
    pub fn rejected_ids(&self) -> &BTreeSet<QuestionId> {
        &self.rejected
    }

    /// Lower-case hex SHA-256 of the key file's raw bytes.
    pub fn sha256(&self) -> &str {
        &self.sha256
    }
}

/// A parsed key with its validation report.
#[derive(Debug, Clone)]
pub struct CheckedKey {
    /// What can be scored.
    pub key: AnswerKey,
    /// What was found, for `keys check` / `keys import`.
    pub report: KeyReport,
}

impl CheckedKey {
    /// Refuses a key with nothing to score, as `keys import` must.
    pub fn require_scoreable(self) -> Result<Self, KeyError> {
        if self.key.is_empty() { Err(KeyError::NoScoreableRows { rows: self.report.rows }) } else { Ok(self) }
    }
}

/// Reads a key file of the given benchmark's format. Only whole-file
/// problems are errors; bad rows are listed in the report.
pub fn parse_key(benchmark: Benchmark, bytes: &[u8]) -> Result<CheckedKey, KeyError> {
    match benchmark {
        Benchmark::MedAraBench => super::medarabench_key::parse(bytes),
        Benchmark::MedArabiQ => super::medarabiq_key::parse(bytes),
    }
}

/// Collects rows while a format reader walks a file, then settles duplicate
/// ids and the counts in [`KeyBuilder::finish`].
pub(crate) struct KeyBuilder {
    benchmark: Benchmark,
    rows: usize,
    accepted: Vec<(usize, KeyItem, bool)>,
    rejected: Vec<Rejection>,
    warnings: Vec<KeyWarning>,
}

impl KeyBuilder {
    pub(crate) fn new(benchmark: Benchmark) -> Self {
        Self { benchmark, rows: 0, accepted: Vec::new(), rejected: Vec::new(), warnings: Vec::new() }
    }

    /// Counts one data row; every row ends in `accept` or `reject`.
    pub(crate) fn row(&mut self) {
        self.rows += 1;
    }

    /// A scoreable row; `normalized` when trimming or case-folding changed
    /// its answer.
    pub(crate) fn accept(&mut self, line: usize, item: KeyItem, normalized: bool) {
        self.accepted.push((line, item, normalized));
    }

    pub(crate) fn reject(&mut self, line: usize, question_id: Option<QuestionId>, reason: String) {
        self.rejected.push(Rejection { question_id, line, reason });
    }

    pub(crate) fn warn(&mut self, question_id: Option<QuestionId>, kind: WarningKind, message: String) {
        self.warnings.push(KeyWarning { question_id, kind, message });
    }

    /// Rejects every row of an id that occurs more than once (which row is
    /// right cannot be known), then builds the key and the report.
    pub(crate) fn finish(mut self, raw: &[u8]) -> Result<CheckedKey, KeyError> {
        if self.rows == 0 {
            return Err(KeyError::NoRows);
        }
        let mut lines: BTreeMap<QuestionId, Vec<usize>> = BTreeMap::new();
        let ids = self.accepted.iter().map(|(l, it, _)| (*l, Some(it.id)));
        for (line, id) in ids.chain(self.rejected.iter().map(|r| (r.line, r.question_id))) {
            if let Some(id) = id {
                lines.entry(id).or_default().push(line);
            }
        }
        let others = |id: QuestionId, line: usize| {
            let all = &lines[&id];
            let shown: Vec<String> = all.iter().filter(|&&l| l != line).take(5).map(usize::to_string).collect();
            let more = match all.len() - 1 - shown.len() {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            format!("duplicate question id {id} (also on line {}{more})", shown.join(", "))
        };
        let duplicated = |id: &QuestionId| lines[id].len() > 1;
        for r in &mut self.rejected {
            if let Some(id) = r.question_id.filter(duplicated) {
                r.reason = format!("{}; {}", others(id, r.line), r.reason);
            }
        }
        let mut items = Vec::with_capacity(self.accepted.len());
        let mut normalized = 0;
        for (line, item, changed) in std::mem::take(&mut self.accepted) {
            if duplicated(&item.id) {
                let reason = others(item.id, line);
                self.rejected.push(Rejection { question_id: Some(item.id), line, reason });
            } else {
                normalized += usize::from(changed);
                items.push(item);
            }
        }
        self.rejected.sort_by_key(|r| r.line);
        let sha256 = sha256_hex(raw);
        let report =
            KeyReport::new(self.benchmark, self.rows, &items, self.rejected, normalized, self.warnings, &sha256);
        let index = items.iter().enumerate().map(|(i, it)| (it.id, i)).collect();
        let rejected = report.rejected.iter().filter_map(|r| r.question_id).collect();
        let key = AnswerKey { benchmark: self.benchmark, items, index, rejected, sha256 };
        Ok(CheckedKey { key, report })
    }
}

/// Maps lower-cased, trimmed header names to column positions; refuses a
/// header naming a column twice.
pub(crate) fn header_index(headers: &csv::StringRecord) -> Result<BTreeMap<String, usize>, KeyError> {
    let mut map = BTreeMap::new();
    for (i, h) in headers.iter().enumerate() {
        let name = h.trim().to_lowercase();
        if !name.is_empty() && map.insert(name, i).is_some() {
            return Err(KeyError::DuplicateColumn(h.trim().to_owned()));
        }
    }
    Ok(map)
}

/// Maps a CSV reader error to a line-numbered [`KeyError`].
pub(crate) fn csv_error(e: &csv::Error, lines: &LineIndex<'_>) -> KeyError {
    KeyError::Csv { line: lines.record_line(e.position()), message: e.to_string() }
}

/// Shortens a raw cell for a message: at most 40 characters, one line.
pub(crate) fn excerpt(s: &str) -> String {
    let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match flat.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &flat[..i]),
        None => flat,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_flat() {
        assert_eq!(excerpt(" a\nb "), "a b");
        assert_eq!(excerpt(&"x".repeat(50)).chars().count(), 41);
    }
}
