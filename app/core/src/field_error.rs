//! A request field's problem, as data: the English sentence the CLI and the
//! logs show ([`std::fmt::Display`]) and a stable code with arguments
//! ([`Coded`]) that a page or an API response words in its own language
//! (`locales/*/api.ftl`, ids `field-*`).

use serde::{Deserialize, Serialize};

use crate::message::{Coded, Message};

/// One field's problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{field}: {problem}")]
pub struct FieldError {
    /// The field's name as sent (`model_name`, `email`, ...).
    pub field: &'static str,
    pub problem: FieldProblem,
}

impl FieldError {
    /// `field` has `problem`.
    pub fn new(field: &'static str, problem: FieldProblem) -> Self {
        Self { field, problem }
    }
}

/// What is wrong with a field's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum FieldProblem {
    #[error("is required")]
    Required,
    #[error("is longer than {max} characters")]
    TooLong { max: usize },
    #[error("must have {min} to {max} characters")]
    Length { min: usize, max: usize },
    #[error("contains control or invisible characters (line breaks, tabs, zero-width characters)")]
    ControlCharacters,
    #[error("contains bidirectional control characters (U+202A-U+202E, U+2066-U+2069)")]
    BidiControl,
    #[error("must be one of {}", .allowed.join(", "))]
    OneOf { allowed: Vec<String> },
    #[error("must be a number from {min} to {max}")]
    Number { min: String, max: String },
    #[error("must start with https:// or http://")]
    NotWebAddress,
    #[error("is not an email address")]
    NotEmail,
    #[error("the password must have at least {min} characters")]
    PasswordTooShort { min: usize },
    #[error("the password must have at most {max} characters")]
    PasswordTooLong { max: usize },
    #[error("must be a time in the future")]
    InThePast,
}

impl Coded for FieldProblem {
    fn message(&self) -> Message {
        match self {
            Self::Required => Message::new("field-required"),
            Self::TooLong { max } => Message::new("field-too-long").arg("max", max),
            Self::Length { min, max } => Message::new("field-length").arg("min", min).arg("max", max),
            Self::ControlCharacters => Message::new("field-control-characters"),
            Self::BidiControl => Message::new("field-bidi-control"),
            Self::OneOf { allowed } => Message::new("field-one-of").arg("allowed", allowed.join(", ")),
            Self::Number { min, max } => Message::new("field-number").arg("min", min).arg("max", max),
            Self::NotWebAddress => Message::new("field-not-web-address"),
            Self::NotEmail => Message::new("field-not-email"),
            Self::PasswordTooShort { min } => Message::new("field-password-too-short").arg("min", min),
            Self::PasswordTooLong { max } => Message::new("field-password-too-long").arg("max", max),
            Self::InThePast => Message::new("field-in-the-past"),
        }
    }
}

impl Coded for FieldError {
    /// The problem's message with the field's name as `field`.
    fn message(&self) -> Message {
        let inner = self.problem.message();
        Message { code: inner.code, args: inner.args }.arg("field", self.field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_text_and_codes() {
        let e = FieldError::new("shots", FieldProblem::Number { min: "0".into(), max: "100".into() });
        assert_eq!(e.to_string(), "shots: must be a number from 0 to 100");
        let m = e.message();
        assert_eq!(m.code, "field-number");
        assert_eq!((m.get("min"), m.get("max"), m.get("field")), (Some("0"), Some("100"), Some("shots")));
        let one_of = FieldProblem::OneOf { allowed: vec!["public".into(), "private".into()] };
        assert_eq!(one_of.to_string(), "must be one of public, private");
        assert_eq!(one_of.message().get("allowed"), Some("public, private"));
    }
}
