//! The key validation report: what `keys check` / `keys import` print, as
//! JSON (the contract's shape, deterministic key order) or as a text table.
//! It never contains question or option text, only ids, counts and names.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::benchmark::Benchmark;
use super::groups::Tally;
use super::key::AnswerKey;
use super::key_reason::RejectReason;
use super::types::QuestionId;

/// A row of the key file that cannot be scored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejection {
    /// The row's id; `null` when the id itself is unreadable.
    pub question_id: Option<QuestionId>,
    /// 1-based line where the row starts in the file.
    pub line: usize,
    /// Why, in English: one sentence per reason, joined with "; ".
    pub reason: String,
    /// The same reasons as codes, in the same order, for pages to word in
    /// their language. Empty in reports stored before reasons had codes
    /// (those show `reason`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<RejectReason>,
}

impl Rejection {
    /// A rejection for `reasons`, with their English sentences as `reason`.
    pub fn new(question_id: Option<QuestionId>, line: usize, reasons: Vec<RejectReason>) -> Self {
        let reason = reasons.iter().map(RejectReason::to_string).collect::<Vec<_>>().join("; ");
        Self { question_id, line, reason, reasons }
    }

    /// True when a reason names or describes the keyed answer (see
    /// [`RejectReason::reveals_answer`]). A rejection stored without codes
    /// counts as revealing: its text cannot be told apart.
    pub fn reveals_answer(&self) -> bool {
        self.reasons.is_empty() || self.reasons.iter().any(RejectReason::reveals_answer)
    }
}

/// What kind of oddity a [`KeyWarning`] reports. Warnings never make a row
/// unscoreable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WarningKind {
    /// `Group` (ABCD/ABCDE/ABCDEF) disagrees with the non-empty options.
    GroupMismatch,
    /// Same question text (whitespace collapsed) as an earlier row.
    DuplicateQuestion,
    /// Same question text and options as an earlier row, different answer.
    ConflictingDuplicate,
    /// The question text is blank.
    EmptyQuestion,
    /// Two non-empty options of one question have the same text.
    DuplicateOptions,
    /// An empty option comes before a non-empty one (e.g. C empty, D not).
    OptionGap,
    /// Not 4 or 5 options (the paper keeps only ABCD and ABCDE).
    UnusualOptionCount,
    /// `Medical Specialty` is blank (the umbrella specialty is used).
    MissingSubspecialty,
    /// MedArabiQ: the answer's text differs from the option it labels.
    AnswerTextMismatch,
}

impl WarningKind {
    /// The snake_case name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::GroupMismatch => "group_mismatch",
            Self::DuplicateQuestion => "duplicate_question",
            Self::ConflictingDuplicate => "conflicting_duplicate",
            Self::EmptyQuestion => "empty_question",
            Self::DuplicateOptions => "duplicate_options",
            Self::OptionGap => "option_gap",
            Self::UnusualOptionCount => "unusual_option_count",
            Self::MissingSubspecialty => "missing_subspecialty",
            Self::AnswerTextMismatch => "answer_text_mismatch",
        }
    }
}

/// Something odd about a row that is still scored as written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeyWarning {
    /// The row's id, when readable.
    pub question_id: Option<QuestionId>,
    /// What kind of oddity.
    pub kind: WarningKind,
    /// One sentence, without question text.
    pub message: String,
}

/// The `keys check --json` document. `specialties`, `subspecialties`,
/// `levels` and `options` count scoreable rows only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KeyReport {
    /// Which key format was read.
    pub benchmark: Benchmark,
    /// Data rows in the file (header excluded).
    pub rows: usize,
    /// Rows that can be scored.
    pub scoreable: usize,
    /// Every other row, in file order.
    pub rejected: Vec<Rejection>,
    /// Scoreable answers changed by trimming or case-folding.
    pub normalized: usize,
    /// Umbrella specialty → scoreable rows.
    pub specialties: BTreeMap<String, usize>,
    /// Sub-specialty → scoreable rows.
    pub subspecialties: BTreeMap<String, usize>,
    /// "Y1".."Y5" (or "n/a") → scoreable rows.
    pub levels: BTreeMap<String, usize>,
    /// Number of non-empty options ("4", "5", ...) → scoreable rows.
    pub options: BTreeMap<String, usize>,
    /// Oddities in file order.
    pub warnings: Vec<KeyWarning>,
    /// Warning kind → how many.
    pub warning_counts: BTreeMap<WarningKind, usize>,
    /// Lower-case hex SHA-256 of the raw file.
    pub sha256: String,
}

impl KeyReport {
    /// The report of a parsed key; counts come from the key's groups.
    pub(crate) fn new(
        key: &AnswerKey,
        rows: usize,
        rejected: Vec<Rejection>,
        normalized: usize,
        warnings: Vec<KeyWarning>,
    ) -> Self {
        let counts = key.groups().tally(std::iter::repeat(false));
        let total = |t: Tally| t.total;
        let mut warning_counts = BTreeMap::new();
        for w in &warnings {
            *warning_counts.entry(w.kind).or_default() += 1;
        }
        Self {
            benchmark: key.benchmark(),
            rows,
            scoreable: key.len(),
            rejected,
            normalized,
            specialties: counts.by_specialty(total),
            subspecialties: counts.by_subspecialty(total),
            levels: counts.by_level(total),
            options: counts.by_options(total),
            warnings,
            warning_counts,
            sha256: key.sha256().unwrap_or_default().to_owned(),
        }
    }

    /// The report as a human-readable text table (for the CLI without
    /// `--json`): totals, breakdowns, every rejected row, warnings by kind.
    pub fn render_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "Answer key ({}), sha256 {}", self.benchmark, self.sha256);
        for (label, n) in [
            ("rows", self.rows),
            ("scoreable", self.scoreable),
            ("rejected", self.rejected.len()),
            ("normalized", self.normalized),
            ("warnings", self.warnings.len()),
        ] {
            let _ = writeln!(out, "  {label:<12}{n:>7}");
        }
        for (title, map) in [
            ("specialty", &self.specialties),
            ("sub-specialty", &self.subspecialties),
            ("level", &self.levels),
            ("options", &self.options),
        ] {
            table(&mut out, title, map.iter().map(|(k, v)| (k.as_str(), *v)));
        }
        if !self.rejected.is_empty() {
            let _ = writeln!(out, "\nrejected rows");
            for r in &self.rejected {
                let id = r.question_id.map_or_else(|| "?".to_owned(), |id| id.to_string());
                let _ = writeln!(out, "  line {:>6}  id {:>6}  {}", r.line, id, r.reason);
            }
        }
        if !self.warnings.is_empty() {
            table(&mut out, "warning", self.warning_counts.iter().map(|(k, v)| (k.as_str(), *v)));
            for w in &self.warnings {
                let id = w.question_id.map_or_else(|| "?".to_owned(), |id| id.to_string());
                let _ = writeln!(out, "  id {:>6}  {:<22}{}", id, w.kind.as_str(), w.message);
            }
        }
        out
    }
}

fn table<'a>(out: &mut String, title: &str, rows: impl Iterator<Item = (&'a str, usize)>) {
    let rows: Vec<_> = rows.collect();
    let width = rows.iter().map(|(k, _)| k.chars().count()).chain([title.len()]).max().unwrap_or(0);
    let _ = writeln!(out, "\n  {title:<width$}  {:>7}", "n");
    for (k, v) in rows {
        let pad = width - k.chars().count();
        let _ = writeln!(out, "  {k}{:pad$}  {v:>7}", "");
    }
}
