//! Refusals as data: a stable code and named arguments, so that a page can
//! put them into words in its own language (the app's `i18n` turns a
//! [`Message`] into the sentence of `locales/*/errors.ftl`), while the CLI
//! and the logs keep each error's English `Display`.
//!
//! A code never changes once published; a message's wording may.

use serde::{Deserialize, Serialize};

/// A code with its arguments: `prediction-duplicate-id` with `line`, `id`
/// and `first_line`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// The Fluent message id, e.g. `prediction-not-a-letter`.
    pub code: String,
    /// Named values, already written as text (numbers in Western digits).
    pub args: Vec<(String, String)>,
}

impl Message {
    /// A message with no arguments.
    pub fn new(code: &str) -> Self {
        Self { code: code.to_owned(), args: Vec::new() }
    }

    /// Adds the argument `name`.
    #[must_use]
    pub fn arg(mut self, name: &str, value: impl ToString) -> Self {
        self.args.push((name.to_owned(), value.to_string()));
        self
    }

    /// The value of argument `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// An error that has a [`Message`].
pub trait Coded {
    /// The code and arguments of this error.
    fn message(&self) -> Message;
}
