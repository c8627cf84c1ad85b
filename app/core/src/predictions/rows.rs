//! What every reader of a tool's output gives back: one [`Row`] per
//! question it found, naming the question by its id or, when the tool kept
//! no usable id (lighteval's `doc.id` is a row index; QIMMA splits the test
//! set by specialty), by its text, which scoring matches against the key.

use crate::confidence::Confidence;
use crate::types::{Letter, QuestionId};

/// How a row names its question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuestionRef {
    /// The official `Question Number` (or `question_id`).
    Id(QuestionId),
    /// The question's text as the tool wrote it (matched to the key after
    /// normalisation: `super::question_text`).
    Text(String),
}

/// One prediction as read from a file, before the key is consulted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// 1-based line of the file (JSON Lines), or 1-based row (parquet).
    pub line: usize,
    /// The question it answers.
    pub question: QuestionRef,
    /// The letter read; `None` is unparsed (counted wrong).
    pub choice: Option<Letter>,
    /// The probability the model gave `choice`, where the file has it
    /// (never without a letter).
    pub confidence: Option<Confidence>,
    /// The rotation of the options the tool showed, where its output says
    /// (the shipped tasks' permuted variant: `crate::robustness`).
    pub permutation: Option<u8>,
}
