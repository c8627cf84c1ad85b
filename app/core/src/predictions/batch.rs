//! Batch API output: the OpenAI Batch API's output file (also written by
//! vLLM's `run_batch`) and Anthropic's Message Batches results. Each line
//! answers one request, named by its `custom_id`, which carries the
//! question id: the question number alone or after letters, `-` and `_`
//! (`123`, `q123`, `q-123`, `question_123`; Anthropic allows
//! `^[a-zA-Z0-9_-]{1,64}$`). Lines may come in any order. A request that
//! failed (an `error`, a status other than 200; Anthropic's `errored`,
//! `canceled` and `expired` results) gives no row: its question counts as
//! missing. The model's text is read by the extraction protocol.
//!
//! OpenAI-style output asked with `logprobs` gives the answer's confidence:
//! the token that is the chosen letter alone (whitespace and punctuation
//! aside; an upper-case Latin letter, or an Arabic letter other than ا and
//! و, which are also words), when exactly one token of the response is,
//! gives the letter's share of the probability its `top_logprobs` give the
//! letters (the same letter written several ways counted together) when
//! they name at least two letters, else the token's own probability. Chat completions
//! (`logprobs.content`) and completions (`logprobs.tokens`,
//! `token_logprobs`, `top_logprobs`) are read.

use serde_json::{Map, Value};

use super::{MAX_PROBLEMS, PredictionError, QuestionRef, Row};
use crate::confidence::Confidence;
use crate::extract::extract_letter;
use crate::key::excerpt;
use crate::types::{Letter, QuestionId};

/// Which batch API wrote the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Api {
    /// `{"custom_id", "response": {"status_code", "body"}, "error"}`.
    OpenAi,
    /// `{"custom_id", "result": {"type", "message"}}`.
    Anthropic,
}

impl Api {
    /// The API whose output starts with `first`, if any.
    pub(super) fn of(first: &Map<String, Value>) -> Option<Self> {
        if !first.contains_key("custom_id") {
            return None;
        }
        if first.contains_key("result") {
            Some(Self::Anthropic)
        } else if first.contains_key("response") || first.contains_key("error") {
            Some(Self::OpenAi)
        } else {
            None
        }
    }
}

/// Reads every line of a batch output file.
pub(super) fn read(api: Api, text: &str, problems: &mut Vec<PredictionError>) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, raw) in text.split('\n').enumerate() {
        if problems.len() >= MAX_PROBLEMS {
            break;
        }
        let (line, raw) = (i + 1, raw.trim());
        if raw.is_empty() {
            continue;
        }
        match line_row(api, line, raw) {
            Ok(Some(row)) => rows.push(row),
            Ok(None) => {}
            Err(e) => problems.push(e),
        }
    }
    rows
}

fn line_row(api: Api, line: usize, raw: &str) -> Result<Option<Row>, PredictionError> {
    let obj: Map<String, Value> = serde_json::from_str(raw).map_err(|e| {
        let message = if raw.starts_with('{') { e.to_string() } else { "not an object".to_owned() };
        PredictionError::MalformedJson { line, message }
    })?;
    let id = match obj.get("custom_id") {
        Some(Value::String(s)) => custom_id(line, s)?,
        Some(Value::Number(n)) => custom_id(line, &n.to_string())?,
        _ => return Err(PredictionError::MissingField { line, field: "custom_id" }),
    };
    let text = match api {
        Api::OpenAi => openai_text(line, &obj)?,
        Api::Anthropic => anthropic_text(line, &obj)?,
    };
    Ok(text.map(|text| {
        let choice = text.as_deref().and_then(extract_letter);
        let confidence = match (api, choice) {
            (Api::OpenAi, Some(letter)) => openai_confidence(&obj, letter),
            _ => None,
        };
        Row { line, question: QuestionRef::Id(id), choice, confidence, permutation: None }
    }))
}

/// One generated token with its log-probability and its alternatives.
struct Token<'a> {
    text: &'a str,
    logprob: Option<f64>,
    top: Vec<(&'a str, f64)>,
}

/// The tokens of an OpenAI choice's `logprobs`, chat or completions style.
fn tokens(logprobs: &Value) -> Vec<Token<'_>> {
    if let Some(content) = logprobs.get("content").and_then(Value::as_array) {
        return content
            .iter()
            .filter_map(|t| {
                let top = t.get("top_logprobs").and_then(Value::as_array).map_or_else(Vec::new, |top| {
                    top.iter().filter_map(|a| Some((a.get("token")?.as_str()?, a.get("logprob")?.as_f64()?))).collect()
                });
                Some(Token { text: t.get("token")?.as_str()?, logprob: t.get("logprob").and_then(Value::as_f64), top })
            })
            .collect();
    }
    let Some(texts) = logprobs.get("tokens").and_then(Value::as_array) else { return Vec::new() };
    let at = |name: &str, i: usize| logprobs.get(name).and_then(|v| v.get(i));
    texts
        .iter()
        .enumerate()
        .filter_map(|(i, t)| {
            let top = at("top_logprobs", i)
                .and_then(Value::as_object)
                .map_or_else(Vec::new, |top| top.iter().filter_map(|(k, v)| Some((k.as_str(), v.as_f64()?))).collect());
            Some(Token { text: t.as_str()?, logprob: at("token_logprobs", i).and_then(Value::as_f64), top })
        })
        .collect()
}

/// The confidence in `letter` from the first choice's `logprobs` (see the
/// module docs).
fn openai_confidence(obj: &Map<String, Value>, letter: Letter) -> Option<Confidence> {
    let choice = obj.get("response")?.get("body")?.get("choices")?.get(0)?;
    let tokens = tokens(choice.get("logprobs")?);
    let mut at = tokens.iter().filter(|t| letter_token(t.text) == Some(letter));
    let (Some(token), None) = (at.next(), at.next()) else { return None };
    let mut weights = [0.0; 6];
    for (text, logprob) in &token.top {
        if let Some(l) = letter_token(text) {
            weights[l.index()] += logprob.exp();
        }
    }
    if weights.iter().filter(|w| **w > 0.0).count() < 2 {
        // No alternative letter to compare with: the token's own probability.
        return Confidence::from_probability(token.logprob?.exp());
    }
    if weights[letter.index()] == 0.0 {
        // The chosen token itself, when its alternatives leave it out.
        weights[letter.index()] = token.logprob?.exp();
    }
    Confidence::share_of(&weights, letter.index())
}

/// The option letter a token is, alone but for whitespace and punctuation:
/// an upper-case Latin letter (a lower-case one is as likely the article
/// "a"), or an Arabic letter other than ا and و (also words).
fn letter_token(text: &str) -> Option<Letter> {
    let core = text.trim_matches(|c: char| !c.is_alphanumeric());
    let mut chars = core.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    match c {
        'A'..='F' => Letter::from_latin(c),
        'ا' | 'و' => None,
        c => Letter::from_arabic(c),
    }
}

/// The question id a `custom_id` carries.
fn custom_id(line: usize, raw: &str) -> Result<QuestionId, PredictionError> {
    let digits = raw.trim_start_matches(|c: char| c.is_ascii_alphabetic() || c == '-' || c == '_');
    match digits.parse::<QuestionId>() {
        Ok(id) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => Ok(id),
        _ => Err(PredictionError::Malformed {
            line,
            message: format!(
                "custom_id {:?} does not carry a question id (write the question number, alone or after letters, - and _: 123, q123, question_123)",
                excerpt(raw)
            ),
        }),
    }
}

/// `None`: the request failed (the question is missing); `Some(None)`: it
/// answered without text (unparsed).
type Answer = Option<Option<String>>;

fn openai_text(line: usize, obj: &Map<String, Value>) -> Result<Answer, PredictionError> {
    if obj.get("error").is_some_and(|e| !e.is_null()) {
        return Ok(None);
    }
    let Some(response) = obj.get("response").filter(|r| !r.is_null()) else { return Ok(None) };
    if response.get("status_code").and_then(Value::as_u64).is_some_and(|s| s != 200) {
        return Ok(None);
    }
    let Some(choice) = response.get("body").and_then(|b| b.get("choices")).and_then(|c| c.get(0)) else {
        return Err(PredictionError::MissingField { line, field: "response.body.choices[0]" });
    };
    // Chat completions: message.content (a string, or a list of text
    // parts); completions: text.
    let content = choice.get("message").and_then(|m| m.get("content")).or_else(|| choice.get("text"));
    Ok(Some(content.and_then(text_of)))
}

fn anthropic_text(line: usize, obj: &Map<String, Value>) -> Result<Answer, PredictionError> {
    let result = obj.get("result").ok_or(PredictionError::MissingField { line, field: "result" })?;
    match result.get("type").and_then(Value::as_str) {
        Some("succeeded") => {
            let content = result.get("message").and_then(|m| m.get("content"));
            Ok(Some(content.and_then(text_of)))
        }
        Some("errored" | "canceled" | "expired") => Ok(None),
        other => Err(PredictionError::Malformed {
            line,
            message: format!("result.type {:?} is not succeeded, errored, canceled or expired", other.unwrap_or("")),
        }),
    }
}

/// The text of a content value: a string, or the `text` of its text
/// blocks joined by blank lines (other blocks, such as thinking, skipped).
fn text_of(content: &Value) -> Option<String> {
    match content {
        Value::String(s) => Some(s.clone()),
        Value::Array(blocks) => {
            let texts: Vec<&str> = blocks
                .iter()
                .filter(|b| matches!(b.get("type").and_then(Value::as_str), Some("text" | "output_text")))
                .filter_map(|b| b.get("text")?.as_str())
                .collect();
            (!texts.is_empty()).then(|| texts.join("\n\n"))
        }
        _ => None,
    }
}
