//! Letter extraction: the documented protocol that turns a raw model
//! response (the `response` field of a prediction file) into an option
//! letter, or into nothing (`unparsed`, which counts as wrong). It reads as
//! a careful human reader would, and prefers unparsed to a guess.
//!
//! # Letters
//! A letter is Latin `A`-`F` in either case or an Arabic option letter
//! (أ/ا/إ/آ = A, ب = B, ج = C, د = D, ه = E, و = F), optionally followed by
//! tatweels (هـ, جـ). It must stand alone: the characters on both sides are
//! not letters, digits or Arabic marks, so ب in "باب" and C in "C12" are
//! never letters. After a phrase (rules 2 and 6) a lower-case `a`, or an
//! `A` that starts a new line, is the English article unless a closing
//! mark, a dash, the end of the text or "or <letter>" follows it ("answer
//! is a." and "answer: a or b" yes, "answer is a patient" no). A letter
//! followed by `.` and a letter, by `. ` and a lower-case word, or by `. `
//! and a species name in any case ("e.g.", "E. coli", "C. Difficile") is
//! never taken after a phrase or as a label.
//!
//! # Reasoning blocks
//! Before any rule, reasoning is set aside: only the text after the last
//! `</think>` (`</thinking>`, `</reasoning>`, any case) is read, and an
//! opening tag left unclosed hides everything after it:
//! "<think>...</think>C" reads "C"; an unclosed "<think>..." reads nothing.
//!
//! # Rules, in priority order
//! Phrases are matched case-insensitively, with Arabic alef forms (أ إ آ)
//! read as ا, ة as ه and ى as ي.
//! 1. **Lone letter**: the whole text, without surrounding spaces,
//!    punctuation and markdown, is one letter: `C`, `(c)`, `**C**`, `ب.`.
//! 2. **Answer statements**, each with a strength:
//!    - *final*: a JSON field `{"answer": "C"}` (keys answer, final_answer,
//!      choice, option, letter, الإجابة ...; value "C", "C) text" or
//!      "Option C"), an `<answer>C</answer>` tag, `\boxed{C}`, or an answer
//!      phrase said to be final ("Final answer: C", "الإجابة النهائية: ب");
//!    - *concluding*: an answer phrase with `so`, `therefore`, `thus`,
//!      `hence`, `finally`, `لذلك`, `إذن`, `وبالتالي` ... among the four
//!      words before it in its sentence ("So the answer is **C**");
//!    - *plain*: any other answer phrase. An answer phrase is `answer`,
//!      `correct option`, `best choice` ..., `الإجابة`, `الجواب`, `الخيار
//!      الصحيح` ..., then up to six filler words (`is`, `would be`, `the`,
//!      `option`, `هي`, `الصحيحة` ...) and marks (`: - = * # ( [ "` line
//!      breaks ...), then a letter: "The answer is C", "## Answer\nC",
//!      "الجواب: ج", "الإجابة: ب - القلب". A second letter after `or`,
//!      `and`, `/`, `,`, `&`, `أو`, `و` makes the statement offer two
//!      letters, and so does "either A or C" / "إما أ أو ج" anywhere.
//!
//!    The strongest statements present decide, together with every
//!    statement after the last of them: the letters they give must all be
//!    one letter, else the text is ambiguous. So a final answer beats
//!    earlier reasoning ("is the answer A? ... Final answer: C" gives C),
//!    but two different final letters, or a later answer contradicting the
//!    final one, leave it unparsed. A phrase stated without a letter ("The
//!    answer is myocardial infarction", "Answer: not A") counts for the
//!    strength but gives no letter; if no statement gives one, rules 4-7
//!    read only the text from the last statement on.
//!
//! If the text refuses ("I cannot answer", "unable to determine", "as an
//! AI", "لا أستطيع" ...) the rules below are not tried.
//! 3. **Leading label**: the text starts (after markdown, a bullet and an
//!    opening bracket) with a letter followed by `)`, `]`, `.`, `:` or a
//!    dash: "C) Aspirin", "ب - القلب". A `.` followed by a lower-case Latin
//!    word is not a label ("E. coli"). If another line starts with a
//!    different label, or rule 5 finds a different letter (a list of the
//!    options), the text is ambiguous.
//! 4. **Bold letter**: `**C**`, `**C)`, `**(C)**`, `__C__` anywhere.
//! 5. **Bracketed label**: a capital Latin or an Arabic letter in brackets,
//!    then a space and option text, anywhere: "The most likely diagnosis is
//!    (C) myocardial infarction", "التشخيص هو (ب) احتشاء".
//! 6. **Option mention**: `option`, `choice`, `letter`, `الخيار`, `خيار`,
//!    `الاختيار`, `الحرف`, then a letter: "Option C", "الخيار ج".
//! 7. **Letter line**: a line that is nothing but one letter (with marks).
//!
//! Rules 1 to 3 decide alone: the first that finds any letter decides, and
//! if it finds two different letters the text is ambiguous and lower rules
//! are not tried. Rules 4 to 7 are weaker and checked against each other:
//! the first that finds a letter decides only if none of them finds a
//! different one ("Option A is wrong.\n\nC" is ambiguous). Nothing else is
//! read: free text mentioning letters ("vitamin B12", "Type A personality",
//! "hepatitis B") is unparsed.

use super::types::{Letter, TATWEEL, is_word_char};

#[path = "extract_answers.rs"]
mod answers;
#[path = "extract_markup.rs"]
mod markup;

/// Which rule of the protocol decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// 1: the whole response is one letter.
    LoneLetter,
    /// 2, final: a JSON answer field or an `<answer>` tag.
    AnswerField,
    /// 2, final: "Final answer: C", "الإجابة النهائية: ب", `\boxed{C}`.
    FinalAnswer,
    /// 2, concluding or plain: "the answer is C", "الإجابة: ب".
    AnswerPhrase,
    /// 3: the response starts with "C)" or "ب.".
    LeadingLabel,
    /// 4: "**C**".
    Bold,
    /// 5: "(C) myocardial infarction" inside a sentence.
    BracketLabel,
    /// 6: "option C", "الخيار ج".
    OptionMention,
    /// 7: a line that is only a letter.
    LetterLine,
}

/// The outcome of extraction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Extraction {
    /// One letter, found by this rule.
    Found(Letter, Rule),
    /// The rule that decided found several different letters.
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
    let reading = markup::after_reasoning(response);
    if let Ok(l) = Letter::parse_answer(reading) {
        return Extraction::Found(l, Rule::LoneLetter);
    }
    let t = Text::new(reading);
    let from = match answers::decide(t.statements()) {
        Ok(decided) => return decided,
        Err(from) => from.unwrap_or(0),
    };
    if t.refuses() {
        return Extraction::NotFound;
    }
    let leading = t.leading_labels();
    if !leading.is_empty() {
        return one_of(leading, Rule::LeadingLabel);
    }
    let weak: [(Rule, Finder); 4] = [
        (Rule::Bold, Text::bold),
        (Rule::BracketLabel, Text::bracket_labels),
        (Rule::OptionMention, Text::option_mentions),
        (Rule::LetterLine, Text::letter_lines),
    ];
    // After an answer statement without a letter, only what follows it.
    let tail = Text { orig: t.orig[from..].to_vec(), norm: t.norm[from..].to_vec() };
    let (mut first, mut all) = (None, Vec::new());
    for (rule, find) in weak {
        let found = find(&tail);
        if first.is_none() && !found.is_empty() {
            first = Some(rule);
        }
        all.extend(found);
    }
    first.map_or(Extraction::NotFound, |rule| one_of(all, rule))
}

/// One rule's search: every letter it finds, in text order.
type Finder = fn(&Text) -> Vec<Letter>;

/// Found if the letters are all the same, else ambiguous.
fn one_of(mut letters: Vec<Letter>, rule: Rule) -> Extraction {
    letters.sort();
    letters.dedup();
    match letters.as_slice() {
        [] => Extraction::NotFound,
        [one] => Extraction::Found(*one, rule),
        _ => Extraction::Ambiguous(rule),
    }
}

/// Words before a letter in rule 6.
const OPTION_TRIGGERS: &[&str] = &["option", "choice", "letter", "الخيار", "خيار", "الاختيار", "اختيار", "الحرف"];
/// Phrases of a refusal, which stop rules 3-7.
#[rustfmt::skip]
const REFUSALS: &[&str] = &[
    "cannot answer", "can't answer", "can not answer", "unable to answer", "not able to answer",
    "cannot determine", "can't determine", "unable to determine", "cannot choose", "can't choose",
    "cannot select", "can't select", "cannot provide", "can't provide", "unable to provide", "cannot help",
    "can't help", "unable to help", "as an ai", "لا استطيع", "لا يمكنني",
];
/// Species names after an initial: "E. coli" is never the letter E.
#[rustfmt::skip]
const SPECIES: &[&str] = &[
    "coli", "difficile", "diff", "albicans", "trachomatis", "fragilis", "pertussis", "faecalis", "faecium",
    "anthracis", "botulinum", "tetani", "perfringens", "diphtheriae", "burgdorferi", "fumigatus", "cereus",
    "jejuni", "histolytica", "duodenale", "vaginalis", "lamblia",
];
/// Marks allowed between an answer phrase and its letter.
const PHRASE_MARKS: &str = ":：-–—=*_#\"'`«»“”([{→";
/// Marks that may follow an article-like `a` taken as a letter.
const CLOSES: &str = ")]}.,:;!?*_\"'`»\n\r";

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

    /// The first of `words` at `i`, and the index after it.
    fn any_word_at<'w>(&self, i: usize, words: &[&'w str]) -> Option<(&'w str, usize)> {
        words.iter().find_map(|w| self.word_at(i, w).map(|end| (*w, end)))
    }

    /// A standalone letter at `i` and the index after it (and its tatweels).
    fn letter_at(&self, i: usize) -> Option<(Letter, usize)> {
        letter_token(&self.orig, i)
    }

    /// [`Text::letter_at`] with the article and "E. coli" guards of rules 2
    /// and 6; `line_start` says a line break came before the letter.
    fn guarded_letter_at(&self, i: usize, line_start: bool) -> Option<(Letter, usize)> {
        let (l, end) = self.letter_at(i)?;
        let after_dot = self.at(self.skip(end + 1, |c| c == ' '));
        let dot_word = self.at(end) == Some('.')
            && (self.at(end + 1).is_some_and(char::is_alphabetic)
                || after_dot.is_some_and(|c| c.is_ascii_lowercase())
                || self.species_at(end));
        let article = self.orig[i] == 'a' || (line_start && self.orig[i] == 'A');
        let dash = matches!(self.at(self.skip(end, |c| c == ' ')), Some('-' | '–' | '—'));
        let article_safe = !article
            || dash
            || self.at(end).is_none_or(|c| CLOSES.contains(c))
            || self.alternative_at(end, false).is_some();
        (article_safe && !dot_word).then_some((l, end))
    }

    /// Whether a species name follows the `.` at `dot` ("E. Coli").
    fn species_at(&self, dot: usize) -> bool {
        let j = self.skip(dot + 1, |c| c == ' ');
        self.at(dot) == Some('.') && self.any_word_at(j, SPECIES).is_some()
    }

    /// Whether the text refuses to answer.
    fn refuses(&self) -> bool {
        self.word_starts().any(|i| self.any_word_at(i, REFUSALS).is_some())
    }

    /// Rule 3: the label at the very start, with the labels starting the
    /// other lines and the bracketed labels of rule 5 (a list of options
    /// makes the text ambiguous).
    fn leading_labels(&self) -> Vec<Letter> {
        let Some(first) = self.first_label() else { return Vec::new() };
        let lines = (0..self.orig.len()).filter(|&p| self.orig[p] == '\n');
        let mut found: Vec<Letter> = std::iter::once(first).chain(lines.filter_map(|p| self.label_at(p + 1))).collect();
        found.extend(self.bracket_labels());
        found
    }

    /// The label starting the text, after any blank lines.
    fn first_label(&self) -> Option<Letter> {
        self.label_at(self.skip(0, char::is_whitespace))
    }

    /// "C) ...", "(ب) ...", "D. Aspirin", "ب - القلب" starting the line at
    /// `i`.
    fn label_at(&self, i: usize) -> Option<Letter> {
        let i = self.skip(i, |c| c == ' ' || c == '\t' || "*_#>\"'([-•+".contains(c));
        let (l, end) = self.letter_at(i)?;
        let j = self.skip(end, |c| c == '*' || c == '_');
        let ok = match self.at(j) {
            Some(')' | ']' | ':' | '-' | '–' | '—') => true,
            Some('.') => {
                !self.at(self.skip(j + 1, |c| c == ' ')).is_some_and(|c| c.is_ascii_lowercase()) && !self.species_at(j)
            }
            Some(' ') => matches!(self.at(self.skip(j, |c| c == ' ')), Some('-' | '–' | '—' | ':')),
            _ => false,
        };
        ok.then_some(l)
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

    /// Rule 5: "(C) myocardial infarction", "[ب] القلب" anywhere.
    fn bracket_labels(&self) -> Vec<Letter> {
        let mut found = Vec::new();
        for i in 0..self.orig.len() {
            if !matches!(self.orig[i], '(' | '[') || (i > 0 && is_word_char(self.orig[i - 1])) {
                continue;
            }
            let Some((l, end)) = self.letter_at(i + 1) else { continue };
            let capital = !self.orig[i + 1].is_ascii_lowercase();
            let text = self.skip(end + 1, |c| c == ' ' || c == '*');
            let spaced = self.at(end + 1) == Some(' ') && self.at(text).is_some_and(is_word_char);
            if capital && matches!(self.at(end), Some(')' | ']')) && spaced {
                found.push(l);
            }
        }
        found
    }

    /// Rule 6: "option C", "choice (b)", "الخيار ج".
    fn option_mentions(&self) -> Vec<Letter> {
        let mut found = Vec::new();
        for i in self.word_starts() {
            if let Some((_, j)) = self.any_word_at(i, OPTION_TRIGGERS) {
                let j = self.skip(j, |c| c == ' ' || ":([*#\"".contains(c));
                if let Some((l, end)) = self.guarded_letter_at(j, false) {
                    found.push(l);
                    found.extend(self.alternative(end));
                }
            }
        }
        found
    }

    /// Rule 7: lines that are only one letter.
    fn letter_lines(&self) -> Vec<Letter> {
        let s: String = self.orig.iter().collect();
        s.lines().filter_map(|line| Letter::parse_answer(line).ok()).collect()
    }
}

/// Lower-case (one-to-one), alef forms → ا, ة → ه, ى → ي, ’ → '.
fn normalize(c: char) -> char {
    match c {
        'أ' | 'إ' | 'آ' => 'ا',
        'ة' => 'ه',
        'ى' => 'ي',
        '’' => '\'',
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
