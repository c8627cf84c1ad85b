//! Why a key row is not scored, as data: each [`RejectReason`] has a stable
//! code (the Fluent id of its sentence in `locales/*/key-report.ftl`) and
//! named arguments, so a page words it in its own language, while `keys
//! check` / `keys import` keep the English `Display` they always printed
//! (a [`Rejection`](super::report::Rejection)'s `reason` joins them).
//!
//! A reason that repeats or describes the answer cell says something about
//! the keyed answer ([`RejectReason::reveals_answer`]): a held-out key must
//! not show those.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::message::{Coded, Message};
use super::types::{Letter, QuestionId};

/// One reason a key row cannot be scored. In JSON: `{"code": ..., "args":
/// {...}}` (no `args` for a reason without arguments); the code never
/// changes once published.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "code", content = "args")]
pub enum RejectReason {
    /// The row's id occurs on other rows too (which row is right cannot be
    /// known, so every copy is rejected).
    #[serde(rename = "key-reason-duplicate-id")]
    #[error("duplicate question id {id} (also on line {}{})", join(.lines), More(.more))]
    DuplicateId {
        /// The repeated id.
        id: QuestionId,
        /// The first (at most five) other lines it is on.
        lines: Vec<usize>,
        /// How many other lines there are beyond `lines`.
        more: usize,
    },
    /// A row with a different number of fields than the header.
    #[serde(rename = "key-reason-field-count")]
    #[error("{fields} fields, but the header has {header}")]
    FieldCount {
        /// Fields in the row.
        fields: usize,
        /// Fields in the header.
        header: usize,
    },
    /// The id cell is not a positive whole number.
    #[serde(rename = "key-reason-bad-question-id")]
    #[error("question id {value:?} is not a positive whole number")]
    BadQuestionId {
        /// The cell, shortened to one line of at most 40 characters.
        value: String,
    },
    /// The answer cell is blank.
    #[serde(rename = "key-reason-answer-blank")]
    #[error("answer is blank")]
    AnswerBlank,
    /// A short answer that is not one letter A-F ("A+B", "V").
    #[serde(rename = "key-reason-answer-not-a-letter")]
    #[error("answer {value:?} is not a single letter A-F")]
    AnswerNotALetter {
        /// The trimmed answer (at most four characters).
        value: String,
    },
    /// A longer answer: text, which a report must not repeat.
    #[serde(rename = "key-reason-answer-is-text")]
    #[error("answer is text ({length} characters), not a single letter A-F")]
    AnswerIsText {
        /// Its length in characters.
        length: usize,
    },
    /// The answer letter names an option that is empty.
    #[serde(rename = "key-reason-answer-empty-option")]
    #[error("answer {letter} names an empty option (the question has {})", OptionSpan(.options))]
    AnswerEmptyOption {
        /// The keyed letter.
        letter: Letter,
        /// The letters of the question's non-empty options.
        options: Vec<Letter>,
    },
    /// The `Level` cell is blank.
    #[serde(rename = "key-reason-level-blank")]
    #[error("level is blank")]
    LevelBlank,
    /// The `Level` cell is not Y1-Y5.
    #[serde(rename = "key-reason-bad-level")]
    #[error("level {value:?} is not one of Y1-Y5")]
    BadLevel {
        /// The trimmed cell, shortened.
        value: String,
    },
    /// The `umbrella_specialty` cell is blank.
    #[serde(rename = "key-reason-specialty-blank")]
    #[error("umbrella_specialty is blank")]
    SpecialtyBlank,
    /// MedArabiQ: the `Category` cell is blank.
    #[serde(rename = "key-reason-category-blank")]
    #[error("category is blank")]
    CategoryBlank,
    /// MedArabiQ: the question has no labelled options.
    #[serde(rename = "key-reason-no-labelled-options")]
    #[error("no labelled options (أ. ب. ج. ...) found in the question")]
    NoLabelledOptions,
    /// MedArabiQ: the answer does not start with an option label.
    #[serde(rename = "key-reason-answer-not-labelled")]
    #[error("answer does not start with an option label (أ/ب/ج/د/ه/و)")]
    AnswerNotLabelled,
    /// MedArabiQ: the answer's label is past the question's last option.
    #[serde(rename = "key-reason-answer-beyond-options")]
    #[error("answer names option {letter}, but the question has options A-{last}")]
    AnswerBeyondOptions {
        /// The keyed letter.
        letter: Letter,
        /// The question's last option.
        last: Letter,
    },
}

impl RejectReason {
    /// The stable code: the Fluent id of the reason's sentence, and the
    /// `code` of its JSON.
    pub fn code(&self) -> &'static str {
        match self {
            Self::DuplicateId { .. } => "key-reason-duplicate-id",
            Self::FieldCount { .. } => "key-reason-field-count",
            Self::BadQuestionId { .. } => "key-reason-bad-question-id",
            Self::AnswerBlank => "key-reason-answer-blank",
            Self::AnswerNotALetter { .. } => "key-reason-answer-not-a-letter",
            Self::AnswerIsText { .. } => "key-reason-answer-is-text",
            Self::AnswerEmptyOption { .. } => "key-reason-answer-empty-option",
            Self::LevelBlank => "key-reason-level-blank",
            Self::BadLevel { .. } => "key-reason-bad-level",
            Self::SpecialtyBlank => "key-reason-specialty-blank",
            Self::CategoryBlank => "key-reason-category-blank",
            Self::NoLabelledOptions => "key-reason-no-labelled-options",
            Self::AnswerNotLabelled => "key-reason-answer-not-labelled",
            Self::AnswerBeyondOptions { .. } => "key-reason-answer-beyond-options",
        }
    }

    /// True when the reason names or describes the keyed answer: its
    /// letter ("answer E names an empty option"), its text ("answer "A+B"
    /// is not a single letter") or its length. A blank answer reveals
    /// nothing, nor does anything about the other cells ("duplicate
    /// question id 7", "level is blank").
    pub fn reveals_answer(&self) -> bool {
        match self {
            Self::AnswerNotALetter { .. }
            | Self::AnswerIsText { .. }
            | Self::AnswerEmptyOption { .. }
            | Self::AnswerBeyondOptions { .. } => true,
            Self::DuplicateId { .. }
            | Self::FieldCount { .. }
            | Self::BadQuestionId { .. }
            | Self::AnswerBlank
            | Self::LevelBlank
            | Self::BadLevel { .. }
            | Self::SpecialtyBlank
            | Self::CategoryBlank
            | Self::NoLabelledOptions
            | Self::AnswerNotLabelled => false,
        }
    }

    /// One reason of each kind, in declaration order, for the message
    /// tests (every code has a sentence in every language).
    pub fn examples() -> Vec<Self> {
        let id = QuestionId::new(7).expect("7 is an id");
        vec![
            Self::DuplicateId { id, lines: vec![3, 4, 5, 6, 9], more: 2 },
            Self::FieldCount { fields: 12, header: 13 },
            Self::BadQuestionId { value: "x7".into() },
            Self::AnswerBlank,
            Self::AnswerNotALetter { value: "A+B".into() },
            Self::AnswerIsText { length: 57 },
            Self::AnswerEmptyOption { letter: Letter::E, options: vec![Letter::A, Letter::B, Letter::C, Letter::D] },
            Self::LevelBlank,
            Self::BadLevel { value: "Y9".into() },
            Self::SpecialtyBlank,
            Self::CategoryBlank,
            Self::NoLabelledOptions,
            Self::AnswerNotLabelled,
            Self::AnswerBeyondOptions { letter: Letter::E, last: Letter::D },
        ]
    }
}

/// The arguments are the message's Fluent variables, written as text:
/// numbers in digits, cell values escaped as the English sentence quotes
/// them (so `"{ $value }"` in English is the `Display` exactly), the lines
/// of a duplicate id joined with ", ", and an option list as `span` (`none`,
/// `one` or `several`) with `options` ("A-D", "A, C, D").
impl Coded for RejectReason {
    fn message(&self) -> Message {
        let m = Message::new(self.code());
        match self {
            Self::DuplicateId { id, lines, more } => m.arg("id", id).arg("lines", join(lines)).arg("more", more),
            Self::FieldCount { fields, header } => m.arg("fields", fields).arg("header", header),
            Self::BadQuestionId { value } | Self::AnswerNotALetter { value } | Self::BadLevel { value } => {
                m.arg("value", escaped(value))
            }
            Self::AnswerIsText { length } => m.arg("length", length),
            Self::AnswerEmptyOption { letter, options } => {
                let span = match options.as_slice() {
                    [] => "none",
                    [_] => "one",
                    _ => "several",
                };
                m.arg("letter", letter).arg("span", span).arg("options", OptionList(options))
            }
            Self::AnswerBeyondOptions { letter, last } => m.arg("letter", letter).arg("last", last),
            Self::AnswerBlank
            | Self::LevelBlank
            | Self::SpecialtyBlank
            | Self::CategoryBlank
            | Self::NoLabelledOptions
            | Self::AnswerNotLabelled => m,
        }
    }
}

/// `s` as `{:?}` writes it, without the quotes.
fn escaped(s: &str) -> String {
    let quoted = format!("{s:?}");
    quoted[1..quoted.len() - 1].to_owned()
}

/// "3, 4, 5".
fn join(lines: &[usize]) -> String {
    lines.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
}

/// " and 2 more", or nothing.
struct More<'a>(&'a usize);

impl fmt::Display for More<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self.0 {
            0 => Ok(()),
            n => write!(f, " and {n} more"),
        }
    }
}

/// "A-D" for letters without a gap, else "A, C, D".
struct OptionList<'a>(&'a [Letter]);

impl fmt::Display for OptionList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [first, .., last] if last.index() - first.index() + 1 == self.0.len() => write!(f, "{first}-{last}"),
            letters => f.write_str(&letters.iter().map(Letter::to_string).collect::<Vec<_>>().join(", ")),
        }
    }
}

/// "options A-D", "only option A", "no options", "options A, C, D".
struct OptionSpan<'a>(&'a [Letter]);

impl fmt::Display for OptionSpan<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [] => f.write_str("no options"),
            [only] => write!(f, "only option {only}"),
            letters => write!(f, "options {}", OptionList(letters)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position of each kind in [`RejectReason::examples`]; a new kind
    /// does not compile until it is here (and so in the examples).
    fn ordinal(reason: &RejectReason) -> usize {
        use RejectReason::*;
        match reason {
            DuplicateId { .. } => 0,
            FieldCount { .. } => 1,
            BadQuestionId { .. } => 2,
            AnswerBlank => 3,
            AnswerNotALetter { .. } => 4,
            AnswerIsText { .. } => 5,
            AnswerEmptyOption { .. } => 6,
            LevelBlank => 7,
            BadLevel { .. } => 8,
            SpecialtyBlank => 9,
            CategoryBlank => 10,
            NoLabelledOptions => 11,
            AnswerNotLabelled => 12,
            AnswerBeyondOptions { .. } => 13,
        }
    }

    #[test]
    fn every_kind_has_an_example_and_its_own_code() {
        let examples = RejectReason::examples();
        let ordinals: Vec<usize> = examples.iter().map(ordinal).collect();
        assert_eq!(ordinals, (0..14).collect::<Vec<_>>());
        let mut codes: Vec<&str> = examples.iter().map(RejectReason::code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), examples.len(), "codes are distinct");
        for reason in &examples {
            assert!(reason.code().starts_with("key-reason-"), "{}", reason.code());
            assert_eq!(reason.message().code, reason.code());
            // The JSON's code is the same code, and the JSON reads back.
            let json = serde_json::to_value(reason).unwrap();
            assert_eq!(json["code"], reason.code(), "{json}");
            assert_eq!(&serde_json::from_value::<RejectReason>(json).unwrap(), reason);
        }
    }

    #[test]
    fn the_english_sentences_are_the_ones_keys_check_printed() {
        let id = QuestionId::new(9).unwrap();
        let options = |s: &str| s.chars().map(|c| Letter::from_latin(c).unwrap()).collect::<Vec<_>>();
        for (reason, text) in [
            (
                RejectReason::DuplicateId { id, lines: vec![3, 4, 5, 6, 7], more: 2 },
                "duplicate question id 9 (also on line 3, 4, 5, 6, 7 and 2 more)",
            ),
            (RejectReason::DuplicateId { id, lines: vec![2], more: 0 }, "duplicate question id 9 (also on line 2)"),
            (RejectReason::FieldCount { fields: 12, header: 13 }, "12 fields, but the header has 13"),
            (RejectReason::BadQuestionId { value: "x".into() }, "question id \"x\" is not a positive whole number"),
            (RejectReason::AnswerBlank, "answer is blank"),
            (RejectReason::AnswerNotALetter { value: "A+B".into() }, "answer \"A+B\" is not a single letter A-F"),
            (RejectReason::AnswerIsText { length: 57 }, "answer is text (57 characters), not a single letter A-F"),
            (
                RejectReason::AnswerEmptyOption { letter: Letter::E, options: options("ABCD") },
                "answer E names an empty option (the question has options A-D)",
            ),
            (
                RejectReason::AnswerEmptyOption { letter: Letter::B, options: options("ACD") },
                "answer B names an empty option (the question has options A, C, D)",
            ),
            (
                RejectReason::AnswerEmptyOption { letter: Letter::B, options: options("A") },
                "answer B names an empty option (the question has only option A)",
            ),
            (
                RejectReason::AnswerEmptyOption { letter: Letter::B, options: vec![] },
                "answer B names an empty option (the question has no options)",
            ),
            (RejectReason::LevelBlank, "level is blank"),
            (RejectReason::BadLevel { value: "Y9".into() }, "level \"Y9\" is not one of Y1-Y5"),
            (RejectReason::SpecialtyBlank, "umbrella_specialty is blank"),
            (RejectReason::CategoryBlank, "category is blank"),
            (RejectReason::NoLabelledOptions, "no labelled options (أ. ب. ج. ...) found in the question"),
            (RejectReason::AnswerNotLabelled, "answer does not start with an option label (أ/ب/ج/د/ه/و)"),
            (
                RejectReason::AnswerBeyondOptions { letter: Letter::E, last: Letter::D },
                "answer names option E, but the question has options A-D",
            ),
        ] {
            assert_eq!(reason.to_string(), text);
        }
    }

    #[test]
    fn arguments_are_the_sentences_values() {
        let m = RejectReason::BadLevel { value: "Y\"9\u{202e}".into() }.message();
        assert_eq!(m.get("value"), Some("Y\\\"9\\u{202e}"), "escaped as the English sentence quotes it");
        let m = RejectReason::AnswerEmptyOption { letter: Letter::E, options: vec![Letter::A, Letter::C] }.message();
        assert_eq!((m.get("letter"), m.get("span"), m.get("options")), (Some("E"), Some("several"), Some("A, C")));
        let m = RejectReason::DuplicateId { id: QuestionId::new(4).unwrap(), lines: vec![2, 8], more: 0 }.message();
        assert_eq!((m.get("id"), m.get("lines"), m.get("more")), (Some("4"), Some("2, 8"), Some("0")));
    }

    #[test]
    fn only_reasons_about_the_answer_cell_reveal_it() {
        let revealing: Vec<&str> =
            RejectReason::examples().iter().filter(|r| r.reveals_answer()).map(RejectReason::code).collect();
        assert_eq!(
            revealing,
            [
                "key-reason-answer-not-a-letter",
                "key-reason-answer-is-text",
                "key-reason-answer-empty-option",
                "key-reason-answer-beyond-options"
            ]
        );
    }
}
