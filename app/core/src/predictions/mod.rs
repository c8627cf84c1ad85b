//! Prediction files: a team's answers to one benchmark, as CSV (header with
//! `question_id` and `answer` and/or `response`) or JSON Lines (one object
//! a line with `question_id` and `answer` and/or `response`). The format is
//! detected from the first non-space character (`{` means JSON Lines).
//!
//! Reading is in two steps so the upload page can check a file in the
//! browser, where the key is not available: [`PredictionFile::parse`]
//! refuses unreadable files (size, NUL, UTF-8, header, malformed line,
//! duplicate id, an `answer` that is not a letter); scoring then refuses
//! ids the key does not know. Every refusal names the line.
//!
//! Per row, a non-blank `answer` must be one letter (see
//! [`Letter::parse_answer`]); a blank or missing `answer` falls back to the
//! `response` (letter extracted by [`super::extract`]); if neither gives a
//! letter the row is `unparsed`: present, counted wrong. A blank `answer`
//! is deliberately not a refusal: it is how a file says "no answer".

use std::collections::HashMap;

use serde::Serialize;
use serde_json::value::RawValue;

use super::csv_records::{Reader, Record, records_bound, trim};
use super::extract::extract_letter;
use super::input::{self, InputError};
use super::key::excerpt;
use super::types::{Letter, QuestionId};

/// The largest prediction file accepted, checked before anything else.
pub const MAX_PREDICTION_BYTES: usize = 20 * 1024 * 1024;

/// Why a whole prediction file is refused. Display is one line naming the
/// line number and the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PredictionError {
    /// Size, NUL bytes, invalid UTF-8, a too-long line, or empty.
    #[error(transparent)]
    Input(#[from] InputError),
    /// CSV header without the required columns.
    #[error("line 1: the header must name question_id and answer (or response); found: {found}")]
    BadHeader {
        /// The header as read.
        found: String,
    },
    /// The header names a column twice, so which one counts is ambiguous.
    #[error("line 1: the header names the column {0:?} twice")]
    DuplicateColumn(String),
    /// A header (or blank lines) but no rows.
    #[error("no predictions in the file")]
    NoRows,
    /// A CSV row that cannot be read.
    #[error("line {line}: {message}")]
    MalformedCsv {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A JSON Lines line that is not a JSON object.
    #[error("line {line}: not a JSON object ({message})")]
    MalformedJson {
        /// 1-based line.
        line: usize,
        /// What the JSON parser said.
        message: String,
    },
    /// A JSON object without `question_id`, or without both `answer` and
    /// `response`.
    #[error("line {line}: missing {field}")]
    MissingField {
        /// 1-based line.
        line: usize,
        /// The missing field(s).
        field: &'static str,
    },
    /// A `question_id` that is not a positive whole number.
    #[error("line {line}: question_id {value:?} is not a positive whole number")]
    BadQuestionId {
        /// 1-based line.
        line: usize,
        /// The value, shortened.
        value: String,
    },
    /// The same id twice.
    #[error("line {line}: duplicate question_id {id} (first seen on line {first_line})")]
    DuplicateQuestionId {
        /// 1-based line of the repeat.
        line: usize,
        /// The id.
        id: QuestionId,
        /// 1-based line of the first occurrence.
        first_line: usize,
    },
    /// A non-blank `answer` that is not one letter.
    #[error("line {line}: answer {value:?} is not a letter A-F (or أ ب ج د ه و); put free text in a response column")]
    NotALetter {
        /// 1-based line.
        line: usize,
        /// The value, shortened.
        value: String,
    },
    /// An id the answer key does not have (found when scoring).
    #[error("line {line}: unknown question_id {id} (not in the answer key)")]
    UnknownQuestionId {
        /// 1-based line.
        line: usize,
        /// The id.
        id: QuestionId,
    },
}

impl crate::message::Coded for PredictionError {
    fn message(&self) -> crate::message::Message {
        use crate::message::Message;
        match self {
            Self::Input(e) => e.message(),
            Self::BadHeader { found } => Message::new("prediction-bad-header").arg("found", found),
            Self::DuplicateColumn(column) => Message::new("prediction-duplicate-column").arg("column", column),
            Self::NoRows => Message::new("prediction-no-rows"),
            Self::MalformedCsv { line, message } => {
                Message::new("prediction-malformed-csv").arg("line", line).arg("detail", message)
            }
            Self::MalformedJson { line, message } => {
                Message::new("prediction-malformed-json").arg("line", line).arg("detail", message)
            }
            Self::MissingField { line, field } => {
                Message::new("prediction-missing-field").arg("line", line).arg("field", field)
            }
            Self::BadQuestionId { line, value } => {
                Message::new("prediction-bad-question-id").arg("line", line).arg("value", value)
            }
            Self::DuplicateQuestionId { line, id, first_line } => Message::new("prediction-duplicate-question-id")
                .arg("line", line)
                .arg("id", id)
                .arg("first_line", first_line),
            Self::NotALetter { line, value } => {
                Message::new("prediction-not-a-letter").arg("line", line).arg("value", value)
            }
            Self::UnknownQuestionId { line, id } => {
                Message::new("prediction-unknown-question-id").arg("line", line).arg("id", id)
            }
        }
    }
}

impl PredictionError {
    /// The line the problem is on, when there is one.
    pub fn line(&self) -> Option<usize> {
        match self {
            Self::Input(e) => e.line(),
            Self::BadHeader { .. } | Self::DuplicateColumn(_) => Some(1),
            Self::NoRows => None,
            Self::MalformedCsv { line, .. }
            | Self::MalformedJson { line, .. }
            | Self::MissingField { line, .. }
            | Self::BadQuestionId { line, .. }
            | Self::DuplicateQuestionId { line, .. }
            | Self::NotALetter { line, .. }
            | Self::UnknownQuestionId { line, .. } => Some(*line),
        }
    }
}

/// How the file was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PredictionFormat {
    /// Comma-separated with a header row.
    Csv,
    /// One JSON object a line.
    Jsonl,
}

/// One row of a prediction file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prediction {
    /// 1-based line where the row starts.
    pub line: usize,
    /// The question.
    pub id: QuestionId,
    /// The letter given or extracted; `None` is unparsed.
    pub choice: Option<Letter>,
}

/// A readable prediction file with unique ids, not yet checked against a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PredictionFile {
    /// CSV or JSON Lines.
    pub format: PredictionFormat,
    /// Rows in file order.
    pub rows: Vec<Prediction>,
}

impl PredictionFile {
    /// Reads and checks a prediction file (everything but the key's ids).
    pub fn parse(bytes: &[u8]) -> Result<Self, PredictionError> {
        let text = input::decode(bytes, MAX_PREDICTION_BYTES)?;
        let (format, rows) = if text.trim_start().starts_with('{') {
            (PredictionFormat::Jsonl, parse_jsonl(text)?)
        } else {
            (PredictionFormat::Csv, parse_csv(text)?)
        };
        if rows.is_empty() {
            return Err(PredictionError::NoRows);
        }
        if let Some((first, repeat)) = first_repeat(&rows) {
            let (line, id, first_line) = (rows[repeat].line, rows[repeat].id, rows[first].line);
            return Err(PredictionError::DuplicateQuestionId { line, id, first_line });
        }
        Ok(Self { format, rows })
    }
}

/// The earliest row whose id an earlier row has, and that earlier row (the
/// id's first), as row indexes. Sorting (id, row) pairs keeps the cost
/// O(n log n) whatever ids an upload holds, and linear for rows in id order.
fn first_repeat(rows: &[Prediction]) -> Option<(usize, usize)> {
    let row = |i: usize| u32::try_from(i).expect("fewer than 2^32 rows");
    let mut order: Vec<(QuestionId, u32)> = rows.iter().enumerate().map(|(i, p)| (p.id, row(i))).collect();
    order.sort_unstable();
    // Within an id, rows are in file order: the earliest repeat of an id is
    // its second row, found next to its first.
    let (first, repeat) =
        order.windows(2).filter(|w| w[0].0 == w[1].0).map(|w| (w[0].1, w[1].1)).min_by_key(|&(_, repeat)| repeat)?;
    Some((first as usize, repeat as usize))
}

/// The choice of one row from its `answer` and `response` values.
fn choose(line: usize, answer: Option<&str>, response: Option<&str>) -> Result<Option<Letter>, PredictionError> {
    match answer.filter(|a| !trim(a).is_empty()) {
        Some(a) => {
            Letter::parse_answer(a).map(Some).map_err(|_| PredictionError::NotALetter { line, value: excerpt(a) })
        }
        None => Ok(response.and_then(extract_letter)),
    }
}

fn parse_id(line: usize, raw: &str) -> Result<QuestionId, PredictionError> {
    raw.parse().map_err(|_| PredictionError::BadQuestionId { line, value: excerpt(raw) })
}

fn parse_csv(text: &str) -> Result<Vec<Prediction>, PredictionError> {
    let mut reader = Reader::new(text);
    let mut headers = Record::default();
    reader.read(&mut headers);
    for (i, h) in headers.iter().enumerate() {
        let h = h.trim();
        if !h.is_empty() && headers.iter().skip(i + 1).any(|other| other.trim().eq_ignore_ascii_case(h)) {
            return Err(PredictionError::DuplicateColumn(excerpt(h)));
        }
    }
    let column = |name: &str| headers.iter().position(|h| h.trim().eq_ignore_ascii_case(name));
    let (id_col, answer_col, response_col) = (column("question_id"), column("answer"), column("response"));
    let Some(id_col) = id_col.filter(|_| answer_col.is_some() || response_col.is_some()) else {
        let found = excerpt(&headers.iter().collect::<Vec<_>>().join(","));
        return Err(PredictionError::BadHeader { found });
    };
    let mut rows = Vec::with_capacity(records_bound(text));
    let mut record = Record::default();
    while reader.read(&mut record) {
        let line = record.line();
        if record.len() != headers.len() {
            let message = format!("{} fields, but the header has {}", record.len(), headers.len());
            return Err(PredictionError::MalformedCsv { line, message });
        }
        let cell = |c: usize| record.get(c).unwrap_or_default();
        let id = parse_id(line, cell(id_col))?;
        let choice = choose(line, answer_col.map(cell), response_col.map(cell))?;
        rows.push(Prediction { line, id, choice });
    }
    Ok(rows)
}

fn parse_jsonl(text: &str) -> Result<Vec<Prediction>, PredictionError> {
    let mut rows = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let line = i + 1;
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        // Each value kept as written, so an id is judged by its text
        // (`1e3`, `1000.0` and `99999999999999999999` are not written in
        // digits) and a refusal quotes it as written.
        let obj: HashMap<String, &RawValue> = serde_json::from_str(raw).map_err(|e| {
            let message = if raw.starts_with('{') { e.to_string() } else { "not an object".to_owned() };
            PredictionError::MalformedJson { line, message }
        })?;
        let present = |name: &str| obj.get(name).copied().filter(|v| v.get() != "null");
        let id = match present("question_id") {
            None => return Err(PredictionError::MissingField { line, field: "question_id" }),
            Some(v) => match json_string(v) {
                Some(s) => parse_id(line, &s)?,
                None => parse_id(line, v.get())?,
            },
        };
        let text_field = |name: &str| match present(name) {
            None => Ok(None),
            Some(v) => {
                json_string(v).map(Some).ok_or_else(|| PredictionError::NotALetter { line, value: excerpt(v.get()) })
            }
        };
        let (answer, response) = (text_field("answer")?, text_field("response")?);
        if !obj.contains_key("answer") && !obj.contains_key("response") {
            return Err(PredictionError::MissingField { line, field: "answer or response" });
        }
        let (answer, response) = (answer.as_deref(), response.as_deref());
        rows.push(Prediction { line, id, choice: choose(line, answer, response)? });
    }
    Ok(rows)
}

/// A JSON string's text; `None` for any other JSON value.
fn json_string(v: &RawValue) -> Option<String> {
    if v.get().starts_with('"') { serde_json::from_str(v.get()).ok() } else { None }
}

#[cfg(test)]
#[path = "predictions_tests.rs"]
mod tests;
