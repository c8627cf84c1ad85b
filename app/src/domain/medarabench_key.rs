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

use std::collections::HashMap;

use super::benchmark::Benchmark;
use super::input;
use super::key::{CheckedKey, KeyBuilder, KeyError, KeyItem, MAX_KEY_BYTES, csv_error, excerpt, header_index};
use super::report::WarningKind;
use super::types::{Letter, QuestionId, Specialty};

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

/// A question text already seen: for duplicate-question warnings.
struct Seen {
    id: QuestionId,
    options: Vec<String>,
    answer: String,
}

pub(super) fn parse(bytes: &[u8]) -> Result<CheckedKey, KeyError> {
    let text = input::decode(bytes, MAX_KEY_BYTES)?;
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(text.as_bytes());
    let lines = input::LineIndex::new(text);
    let headers = reader.headers().map_err(|e| csv_error(&e, &lines))?.clone();
    let cols = locate(&headers)?;
    let mut b = KeyBuilder::new(Benchmark::MedAraBench);
    let mut seen: HashMap<String, Seen> = HashMap::new();
    for record in reader.records() {
        let record = record.map_err(|e| csv_error(&e, &lines))?;
        let line = lines.record_line(record.position());
        b.row();
        read_row(&mut b, &mut seen, &cols, &record, line, headers.len());
    }
    b.finish(bytes)
}

fn locate(headers: &csv::StringRecord) -> Result<Columns, KeyError> {
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

fn read_row(
    b: &mut KeyBuilder,
    seen: &mut HashMap<String, Seen>,
    cols: &Columns,
    record: &csv::StringRecord,
    line: usize,
    width: usize,
) {
    let cell = |i: usize| record.get(i).unwrap_or("");
    let raw_id = cell(cols.id);
    let id = raw_id.parse::<QuestionId>().ok();
    let mut problems = Vec::new();
    if record.len() != width {
        problems.push(format!("{} fields, but the header has {width}", record.len()));
    }
    if id.is_none() {
        problems.push(format!("question id {:?} is not a positive whole number", excerpt(raw_id)));
    }
    let options: Vec<String> = cols.options.iter().map(|c| c.map_or("", cell).trim().to_owned()).collect();
    let count = options.iter().filter(|o| !o.is_empty()).count();
    let raw_answer = cell(cols.answer);
    let answer = check_answer(raw_answer, &options, &mut problems);
    let level = match cell(cols.level).trim() {
        "" => {
            problems.push("level is blank".to_owned());
            None
        }
        raw => raw.parse().map_err(|_| problems.push(format!("level {:?} is not one of Y1-Y5", excerpt(raw)))).ok(),
    };
    let specialty: Option<Specialty> =
        cell(cols.specialty).parse().map_err(|_| problems.push("umbrella_specialty is blank".into())).ok();

    warn_options(b, id, cols.group.map(cell), &options, count);
    let question = cell(cols.question).split_whitespace().collect::<Vec<_>>().join(" ");
    warn_duplicate(b, seen, id, question, options, raw_answer.trim().to_uppercase());

    match (id, answer, level, specialty) {
        (Some(id), Some(answer), Some(level), Some(specialty)) if problems.is_empty() => {
            let sub_specialty = match cols.sub_specialty.map(cell).and_then(|s| s.parse().ok()) {
                Some(s) => s,
                None => {
                    let msg = "Medical Specialty is blank; the umbrella specialty is used".to_owned();
                    b.warn(Some(id), WarningKind::MissingSubspecialty, msg);
                    specialty.clone()
                }
            };
            let normalized = raw_answer != answer.as_char().to_string();
            let options = u8::try_from(count).unwrap_or(u8::MAX);
            b.accept(line, KeyItem { id, answer, level: Some(level), specialty, sub_specialty, options }, normalized);
        }
        _ => b.reject(line, id, problems.join("; ")),
    }
}

/// The answer, when trimmed and upper-cased it is one letter A-F naming a
/// non-empty option; otherwise pushes the reason.
fn check_answer(raw: &str, options: &[String], problems: &mut Vec<String>) -> Option<Letter> {
    let t = raw.trim();
    let mut chars = t.chars();
    let letter = match (chars.next(), chars.next()) {
        (None, _) => {
            problems.push("answer is blank".to_owned());
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
            format!("answer {t:?} is not a single letter A-F")
        } else {
            format!("answer is text ({len} characters), not a single letter A-F")
        });
        return None;
    };
    if options[letter.index()].is_empty() {
        problems.push(format!("answer {letter} names an empty option (the question has {})", option_span(options)));
        return None;
    }
    Some(letter)
}

/// "options A-D", or the list of non-empty option letters when they have gaps.
fn option_span(options: &[String]) -> String {
    let present: Vec<Letter> = Letter::ALL.into_iter().filter(|l| !options[l.index()].is_empty()).collect();
    match present.as_slice() {
        [] => "no options".to_owned(),
        [only] => format!("only option {only}"),
        [first, .., last] if last.index() - first.index() + 1 == present.len() => format!("options {first}-{last}"),
        _ => format!("options {}", present.iter().map(Letter::to_string).collect::<Vec<_>>().join(", ")),
    }
}

/// Group mismatch, option gaps, repeated option texts, unusual counts.
fn warn_options(b: &mut KeyBuilder, id: Option<QuestionId>, group: Option<&str>, options: &[String], count: usize) {
    if let Some(group) = group.map(str::trim).filter(|g| !g.is_empty()) {
        let expected = group.len();
        let well_formed = (1..=6).contains(&expected) && group.eq_ignore_ascii_case(&"ABCDEF"[..expected]);
        if !well_formed {
            b.warn(id, WarningKind::GroupMismatch, format!("Group {:?} is not a letter run like ABCD", excerpt(group)));
        } else if expected != count {
            let msg = format!("Group {group} says {expected} options, but {count} are non-empty");
            b.warn(id, WarningKind::GroupMismatch, msg);
        }
    }
    if let Some(gap) = options.iter().position(String::is_empty).filter(|&g| g < count) {
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
    seen: &mut HashMap<String, Seen>,
    id: Option<QuestionId>,
    question: String,
    options: Vec<String>,
    answer: String,
) {
    if question.is_empty() {
        b.warn(id, WarningKind::EmptyQuestion, "question text is blank".to_owned());
        return;
    }
    let Some(this) = id else { return };
    match seen.get(&question) {
        Some(first) if first.options == options && first.answer != answer => {
            let msg = format!("same question and options as question {}, but a different answer", first.id);
            b.warn(id, WarningKind::ConflictingDuplicate, msg);
        }
        Some(first) => {
            b.warn(id, WarningKind::DuplicateQuestion, format!("same question text as question {}", first.id));
        }
        None => {
            seen.insert(question, Seen { id: this, options, answer });
        }
    }
}

#[cfg(test)]
#[path = "medarabench_key_tests.rs"]
mod tests;
