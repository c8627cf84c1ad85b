//! What the key readers share: [`KeyBuilder`] collects the rows a format
//! reader accepts or rejects and the warnings it finds, interning specialty
//! names and recording breakdown groups as it goes, then settles duplicate
//! ids and builds the [`AnswerKey`] and its [`KeyReport`].

use std::collections::{BTreeMap, BTreeSet};

use super::benchmark::Benchmark;
use super::forensics::Canary;
use super::groups::{GroupsBuilder, Name};
use super::input::sha256_hex;
use super::key::{AnswerKey, KeyError, KeyItem};
use super::key_reason::RejectReason;
use super::question_text::QuestionTexts;
use super::report::{KeyReport, KeyWarning, Rejection, WarningKind};
use super::types::{Letter, Level, QuestionId};

/// A scoreable row as a format reader found it.
pub(crate) struct Scoreable {
    pub(crate) id: QuestionId,
    pub(crate) answer: Letter,
    pub(crate) level: Option<Level>,
    pub(crate) specialty: Name,
    pub(crate) sub_specialty: Name,
    pub(crate) options: u8,
}

/// How much a key reader records beyond what scoring needs. Either way the
/// same rows are scoreable, rejected or duplicates: only the report differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Detail {
    /// The validation report too: warnings and the file's SHA-256.
    Report,
    /// The key alone, with its question texts.
    Scoring,
    /// The key alone, without its question texts: for files that name
    /// every question by id (`medarabench score` on most files), which
    /// then need no copy of the texts, the largest part of a key.
    ScoringById,
}

/// What [`KeyBuilder::finish`] makes.
pub(crate) struct Built {
    pub(crate) key: AnswerKey,
    /// Data rows read.
    pub(crate) rows: usize,
    /// With [`Detail::Report`] only.
    pub(crate) report: Option<KeyReport>,
}

/// Where a scoreable row was, and whether its answer was normalized.
struct Accepted {
    line: usize,
    normalized: bool,
}

/// Collects rows while a format reader walks a file, then settles duplicate
/// ids and the counts in [`KeyBuilder::finish`]. Scoreable rows go straight
/// into the key's items (with their line and groups alongside).
pub(crate) struct KeyBuilder {
    benchmark: Benchmark,
    detail: Detail,
    rows: usize,
    items: Vec<KeyItem>,
    accepted: Vec<Accepted>,
    groups: GroupsBuilder,
    rejected: Vec<Rejection>,
    warnings: Vec<KeyWarning>,
    /// Pairs of ids with the same question and options but different
    /// answers (found with warnings only).
    conflicts: Vec<(QuestionId, QuestionId)>,
    /// Question texts, for files that name questions by text.
    texts: QuestionTexts,
}

impl KeyBuilder {
    /// A builder with room for about `rows` rows (an estimate is fine).
    pub(crate) fn new(benchmark: Benchmark, rows: usize, detail: Detail) -> Self {
        Self {
            benchmark,
            detail,
            rows: 0,
            items: Vec::with_capacity(rows),
            accepted: Vec::with_capacity(rows),
            groups: GroupsBuilder::with_capacity(rows),
            rejected: Vec::new(),
            warnings: Vec::new(),
            texts: QuestionTexts::default(),
            conflicts: Vec::new(),
        }
    }

    /// Counts one data row; every row ends in `accept` or `reject`.
    pub(crate) fn row(&mut self) {
        self.rows += 1;
    }

    /// A specialty or sub-specialty cell as a [`Name`]; `None` when blank.
    pub(crate) fn name(&mut self, raw: &str) -> Option<Name> {
        self.groups.name(raw)
    }

    /// A scoreable row; `normalized` when trimming or case-folding changed
    /// its answer.
    pub(crate) fn accept(&mut self, line: usize, row: Scoreable, normalized: bool) {
        self.groups.push(&row.specialty, row.level, &row.sub_specialty, row.options);
        self.accepted.push(Accepted { line, normalized });
        self.items.push(KeyItem {
            id: row.id,
            answer: row.answer,
            level: row.level,
            specialty: row.specialty.value,
            sub_specialty: row.sub_specialty.value,
            options: row.options,
        });
    }

    /// A row that cannot be scored, with every reason found.
    pub(crate) fn reject(&mut self, line: usize, question_id: Option<QuestionId>, reasons: Vec<RejectReason>) {
        self.rejected.push(Rejection::new(question_id, line, reasons));
    }

    /// Whether warnings are wanted: readers skip the checks that only warn
    /// when they are not.
    pub(crate) fn warns(&self) -> bool {
        self.detail == Detail::Report
    }

    pub(crate) fn warn(&mut self, question_id: Option<QuestionId>, kind: WarningKind, message: String) {
        if self.warns() {
            self.warnings.push(KeyWarning { question_id, kind, message });
        }
    }

    /// Question `second` repeats `first`'s text and options with another
    /// answer (a known defect, if both stay scoreable).
    pub(crate) fn conflict(&mut self, first: QuestionId, second: QuestionId) {
        self.conflicts.push((first, second));
    }

    /// The known defects (`forensics`), once duplicate ids are settled: rows
    /// rejected for a letter naming an empty option (or past the last
    /// option) and not for a repeated id, and conflicting duplicates that
    /// are both scoreable with different letters.
    fn canaries(&self) -> Vec<Canary> {
        let empty = self.rejected.iter().filter_map(|r| {
            let id = r.question_id?;
            let mut letter = None;
            for reason in &r.reasons {
                match reason {
                    RejectReason::DuplicateId { .. } => return None,
                    RejectReason::AnswerEmptyOption { letter: l, .. }
                    | RejectReason::AnswerBeyondOptions { letter: l, .. } => letter = Some(*l),
                    _ => {}
                }
            }
            Some(Canary::EmptyOption { id, letter: letter? })
        });
        let answer = |id: QuestionId| self.items.iter().find(|it| it.id == id).map(|it| it.answer);
        let pairs = self.conflicts.iter().filter_map(|&(a, b)| match (answer(a), answer(b)) {
            (Some(x), Some(y)) if x != y => Some(Canary::ConflictingDuplicate { first: (a, x), second: (b, y) }),
            _ => None,
        });
        empty.chain(pairs).collect()
    }

    /// Records the question text of row `id`, for matching by text.
    pub(crate) fn question_text(&mut self, id: QuestionId, text: &str) {
        if self.detail != Detail::ScoringById {
            self.texts.add(id, text);
        }
    }

    /// Builds the key, and its report with [`Detail::Report`].
    pub(crate) fn finish(mut self, raw: &[u8]) -> Result<Built, KeyError> {
        let normalized = self.settle()?;
        let canaries = self.canaries();
        let rejected_ids: BTreeSet<QuestionId> = self.rejected.iter().filter_map(|r| r.question_id).collect();
        let groups = self.groups.finish();
        let report = self.detail == Detail::Report;
        let sha256 = report.then(|| sha256_hex(raw));
        let key = AnswerKey::new(self.benchmark, self.items, groups, rejected_ids, sha256, canaries)
            .with_texts(std::mem::take(&mut self.texts));
        let report = report.then(|| KeyReport::new(&key, self.rows, self.rejected, normalized, self.warnings));
        Ok(Built { key, rows: self.rows, report })
    }

    /// Rejects every row of an id that occurs more than once (which row is
    /// right cannot be known) and orders the rejections; returns how many
    /// scoreable answers were normalized.
    fn settle(&mut self) -> Result<usize, KeyError> {
        if self.rows == 0 {
            return Err(KeyError::NoRows);
        }
        let lines = self.duplicate_lines();
        let others = |id: QuestionId, line: usize| {
            let all = &lines[&id];
            let shown: Vec<usize> = all.iter().copied().filter(|&l| l != line).take(5).collect();
            RejectReason::DuplicateId { id, more: all.len() - 1 - shown.len(), lines: shown }
        };
        for r in &mut self.rejected {
            if let Some(id) = r.question_id.filter(|id| lines.contains_key(id)) {
                let mut reasons = vec![others(id, r.line)];
                reasons.append(&mut r.reasons);
                *r = Rejection::new(r.question_id, r.line, reasons);
            }
        }
        if !lines.is_empty() {
            let keep: Vec<bool> = self.items.iter().map(|it| !lines.contains_key(&it.id)).collect();
            for ((it, a), _) in self.items.iter().zip(&self.accepted).zip(&keep).filter(|(_, k)| !**k) {
                self.rejected.push(Rejection::new(Some(it.id), a.line, vec![others(it.id, a.line)]));
            }
            let (mut k1, mut k2) = (keep.iter(), keep.iter());
            self.items.retain(|_| k1.next().copied().unwrap_or(true));
            self.accepted.retain(|_| k2.next().copied().unwrap_or(true));
            self.groups.retain(&keep);
        }
        self.rejected.sort_by_key(|r| r.line);
        Ok(self.accepted.iter().filter(|a| a.normalized).count())
    }

    /// The lines of every id found on more than one row: scoreable rows
    /// first, then rejected ones, each in file order (the order messages
    /// list them). Usually empty.
    fn duplicate_lines(&self) -> BTreeMap<QuestionId, Vec<usize>> {
        let rejected_ids = self.rejected.iter().filter_map(|r| r.question_id);
        let mut ids: Vec<QuestionId> = self.items.iter().map(|it| it.id).chain(rejected_ids).collect();
        ids.sort_unstable();
        let repeated: BTreeSet<QuestionId> = ids.windows(2).filter(|w| w[0] == w[1]).map(|w| w[0]).collect();
        let mut lines: BTreeMap<QuestionId, Vec<usize>> = BTreeMap::new();
        if repeated.is_empty() {
            return lines;
        }
        let scoreable = self.items.iter().zip(&self.accepted).map(|(it, a)| (it.id, a.line));
        let refused = self.rejected.iter().filter_map(|r| Some((r.question_id?, r.line)));
        for (id, line) in scoreable.chain(refused).filter(|(id, _)| repeated.contains(id)) {
            lines.entry(id).or_default().push(line);
        }
        lines
    }
}
