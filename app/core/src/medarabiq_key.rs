//! Reader for the MedArabiQ multiple-choice CSV (`Question, Answer,
//! Category`). Options live inside the question text as labelled lines
//! ("أ. ...", "ب) ...", "هـ. ..."); the answer repeats the correct option's
//! label and text ("د. ..."). Question ids are 1-based data row numbers;
//! the category is the specialty (and sub-specialty); there are no levels.
//!
//! Option labels are Arabic letters (أ/ا/إ/آ ب ج د ه و, optional tatweel)
//! followed by `.`, `)`, `-`, `:` or `/`, at the start of a line or after a
//! `:`/`؟`/`?` that ends the stem on the same line. Labels must come in
//! order from A; a would-be label out of order is ordinary text. A row is
//! scoreable when the trimmed answer starts with a label (the mark after it
//! may be left out) naming one of the question's options, and the category
//! is not blank.

use std::collections::HashMap;

use super::benchmark::Benchmark;
use super::csv_records::{Reader, Record, records_bound};
use super::extract::letter_token;
use super::input;
use super::key::{KeyError, MAX_KEY_BYTES, header_index};
use super::key_builder::{Built, Detail, KeyBuilder, Scoreable};
use super::key_reason::RejectReason;
use super::report::WarningKind;
use super::types::{Letter, QuestionId};

const LABEL_MARKS: &str = ".)-–:/";

/// The labelled options of a question and the stem before them.
struct Options {
    stem: String,
    texts: Vec<String>,
}

pub(super) fn parse(bytes: &[u8], detail: Detail) -> Result<Built, KeyError> {
    let text = input::decode(bytes, MAX_KEY_BYTES)?;
    let mut reader = Reader::new(text);
    let mut headers = Record::default();
    reader.read(&mut headers);
    let index = header_index(&headers)?;
    let col = |name: &str| index.get(name).copied();
    let (Some(q_col), Some(a_col), Some(c_col)) = (col("question"), col("answer"), col("category")) else {
        let missing = ["Question", "Answer", "Category"]
            .iter()
            .filter(|n| col(&n.to_lowercase()).is_none())
            .map(|n| (*n).to_owned())
            .collect();
        return Err(KeyError::MissingColumns { missing, found: headers.iter().map(|h| h.trim().to_owned()).collect() });
    };
    let mut b = KeyBuilder::new(Benchmark::MedArabiQ, records_bound(text), detail);
    let mut seen: HashMap<String, QuestionId> = HashMap::new();
    let mut record = Record::default();
    let mut row = 0;
    while reader.read(&mut record) {
        let line = record.line();
        row += 1;
        b.row();
        let id = u32::try_from(row).ok().and_then(QuestionId::new);
        let cell = |i: usize| record.get(i).unwrap_or("");
        let options = find_options(cell(q_col));
        let mut problems = Vec::new();
        let raw_answer = cell(a_col);
        let answer = check_answer(raw_answer, &options, &mut problems);
        let category = b.name(cell(c_col));
        if category.is_none() {
            problems.push(RejectReason::CategoryBlank);
        }
        if let Some(id) = id {
            b.question_text(id, &options.stem);
            warn(&mut b, &mut seen, id, &options, answer.as_ref().filter(|_| problems.is_empty()));
        }
        match (id, answer, category) {
            (Some(id), Some((letter, _)), Some(specialty)) if problems.is_empty() => {
                let row = Scoreable {
                    id,
                    answer: letter,
                    level: None,
                    sub_specialty: specialty.clone(),
                    specialty,
                    options: u8::try_from(options.texts.len()).unwrap_or(u8::MAX),
                };
                b.accept(line, row, raw_answer.trim() != raw_answer);
            }
            _ => b.reject(line, id, problems),
        }
    }
    b.finish(bytes)
}

/// A label at `chars[i]`: an Arabic option letter, optional tatweels and
/// spaces, then a mark (or, with `bare`, a space or the end). Returns the
/// letter and the index where the option text starts.
fn label_at(chars: &[char], i: usize, bare: bool) -> Option<(Letter, usize)> {
    Letter::from_arabic(*chars.get(i)?)?;
    let (letter, end) = letter_token(chars, i)?;
    let mut j = end;
    while chars.get(j) == Some(&' ') {
        j += 1;
    }
    match chars.get(j) {
        Some(&c) if LABEL_MARKS.contains(c) => Some((letter, j + 1)),
        None => bare.then_some((letter, j)),
        Some(_) => (bare && j > end).then_some((letter, j)),
    }
}

/// Splits a question into stem and options, labels in order from A.
fn find_options(question: &str) -> Options {
    let mut stem = String::new();
    let mut texts: Vec<String> = Vec::new();
    for line in question.lines() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = chars.iter().take_while(|c| c.is_whitespace()).count();
        if texts.is_empty() && label_at(&chars, i, false).is_none_or(|(l, _)| l != Letter::A) {
            // A stem line; the first option may follow a ':' or '?' on it.
            let inline = chars.iter().enumerate().filter(|(_, c)| ":؟?".contains(**c)).find_map(|(k, _)| {
                let start = k + 1 + chars[k + 1..].iter().take_while(|c| c.is_whitespace()).count();
                label_at(&chars, start, false).is_some_and(|(l, _)| l == Letter::A).then_some(start)
            });
            match inline {
                Some(start) => {
                    stem.push_str(&chars[..start].iter().collect::<String>());
                    i = start;
                }
                None => {
                    stem.push_str(line);
                    stem.push('\n');
                    continue;
                }
            }
        }
        match label_at(&chars, i, false).filter(|(l, _)| l.index() == texts.len()) {
            Some((_, start)) => texts.push(chars[start..].iter().collect::<String>().trim().to_owned()),
            None => {
                if let Some(last) = texts.last_mut() {
                    last.push(' ');
                    last.push_str(line.trim());
                }
            }
        }
    }
    Options { stem, texts }
}

/// The answer's letter and text when it names one of the options.
fn check_answer(raw: &str, options: &Options, problems: &mut Vec<RejectReason>) -> Option<(Letter, String)> {
    let t = raw.trim();
    if options.texts.is_empty() {
        problems.push(RejectReason::NoLabelledOptions);
    }
    if t.is_empty() {
        problems.push(RejectReason::AnswerBlank);
        return None;
    }
    let chars: Vec<char> = t.chars().collect();
    let Some((letter, start)) = label_at(&chars, 0, true) else {
        problems.push(RejectReason::AnswerNotLabelled);
        return None;
    };
    let n = options.texts.len();
    if n > 0 && letter.index() >= n {
        let last = Letter::ALL[n.min(6) - 1];
        problems.push(RejectReason::AnswerBeyondOptions { letter, last });
        return None;
    }
    Some((letter, chars[start..].iter().collect::<String>().trim().to_owned()))
}

fn warn(
    b: &mut KeyBuilder,
    seen: &mut HashMap<String, QuestionId>,
    id: QuestionId,
    options: &Options,
    answer: Option<&(Letter, String)>,
) {
    let stem = options.stem.split_whitespace().collect::<Vec<_>>().join(" ");
    if stem.is_empty() {
        b.warn(Some(id), WarningKind::EmptyQuestion, "question stem is blank".to_owned());
    } else if let Some(first) = seen.get(&stem) {
        b.warn(Some(id), WarningKind::DuplicateQuestion, format!("same question text as question {first}"));
    } else {
        seen.insert(stem, id);
    }
    let n = options.texts.len();
    if n != 0 && n != 4 && n != 5 {
        b.warn(Some(id), WarningKind::UnusualOptionCount, format!("{n} labelled options (expected 4 or 5)"));
    }
    if let Some((letter, text)) = answer {
        let squash = |s: &str| s.split_whitespace().collect::<String>().trim_end_matches(['.', '،', ',']).to_owned();
        let (given, option) = (squash(text), squash(&options.texts[letter.index()]));
        if !given.is_empty() && !option.starts_with(&given) && !given.starts_with(&option) {
            let msg = format!("the answer's text differs from option {letter}'s text");
            b.warn(Some(id), WarningKind::AnswerTextMismatch, msg);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::key::parse_key;
    use super::*;

    #[test]
    fn reads_labelled_options_and_answers() {
        let csv = "Question,Answer,Category\n\
            \"سؤال أول:\nأ. خيار\nب) خيار ثان\nج. ثالث\nد. رابع\",\"ب) خيار ثان\n\",Histology\n\
            \"سؤال ثان: أ. واحد\nب. اثنان\nج. ثلاثة\nد. أربعة\nهـ. خمسة\",هـ. خمسة,Physiology\n\
            \"سؤال ثالث\nا.الأول\nب. الثاني\nج. الثالث\nد. الرابع\",ج. شيء آخر,Physiology\n\
            \"سؤال رابع\nأ. واحد\nب. اثنان\nج. ثلاثة\nد. أربعة\",هـ. خمسة,Physiology\n\
            \"سؤال بلا خيارات\",أ. نعم,Physiology\n\
            \"سؤال سادس\nأ. واحد\nب. اثنان\nج. ثلاثة\nد. أربعة\",الجواب أ,\n";
        let k = parse_key(Benchmark::MedArabiQ, csv.as_bytes()).unwrap();
        let r = &k.report;
        assert_eq!((r.rows, r.scoreable, r.normalized), (6, 3, 1));
        let answers: Vec<_> = k.key.items().iter().map(|it| (it.id.get(), it.answer, it.options)).collect();
        assert_eq!(answers, [(1, Letter::B, 4), (2, Letter::E, 5), (3, Letter::C, 4)]);
        assert_eq!(r.levels["n/a"], 3);
        assert_eq!(r.specialties["Physiology"], 2);
        let rejected: Vec<_> = r.rejected.iter().map(|x| x.question_id.unwrap().get()).collect();
        assert_eq!(rejected, [4, 5, 6]);
        assert!(r.rejected[0].reason.contains("answer names option E, but the question has options A-D"));
        assert!(r.rejected[1].reason.starts_with("no labelled options"));
        assert!(r.rejected[2].reason.contains("does not start with an option label"));
        assert!(r.rejected[2].reason.contains("category is blank"));
        let codes: Vec<Vec<&str>> =
            r.rejected.iter().map(|x| x.reasons.iter().map(RejectReason::code).collect()).collect();
        assert_eq!(
            codes,
            [
                vec!["key-reason-answer-beyond-options"],
                vec!["key-reason-no-labelled-options"],
                vec!["key-reason-answer-not-labelled", "key-reason-category-blank"],
            ]
        );
        assert_eq!(r.rejected[1].reason, "no labelled options (أ. ب. ج. ...) found in the question");
        let kinds: Vec<_> = r.warnings.iter().map(|w| (w.question_id.unwrap().get(), w.kind)).collect();
        assert_eq!(kinds, [(3, WarningKind::AnswerTextMismatch)]);
    }

    #[test]
    fn labels_need_marks_inside_questions() {
        let o = find_options("دواء يستعمل في:\nد. ليس خيارا أول\nأ. أول\nب. ثان\nدوالي المري\nج. ثالث");
        assert_eq!(o.texts, ["أول", "ثان دوالي المري", "ثالث"]);
    }
}
