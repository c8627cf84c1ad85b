//! Small helpers the JSON readers share: question ids written as a JSON
//! number or a string of digits, and strings kept as written.

use serde_json::value::RawValue;

use super::PredictionError;
use crate::key::excerpt;
use crate::types::QuestionId;

/// A JSON string's text; `None` for any other JSON value.
pub(super) fn json_string(v: &RawValue) -> Option<String> {
    if v.get().starts_with('"') { serde_json::from_str(v.get()).ok() } else { None }
}

/// A question id written in digits (the same rule in every format).
#[inline]
pub(super) fn parse_id(line: usize, raw: &str) -> Result<QuestionId, PredictionError> {
    raw.parse().map_err(|_| PredictionError::BadQuestionId { line, value: excerpt(raw) })
}

/// A question id from a parsed JSON value: a number written in digits or
/// a string of digits.
pub(super) fn value_id(line: usize, v: &serde_json::Value) -> Result<QuestionId, PredictionError> {
    match v {
        serde_json::Value::String(s) => parse_id(line, s.trim()),
        v => parse_id(line, &v.to_string()),
    }
}
