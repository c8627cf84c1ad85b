//! lighteval's details files: the `details_<task>_<date>.parquet` a run
//! writes per task (huggingface/lighteval, `EvaluationTracker.save`: the
//! per-sample `DetailsLogger.Detail` dataclasses through
//! `datasets.Dataset.from_list`, columns sorted, `to_parquet`). Three
//! layouts exist:
//!
//! - **0.11 and later**: columns `doc` (lighteval's `Doc`: `query`,
//!   `choices`, `gold_index`, `specific`, `id`, `task_name`, ...),
//!   `model_response` (`ModelResponse`: `text`, `text_post_processed`,
//!   `logprobs`, `argmax_logits_eq_gold`, tokens, ...) and `metric`, all
//!   structs.
//! - **0.8 to 0.10**: flat columns `example`, `instruction`, `full_prompt`,
//!   `num_effective_few_shots`, `num_asked_few_shots`, `predictions`,
//!   `prediction_logits`, `input_tokens`, `cont_tokens`, `truncated`,
//!   `padded`, `gold`, `pred_logits`, `choices`, `gold_index`, `metrics`,
//!   `specifics`, with native types: `predictions` is one entry per model
//!   request, a `(log-probability sum, is_greedy)` pair per choice
//!   (`list<list<double>>`) or a float per choice for log-likelihood tasks,
//!   the generated strings for generative ones; `specifics` is the doc's
//!   `specific` struct (or null).
//! - **0.4 to 0.7** (and 0.3 when the native types failed): the same flat
//!   columns (without `prediction_logits`) but every value cast with
//!   Python's `str`, so `predictions` reads `[(-1.2, False), ...]` and
//!   `specifics` `{'question_number': 3}` or `None`: those strings are read
//!   as Python literals (JSON is accepted too).
//!
//! Per row:
//! - **question**: [`QuestionRef::Id`] from the doc's `specific`
//!   (`specifics`) key `question_number`, `Question Number` or
//!   `question_id` (matched ignoring case, spaces and underscores; an
//!   integer or a string of digits); else [`QuestionRef::Text`] of
//!   `specific["question"]`; else of the query (`doc.query`, `example`),
//!   which usually holds the whole prompt. `doc.id` is lighteval's row
//!   index, never a question id.
//! - **choice**: for a log-likelihood row, the option with the highest
//!   summed log-probability (`model_response.logprobs`, or the first value
//!   of each `predictions` entry), as lighteval's `loglikelihood_acc` picks
//!   it (first of equal maxima, no length normalisation) through
//!   [`Letter::from_index`], with its share of the softmax over the
//!   options as its confidence; for a generative row (`text` not empty), the
//!   first generation (`text_post_processed` when lighteval stored it,
//!   reasoning removed) through [`extract_letter`], `None` being unparsed.
//!
//! **Several rows per doc.** lighteval logs a doc once per sampling method
//! (0.11: `Pipeline._compute_metrics`) or metric category (0.10), so a task
//! with both log-likelihood and generative metrics has two rows per doc.
//! Rows of the same doc give one [`Row`]: its log-likelihood row if it has
//! one (the argmax is exact where extraction is a heuristic), else its
//! generative row. A doc is known by `task_name` and `doc.id` (0.11+) or,
//! without them, by its question; as every method logs the docs in the
//! same order, the k-th generative row of a question pairs with its k-th
//! log-likelihood row, so two docs with the same text stay two rows (the
//! key decides what to make of them).
//!
//! Problems are collected in row order, at most [`MAX_PROBLEMS`]; a problem
//! of the whole file (not parquet, not a details file, a compression codec
//! this build lacks) is reported on line 1.

use std::collections::HashMap;
use std::sync::Arc;

use bytes::Bytes;
use parquet::basic::Compression;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field;
use parquet::schema::types::{Type, TypePtr};

use super::{MAX_PROBLEMS, PredictionError, QuestionRef, Row};
use crate::confidence::Confidence;
use crate::extract::extract_letter;
use crate::key::excerpt;
use crate::types::{Letter, QuestionId};

const MAGIC: &[u8] = b"PAR1";

/// Whether the bytes look like a parquet file: `PAR1` at both ends.
pub fn is_parquet(bytes: &[u8]) -> bool {
    bytes.len() >= 2 * MAGIC.len() && bytes.starts_with(MAGIC) && bytes.ends_with(MAGIC)
}

/// Reads a lighteval details file: one [`Row`] per doc, in row order, or
/// every problem found (at most [`MAX_PROBLEMS`], in row order).
pub fn read(bytes: &[u8]) -> Result<Vec<Row>, Vec<PredictionError>> {
    // The parquet decoder works on untrusted bytes; a panic on damaged data
    // is one more refusal, not a crash.
    std::panic::catch_unwind(|| read_file(bytes))
        .unwrap_or_else(|_| Err(whole("unreadable parquet file: its data is damaged".to_owned())))
}

/// A problem of the whole file, reported on line 1.
fn whole(message: String) -> Vec<PredictionError> {
    vec![PredictionError::Malformed { line: 1, message }]
}

fn read_file(bytes: &[u8]) -> Result<Vec<Row>, Vec<PredictionError>> {
    if !is_parquet(bytes) {
        return Err(whole("not a parquet file (no PAR1 marks at its start and end)".to_owned()));
    }
    let reader = SerializedFileReader::new(Bytes::copy_from_slice(bytes))
        .map_err(|e| whole(format!("unreadable parquet file: {e}")))?;
    if let Some(codec) = unsupported_codec(&reader) {
        return Err(whole(format!(
            "the file is compressed with {codec}, which is not supported: save it with pyarrow's default \
             (snappy), gzip or no compression"
        )));
    }
    let schema = reader.metadata().file_metadata().schema();
    let layout = Layout::of(schema).ok_or_else(|| {
        let found: Vec<&str> = schema.get_fields().iter().map(|f| f.name()).collect();
        whole(format!(
            "not a lighteval details file: expected the columns doc and model_response (lighteval 0.11 and \
             later) or example and predictions (earlier versions); found: {}",
            excerpt(&found.join(", "))
        ))
    })?;
    let rows = reader
        .get_row_iter(Some(layout.projection(schema)))
        .map_err(|e| whole(format!("unreadable parquet file: {e}")))?;

    let mut errors = Vec::new();
    let mut found: Vec<Found> = Vec::new();
    for (i, row) in rows.enumerate() {
        let line = i + 1;
        let record = match row {
            Ok(row) => Value::Map(row.into_columns().into_iter().map(|(k, f)| (k, Value::from(f))).collect()),
            Err(e) => {
                errors.push(PredictionError::Malformed { line, message: format!("unreadable parquet data: {e}") });
                break;
            }
        };
        match layout.read_row(line, &record) {
            Ok(f) => found.push(f),
            Err(e) => {
                errors.push(e);
                if errors.len() >= MAX_PROBLEMS {
                    break;
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    if found.is_empty() {
        return Err(vec![PredictionError::NoRows]);
    }
    Ok(one_per_doc(found))
}

/// The first compression codec of the file this build cannot decode.
fn unsupported_codec(reader: &SerializedFileReader<Bytes>) -> Option<String> {
    let codecs = reader.metadata().row_groups().iter().flat_map(|g| g.columns()).map(|c| c.compression());
    codecs
        .filter(|c| !matches!(c, Compression::UNCOMPRESSED | Compression::SNAPPY | Compression::GZIP(_)))
        .map(|c| format!("{c:?}").split('(').next().unwrap_or_default().to_lowercase())
        .next()
}

/// Which details layout a file has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// lighteval 0.11 and later: `doc`, `model_response`, `metric`.
    Nested,
    /// lighteval up to 0.10: `example`, `predictions`, `specifics`, ...
    Flat,
}

/// The columns (and struct fields) read; everything else, tokens above
/// all, is never decoded.
const NESTED_COLUMNS: &[(&str, &[&str])] = &[
    ("doc", &["query", "choices", "specific", "id", "task_name"]),
    ("model_response", &["text", "text_post_processed", "logprobs"]),
];
const FLAT_COLUMNS: &[&str] = &["example", "predictions", "choices", "specifics"];

impl Layout {
    fn of(schema: &Type) -> Option<Self> {
        let has = |name: &str| schema.get_fields().iter().any(|f| f.name() == name);
        if has("doc") && has("model_response") {
            Some(Self::Nested)
        } else if has("example") && has("predictions") {
            Some(Self::Flat)
        } else {
            None
        }
    }

    /// The file schema cut down to the columns this reader uses.
    fn projection(self, schema: &Type) -> Type {
        let fields = schema.get_fields().iter().filter_map(|f| match self {
            Self::Flat => FLAT_COLUMNS.contains(&f.name()).then(|| f.clone()),
            Self::Nested => {
                let (_, keep) = NESTED_COLUMNS.iter().find(|(name, _)| *name == f.name())?;
                Some(if f.is_group() { prune(f, keep) } else { f.clone() })
            }
        });
        Type::group_type_builder(schema.name())
            .with_fields(fields.collect())
            .build()
            .expect("a subset of a valid schema is valid")
    }

    fn read_row(self, line: usize, record: &Value) -> Result<Found, PredictionError> {
        match self {
            Self::Nested => read_nested(line, record),
            Self::Flat => read_flat(line, record),
        }
    }
}

/// A struct column keeping only the named fields (when it has any of them).
fn prune(group: &TypePtr, keep: &[&str]) -> TypePtr {
    let fields: Vec<TypePtr> = group.get_fields().iter().filter(|f| keep.contains(&f.name())).cloned().collect();
    if fields.is_empty() {
        return group.clone();
    }
    let info = group.get_basic_info();
    let mut builder = Type::group_type_builder(info.name())
        .with_converted_type(info.converted_type())
        .with_logical_type(info.logical_type_ref().cloned())
        .with_fields(fields);
    if info.has_repetition() {
        builder = builder.with_repetition(info.repetition());
    }
    if info.has_id() {
        builder = builder.with_id(Some(info.id()));
    }
    Arc::new(builder.build().unwrap_or_else(|_| (**group).clone()))
}

/// A row read, before rows of the same doc are merged.
#[derive(Debug)]
struct Found {
    row: Row,
    /// Which doc the row is about.
    doc: DocKey,
    /// The choice is a log-likelihood argmax (not extracted from text).
    loglikelihood: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum DocKey {
    /// `doc.task_name` and `doc.id`.
    Doc(String, String),
    Id(QuestionId),
    Text(String),
}

impl DocKey {
    fn of(question: &QuestionRef) -> Self {
        match question {
            QuestionRef::Id(id) => Self::Id(*id),
            QuestionRef::Text(t) => Self::Text(t.clone()),
        }
    }
}

/// One row per doc: its log-likelihood row, else its generative row; in
/// row order. Each method logs the docs once, in the same order, so the
/// k-th row of a doc key among log-likelihood rows and the k-th among
/// generative rows are the same doc (two docs with equal texts stay two).
fn one_per_doc(found: Vec<Found>) -> Vec<Row> {
    let mut seen: HashMap<(&DocKey, bool), usize> = HashMap::with_capacity(found.len());
    let mut chosen: HashMap<(&DocKey, usize), usize> = HashMap::with_capacity(found.len());
    for (i, f) in found.iter().enumerate() {
        let occurrence = seen.entry((&f.doc, f.loglikelihood)).or_insert(0);
        let doc = (&f.doc, *occurrence);
        *occurrence += 1;
        chosen
            .entry(doc)
            .and_modify(|c| {
                if f.loglikelihood && !found[*c].loglikelihood {
                    *c = i;
                }
            })
            .or_insert(i);
    }
    let mut keep = vec![false; found.len()];
    for &i in chosen.values() {
        keep[i] = true;
    }
    found.into_iter().zip(keep).filter(|(_, k)| *k).map(|(f, _)| f.row).collect()
}

fn read_nested(line: usize, record: &Value) -> Result<Found, PredictionError> {
    let doc = record.get("doc").map(Value::structured);
    let doc = doc.as_ref().filter(|d| matches!(d, Value::Map(_)));
    let Some(doc) = doc else {
        return Err(PredictionError::MissingField { line, field: "doc" });
    };
    let question = question(line, doc.get("specific"), doc.get("query"), "doc.specific", "doc.query")?;
    let response = record.get("model_response").map(Value::structured);
    let response = response.as_ref().filter(|r| matches!(r, Value::Map(_)));
    let Some(response) = response else {
        return Err(PredictionError::MissingField { line, field: "model_response" });
    };
    let texts = |name: &str| response.get(name).map(Value::structured).filter(|t| !t.is_empty_list());
    let text = texts("text_post_processed").or_else(|| texts("text"));
    let logprobs = response.get("logprobs").map(Value::structured).filter(|l| !l.is_empty_list());
    let (choice, confidence, loglikelihood) = match (text, logprobs) {
        (Some(text), _) => (generated(line, &text, "model_response.text")?, None, false),
        (None, Some(logprobs)) => {
            let scores = scores(line, &logprobs, "model_response.logprobs")?;
            let (letter, confidence) = argmax(line, &scores, doc.get("choices"))?;
            (Some(letter), confidence, true)
        }
        (None, None) => {
            return Err(PredictionError::MissingField {
                line,
                field: "model_response.text or model_response.logprobs",
            });
        }
    };
    let id = doc.get("id").and_then(Value::as_str).filter(|s| !s.trim().is_empty());
    let key = match id {
        Some(id) => {
            let task = doc.get("task_name").and_then(Value::as_str).unwrap_or_default();
            DocKey::Doc(task.to_owned(), id.to_owned())
        }
        None => DocKey::of(&question),
    };
    let permutation = doc.get("specific").and_then(rotation_of);
    Ok(Found { row: Row { line, question, choice, confidence, permutation }, doc: key, loglikelihood })
}

fn read_flat(line: usize, record: &Value) -> Result<Found, PredictionError> {
    let question = question(line, record.get("specifics"), record.get("example"), "specifics", "example")?;
    let predictions = record.get("predictions").map(Value::structured).filter(|p| !p.is_empty_list());
    let Some(predictions) = predictions else {
        return Err(PredictionError::MissingField { line, field: "predictions" });
    };
    let Value::List(items) = &predictions else {
        return Err(malformed(line, format!("predictions is not a list: {}", predictions.excerpt())));
    };
    let (choice, confidence, loglikelihood) = if items.iter().all(|v| matches!(v, Value::Str(_))) {
        (generated(line, &predictions, "predictions")?, None, false)
    } else {
        let scores = scores(line, &predictions, "predictions")?;
        let choices = record.get("choices").map(Value::structured);
        let (letter, confidence) = argmax(line, &scores, choices.as_ref())?;
        (Some(letter), confidence, true)
    };
    let doc = DocKey::of(&question);
    let permutation = record.get("specifics").and_then(rotation_of);
    Ok(Found { row: Row { line, question, choice, confidence, permutation }, doc, loglikelihood })
}

/// The permuted variant's rotation in a doc's `specific` (key
/// `permutation`), when it is a whole number from 1 to 5.
fn rotation_of(specific: &Value) -> Option<u8> {
    let Value::Map(entries) = specific.structured() else { return None };
    let (_, v) = entries.iter().find(|(k, _)| key_name(k) == "permutation")?;
    match v {
        Value::Int(r) => u8::try_from(*r).ok(),
        Value::Str(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|r| (1..=5).contains(r))
}

fn malformed(line: usize, message: String) -> PredictionError {
    PredictionError::Malformed { line, message }
}

/// The keys of `specific` that carry the official question number, after
/// [`key_name`].
const ID_KEYS: &[&str] = &["questionnumber", "questionid"];

/// A key compared without case, spaces, underscores or hyphens.
fn key_name(k: &str) -> String {
    k.chars().filter(|c| !matches!(c, ' ' | '_' | '-')).flat_map(char::to_lowercase).collect()
}

/// The question a row answers (see the module documentation).
fn question(
    line: usize,
    specific: Option<&Value>,
    query: Option<&Value>,
    specific_name: &str,
    query_name: &'static str,
) -> Result<QuestionRef, PredictionError> {
    // A specific that cannot be read (a str-cast repr of objects) names
    // nothing; the query still does.
    let specific = specific.map(Value::structured);
    let entries: &[(String, Value)] = match &specific {
        Some(Value::Map(entries)) => entries,
        _ => &[],
    };
    for wanted in ID_KEYS {
        for (k, v) in entries.iter().filter(|(k, _)| key_name(k) == *wanted) {
            if matches!(v, Value::Null) {
                continue;
            }
            return match v.as_question_id() {
                Some(id) => Ok(QuestionRef::Id(id)),
                None => Err(malformed(
                    line,
                    format!("{specific_name}[{k:?}] = {} is not a positive whole number", v.excerpt()),
                )),
            };
        }
    }
    let text = |v: &Value| v.as_str().filter(|s| !s.trim().is_empty()).map(str::to_owned);
    let from_specific = entries.iter().find(|(k, _)| key_name(k) == "question").and_then(|(_, v)| text(v));
    match from_specific.or_else(|| query.and_then(text)) {
        Some(t) => Ok(QuestionRef::Text(t)),
        None => Err(PredictionError::MissingField { line, field: query_name }),
    }
}

/// The letter of the first generation in a list of strings.
fn generated(line: usize, texts: &Value, name: &str) -> Result<Option<Letter>, PredictionError> {
    match texts {
        Value::List(items) => match items.first() {
            Some(Value::Str(s)) => Ok(extract_letter(s)),
            Some(Value::Null) => Ok(None),
            Some(other) => Err(malformed(line, format!("{name} holds {} where text was expected", other.excerpt()))),
            None => Ok(None),
        },
        Value::Str(s) => Ok(extract_letter(s)),
        other => Err(malformed(line, format!("{name} is not a list of texts: {}", other.excerpt()))),
    }
}

/// Per-choice log-probabilities: a list of numbers, or of lists (tuples)
/// whose first item is the number.
fn scores(line: usize, values: &Value, name: &str) -> Result<Vec<f64>, PredictionError> {
    let Value::List(items) = values else {
        return Err(malformed(line, format!("{name} is not a list: {}", values.excerpt())));
    };
    items
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let number = match v {
                Value::List(pair) => pair.first().and_then(Value::as_f64),
                v => v.as_f64(),
            };
            match number {
                Some(x) if !x.is_nan() => Ok(x),
                _ => Err(malformed(
                    line,
                    format!("{name}: the log-probability of option {} is not a number: {}", i + 1, v.excerpt()),
                )),
            }
        })
        .collect()
}

/// The option with the highest score (the first of equal maxima), and its
/// share of the softmax over the options.
fn argmax(
    line: usize,
    scores: &[f64],
    choices: Option<&Value>,
) -> Result<(Letter, Option<Confidence>), PredictionError> {
    if let Some(Value::List(choices)) = choices
        && !choices.is_empty()
        && choices.len() != scores.len()
    {
        let message = format!("{} log-probabilities for {} choices", scores.len(), choices.len());
        return Err(malformed(line, message));
    }
    let best = scores.iter().enumerate().fold(0, |best, (i, s)| if *s > scores[best] { i } else { best });
    let letter = Letter::from_index(best).ok_or_else(|| {
        let message = format!(
            "option {} of {} is the most likely, but MedAraBench questions have at most 6 options (A-F)",
            best + 1,
            scores.len()
        );
        malformed(line, message)
    })?;
    Ok((letter, Confidence::of_choice(scores, best)))
}

/// A parquet value (or a Python literal), reduced to what this reader uses.
#[derive(Debug, Clone, PartialEq)]
enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Value>),
    /// A struct or a dict, entries in order.
    Map(Vec<(String, Value)>),
}

impl From<Field> for Value {
    fn from(field: Field) -> Self {
        match field {
            Field::Null => Self::Null,
            Field::Bool(b) => Self::Bool(b),
            Field::Byte(n) => Self::Int(n.into()),
            Field::Short(n) => Self::Int(n.into()),
            Field::Int(n) => Self::Int(n.into()),
            Field::Long(n) => Self::Int(n),
            Field::UByte(n) => Self::Int(n.into()),
            Field::UShort(n) => Self::Int(n.into()),
            Field::UInt(n) => Self::Int(n.into()),
            Field::ULong(n) => i64::try_from(n).map_or(Self::Float(n as f64), Self::Int),
            Field::Float16(x) => Self::Float(x.to_f64()),
            Field::Float(x) => Self::Float(x.into()),
            Field::Double(x) => Self::Float(x),
            Field::Str(s) => Self::Str(s),
            Field::Bytes(b) => match std::str::from_utf8(b.data()) {
                Ok(s) => Self::Str(s.to_owned()),
                Err(_) => Self::Str(format!("{} bytes", b.len())),
            },
            Field::Group(row) => Self::Map(row.into_columns().into_iter().map(|(k, f)| (k, Self::from(f))).collect()),
            Field::ListInternal(list) => Self::List(list.elements().iter().cloned().map(Self::from).collect()),
            Field::MapInternal(map) => Self::Map(
                map.entries()
                    .iter()
                    .map(|(k, v)| {
                        let key = match Self::from(k.clone()) {
                            Self::Str(s) => s,
                            other => other.excerpt(),
                        };
                        (key, Self::from(v.clone()))
                    })
                    .collect(),
            ),
            other => Self::Str(other.to_string()),
        }
    }
}

impl Value {
    fn get(&self, name: &str) -> Option<&Value> {
        match self {
            Self::Map(entries) => entries.iter().find(|(k, _)| k == name).map(|(_, v)| v),
            _ => None,
        }
    }

    fn as_str(&self) -> Option<&str> {
        match self {
            Self::Str(s) => Some(s),
            _ => None,
        }
    }

    fn as_f64(&self) -> Option<f64> {
        match self {
            Self::Int(n) => Some(*n as f64),
            Self::Float(x) => Some(*x),
            _ => None,
        }
    }

    fn is_empty_list(&self) -> bool {
        match self {
            Self::List(items) => items.is_empty(),
            Self::Null => true,
            _ => false,
        }
    }

    /// A question number: a positive integer, an integral float, or digits.
    fn as_question_id(&self) -> Option<QuestionId> {
        match self {
            Self::Int(n) => u32::try_from(*n).ok().and_then(QuestionId::new),
            Self::Float(x) if x.fract() == 0.0 && *x >= 1.0 && *x <= f64::from(u32::MAX) => QuestionId::new(*x as u32),
            Self::Str(s) => s.parse().ok(),
            _ => None,
        }
    }

    /// The value with a string that holds a list or dict literal (lighteval
    /// 0.4-0.7 cast every value with `str`) read as that literal; `None`
    /// read as null. Other values as they are.
    fn structured(&self) -> Value {
        match self {
            Self::Str(s) => {
                let t = s.trim_start();
                if t.starts_with(['[', '(', '{']) || t == "None" {
                    literal::parse(s).unwrap_or_else(|| self.clone())
                } else {
                    self.clone()
                }
            }
            other => other.clone(),
        }
    }

    /// The value as a short string for a message.
    fn excerpt(&self) -> String {
        let text = match self {
            Self::Null => "null".to_owned(),
            Self::Bool(b) => b.to_string(),
            Self::Int(n) => n.to_string(),
            Self::Float(x) => x.to_string(),
            Self::Str(s) => format!("{s:?}"),
            Self::List(items) => format!("a list of {}", items.len()),
            Self::Map(entries) => format!("a struct of {} fields", entries.len()),
        };
        excerpt(&text)
    }
}

/// Python literals as `str()` writes them (lists, tuples, dicts, strings,
/// numbers, `True`/`False`/`None`, `inf`/`nan`, and wrappers such as
/// `np.float64(-1.5)`); JSON's `true`/`false`/`null` too.
mod literal {
    use super::Value;

    /// Deeper nesting than lighteval ever writes is refused.
    const MAX_DEPTH: usize = 32;

    pub(super) fn parse(text: &str) -> Option<Value> {
        let mut p = Parser { s: text.as_bytes(), text, i: 0 };
        let v = p.value(0)?;
        p.space();
        (p.i == p.s.len()).then_some(v)
    }

    struct Parser<'a> {
        s: &'a [u8],
        text: &'a str,
        i: usize,
    }

    impl Parser<'_> {
        fn space(&mut self) {
            while self.s.get(self.i).is_some_and(u8::is_ascii_whitespace) {
                self.i += 1;
            }
        }

        fn peek(&self) -> Option<u8> {
            self.s.get(self.i).copied()
        }

        fn eat(&mut self, b: u8) -> bool {
            self.space();
            let found = self.peek() == Some(b);
            if found {
                self.i += 1;
            }
            found
        }

        fn value(&mut self, depth: usize) -> Option<Value> {
            if depth > MAX_DEPTH {
                return None;
            }
            self.space();
            match self.peek()? {
                b'[' => self.items(b']', depth).map(Value::List),
                b'(' => self.items(b')', depth).map(Value::List),
                b'{' => self.dict(depth),
                b'\'' | b'"' => self.string().map(Value::Str),
                b'-' | b'+' | b'.' | b'0'..=b'9' => self.number(),
                b if b.is_ascii_alphabetic() || b == b'_' => self.word(depth),
                _ => None,
            }
        }

        fn items(&mut self, close: u8, depth: usize) -> Option<Vec<Value>> {
            self.i += 1;
            let mut items = Vec::new();
            loop {
                if self.eat(close) {
                    return Some(items);
                }
                items.push(self.value(depth + 1)?);
                if !self.eat(b',') {
                    return self.eat(close).then_some(items);
                }
            }
        }

        fn dict(&mut self, depth: usize) -> Option<Value> {
            self.i += 1;
            let mut entries = Vec::new();
            loop {
                if self.eat(b'}') {
                    return Some(Value::Map(entries));
                }
                let key = match self.value(depth + 1)? {
                    Value::Str(s) => s,
                    Value::Int(n) => n.to_string(),
                    other => other.excerpt(),
                };
                if !self.eat(b':') {
                    return None;
                }
                entries.push((key, self.value(depth + 1)?));
                if !self.eat(b',') {
                    return self.eat(b'}').then_some(Value::Map(entries));
                }
            }
        }

        fn string(&mut self) -> Option<String> {
            let quote = self.s[self.i];
            self.i += 1;
            let mut out = String::new();
            loop {
                // Copy the run up to the next quote or backslash at once
                // (both ASCII, so the cut is on a char boundary).
                let run = self.s[self.i..].iter().position(|&b| b == quote || b == b'\\')?;
                out.push_str(&self.text[self.i..self.i + run]);
                self.i += run;
                if self.s[self.i] == quote {
                    self.i += 1;
                    return Some(out);
                }
                self.i += 1;
                let escaped = *self.s.get(self.i)?;
                self.i += 1;
                match escaped {
                    b'n' => out.push('\n'),
                    b't' => out.push('\t'),
                    b'r' => out.push('\r'),
                    b'0' => out.push('\0'),
                    b'a' => out.push('\u{7}'),
                    b'b' => out.push('\u{8}'),
                    b'f' => out.push('\u{c}'),
                    b'v' => out.push('\u{b}'),
                    b'x' => out.push(self.hex(2)?),
                    b'u' => out.push(self.hex(4)?),
                    b'U' => out.push(self.hex(8)?),
                    b'\n' => {}
                    b'\\' | b'\'' | b'"' => out.push(char::from(escaped)),
                    _ => {
                        // Unknown escapes stay as written (Python does the same).
                        out.push('\\');
                        self.i -= 1;
                    }
                }
            }
        }

        fn hex(&mut self, digits: usize) -> Option<char> {
            let hex = self.text.get(self.i..self.i + digits)?;
            self.i += digits;
            char::from_u32(u32::from_str_radix(hex, 16).ok()?)
        }

        fn number(&mut self) -> Option<Value> {
            let start = self.i;
            let negative = self.peek() == Some(b'-');
            if matches!(self.peek(), Some(b'-' | b'+')) {
                self.i += 1;
                if self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
                    let x = match self.word(MAX_DEPTH)? {
                        Value::Float(x) => x,
                        _ => return None,
                    };
                    return Some(Value::Float(if negative { -x } else { x }));
                }
            }
            while self.peek().is_some_and(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'_'))
                || (matches!(self.peek(), Some(b'-' | b'+')) && matches!(self.s[self.i - 1], b'e' | b'E'))
            {
                self.i += 1;
            }
            let raw: String = self.text[start..self.i].chars().filter(|c| *c != '_').collect();
            match raw.parse::<i64>() {
                Ok(n) => Some(Value::Int(n)),
                Err(_) => raw.parse::<f64>().ok().map(Value::Float),
            }
        }

        /// `True`, `None`, `inf`, ... or a call such as `np.float64(1.5)`
        /// (its argument).
        fn word(&mut self, depth: usize) -> Option<Value> {
            let start = self.i;
            while self.peek().is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.')) {
                self.i += 1;
            }
            let word = &self.text[start..self.i];
            if self.peek() == Some(b'(') {
                self.i += 1;
                let inner = self.value(depth + 1)?;
                return self.eat(b')').then_some(inner);
            }
            match word {
                "True" | "true" => Some(Value::Bool(true)),
                "False" | "false" => Some(Value::Bool(false)),
                "None" | "null" => Some(Value::Null),
                "inf" | "Infinity" => Some(Value::Float(f64::INFINITY)),
                "nan" | "NaN" => Some(Value::Float(f64::NAN)),
                _ => None,
            }
        }
    }
}

#[cfg(test)]
#[path = "lighteval_tests.rs"]
mod tests;
