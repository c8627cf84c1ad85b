//! Rule 2 of the extraction protocol: answer statements ("the answer is
//! C", "Final answer: B", "So the answer is D", "either A or C"), their
//! strengths and the decision between them. The structured statements
//! (JSON fields, `<answer>` tags, `\boxed{}`) are read in the markup module.

use super::{Extraction, Letter, OPTION_TRIGGERS, PHRASE_MARKS, Rule, Text, one_of};
use crate::types::is_word_char;

/// How strongly an answer statement says it is the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    Plain,
    Concluding,
    Final,
}

/// One answer statement of rule 2: where it is, the letters it offers
/// (none: "the answer is myocardial infarction"; two or more: a hedge) and
/// the rule it reports.
#[derive(Debug)]
pub(super) struct Statement {
    pub(super) pos: usize,
    pub(super) strength: Strength,
    pub(super) letters: Vec<Letter>,
    pub(super) rule: Rule,
}

/// Rule 2's decision: the strongest statements and every statement after
/// the last of them must agree. When none of them gives a letter, the
/// position of the last statement, from which rules 4 to 7 read.
pub(super) fn decide(mut statements: Vec<Statement>) -> Result<Extraction, Option<usize>> {
    statements.sort_by_key(|s| s.pos);
    let Some(top) = statements.iter().map(|s| s.strength).max() else { return Err(None) };
    let last = statements.iter().rposition(|s| s.strength == top).unwrap_or_default();
    let letters: Vec<Letter> = statements
        .iter()
        .enumerate()
        .filter(|(k, s)| s.strength == top || *k > last)
        .flat_map(|(_, s)| s.letters.iter().copied())
        .collect();
    match letters.is_empty() {
        true => Err(statements.last().map(|s| s.pos)),
        false => Ok(one_of(letters, statements[last].rule)),
    }
}

/// Phrases that introduce an answer.
#[rustfmt::skip]
const ANSWER_TRIGGERS: &[&str] = &[
    "answer", "correct option", "correct choice", "right option", "right choice", "best option", "best choice",
    "final choice", "final option",
    "الاجابه", "اجابه", "الجواب", "جواب", "الخيار الصحيح", "الاختيار الصحيح", "الخيار النهائي", "الاختيار النهائي",
    "فالاجابه", "فالجواب",
];
/// Words allowed between an answer phrase and its letter.
#[rustfmt::skip]
const FILLERS: &[&str] = &[
    "is", "would", "will", "should", "must", "be", "the", "most", "likely", "probably", "therefore", "final",
    "correct", "option", "choice", "letter", "to", "this", "question", "here", "either", "between",
    "هي", "هو", "الصحيحه", "الصحيح", "النهائيه", "النهائي", "الخيار", "الاختيار", "الحرف", "رقم", "اذن", "اذا",
    "اما", "بين",
];
/// Words that make a phrase a statement even when no letter follows.
const COPULAS: &[&str] = &["is", "be", "هي", "هو"];
/// Words that make an answer phrase final.
const FINAL_WORDS: &[&str] = &["final", "النهائيه", "النهائي"];
/// Words that make an answer phrase concluding when they come before it.
#[rustfmt::skip]
const CONCLUDING: &[&str] = &[
    "so", "therefore", "thus", "hence", "conclusion", "summary", "overall", "ultimately", "finally",
    "لذلك", "لذا", "اذن", "وبالتالي", "بالتالي", "وعليه", "ختاما", "وهكذا", "النهايه", "الختام",
];
/// Words joining a second letter to a first ("A or B").
const OR_WORDS: &[&str] = &["or", "and", "او", "و"];
/// Words allowed between the joining word and the second letter.
const ALT_FILLERS: &[&str] = &["possibly", "maybe", "perhaps", "also", "even", "option", "choice", "ربما", "الخيار"];
/// Words that open a two-letter hedge ("either A or C").
const HEDGES: &[&str] = &["either", "اما"];

impl Text {
    /// Up to `n` normalized words right before `i`, nearest first, within
    /// the same sentence.
    fn words_before(&self, mut i: usize, n: usize) -> Vec<String> {
        let mut words = Vec::new();
        while words.len() < n {
            while i > 0 && !is_word_char(self.orig[i - 1]) {
                if ".!?؟;\n".contains(self.orig[i - 1]) {
                    return words;
                }
                i -= 1;
            }
            let end = i;
            while i > 0 && is_word_char(self.orig[i - 1]) {
                i -= 1;
            }
            if i == end {
                break;
            }
            words.push(self.norm[i..end].iter().collect());
        }
        words
    }

    /// Rule 2: every answer statement, in no particular order.
    pub(super) fn statements(&self) -> Vec<Statement> {
        let mut out = Vec::new();
        self.answer_phrases(&mut out);
        self.hedges(&mut out);
        self.structured(&mut out);
        out
    }

    /// Answer phrases, with their strength.
    fn answer_phrases(&self, out: &mut Vec<Statement>) {
        for i in self.word_starts() {
            let Some((trigger, mut j)) = self.any_word_at(i, ANSWER_TRIGGERS) else { continue };
            let before = self.words_before(i, 4);
            let mut is_final = trigger.contains("final")
                || trigger.contains("نهائي")
                || before.iter().take(2).any(|w| w.as_str() == "final");
            let concluding = trigger.starts_with('ف') || before.iter().any(|w| CONCLUDING.contains(&w.as_str()));
            let (mut line_start, mut stated) = (false, false);
            let mut letters = Vec::new();
            for _ in 0..=6 {
                let k = self.skip(j, |c| c.is_whitespace() || PHRASE_MARKS.contains(c));
                line_start |= self.orig[j..k].contains(&'\n');
                stated |= self.orig[j..k].iter().any(|&c| ":：=→\n".contains(c));
                j = k;
                if let Some((l, end)) = self.guarded_letter_at(j, line_start) {
                    letters = std::iter::once(l).chain(self.alternative(end)).collect();
                    break;
                }
                let Some((word, next)) = self.any_word_at(j, FILLERS) else { break };
                is_final |= FINAL_WORDS.contains(&word);
                stated |= COPULAS.contains(&word);
                j = next;
            }
            let (strength, rule) = match (is_final, concluding) {
                (true, _) => (Strength::Final, Rule::FinalAnswer),
                (false, true) => (Strength::Concluding, Rule::AnswerPhrase),
                (false, false) => (Strength::Plain, Rule::AnswerPhrase),
            };
            if stated || !letters.is_empty() {
                out.push(Statement { pos: i, strength, letters, rule });
            }
        }
    }

    /// "either A or C", "إما أ أو ج" anywhere: a plain statement offering
    /// two letters.
    fn hedges(&self, out: &mut Vec<Statement>) {
        for i in self.word_starts() {
            let Some((_, j)) = self.any_word_at(i, HEDGES) else { continue };
            let mut j = self.skip(j, |c| c == ' ' || PHRASE_MARKS.contains(c));
            if let Some((_, next)) = self.any_word_at(j, OPTION_TRIGGERS) {
                j = self.skip(next, |c| c == ' ' || PHRASE_MARKS.contains(c));
            }
            let Some((l, end)) = self.guarded_letter_at(j, false) else { continue };
            if let Some(other) = self.alternative(end) {
                out.push(Statement {
                    pos: i,
                    strength: Strength::Plain,
                    letters: vec![l, other],
                    rule: Rule::AnswerPhrase,
                });
            }
        }
    }

    /// A second letter joined by "or", "/", "," ... after a candidate.
    pub(super) fn alternative(&self, end: usize) -> Option<Letter> {
        self.alternative_at(end, true)
    }

    /// [`Text::alternative`], with or without the guards on the second
    /// letter (without: to tell "a or b" from the article).
    pub(super) fn alternative_at(&self, end: usize, guarded: bool) -> Option<Letter> {
        let letter = |j: usize| match guarded {
            true => self.guarded_letter_at(j, false),
            false => self.letter_at(j),
        };
        let marks = |c: char| c == ' ' || "()[]*_\"'`".contains(c);
        let mut j = self.skip(end, marks);
        let joined = self.at(j).is_some_and(|c| "/,&".contains(c));
        if joined {
            j = self.skip(j + 1, marks);
            if let Some((l, _)) = letter(j) {
                return Some(l);
            }
        }
        match self.any_word_at(j, OR_WORDS) {
            Some((_, next)) => j = next,
            None if joined => {}
            None => return None,
        }
        for _ in 0..2 {
            j = self.skip(j, marks);
            match self.any_word_at(j, ALT_FILLERS) {
                Some((_, next)) => j = next,
                None => break,
            }
        }
        letter(self.skip(j, marks)).map(|(l, _)| l)
    }
}
