//! The project's own formats: CSV with a header naming `question_id` and
//! `answer` and/or `response`, and JSON Lines with the same fields.
//!
//! Either may give the model's confidence in its answer: a `confidence`
//! column (a number from 0 to 1), or `prob_A`...`prob_F` columns (each a
//! number from 0 to 1; the chosen letter's share of those given on the
//! row). `confidence` wins when a row has both; blank cells (JSON `null`)
//! give none. Names are read without regard to case.

use std::collections::HashMap;

use serde_json::value::RawValue;

use super::json::{json_string, parse_id};
use super::{MAX_PROBLEMS, PredictionError, QuestionRef, Row};
use crate::confidence::Confidence;
use crate::csv_records::{Reader, Record, records_bound, trim};
use crate::extract::extract_letter;
use crate::key::excerpt;
use crate::types::Letter;

/// The choice of one row from its `answer` and `response` values.
#[inline]
fn choose(line: usize, answer: Option<&str>, response: Option<&str>) -> Result<Option<Letter>, PredictionError> {
    match answer.filter(|a| !trim(a).is_empty()) {
        Some(a) => {
            Letter::parse_answer(a).map(Some).map_err(|_| PredictionError::NotALetter { line, value: excerpt(a) })
        }
        None => Ok(response.and_then(extract_letter)),
    }
}

/// A confidence value as written: blank is none, else a number from 0 to 1.
fn probability(line: usize, column: &str, raw: &str) -> Result<Option<f64>, PredictionError> {
    let raw = trim(raw);
    if raw.is_empty() {
        return Ok(None);
    }
    match raw.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(Some(p)),
        _ => Err(PredictionError::BadConfidence { line, column: column.to_owned(), value: excerpt(raw) }),
    }
}

/// The names of the probability columns, A to F.
const PROB_COLUMNS: [&str; 6] = ["prob_A", "prob_B", "prob_C", "prob_D", "prob_E", "prob_F"];

/// The confidence of a row's `choice` from its `confidence` value and its
/// `prob_<letter>` values (A to F, `None` where the file has no such
/// column), every bad value named.
fn confidence(
    line: usize,
    choice: Option<Letter>,
    stated: Option<&str>,
    probs: [Option<&str>; 6],
) -> Result<Option<Confidence>, Vec<PredictionError>> {
    let mut problems = Vec::new();
    let stated = stated.map(|raw| probability(line, "confidence", raw)).transpose().unwrap_or_else(|e| {
        problems.push(e);
        None
    });
    let mut weights = [0.0; 6];
    let mut chosen_given = false;
    for (i, raw) in probs.iter().enumerate() {
        let Some(raw) = raw else { continue };
        match probability(line, PROB_COLUMNS[i], raw) {
            Ok(Some(p)) => {
                weights[i] = p;
                chosen_given |= choice.is_some_and(|c| c.index() == i);
            }
            Ok(None) => {}
            Err(e) => problems.push(e),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let Some(choice) = choice else { return Ok(None) };
    Ok(match stated.flatten() {
        Some(p) => Confidence::from_probability(p),
        None if chosen_given => Confidence::share_of(&weights, choice.index()),
        None => None,
    })
}

/// Reads a CSV file; a bad header refuses it at once, row problems are
/// collected in `problems` (reading stops at [`MAX_PROBLEMS`]).
pub(super) fn read_csv(text: &str, problems: &mut Vec<PredictionError>) -> Result<Vec<Row>, PredictionError> {
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
    let confidence_col = column("confidence");
    let prob_cols = PROB_COLUMNS.map(column);
    let confidences = confidence_col.is_some() || prob_cols.iter().any(Option::is_some);
    let mut rows = Vec::with_capacity(records_bound(text));
    let mut record = Record::default();
    while problems.len() < MAX_PROBLEMS && reader.read(&mut record) {
        let line = record.line();
        if record.len() != headers.len() {
            let message = format!("{} fields, but the header has {}", record.len(), headers.len());
            problems.push(PredictionError::MalformedCsv { line, message });
            continue;
        }
        let cell = |c: usize| record.get(c).unwrap_or_default();
        let id = parse_id(line, cell(id_col));
        let choice = choose(line, answer_col.map(cell), response_col.map(cell));
        let confidence = if confidences {
            let probs = prob_cols.map(|c| c.map(cell));
            confidence(line, choice.as_ref().ok().copied().flatten(), confidence_col.map(cell), probs)
        } else {
            Ok(None)
        };
        match (id, choice, confidence) {
            (Ok(id), Ok(choice), Ok(confidence)) => {
                rows.push(Row { line, question: QuestionRef::Id(id), choice, confidence, permutation: None });
            }
            (id, choice, confidence) => {
                problems.extend(id.err().into_iter().chain(choice.err()).chain(confidence.err().into_iter().flatten()));
            }
        }
    }
    Ok(rows)
}

/// Reads JSON Lines of `question_id` with `answer` and/or `response`.
pub(super) fn read_jsonl(text: &str, problems: &mut Vec<PredictionError>) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        if problems.len() >= MAX_PROBLEMS {
            break;
        }
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        match jsonl_row(i + 1, raw) {
            Ok(row) => rows.push(row),
            Err(mut e) => problems.append(&mut e),
        }
    }
    rows
}

fn jsonl_row(line: usize, raw: &str) -> Result<Row, Vec<PredictionError>> {
    // Each value kept as written, so an id is judged by its text (`1e3`,
    // `1000.0` and `99999999999999999999` are not written in digits) and a
    // refusal quotes it as written.
    let obj: HashMap<String, &RawValue> = serde_json::from_str(raw).map_err(|e| {
        let message = if raw.starts_with('{') { e.to_string() } else { "not an object".to_owned() };
        vec![PredictionError::MalformedJson { line, message }]
    })?;
    let present = |name: &str| obj.get(name).copied().filter(|v| v.get() != "null");
    // A number as written, or the text of a string.
    let number = |name: &str| present(name).map(|v| json_string(v).unwrap_or_else(|| v.get().to_owned()));
    let field = |name: &str| number(obj.keys().find(|k| k.eq_ignore_ascii_case(name))?);
    let stated = field("confidence");
    let probs: [Option<String>; 6] = PROB_COLUMNS.map(field);
    let id = match present("question_id") {
        None => Err(PredictionError::MissingField { line, field: "question_id" }),
        Some(v) => match json_string(v) {
            Some(s) => parse_id(line, &s),
            None => parse_id(line, v.get()),
        },
    };
    let text_field = |name: &str| match present(name) {
        None => Ok(None),
        Some(v) => {
            json_string(v).map(Some).ok_or_else(|| PredictionError::NotALetter { line, value: excerpt(v.get()) })
        }
    };
    let (answer, response) = (text_field("answer"), text_field("response"));
    let choice = if !obj.contains_key("answer") && !obj.contains_key("response") {
        Err(PredictionError::MissingField { line, field: "answer or response" })
    } else {
        match (answer, response) {
            (Ok(a), Ok(r)) => choose(line, a.as_deref(), r.as_deref()),
            (a, r) => Err(a.err().or(r.err()).expect("one of the two failed")),
        }
    };
    let confidence = confidence(
        line,
        choice.as_ref().ok().copied().flatten(),
        stated.as_deref(),
        [0, 1, 2, 3, 4, 5].map(|i| probs[i].as_deref()),
    );
    match (id, choice, confidence) {
        (Ok(id), Ok(choice), Ok(confidence)) => {
            Ok(Row { line, question: QuestionRef::Id(id), choice, confidence, permutation: None })
        }
        (id, choice, confidence) => {
            Err(id.err().into_iter().chain(choice.err()).chain(confidence.err().into_iter().flatten()).collect())
        }
    }
}
