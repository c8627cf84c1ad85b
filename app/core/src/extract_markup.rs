//! The markup of the extraction protocol: reasoning blocks set aside before
//! any rule reads the text, and the structured answers of rule 2 (JSON
//! answer fields, `<answer>` tags and `\boxed{}`), which are final answer
//! statements.

use super::answers::{Statement, Strength};
use super::{Rule, Text};
use crate::types::{Letter, is_word_char};

/// Tags that close a reasoning block; the text is read after the last one.
const CLOSING: &[&str] = &["</think>", "</thinking>", "</reasoning>"];
/// Tags that open one; an unclosed one hides everything after it.
const OPENING: &[&str] = &["<think>", "<thinking>", "<reasoning>"];

/// JSON keys (lower-case, alef forms read as ا, ة as ه, without spaces,
/// `_` and `-`) whose string value is the answer.
#[rustfmt::skip]
const JSON_KEYS: &[&str] = &[
    "answer", "finalanswer", "correctanswer", "answerletter", "answeroption", "answerchoice", "choice",
    "finalchoice", "option", "correctoption", "selectedoption", "selectedanswer", "selectedchoice", "letter",
    "الاجابه", "الاجابهالنهائيه", "الاجابهالصحيحه", "الجواب", "الجوابالنهائي", "الخيار", "الخيارالصحيح",
];
/// The longest structured value read, in characters.
const MAX_VALUE: usize = 300;
/// Words that may come before the letter in a structured value ("Option C").
const VALUE_PREFIXES: &[&str] = &["option", "choice", "letter", "الخيار", "الحرف"];

/// The part of a response that is read: after the last closing reasoning
/// tag, and before an opening one that is not closed.
pub(super) fn after_reasoning(s: &str) -> &str {
    // ASCII lower-casing keeps every byte offset.
    let lower = s.to_ascii_lowercase();
    let start = CLOSING.iter().filter_map(|t| lower.rfind(t).map(|i| i + t.len())).max().unwrap_or(0);
    let end = OPENING.iter().filter_map(|t| lower[start..].find(t).map(|i| start + i)).min().unwrap_or(s.len());
    &s[start..end]
}

impl Text {
    /// Rule 2's structured statements, all final.
    pub(super) fn structured(&self, out: &mut Vec<Statement>) {
        let mut push = |pos: usize, value: &[char], rule: Rule| {
            if let Some(l) = value_letter(value) {
                out.push(Statement { pos, strength: Strength::Final, letters: vec![l], rule });
            }
        };
        for (pos, value) in self.json_fields() {
            push(pos, value, Rule::AnswerField);
        }
        let mut from = 0;
        while let Some(i) = self.find(from, usize::MAX, "<answer>") {
            from = i + "<answer>".len();
            let limit = (from + MAX_VALUE).min(self.orig.len());
            let end = self.find(from, limit, "</answer>").unwrap_or(limit);
            push(from, &self.orig[from..end], Rule::AnswerField);
        }
        from = 0;
        while let Some(i) = self.find(from, usize::MAX, "\\boxed{") {
            from = i + "\\boxed{".len();
            let (mut depth, mut end) = (1, from);
            while end < (from + MAX_VALUE).min(self.orig.len()) {
                match self.orig[end] {
                    '{' => depth += 1,
                    '}' if depth == 1 => break,
                    '}' => depth -= 1,
                    _ => {}
                }
                end += 1;
            }
            push(from, &strip_latex(&self.orig[from..end]), Rule::FinalAnswer);
        }
    }

    /// `"key": "value"` pairs (double or single quotes) whose key names the
    /// answer: the value's position and characters.
    fn json_fields(&self) -> Vec<(usize, &[char])> {
        let mut found = Vec::new();
        for i in 0..self.orig.len() {
            let quote = self.orig[i];
            if quote != '"' && quote != '\'' {
                continue;
            }
            let Some(close) = self.closing_quote(i + 1, quote, 40) else { continue };
            let key: String = self.norm[i + 1..close].iter().filter(|&&c| is_word_char(c)).collect();
            if !JSON_KEYS.contains(&key.as_str()) {
                continue;
            }
            let colon = self.skip(close + 1, |c| c == ' ' || c == '\t');
            if self.at(colon) != Some(':') {
                continue;
            }
            let open = self.skip(colon + 1, char::is_whitespace);
            let Some(vq) = self.at(open).filter(|&c| c == '"' || c == '\'') else { continue };
            if let Some(end) = self.closing_quote(open + 1, vq, MAX_VALUE) {
                found.push((open + 1, &self.orig[open + 1..end]));
            }
        }
        found
    }

    /// The index of the unescaped `quote` closing a string that starts at
    /// `from`, within `max` characters and on the same line.
    fn closing_quote(&self, from: usize, quote: char, max: usize) -> Option<usize> {
        let mut k = from;
        while k < self.orig.len() && k - from <= max {
            match self.orig[k] {
                '\\' => k += 1,
                '\n' => return None,
                c if c == quote => return Some(k),
                _ => {}
            }
            k += 1;
        }
        None
    }

    /// The first occurrence of `pat` (lower-case ASCII) starting at or
    /// after `from` and before `to`.
    fn find(&self, from: usize, to: usize, pat: &str) -> Option<usize> {
        let pat: Vec<char> = pat.chars().collect();
        (from..to.min(self.norm.len())).find(|&i| self.norm[i..].starts_with(&pat))
    }
}

/// The letter a structured value gives: the whole value is one letter
/// ("C", "(ب)"), starts with a label ("C) Myocardial infarction", "ب -
/// القلب"), or is "Option C".
fn value_letter(value: &[char]) -> Option<Letter> {
    let s: String = value.iter().collect();
    let t = Text::new(&s);
    let start = t.skip(0, char::is_whitespace);
    let rest = match t.any_word_at(start, VALUE_PREFIXES) {
        Some((_, end)) => &s[s.char_indices().nth(end).map_or(s.len(), |(b, _)| b)..],
        None => &s,
    };
    Letter::parse_answer(rest).ok().or_else(|| t.first_label().filter(|_| rest.len() == s.len()))
}

/// `\text{C}` → `C`: drops LaTeX commands and braces.
fn strip_latex(chars: &[char]) -> Vec<char> {
    let mut out = Vec::new();
    let mut command = false;
    for &c in chars {
        command = if c == '\\' { true } else { command && c.is_ascii_alphabetic() };
        if !command && c != '{' && c != '}' {
            out.push(c);
        }
    }
    out
}
