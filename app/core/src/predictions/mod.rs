//! Prediction files: a team's answers to one benchmark, in the project's
//! own formats (CSV with a header naming `question_id` and `answer` and/or
//! `response`; JSON Lines with the same fields) or as evaluation tools
//! write them: lm-evaluation-harness `--log_samples` files, lighteval
//! details parquet (read on the server only), OpenAI/vLLM batch output and
//! Anthropic Message Batches results. Any of them may be gzip-compressed.
//! The format is detected from the content ([`PredictionFormat`]).
//! lm-evaluation-harness's `results_<date>.json` is not predictions:
//! [`read_run_card`] reads from it how the run was made (the protocol card).
//!
//! Reading is in two steps so the upload page can check a file in the
//! browser, where the key is not available: [`PredictionFile::parse`]
//! refuses unreadable files (size, NUL, UTF-8, header, malformed line,
//! duplicate id, an `answer` that is not a letter); scoring then refuses
//! ids the key does not know and question texts it cannot match. Every
//! refusal names its line, and lists every problem found (the first
//! [`MAX_PROBLEMS`], in line order), not only the first.
//!
//! Per row, a non-blank `answer` must be one letter (see
//! [`Letter::parse_answer`]); a blank or missing `answer` falls back to the
//! `response` (letter extracted by [`crate::extract`]); if neither gives a
//! letter the row is `unparsed`: present, counted wrong. A blank `answer`
//! is deliberately not a refusal: it is how a file says "no answer".

use serde::Serialize;

use crate::confidence::Confidence;
use crate::input::{self, InputError};
use crate::types::{Letter, QuestionId};

mod batch;
mod error;
mod json;
#[cfg(feature = "parquet")]
pub mod lighteval;
mod lm_eval;
pub mod lm_eval_results;
pub mod rows;
mod table;

pub use error::{MAX_PROBLEMS, PredictionError};
pub use lm_eval_results::{RunCard, read_run_card};
pub use rows::{QuestionRef, Row};

/// The largest prediction file accepted, after decompression: a
/// `--log_samples` file of the whole test split with long generations
/// fits. The largest upload (compressed or not) is the server's limit.
pub const MAX_PREDICTION_BYTES: usize = 64 * 1024 * 1024;

/// How the file was written, as detected from its content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PredictionFormat {
    /// Comma-separated with a header row.
    Csv,
    /// One JSON object a line (`question_id`, `answer`/`response`).
    Jsonl,
    /// lm-evaluation-harness `--log_samples` output.
    LmEvalSamples,
    /// lighteval details (parquet).
    LightevalDetails,
    /// OpenAI Batch API (or vLLM `run_batch`) output.
    OpenaiBatch,
    /// Anthropic Message Batches results.
    AnthropicBatch,
}

impl PredictionFormat {
    /// The stable name stored with a submission and shown in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Jsonl => "jsonl",
            Self::LmEvalSamples => "lm-eval-samples",
            Self::LightevalDetails => "lighteval-details",
            Self::OpenaiBatch => "openai-batch",
            Self::AnthropicBatch => "anthropic-batch",
        }
    }

    /// Every format, in the order the documentation lists them.
    pub const ALL: [Self; 6] =
        [Self::Csv, Self::Jsonl, Self::LmEvalSamples, Self::LightevalDetails, Self::OpenaiBatch, Self::AnthropicBatch];
}

/// One row of a prediction file, naming its question by id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prediction {
    /// 1-based line where the row starts.
    pub line: usize,
    /// The question.
    pub id: QuestionId,
    /// The letter given or extracted; `None` is unparsed.
    pub choice: Option<Letter>,
    /// The probability the model gave `choice`, where the file has it.
    pub confidence: Option<Confidence>,
    /// The rotation of the options the tool showed, where its output says
    /// (`crate::robustness`).
    pub permutation: Option<u8>,
}

/// A row naming its question by text (no usable id in the file); scoring
/// matches the text to the key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextPrediction {
    /// 1-based line (or row).
    pub line: usize,
    /// The question text as written.
    pub text: String,
    /// The letter given or extracted; `None` is unparsed.
    pub choice: Option<Letter>,
    /// The probability the model gave `choice`, where the file has it.
    pub confidence: Option<Confidence>,
    /// The rotation of the options the tool showed, where its output says
    /// (`crate::robustness`).
    pub permutation: Option<u8>,
}

/// A readable prediction file with unique ids, not yet checked against a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PredictionFile {
    /// The detected format.
    pub format: PredictionFormat,
    /// Whether the upload was gzip-compressed.
    pub gzip: bool,
    /// Rows naming their question by id, in file order.
    pub rows: Vec<Prediction>,
    /// Rows naming their question by text, in file order.
    pub by_text: Vec<TextPrediction>,
}

impl PredictionFile {
    /// Reads and checks a prediction file (everything but the key's ids).
    pub fn parse(bytes: &[u8]) -> Result<Self, PredictionError> {
        let (file, problems) = Self::read(bytes)?;
        match PredictionError::from_problems(problems) {
            Some(refusal) => Err(refusal),
            None => Ok(file),
        }
    }

    /// Reads every row it can: the file of the readable rows and the
    /// problems of the others, so that a caller holding the key can name
    /// its problems beside them. The error is a file that cannot be read
    /// at all, or one without a single row and without problems.
    pub fn read(bytes: &[u8]) -> Result<(Self, Vec<PredictionError>), PredictionError> {
        let inflated = input::gunzip(bytes, MAX_PREDICTION_BYTES)?;
        let gzip = inflated.is_some();
        let bytes = inflated.as_deref().unwrap_or(bytes);
        let mut problems = Vec::new();
        let (format, rows) = read_rows(bytes, &mut problems)?;
        let mut file = Self { format, gzip, rows: Vec::with_capacity(rows.len()), by_text: Vec::new() };
        for Row { line, question, choice, confidence, permutation } in rows {
            // A confidence means something only beside a letter.
            let confidence = confidence.filter(|_| choice.is_some());
            match question {
                QuestionRef::Id(id) => file.rows.push(Prediction { line, id, choice, confidence, permutation }),
                QuestionRef::Text(text) => {
                    file.by_text.push(TextPrediction { line, text, choice, confidence, permutation });
                }
            }
        }
        problems.extend(repeats(&file.rows));
        if problems.is_empty() && file.is_empty() {
            return Err(PredictionError::NoRows);
        }
        Ok((file, problems))
    }

    /// Each row's line and the rotation of the options it says it was shown
    /// in (`crate::robustness`), in no particular order.
    pub fn permutations(&self) -> impl Iterator<Item = (usize, Option<u8>)> + '_ {
        let by_id = self.rows.iter().map(|p| (p.line, p.permutation));
        by_id.chain(self.by_text.iter().map(|p| (p.line, p.permutation)))
    }

    /// The number of rows read.
    pub fn len(&self) -> usize {
        self.rows.len() + self.by_text.len()
    }

    /// True when no row was read.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Detects the format and reads the rows; problems with single rows go to
/// `problems`, a file that cannot be read at all is the error.
fn read_rows(
    bytes: &[u8],
    problems: &mut Vec<PredictionError>,
) -> Result<(PredictionFormat, Vec<Row>), PredictionError> {
    if is_parquet(bytes) {
        #[cfg(feature = "parquet")]
        {
            return match lighteval::read(bytes) {
                Ok(rows) => Ok((PredictionFormat::LightevalDetails, rows)),
                Err(found) => Err(PredictionError::from_problems(found).unwrap_or(PredictionError::NoRows)),
            };
        }
        #[cfg(not(feature = "parquet"))]
        return Err(PredictionError::NeedsServer { format: "lighteval details (parquet)" });
    }
    let text = input::decode(bytes, MAX_PREDICTION_BYTES).map_err(|e| match e {
        // A spreadsheet workbook (.xlsx, .ods) is a zip archive too: said
        // to be what it is, with what to do instead.
        InputError::NotText | InputError::NulByte { .. } if bytes.starts_with(b"PK\x03\x04") => {
            if is_workbook(bytes) {
                PredictionError::WrongFile { what: "a spreadsheet workbook", instead: "the predictions saved as CSV" }
            } else {
                PredictionError::WrongFile {
                    what: "a zip archive",
                    instead: "the prediction file itself (gzip is accepted)",
                }
            }
        }
        e => e.into(),
    })?;
    if !text.trim_start().starts_with('{') {
        return Ok((PredictionFormat::Csv, table::read_csv(text, problems)?));
    }
    let first_line = text.trim_start().split('\n').next().unwrap_or_default().trim();
    let first: Option<serde_json::Map<String, serde_json::Value>> = serde_json::from_str(first_line).ok();
    let Some(first) = first else {
        wrong_json_file(text)?;
        return Ok((PredictionFormat::Jsonl, table::read_jsonl(text, problems)));
    };
    if lm_eval::looks_like(&first) {
        return Ok((PredictionFormat::LmEvalSamples, lm_eval::read(text, problems)));
    }
    match batch::Api::of(&first) {
        Some(api @ batch::Api::OpenAi) => Ok((PredictionFormat::OpenaiBatch, batch::read(api, text, problems))),
        Some(api @ batch::Api::Anthropic) => Ok((PredictionFormat::AnthropicBatch, batch::read(api, text, problems))),
        None => Ok((PredictionFormat::Jsonl, table::read_jsonl(text, problems))),
    }
}

/// True when a zip archive's first entries name a spreadsheet workbook:
/// Office Open XML's `[Content_Types].xml` with an `xl/` part, or an
/// OpenDocument spreadsheet's `mimetype` entry.
fn is_workbook(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(64 * 1024)];
    let has = |needle: &[u8]| head.windows(needle.len()).any(|w| w == needle);
    (has(b"[Content_Types].xml") && has(b"xl/")) || has(b"application/vnd.oasis.opendocument.spreadsheet")
}

/// True when `bytes` are a parquet file (`PAR1` at both ends).
pub fn is_parquet(bytes: &[u8]) -> bool {
    bytes.len() >= 8 && bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1")
}

/// A whole-file JSON document of a known tool that is not predictions
/// (its first line alone is not an object): refused with what to upload.
fn wrong_json_file(text: &str) -> Result<(), PredictionError> {
    let Ok(doc) = serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text) else { return Ok(()) };
    if doc.contains_key("results") && (doc.contains_key("configs") || doc.contains_key("versions")) {
        return Err(PredictionError::WrongFile {
            what: "an lm-evaluation-harness results file",
            instead: "the samples_<task>_<date>.jsonl file that --log_samples writes beside it",
        });
    }
    if doc.contains_key("config_general") {
        return Err(PredictionError::WrongFile {
            what: "a lighteval results file",
            instead: "the details parquet file that --save-details writes",
        });
    }
    Ok(())
}

/// Every row whose id an earlier row has, as a refusal naming both lines.
/// Sorting (id, row) pairs keeps the cost O(n log n) whatever ids an upload
/// holds, and linear for rows in id order.
fn repeats(rows: &[Prediction]) -> Vec<PredictionError> {
    let row = |i: usize| u32::try_from(i).expect("fewer than 2^32 rows");
    let mut order: Vec<(QuestionId, u32)> = rows.iter().enumerate().map(|(i, p)| (p.id, row(i))).collect();
    order.sort_unstable();
    // Within an id, rows are in file order: each repeat is named with the
    // id's first row.
    let mut found = Vec::new();
    let mut first = None;
    for w in order.windows(2) {
        if w[0].0 != w[1].0 {
            first = None;
            continue;
        }
        let first_row = *first.get_or_insert(w[0].1) as usize;
        let p = &rows[w[1].1 as usize];
        found.push(PredictionError::DuplicateQuestionId { line: p.line, id: p.id, first_line: rows[first_row].line });
    }
    found
}

#[cfg(test)]
mod formats_tests;
#[cfg(test)]
mod tests;
