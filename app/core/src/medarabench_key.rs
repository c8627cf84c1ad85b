//! Reader for the official MedAraBench test-split CSV (`Question Number,
//! Question, Option A..F, Correct Answer, Level, Medical Specialty, Group,
//! umbrella_specialty`). Fields hold commas and line breaks; the file may
//! have a BOM and CRLF line ends.
//!
//! A row is scoreable when its id is a positive whole number (unique in the
//! file), its answer trimmed and upper-cased is one letter A-F naming a
//! non-empty option, its level is Y1-Y5 and its umbrella specialty is not
//! blank. Every other row is rejected with all its reasons. Oddities that do
//! not stop scoring (see [`WarningKind`]) are warnings.
//!
//! Rows are read into one reused record whose cells borrow the file's text;
//! the per-row checks allocate only to describe a problem.

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::hash::Hasher;

use super::benchmark::Benchmark;
use super::csv_records::{Reader, Record, records_bound, trim};
use super::input;
use super::key::{KeyError, MAX_KEY_BYTES, excerpt, header_index};
use super::key_builder::{Built, Detail, KeyBuilder, Scoreable};
use super::key_reason::RejectReason;
use super::report::WarningKind;
use super::types::{Letter, QuestionId};
use rustc_hash::{FxHashMap as FastMap, FxHasher};

const ID: &str = "question number";
const QUESTION: &str = "question";
const ANSWER: &str = "correct answer";
const LEVEL: &str = "level";
const SUBSPECIALTY: &str = "medical specialty";
const GROUP: &str = "group";
const SPECIALTY: &str = "umbrella_specialty";
const OPTIONS: [&str; 6] = ["option a", "option b", "option c", "option d", "option e", "option f"];
/// Columns without which the file is refused; Option E/F, Medical Specialty
/// and Group may be absent (treated as blank / unchecked).
const REQUIRED: [&str; 9] = [ID, QUESTION, "option a", "option b", "option c", "option d", ANSWER, LEVEL, SPECIALTY];

struct Columns {
    id: usize,
    question: usize,
    answer: usize,
    level: usize,
    specialty: usize,
    sub_specialty: Option<usize>,
    group: Option<usize>,
    options: [Option<usize>; 6],
}

impl Columns {
    /// The six option cells, trimmed ("" for an absent column).
    fn option_cells<'r>(&self, record: &'r Record<'_>) -> [&'r str; 6] {
        self.options.map(|c| trim(c.and_then(|i| record.get(i)).unwrap_or("")))
    }
}

/// Question texts already seen, for duplicate-question warnings: a hash of
/// each distinct text (whitespace collapsed, rows with an id only) with the
/// row's id and start. A hash match is confirmed on the texts themselves by
/// reading the earlier row again, which only duplicates need.
struct Questions<'a> {
    text: &'a str,
    seen: FastMap<u64, (QuestionId, u32)>,
}

pub(super) fn parse(bytes: &[u8], detail: Detail) -> Result<Built, KeyError> {
    let text = input::decode(bytes, MAX_KEY_BYTES)?;
    let mut reader = Reader::new(text);
    let mut headers = Record::default();
    reader.read(&mut headers);
    let cols = locate(&headers)?;
    let rows = records_bound(text);
    let mut b = KeyBuilder::new(Benchmark::MedAraBench, rows, detail);
    let capacity = if b.warns() { rows } else { 0 };
    let mut questions = Questions { text, seen: FastMap::with_capacity_and_hasher(capacity, Default::default()) };
    let mut record = Record::default();
    while reader.read(&mut record) {
        b.row();
        read_row(&mut b, &mut questions, &cols, &record, headers.len());
    }
    b.finish(bytes)
}

fn locate(headers: &Record<'_>) -> Result<Columns, KeyError> {
    let index = header_index(headers)?;
    let missing: Vec<String> = REQUIRED.iter().filter(|c| !index.contains_key(**c)).map(|c| title(c)).collect();
    if !missing.is_empty() {
        let found = headers.iter().map(|h| h.trim().to_owned()).collect();
        return Err(KeyError::MissingColumns { missing, found });
    }
    Ok(Columns {
        id: index[ID],
        question: index[QUESTION],
        answer: index[ANSWER],
        level: index[LEVEL],
        specialty: index[SPECIALTY],
        sub_specialty: index.get(SUBSPECIALTY).copied(),
        group: index.get(GROUP).copied(),
        options: OPTIONS.map(|o| index.get(o).copied()),
    })
}

/// The official spelling of a column name, for messages.
fn title(lower: &str) -> String {
    match lower {
        SPECIALTY => SPECIALTY.to_owned(),
        _ => lower.split(' ').map(|w| w[..1].to_uppercase() + &w[1..]).collect::<Vec<_>>().join(" "),
    }
}

fn read_row(b: &mut KeyBuilder, questions: &mut Questions<'_>, cols: &Columns, record: &Record<'_>, width: usize) {
    let cell = |i: usize| record.get(i).unwrap_or("");
    let raw_id = cell(cols.id);
    let id = raw_id.parse::<QuestionId>().ok();
    let mut problems = Vec::new();
    if record.len() != width {
        problems.push(RejectReason::FieldCount { fields: record.len(), header: width });
    }
    if id.is_none() {
        problems.push(RejectReason::BadQuestionId { value: excerpt(raw_id) });
    }
    let options = cols.option_cells(record);
    let count = options.iter().filter(|o| !o.is_empty()).count();
    let raw_answer = cell(cols.answer);
    let answer = check_answer(raw_answer, &options, &mut problems);
    let level = match trim(cell(cols.level)) {
        "" => {
            problems.push(RejectReason::LevelBlank);
            None
        }
        raw => raw.parse().map_err(|_| problems.push(RejectReason::BadLevel { value: excerpt(raw) })).ok(),
    };
    let specialty = b.name(cell(cols.specialty));
    if specialty.is_none() {
        problems.push(RejectReason::SpecialtyBlank);
    }

    if let Some(id) = id {
        b.question_text(id, cell(cols.question));
    }
    if b.warns() {
        warn_options(b, id, cols.group.map(cell), &options, count);
        warn_duplicate(b, questions, cols, id, record);
    }

    match (id, answer, level, specialty) {
        (Some(id), Some(answer), Some(level), Some(specialty)) if problems.is_empty() => {
            let sub_specialty = match cols.sub_specialty.map(cell).and_then(|s| b.name(s)) {
                Some(s) => s,
                None => {
                    let msg = "Medical Specialty is blank; the umbrella specialty is used".to_owned();
                    b.warn(Some(id), WarningKind::MissingSubspecialty, msg);
                    specialty.clone()
                }
            };
            let normalized = raw_answer != answer.as_char().encode_utf8(&mut [0; 4]);
            let options = u8::try_from(count).unwrap_or(u8::MAX);
            let row = Scoreable { id, answer, level: Some(level), specialty, sub_specialty, options };
            b.accept(record.line(), row, normalized);
        }
        _ => b.reject(record.line(), id, problems),
    }
}

/// The answer, when trimmed and upper-cased it is one letter A-F naming a
/// non-empty option; otherwise pushes the reason.
fn check_answer(raw: &str, options: &[&str; 6], problems: &mut Vec<RejectReason>) -> Option<Letter> {
    let t = trim(raw);
    let mut chars = t.chars();
    let letter = match (chars.next(), chars.next()) {
        (None, _) => {
            problems.push(RejectReason::AnswerBlank);
            return None;
        }
        (Some(c), None) => Letter::from_latin(c),
        _ => None,
    };
    let Some(letter) = letter else {
        // Short values ("A+B", "V") are shown; longer ones are answer text,
        // which a report must not repeat.
        let len = t.chars().count();
        problems.push(if len <= 4 {
            RejectReason::AnswerNotALetter { value: t.to_owned() }
        } else {
            RejectReason::AnswerIsText { length: len }
        });
        return None;
    };
    if options[letter.index()].is_empty() {
        let present = Letter::ALL.into_iter().filter(|l| !options[l.index()].is_empty()).collect();
        problems.push(RejectReason::AnswerEmptyOption { letter, options: present });
        return None;
    }
    Some(letter)
}

/// Group mismatch, option gaps, repeated option texts, unusual counts.
fn warn_options(b: &mut KeyBuilder, id: Option<QuestionId>, group: Option<&str>, options: &[&str; 6], count: usize) {
    if let Some(group) = group.map(trim).filter(|g| !g.is_empty()) {
        let expected = group.len();
        let well_formed = (1..=6).contains(&expected) && group.eq_ignore_ascii_case(&"ABCDEF"[..expected]);
        if !well_formed {
            b.warn(id, WarningKind::GroupMismatch, format!("Group {:?} is not a letter run like ABCD", excerpt(group)));
        } else if expected != count {
            let msg = format!("Group {group} says {expected} options, but {count} are non-empty");
            b.warn(id, WarningKind::GroupMismatch, msg);
        }
    }
    if let Some(gap) = options.iter().position(|o| o.is_empty()).filter(|&g| g < count) {
        let msg = format!("option {} is empty but a later option is not", Letter::ALL[gap]);
        b.warn(id, WarningKind::OptionGap, msg);
    }
    for (i, a) in options.iter().enumerate().filter(|(_, o)| !o.is_empty()) {
        if let Some(j) = options[i + 1..].iter().position(|o| o == a) {
            let msg = format!("options {} and {} have the same text", Letter::ALL[i], Letter::ALL[i + 1 + j]);
            b.warn(id, WarningKind::DuplicateOptions, msg);
            break;
        }
    }
    if count != 4 && count != 5 {
        b.warn(id, WarningKind::UnusualOptionCount, format!("{count} non-empty options (the benchmark keeps 4 or 5)"));
    }
}

/// Blank question text, and question texts repeated from an earlier row
/// (a conflict when the options match but the answer does not).
fn warn_duplicate(
    b: &mut KeyBuilder,
    questions: &mut Questions<'_>,
    cols: &Columns,
    id: Option<QuestionId>,
    record: &Record<'_>,
) {
    let question = record.get(cols.question).unwrap_or("");
    let Some(mut hash) = words_hash(question) else {
        b.warn(id, WarningKind::EmptyQuestion, "question text is blank".to_owned());
        return;
    };
    let Some(this) = id else { return };
    let text = questions.text;
    loop {
        let (first_id, start) = match questions.seen.entry(hash) {
            Entry::Vacant(slot) => {
                slot.insert((this, u32::try_from(record.start()).expect("keys are under 4 GB")));
                return;
            }
            Entry::Occupied(slot) => *slot.get(),
        };
        let mut first = Record::default();
        Reader::at(text, start as usize).read(&mut first);
        if !first.get(cols.question).unwrap_or("").split_whitespace().eq(question.split_whitespace()) {
            // Another text with the same hash: probe the next one.
            hash = hash.wrapping_add(1);
            continue;
        }
        let answer = |r: &Record<'_>| r.get(cols.answer).unwrap_or("").trim().to_uppercase();
        if cols.option_cells(&first) == cols.option_cells(record) && answer(&first) != answer(record) {
            let msg = format!("same question and options as question {first_id}, but a different answer");
            b.warn(id, WarningKind::ConflictingDuplicate, msg);
            b.conflict(first_id, this);
        } else {
            b.warn(id, WarningKind::DuplicateQuestion, format!("same question text as question {first_id}"));
        }
        return;
    }
}

/// A hash of the text with its whitespace collapsed (its words joined by
/// single spaces); `None` when it has no words. Most question texts are
/// collapsed already and are hashed as they are.
fn words_hash(text: &str) -> Option<u64> {
    let collapsed: Cow<'_, str> =
        if is_collapsed(text) { text.into() } else { text.split_whitespace().collect::<Vec<_>>().join(" ").into() };
    if collapsed.is_empty() {
        return None;
    }
    let mut h = FxHasher::default();
    h.write(collapsed.as_bytes());
    Some(h.finish())
}

/// True when collapsing the whitespace would not change `text`: its only
/// whitespace is single spaces between words. Whitespace other than the
/// space is a byte 9-13 or starts with byte C2, E1, E2 or E3 (U+0085,
/// U+00A0, U+1680, U+2000-U+205F, U+3000); other characters starting with
/// those bytes only make the answer a safe "no".
fn is_collapsed(text: &str) -> bool {
    let other_space = text.bytes().fold(false, |seen, b| seen | matches!(b, 9..=13 | 0xC2 | 0xE1..=0xE3));
    !other_space && !text.starts_with(' ') && !text.ends_with(' ') && !text.contains("  ")
}

#[cfg(test)]
#[path = "medarabench_key_tests.rs"]
mod tests;
