//! The project's own formats: CSV with a header naming `question_id` and
//! `answer` and/or `response`, and JSON Lines with the same fields.

use std::collections::HashMap;

use serde_json::value::RawValue;

use super::json::{json_string, parse_id};
use super::{MAX_PROBLEMS, PredictionError, QuestionRef, Row};
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
        match (id, choice) {
            (Ok(id), Ok(choice)) => rows.push(Row { line, question: QuestionRef::Id(id), choice }),
            (id, choice) => problems.extend(id.err().into_iter().chain(choice.err())),
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
    match (id, choice) {
        (Ok(id), Ok(choice)) => Ok(Row { line, question: QuestionRef::Id(id), choice }),
        (id, choice) => Err(id.err().into_iter().chain(choice.err()).collect()),
    }
}
