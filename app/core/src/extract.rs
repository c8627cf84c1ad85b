//! Letter extraction: the documented protocol that turns a raw model
//! response (the `response` field of a prediction file) into an option
//! letter, or into nothing (`unparsed`, which counts as wrong).
//!
//! # Letters
//! A letter is Latin `A`-`F` in either case or an Arabic option letter
//! (أ/ا/إ/آ = A, ب = B, ج = C, د = D, ه = E, و = F), optionally followed by
//! tatweels (هـ, جـ). It must stand alone: the characters on both sides are
//! not letters, digits or Arabic marks, so ب in "باب" and C in "C12" are
//! never letters. A lower-case `a` after a phrase (rules 2 and 5) counts
//! only when a closing mark or the end of the text follows it ("answer is
//! a." yes, "answer is a patient" no): the English article is never taken.
//!
//! # Rules, in priority order
//! Phrases are matched case-insensitively, with Arabic alef forms (أ إ آ)
//! read as ا, ة as ه and ى as ي.
//! 1. **Lone letter**: the whole response, without surrounding spaces,
//!    punctuation and markdown, is one letter: `C`, `(c)`, `**C**`, `ب.`.
//! 2. **Answer phrase**: `answer`, `correct option`, `correct choice`,
//!    `right option`, `best option`, `final answer`; `الإجابة`, `إجابة`,
//!    `الجواب`, `جواب`, `الخيار الصحيح`; then up to six filler words (`is`,
//!    `would be`, `the`, `to this question`, `correct`, `option`, `letter`, `هي`, `هو`,
//!    `الصحيحة`, `الخيار`, `النهائية`, `رقم` ...) and marks (`: - = * ( [ "`),
//!    then a letter: "The answer is C", "Answer: (c)", "الإجابة الصحيحة هي
//!    ب", "الجواب: ج", "الاجابة (د)".
//! 3. **Leading label**: the response starts (after markdown and an opening
//!    bracket) with a letter followed by `)`, `]`, `.`, `:` or `-`: "C)
//!    Aspirin", "ب. ...". A `.` followed by a lower-case Latin word is not a
//!    label ("E. coli ...").
//! 4. **Bold letter**: `**C**`, `**C)`, `**(C)**`, `__C__` anywhere.
//! 5. **Option mention**: `option`, `choice`, `letter`, `الخيار`, `خيار`,
//!    `الاختيار`, `الحرف`, then a letter: "Option C", "الخيار ج".
//! 6. **Letter line**: a line that is nothing but one letter (with marks).
//!
//! The first rule that finds any letter decides. If it finds two different
//! letters ("The answer is A or B", "**A** ... **C**") the response is
//! ambiguous and unparsed; lower rules are not tried. A phrase followed by
//! a second letter after `or`, `and`, `/`, `,`, `&`, `أو` or `و` is
//! ambiguous too. Nothing else is read: free text mentioning letters is
//! unparsed.

use super::types::{Letter, TATWEEL, is_word_char};

/// Which rule of the protocol decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// 1: the whole response is one letter.
    LoneLetter,
    /// 2: "the answer is C", "الإجابة: ب".
    AnswerPhrase,
    /// 3: the response starts with "C)" or "ب.".
    LeadingLabel,
    /// 4: "**C**".
    Bold,
    /// 5: "option C", "الخيار ج".
    OptionMention,
    /// 6: a line that is only a letter.
    LetterLine,
}

/// The outcome of extraction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Extraction {
    /// One letter, found by this rule.
    Found(Letter, Rule),
    /// The first rule that matched found several different letters.
    Ambiguous(Rule),
    /// No rule matched.
    NotFound,
}

/// The letter of a raw response, or `None` (unparsed).
pub fn extract_letter(response: &str) -> Option<Letter> {
    match extract(response) {
        Extraction::Found(l, _) => Some(l),
        _ => None,
    }
}

/// Runs the protocol and says which rule decided.
pub fn extract(response: &str) -> Extraction {
    if let Ok(l) = Letter::parse_answer(response) {
        return Extraction::Found(l, Rule::LoneLetter);
    }
    let t = Text::new(response);
    let rules: [(Rule, Finder); 5] = [
        (Rule::AnswerPhrase, Text::answer_phrases),
        (Rule::LeadingLabel, Text::leading_label),
        (Rule::Bold, Text::bold),
        (Rule::OptionMention, Text::option_mentions),
        (Rule::LetterLine, Text::letter_lines),
    ];
    for (rule, find) in rules {
        let mut found = find(&t);
        found.sort();
        found.dedup();
        match found.as_slice() {
            [] => {}
            [one] => return Extraction::Found(*one, rule),
            _ => return Extraction::Ambiguous(rule),
        }
    }
    Extraction::NotFound
}

/// One rule's search: every letter it finds, in text order.
type Finder = fn(&Text) -> Vec<Letter>;

#[rustfmt::skip]
const ANSWER_TRIGGERS: &[&str] = &[
    "answer", "correct option", "correct choice", "right option", "right choice", "best option", "best choice",
    "الاجابه", "اجابه", "الجواب", "جواب", "الخيار الصحيح", "الاختيار الصحيح",
];
#[rustfmt::skip]
const FILLERS: &[&str] = &[
    "is", "would", "will", "should", "must", "be", "the", "most", "likely", "probably", "therefore", "final",
    "correct", "option", "choice", "letter", "to", "this", "question", "here",
    "هي", "هو", "الصحيحه", "الصحيح", "النهائيه", "الخيار", "الاختيار", "الحرف", "رقم", "اذن", "اذا",
];
const OPTION_TRIGGERS: &[&str] = &["option", "choice", "letter", "الخيار", "خيار", "الاختيار", "اختيار", "الحرف"];
const OR_WORDS: &[&str] = &["or", "and", "او", "و"];

/// The response as characters, plus a same-length normalized copy for
/// phrase matching.
struct Text {
    orig: Vec<char>,
    norm: Vec<char>,
}

impl Text {
    fn new(s: &str) -> Self {
        let orig: Vec<char> = s.chars().collect();
        let norm = orig.iter().map(|&c| normalize(c)).collect();
        Self { orig, norm }
    }

    fn at(&self, i: usize) -> Option<char> {
        self.orig.get(i).copied()
    }

    /// Index of the first character at or after `i` not in `skip`.
    fn skip(&self, mut i: usize, skip: impl Fn(char) -> bool) -> usize {
        while self.at(i).is_some_and(&skip) {
            i += 1;
        }
        i
    }

    /// Positions where a word starts: where phrases may match.
    fn word_starts(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.orig.len()).filter(|&i| is_word_char(self.orig[i]) && (i == 0 || !is_word_char(self.orig[i - 1])))
    }

    /// Whether the normalized text has `word` at `i` with word boundaries.
    fn word_at(&self, i: usize, word: &str) -> Option<usize> {
        if self.norm.get(i).copied() != word.chars().next() {
            return None;
        }
        let end = i + word.chars().count();
        let matches = end <= self.norm.len() && self.norm[i..end].iter().copied().eq(word.chars());
        let bounded = (i == 0 || !is_word_char(self.orig[i - 1])) && self.at(end).is_none_or(|c| !is_word_char(c));
        (matches && bounded).then_some(end)
    }

    /// A standalone letter at `i` and the index after it (and its tatweels).
    fn letter_at(&self, i: usize) -> Option<(Letter, usize)> {
        letter_token(&self.orig, i)
    }

    /// [`Text::letter_at`] with the article guard of rules 2 and 5.
    fn guarded_letter_at(&self, i: usize) -> Option<(Letter, usize)> {
        let (l, end) = self.letter_at(i)?;
        let closes = |c: char| ")]}.,:;!?*_\"'»\n\r".contains(c);
        let dot_word = self.at(end) == Some('.') && self.at(end + 1).is_some_and(char::is_alphabetic);
        let article_safe = self.orig[i] != 'a' || self.at(end).is_none_or(closes);
        (article_safe && !dot_word).then_some((l, end))
    }

    /// Rule 2: letters after answer phrases.
    fn answer_phrases(&self) -> Vec<Letter> {
        let mut found = Vec::new();
        for i in self.word_starts() {
            let Some(mut j) = ANSWER_TRIGGERS.iter().find_map(|t| self.word_at(i, t)) else { continue };
            for _ in 0..=FILLERS.len().min(6) {
                j = self.skip(j, |c| c.is_whitespace() || ":：-–—=*_#\"'«»“”([{".contains(c));
                if let Some((l, end)) = self.guarded_letter_at(j) {
                    found.push(l);
                    found.extend(self.alternative(end));
                    break;
                }
                match FILLERS.iter().find_map(|w| self.word_at(j, w)) {
                    Some(next) => j = next,
                    None => break,
                }
            }
        }
        found
    }

    /// A second letter joined by "or", "/", "," ... after a candidate.
    fn alternative(&self, end: usize) -> Option<Letter> {
        let mut j = self.skip(end, |c| c == ' ' || ")]*_".contains(c));
        if self.at(j).is_some_and(|c| "/,&".contains(c)) {
            j += 1;
        } else {
            j = OR_WORDS.iter().find_map(|w| self.word_at(j, w))?;
        }
        j = self.skip(j, |c| c == ' ' || "([*_".contains(c));
        self.guarded_letter_at(j).map(|(l, _)| l)
    }

    /// Rule 3: "C) ...", "(ب) ...", "D. Aspirin" at the very start.
    fn leading_label(&self) -> Vec<Letter> {
        let i = self.skip(0, |c| c.is_whitespace() || "*_#>\"'([".contains(c));
        let Some((l, end)) = self.letter_at(i) else { return Vec::new() };
        let j = self.skip(end, |c| c == '*' || c == '_');
        let after = self.skip(j + 1, |c| c == ' ');
        let ok = match self.at(j) {
            Some(')' | ']' | ':' | '-' | '–') => true,
            Some('.') => !self.at(after).is_some_and(|c| c.is_ascii_lowercase()),
            _ => false,
        };
        if ok { vec![l] } else { Vec::new() }
    }

    /// Rule 4: a letter right inside `**`/`__`, closed by the same or by a
    /// label mark.
    fn bold(&self) -> Vec<Letter> {
        let mut found = Vec::new();
        for i in 1..self.orig.len() {
            let mark = self.orig[i];
            if (mark != '*' && mark != '_') || self.orig[i - 1] != mark {
                continue;
            }
            let j = self.skip(i + 1, |c| c == '(');
            if let Some((l, end)) = self.letter_at(j) {
                let closed = self.at(end).is_some_and(|c| c == mark || ").:".contains(c));
                if closed {
                    found.push(l);
                }
            }
        }
        found
    }

    /// Rule 5: "option C", "choice (b)", "الخيار ج".
    fn option_mentions(&self) -> Vec<Letter> {
        let mut found = Vec::new();
        for i in self.word_starts() {
            if let Some(j) = OPTION_TRIGGERS.iter().find_map(|t| self.word_at(i, t)) {
                let j = self.skip(j, |c| c == ' ' || ":([*#\"".contains(c));
                found.extend(self.guarded_letter_at(j).map(|(l, _)| l));
            }
        }
        found
    }

    /// Rule 6: lines that are only one letter.
    fn letter_lines(&self) -> Vec<Letter> {
        let s: String = self.orig.iter().collect();
        s.lines().filter_map(|line| Letter::parse_answer(line).ok()).collect()
    }
}

/// Lower-case (one-to-one), alef forms → ا, ة → ه, ى → ي.
fn normalize(c: char) -> char {
    match c {
        'أ' | 'إ' | 'آ' => 'ا',
        'ة' => 'ه',
        'ى' => 'ي',
        _ if c.is_ascii() => c.to_ascii_lowercase(),
        _ => {
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(l), None) => l,
                _ => c,
            }
        }
    }
}

/// A standalone letter (Latin or Arabic, with trailing tatweels) starting
/// at `chars[i]`, and the index after it.
pub(crate) fn letter_token(chars: &[char], i: usize) -> Option<(Letter, usize)> {
    let letter = Letter::from_char(*chars.get(i)?)?;
    if i > 0 && is_word_char(chars[i - 1]) {
        return None;
    }
    let mut end = i + 1;
    while chars.get(end) == Some(&TATWEEL) {
        end += 1;
    }
    match chars.get(end) {
        Some(&c) if is_word_char(c) => None,
        _ => Some((letter, end)),
    }
}

#[cfg(test)]
#[path = "extract_tests.rs"]
mod tests;
