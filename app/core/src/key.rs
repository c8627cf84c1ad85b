//! The answer key: the scoreable questions of one benchmark with their
//! correct letters, and the one entry point, [`parse_key`], that turns an
//! uploaded key file into an [`AnswerKey`] plus its validation
//! [`KeyReport`]. The per-format readers live in `medarabench_key` and
//! `medarabiq_key`; what they share (duplicate ids, counting) is in
//! `key_builder`.
//!
//! Besides its items, a key keeps what scoring needs to be array work: the
//! position of every scoreable id in a table indexed by id, and each item's
//! breakdown groups as small integers (see `groups`).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::benchmark::Benchmark;
use super::csv_records::Record;
use super::forensics::Canary;
use super::groups::Groups;
use super::input::InputError;
use super::key_builder::{Built, Detail};
use super::question_text::{QuestionTexts, TextMatch};
use super::report::KeyReport;
use super::types::{Letter, Level, QuestionId, Specialty};

/// The largest key file accepted (the official test split is ~1.5 MB).
pub const MAX_KEY_BYTES: usize = 64 * 1024 * 1024;

/// Why a whole key file is refused (row-level problems are not errors:
/// they become [`Rejection`](super::report::Rejection)s in the report).
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
    positions: Positions,
    groups: Groups,
    rejected: BTreeSet<QuestionId>,
    /// `None` when read for scoring only.
    sha256: Option<String>,
    /// Its known defects (see `forensics`).
    canaries: Vec<Canary>,
    /// Its question texts, normalised (`question_text`).
    texts: QuestionTexts,
}

/// Where each scoreable id is in the items.
#[derive(Debug, Clone, PartialEq)]
enum Positions {
    /// Indexed by id; `u32::MAX` for ids that are not scoreable. Used when
    /// the largest id is not much more than the number of items (always,
    /// for the official keys, numbered from 1).
    Dense(Vec<u32>),
    /// Sorted by id, for keys with a few huge ids.
    Sparse(Vec<(QuestionId, u32)>),
}

impl Positions {
    fn new(items: &[KeyItem]) -> Self {
        let position = |i: usize| u32::try_from(i).expect("fewer than 2^32 items");
        let max = items.iter().map(|it| it.id.get() as usize).max().unwrap_or(0);
        if max <= 4 * items.len() + 1024 {
            let mut table = vec![u32::MAX; max + 1];
            for (i, it) in items.iter().enumerate() {
                table[it.id.get() as usize] = position(i);
            }
            Self::Dense(table)
        } else {
            let mut pairs: Vec<(QuestionId, u32)> =
                items.iter().enumerate().map(|(i, it)| (it.id, position(i))).collect();
            pairs.sort_unstable();
            Self::Sparse(pairs)
        }
    }

    fn get(&self, id: QuestionId) -> Option<usize> {
        let found = match self {
            Self::Dense(table) => table.get(id.get() as usize).copied().filter(|&p| p != u32::MAX),
            Self::Sparse(pairs) => pairs.binary_search_by_key(&id, |p| p.0).ok().map(|i| pairs[i].1),
        };
        found.map(|p| p as usize)
    }
}

impl AnswerKey {
    /// A key of scoreable `items` (unique ids) and their `groups`.
    pub(crate) fn new(
        benchmark: Benchmark,
        items: Vec<KeyItem>,
        groups: Groups,
        rejected: BTreeSet<QuestionId>,
        sha256: Option<String>,
        canaries: Vec<Canary>,
    ) -> Self {
        let texts = QuestionTexts::default();
        Self { benchmark, positions: Positions::new(&items), items, groups, rejected, sha256, canaries, texts }
    }

    /// The same key, matching question texts with `texts`.
    pub(crate) fn with_texts(mut self, texts: QuestionTexts) -> Self {
        self.texts = texts;
        self
    }

    /// The key of the scoreable items whose `keep` is true (one flag per
    /// item, in item order): the same benchmark, the items in the same
    /// order with their groups, and no rejected ids, canaries or texts (a
    /// part scores answers already read against the whole key).
    pub fn part(&self, keep: &[bool]) -> AnswerKey {
        assert_eq!(keep.len(), self.items.len(), "one flag per scoreable item");
        let items = self.items.iter().zip(keep).filter(|(_, k)| **k).map(|(it, _)| it.clone()).collect();
        AnswerKey::new(self.benchmark, items, self.groups.part(keep), BTreeSet::new(), None, Vec::new())
    }

    /// The stratum of each scoreable item, in item order: its specialty ×
    /// level cell, as a number within this key.
    pub fn strata(&self) -> impl Iterator<Item = u32> + '_ {
        self.groups.cells()
    }

    /// The questions (scoreable or rejected) whose text is `text` once
    /// normalised: how rows without a usable id are matched.
    pub fn find_question(&self, text: &str) -> TextMatch {
        self.texts.find(text)
    }

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
        self.positions.get(id)
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

    /// Lower-case hex SHA-256 of the key file's raw bytes; `None` for a
    /// key read by [`parse_key_for_scoring`].
    pub fn sha256(&self) -> Option<&str> {
        self.sha256.as_deref()
    }

    /// The key's known defects, which a copy of the key reproduces and a
    /// model does not (`forensics`): every rejected row whose letter names
    /// an empty option; the pairs of conflicting duplicate questions only
    /// when read by [`parse_key`] (finding them reads every question text).
    pub fn canaries(&self) -> &[Canary] {
        &self.canaries
    }

    /// The items' breakdown groups, in item order.
    pub(crate) fn groups(&self) -> &Groups {
        &self.groups
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
    let Built { key, report, .. } = read_key(benchmark, bytes, Detail::Report)?;
    Ok(CheckedKey { key, report: report.expect("Detail::Report builds the report") })
}

/// Reads a key file for scoring only: the same key as [`parse_key`] (the
/// same rows scoreable, the same errors) without the report's warnings and
/// SHA-256, which cost more than the scoring itself. Refuses a key with
/// nothing to score.
pub fn parse_key_for_scoring(benchmark: Benchmark, bytes: &[u8]) -> Result<AnswerKey, KeyError> {
    read_scoring_key(benchmark, bytes, Detail::Scoring)
}

/// [`parse_key_for_scoring`] with `detail` ([`Detail::Scoring`] or
/// [`Detail::ScoringById`]).
pub(crate) fn read_scoring_key(benchmark: Benchmark, bytes: &[u8], detail: Detail) -> Result<AnswerKey, KeyError> {
    let Built { key, rows, .. } = read_key(benchmark, bytes, detail)?;
    if key.is_empty() { Err(KeyError::NoScoreableRows { rows }) } else { Ok(key) }
}

fn read_key(benchmark: Benchmark, bytes: &[u8], detail: Detail) -> Result<Built, KeyError> {
    match benchmark {
        Benchmark::MedAraBench => super::medarabench_key::parse(bytes, detail),
        Benchmark::MedArabiQ => super::medarabiq_key::parse(bytes, detail),
    }
}

/// Maps lower-cased, trimmed header names to column positions; refuses a
/// header naming a column twice.
pub(crate) fn header_index(headers: &Record<'_>) -> Result<BTreeMap<String, usize>, KeyError> {
    let mut map = BTreeMap::new();
    for (i, h) in headers.iter().enumerate() {
        let name = h.trim().to_lowercase();
        if !name.is_empty() && map.insert(name, i).is_some() {
            return Err(KeyError::DuplicateColumn(h.trim().to_owned()));
        }
    }
    Ok(map)
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
