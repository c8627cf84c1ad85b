//! Why a prediction file is refused: one [`PredictionError`] per problem,
//! each naming its line, and [`PredictionError::Several`] when a file has
//! more than one (the first [`MAX_PROBLEMS`], in line order).

use crate::input::InputError;
use crate::types::QuestionId;

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
    /// A `confidence` or `prob_<letter>` value that is not a number from 0
    /// to 1.
    #[error("line {line}: {column} {value:?} is not a number from 0 to 1")]
    BadConfidence {
        /// 1-based line.
        line: usize,
        /// The column (or field) as the file names it.
        column: String,
        /// The value, shortened.
        value: String,
    },
    /// A row of a file sent as the permuted task's whose options were not
    /// shown in the permuted order of its question.
    #[error(
        "line {line}: this row was not asked in the permuted order (it names no Permutation): send the medarabench_permuted task's output as the permuted file"
    )]
    NotPermuted {
        /// 1-based line.
        line: usize,
    },
    /// A file of the permuted task sent as the main file.
    #[error(
        "line {line}: this is the permuted task's output (its questions carry a Permutation): send it as the permuted file, beside the main task's"
    )]
    PermutedAsMain {
        /// 1-based line.
        line: usize,
    },
    /// A record of a tool's output format (lm-evaluation-harness, lighteval,
    /// a batch API) that cannot be read; `line` is the JSON line, or the
    /// 1-based row of a parquet table.
    #[error("line {line}: {message}")]
    Malformed {
        /// 1-based line (or row).
        line: usize,
        /// What is wrong, in English.
        message: String,
    },
    /// A question text (a row without a usable id) that no question of the
    /// key has, once normalised (found when scoring).
    #[error("line {line}: no question of the answer key has the text {text:?}")]
    UnknownQuestionText {
        /// 1-based line.
        line: usize,
        /// The text, shortened.
        text: String,
    },
    /// A question text that several questions of the key share.
    #[error("line {line}: the text {text:?} is the text of several questions ({ids}); give the question id instead")]
    AmbiguousQuestionText {
        /// 1-based line.
        line: usize,
        /// The text, shortened.
        text: String,
        /// Their ids, comma-separated.
        ids: String,
    },
    /// A format that only the server reads (lighteval's parquet details, in
    /// the browser's pre-check).
    #[error("a {format} file is checked by the server when it is sent")]
    NeedsServer {
        /// The format's name.
        format: &'static str,
    },
    /// A file of a known tool that is not its predictions (the
    /// lm-evaluation-harness `results_*.json`, say).
    #[error("this is {what}; upload {instead}")]
    WrongFile {
        /// What the file is.
        what: &'static str,
        /// What to upload instead.
        instead: &'static str,
    },
    /// A file given as lm-evaluation-harness's results file that is not
    /// JSON at all.
    #[error(
        "the file is not JSON ({message}); expected lm-eval's results_<date>.json, written next to the samples file"
    )]
    ResultsNotJson {
        /// What the JSON parser said.
        message: String,
    },
    /// JSON, but not an lm-evaluation-harness results file (no `configs`,
    /// `n-shot` or `config`).
    #[error(
        "this is not an lm-evaluation-harness results file; expected lm-eval's results_<date>.json, written next to the samples file"
    )]
    NotLmEvalResults,
    /// An lm-evaluation-harness samples file given as the results file.
    #[error(
        "this is an lm-evaluation-harness samples file: it goes in the predictions field; here, give lm-eval's results_<date>.json, written next to it"
    )]
    SamplesNotResults,
    /// A results file of several tasks run with different settings, so
    /// which one the protocol card would describe is ambiguous.
    #[error(
        "the results file holds tasks run with different settings ({tasks}: few-shot examples, output type or generation settings differ); give the results file of one run of one task"
    )]
    ResultsTasksDiffer {
        /// The tasks, comma-separated.
        tasks: String,
    },
    /// Several problems, in line order (at most [`MAX_PROBLEMS`]): a file
    /// is refused with every problem found, not the first alone.
    #[error("{}", several(.0))]
    Several(Vec<PredictionError>),
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
            Self::BadConfidence { line, column, value } => {
                Message::new("prediction-bad-confidence").arg("line", line).arg("column", column).arg("value", value)
            }
            Self::NotPermuted { line } => Message::new("prediction-not-permuted").arg("line", line),
            Self::PermutedAsMain { line } => Message::new("prediction-permuted-as-main").arg("line", line),
            Self::UnknownQuestionId { line, id } => {
                Message::new("prediction-unknown-question-id").arg("line", line).arg("id", id)
            }
            Self::UnknownQuestionText { line, text } => {
                Message::new("prediction-unknown-question-text").arg("line", line).arg("text", text)
            }
            Self::AmbiguousQuestionText { line, text, ids } => {
                Message::new("prediction-ambiguous-question-text").arg("line", line).arg("text", text).arg("ids", ids)
            }
            Self::NeedsServer { format } => Message::new("prediction-needs-server").arg("format", format),
            Self::WrongFile { what, instead } => {
                Message::new("prediction-wrong-file").arg("what", what).arg("instead", instead)
            }
            Self::ResultsNotJson { message } => Message::new("prediction-results-not-json").arg("detail", message),
            Self::NotLmEvalResults => Message::new("prediction-results-not-lm-eval"),
            Self::SamplesNotResults => Message::new("prediction-results-samples-file"),
            Self::ResultsTasksDiffer { tasks } => Message::new("prediction-results-tasks-differ").arg("tasks", tasks),
            Self::Several(all) => Message::new("prediction-several").arg("count", all.len()),
            Self::Malformed { line, message } => {
                Message::new("prediction-malformed").arg("line", line).arg("detail", message)
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
            Self::NoRows
            | Self::NeedsServer { .. }
            | Self::WrongFile { .. }
            | Self::ResultsNotJson { .. }
            | Self::NotLmEvalResults
            | Self::SamplesNotResults
            | Self::ResultsTasksDiffer { .. } => None,
            Self::Several(all) => all.first().and_then(Self::line),
            Self::MalformedCsv { line, .. }
            | Self::MalformedJson { line, .. }
            | Self::MissingField { line, .. }
            | Self::BadQuestionId { line, .. }
            | Self::DuplicateQuestionId { line, .. }
            | Self::NotALetter { line, .. }
            | Self::BadConfidence { line, .. }
            | Self::NotPermuted { line }
            | Self::PermutedAsMain { line }
            | Self::Malformed { line, .. }
            | Self::UnknownQuestionText { line, .. }
            | Self::AmbiguousQuestionText { line, .. }
            | Self::UnknownQuestionId { line, .. } => Some(*line),
        }
    }

    /// Every problem, in line order: the one problem, or each of several.
    pub fn problems(&self) -> &[PredictionError] {
        match self {
            Self::Several(all) => all,
            one => std::slice::from_ref(one),
        }
    }

    /// One error for `problems` (sorted by line, at most [`MAX_PROBLEMS`]),
    /// or `None` when there are none.
    pub fn from_problems(mut problems: Vec<PredictionError>) -> Option<Self> {
        problems.sort_by_key(|p| p.line().unwrap_or(0));
        problems.truncate(MAX_PROBLEMS);
        match problems.len() {
            0 => None,
            1 => problems.pop(),
            _ => Some(Self::Several(problems)),
        }
    }
}

/// The most problems one refusal lists.
pub const MAX_PROBLEMS: usize = 100;

/// The English text of several problems: each, in line order, on one line.
fn several(all: &[PredictionError]) -> String {
    let each: Vec<String> = all.iter().map(ToString::to_string).collect();
    format!("{} problems: {}", all.len(), each.join("; "))
}
