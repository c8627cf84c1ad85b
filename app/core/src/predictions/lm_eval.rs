//! lm-evaluation-harness `--log_samples` files (`samples_<task>_<date>.jsonl`,
//! also with `--predict_only`): one JSON object a line with `doc_id`, `doc`,
//! `arguments`, `resps`, `filtered_resps`, `filter` and more.
//!
//! - The question: `doc["Question Number"]` when the doc is a row of the
//!   official CSV, else `doc.question_id` or `doc.id` (a number written in
//!   digits); without one, the question text (`Question`, `question` or
//!   `query`), matched to the key by text.
//! - `multiple_choice` lines (each response a log-likelihood): the choice
//!   with the largest log-likelihood in `filtered_resps` (a tie is
//!   unparsed); its letter is the continuation the harness scored
//!   (`arguments.gen_args_<i>.arg_1`, e.g. " A" or " ب") when every
//!   continuation is a distinct letter, else the choice's position (A for
//!   the first). Its confidence is its share of the softmax over the
//!   choices' log-likelihoods (`crate::confidence`).
//! - `generate_until` lines: the raw generation `resps[0][0]`, read by our
//!   extraction protocol (`crate::extract`), not by the task's filters.
//! - `doc["Permutation"]` (the shipped permuted variant's rotation of the
//!   options, `crate::robustness`) is kept with the row, to check that a
//!   file sent as the variant's is one.
//! - A task with several filters writes one line per (doc, filter): the
//!   lines of the filter `none` are read when there are any, else those of
//!   the first filter in the file; the others are skipped.

use serde::Deserialize;
use serde_json::Value;

use super::json::value_id;
use super::{MAX_PROBLEMS, PredictionError, QuestionRef, Row};
use crate::confidence::Confidence;
use crate::extract::extract_letter;
use crate::types::Letter;

/// The fields of a sample line that are read; the rest is skipped.
#[derive(Deserialize)]
pub(super) struct Sample {
    #[serde(default)]
    doc: Value,
    #[serde(default)]
    arguments: Value,
    #[serde(default)]
    resps: Value,
    #[serde(default)]
    filtered_resps: Value,
    #[serde(default)]
    filter: Option<String>,
}

/// True for the first line of a samples file.
pub(super) fn looks_like(first: &serde_json::Map<String, Value>) -> bool {
    first.contains_key("doc_id") && (first.contains_key("resps") || first.contains_key("filtered_resps"))
}

/// Reads every line of a samples file (see the module docs).
pub(super) fn read(text: &str, problems: &mut Vec<PredictionError>) -> Vec<Row> {
    let mut chosen: Option<String> = None;
    let mut has_none = false;
    let mut read: Vec<(Option<String>, Result<Row, PredictionError>)> = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        let (line, raw) = (i + 1, raw.trim());
        if raw.is_empty() {
            continue;
        }
        match serde_json::from_str::<Sample>(raw) {
            Ok(sample) => {
                has_none |= sample.filter.as_deref() == Some("none");
                if chosen.is_none() {
                    chosen.clone_from(&sample.filter);
                }
                read.push((sample.filter.clone(), row(line, &sample)));
            }
            Err(e) => {
                let message = if raw.starts_with('{') { e.to_string() } else { "not an object".to_owned() };
                problems.push(PredictionError::MalformedJson { line, message });
                if problems.len() >= MAX_PROBLEMS {
                    break;
                }
            }
        }
    }
    let chosen = if has_none { Some("none".to_owned()) } else { chosen };
    let mut rows = Vec::with_capacity(read.len());
    for (filter, result) in read {
        if filter != chosen {
            continue;
        }
        match result {
            Ok(row) => rows.push(row),
            Err(e) => problems.push(e),
        }
    }
    rows
}

fn row(line: usize, sample: &Sample) -> Result<Row, PredictionError> {
    let missing = |field| PredictionError::MissingField { line, field };
    let doc = match &sample.doc {
        Value::Null => return Err(missing("doc")),
        Value::Object(doc) => doc,
        _ => return Err(PredictionError::Malformed { line, message: "doc is not a JSON object".to_owned() }),
    };
    let question = question(line, doc)?;
    let (choice, confidence) = choice(line, sample)?;
    let permutation = match doc.get("Permutation").filter(|v| !v.is_null()) {
        None => None,
        Some(v) => Some(checked_rotation(line, v, &question, doc)?),
    };
    Ok(Row { line, question, choice, confidence, permutation })
}

/// A doc's `Permutation`, checked against the rotation its question's
/// number and the options it shows give (`crate::robustness::rotation`).
fn checked_rotation(
    line: usize,
    v: &Value,
    question: &QuestionRef,
    doc: &serde_json::Map<String, Value>,
) -> Result<u8, PredictionError> {
    let r = permutation(line, v)?;
    let shown = ["A", "B", "C", "D", "E", "F"]
        .iter()
        .filter(|l| doc.get(&format!("Option {l}")).and_then(Value::as_str).is_some_and(|t| !t.trim().is_empty()))
        .count();
    let expected = match question {
        QuestionRef::Id(id) => crate::robustness::rotation(*id, shown as u8),
        QuestionRef::Text(_) => None,
    };
    match expected {
        Some(expected) if expected != r => Err(PredictionError::Malformed {
            line,
            message: format!(
                "doc.Permutation {r} is not the permuted task's rotation of this question ({expected}, from its number and its {shown} options)"
            ),
        }),
        _ => Ok(r),
    }
}

/// A doc's `Permutation`: a rotation 1-5, as a number or a string of digits.
fn permutation(line: usize, v: &Value) -> Result<u8, PredictionError> {
    let text = v.as_str().map_or_else(|| v.to_string(), |s| s.trim().to_owned());
    text.parse::<u8>().ok().filter(|r| (1..=5).contains(r)).ok_or_else(|| PredictionError::Malformed {
        line,
        message: format!("doc.Permutation {text:?} is not a rotation from 1 to 5"),
    })
}

/// The question a doc is: its id, else its text.
fn question(line: usize, doc: &serde_json::Map<String, Value>) -> Result<QuestionRef, PredictionError> {
    let present = |name: &str| doc.get(name).filter(|v| !v.is_null());
    for name in ["Question Number", "question_id"] {
        if let Some(v) = present(name) {
            return value_id(line, v).map(QuestionRef::Id);
        }
    }
    let text = ["Question", "question", "query"].iter().find_map(|n| doc.get(*n)?.as_str().map(str::to_owned));
    if let Some(v) = present("id") {
        match (value_id(line, v), text.clone()) {
            (Ok(id), _) => return Ok(QuestionRef::Id(id)),
            (Err(_), Some(text)) => return Ok(QuestionRef::Text(text)),
            (Err(e), None) => return Err(e),
        }
    }
    text.map(QuestionRef::Text).ok_or(PredictionError::MissingField {
        line,
        field: "a question id in doc (Question Number, question_id or id) or its text (Question, question or query)",
    })
}

/// The letter of a line: generated text read by the protocol, or the
/// log-likelihood argmax with its confidence.
fn choice(line: usize, sample: &Sample) -> Result<(Option<Letter>, Option<Confidence>), PredictionError> {
    let first = sample.resps.get(0).and_then(|r| r.get(0)).or_else(|| sample.filtered_resps.get(0));
    match first {
        Some(Value::String(text)) => {
            // generate_until: the raw generation (resps[0][0]), or the
            // filtered one when the raw responses were not logged.
            let raw = sample.resps.get(0).and_then(|r| r.get(0)).and_then(Value::as_str).unwrap_or(text);
            Ok((extract_letter(raw), None))
        }
        Some(_) => multiple_choice(line, sample),
        None => Err(PredictionError::MissingField { line, field: "resps or filtered_resps" }),
    }
}

fn multiple_choice(line: usize, sample: &Sample) -> Result<(Option<Letter>, Option<Confidence>), PredictionError> {
    let bad = |what: &str| PredictionError::Malformed { line, message: format!("filtered_resps: {what}") };
    let Some(choices) = sample.filtered_resps.as_array().filter(|a| !a.is_empty()) else {
        return Err(bad("not a list of log-likelihoods"));
    };
    let lls: Vec<f64> = choices.iter().map(log_likelihood).collect::<Option<_>>().ok_or_else(|| bad("not a number"))?;
    let best = lls.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let winners: Vec<usize> = (0..lls.len()).filter(|&i| lls[i] == best).collect();
    let [winner] = winners[..] else { return Ok((None, None)) };
    let letters = continuations(&sample.arguments, lls.len());
    let letter = match letters {
        Some(letters) => Some(letters[winner]),
        None => Letter::from_index(winner),
    };
    Ok((letter, Confidence::of_choice(&lls, winner)))
}

/// A choice's log-likelihood: `[ll, is_greedy]`, `ll`, as a number or as
/// the string the harness writes for it.
fn log_likelihood(v: &Value) -> Option<f64> {
    let v = match v {
        Value::Array(pair) => pair.first()?,
        v => v,
    };
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The letters the choices were scored as, when each continuation is one
/// letter and they are all different.
fn continuations(arguments: &Value, n: usize) -> Option<Vec<Letter>> {
    let continuation = |i: usize| -> Option<&str> {
        match arguments {
            Value::Object(map) => map.get(&format!("gen_args_{i}"))?.get("arg_1")?.as_str(),
            Value::Array(list) => list.get(i)?.get(1)?.as_str(),
            _ => None,
        }
    };
    let letters: Vec<Letter> = (0..n).map(|i| Letter::parse_answer(continuation(i)?).ok()).collect::<Option<_>>()?;
    let mut distinct = letters.clone();
    distinct.sort_unstable_by_key(|l| l.index());
    distinct.dedup();
    (distinct.len() == letters.len()).then_some(letters)
}
