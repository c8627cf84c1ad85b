//! Synthetic data, so that demos, tests and benchmarks never need the real
//! (private) answer key: an official-format key CSV with roughly the real
//! mix of specialties, levels and option counts plus deliberate defects,
//! prediction files of a chosen accuracy, and a small MedArabiQ-format key.
//! Everything is deterministic for a given seed (ChaCha8). Question texts
//! say "(synthetic)".

use std::fmt::Write as _;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::key::AnswerKey;
use super::types::{Letter, Level};

/// The paper's 19 umbrella specialties, with a weight (about the real test
/// split's row counts; the four absent from it get a few rows) and the
/// sub-specialties used for them.
pub const SPECIALTIES: [(&str, u32, &[&str]); 19] = [
    ("Anatomy", 1197, &["Anatomy", "Histology"]),
    ("Anesthesia", 82, &["Anesthesia"]),
    ("Biochemistry", 371, &["Biochemistry"]),
    ("Cell and Molecular Biology", 631, &["Genetics", "Cell Biology"]),
    ("Chemistry and Physics", 783, &["Physics", "Chemistry"]),
    ("Embryology", 10, &["Embryology"]),
    ("Emergency Medicine", 23, &["Emergency Medicine"]),
    ("Internal Medicine", 177, &["Neurology", "Gastroenterology", "Cardiology", "Oncology"]),
    ("Medical Ethics", 10, &["Medical Ethics"]),
    ("Microbiology", 151, &["Microbiology"]),
    ("Ophthalmology", 260, &["Ophthalmology"]),
    ("Pathology", 54, &["Pathology"]),
    ("Pediatrics", 10, &["Pediatrics"]),
    ("Pharmacology", 66, &["Pharmacology"]),
    ("Physiology", 667, &["Physiology"]),
    ("Preventive Medicine", 10, &["Preventive Medicine"]),
    ("Psychiatry", 10, &["Psychiatry"]),
    ("Statistics", 363, &["Statistics"]),
    ("Surgery", 128, &["Surgery"]),
];

const LEVEL_WEIGHTS: [u32; 5] = [62, 20, 9, 4, 5];
const HEADER: [&str; 13] = [
    "Question Number",
    "Question",
    "Option A",
    "Option B",
    "Option C",
    "Option D",
    "Option E",
    "Option F",
    "Correct Answer",
    "Level",
    "Medical Specialty",
    "Group",
    "umbrella_specialty",
];
/// What validating a [`synthetic_key`] must report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Expected {
    /// Data rows.
    pub rows: usize,
    /// Rows that must be scoreable.
    pub scoreable: usize,
    /// Rows with a blank, out-of-range or non-letter answer.
    pub rejected: usize,
    /// Lower-case or space-padded answers.
    pub normalized: usize,
    /// Rows whose `Group` claims 5 options but have 4.
    pub group_mismatch: usize,
    /// Rows repeating the previous row's question text.
    pub duplicate_question: usize,
}

/// A synthetic key in the official CSV format and what it contains.
#[derive(Debug, Clone)]
pub struct SyntheticKey {
    /// The file, UTF-8 with CRLF line ends.
    pub csv: String,
    /// The counts a correct validator reports for it.
    pub expected: Expected,
}

/// A deterministic official-format key of `rows` rows (about 5,000 mirrors
/// the real split). Defects, by row index: every 499 rows one blank answer,
/// one answer "E" on a 4-option question and one "A+B"; a lower-case
/// answer every 97 rows and a space-padded one every 113; a `Group` of
/// ABCDE on a 4-option question every 41; the previous row's question text
/// repeated every 251.
pub fn synthetic_key(rows: usize, seed: u64) -> SyntheticKey {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let total: u32 = SPECIALTIES.iter().map(|s| s.1).sum();
    let mut out = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    let mut e = Expected { rows, ..Expected::default() };
    let _ = out.write_record(HEADER);
    let mut previous_question = String::new();
    for i in 0..rows {
        let id = i + 1;
        let (specialty, subs) = pick_specialty(&mut rng, total);
        let sub = subs.choose(&mut rng).copied().unwrap_or(specialty);
        let level = Level::ALL[weighted(&mut rng, &LEVEL_WEIGHTS)];
        let mut n = match rng.gen_range(0..1000) {
            0..=4 => 6,
            5..=199 => 5,
            _ => 4,
        };
        let letter = Letter::ALL[rng.gen_range(0..n)];
        let mut answer = letter.to_string();
        let mut group_n = n;
        match i % 499 {
            17 => answer.clear(),
            101 => {
                n = 4;
                group_n = 4;
                answer = "E".to_owned();
            }
            211 => answer = "A+B".to_owned(),
            _ if i % 97 == 5 => answer = answer.to_lowercase(),
            _ if i % 113 == 7 => answer = format!(" {answer} "),
            _ => {}
        }
        let letter_ok = Letter::from_latin(answer.trim().chars().next().unwrap_or('?'))
            .is_some_and(|l| answer.trim().len() == 1 && l.index() < n);
        if n == 4 && i % 41 == 3 {
            group_n = 5;
            e.group_mismatch += 1;
        }
        if letter_ok {
            e.scoreable += 1;
            e.normalized += usize::from(answer != answer.trim().to_uppercase());
        } else {
            e.rejected += 1;
        }
        let question = if i % 251 == 250 {
            e.duplicate_question += 1;
            previous_question.clone()
        } else if i % 50 == 0 {
            format!("سؤال تجريبي رقم {id} (synthetic), بسطرين\nالسطر الثاني")
        } else {
            format!("سؤال تجريبي رقم {id} (synthetic)")
        };
        let options: Vec<String> = (0..6)
            .map(|k| {
                if k < n {
                    format!("الخيار {} للسؤال {id}", Letter::ALL[k].arabic())
                } else {
                    String::new()
                }
            })
            .collect();
        let mut record = vec![id.to_string(), question.clone()];
        record.extend(options);
        record.extend([answer, level.to_string(), sub.to_owned(), "ABCDEF"[..group_n].to_owned()]);
        record.push(specialty.to_owned());
        let _ = out.write_record(&record);
        previous_question = question;
    }
    SyntheticKey { csv: into_string(out), expected: e }
}

fn pick_specialty(rng: &mut ChaCha8Rng, total: u32) -> (&'static str, &'static [&'static str]) {
    let mut r = rng.gen_range(0..total);
    for (name, weight, subs) in SPECIALTIES {
        if r < weight {
            return (name, subs);
        }
        r -= weight;
    }
    (SPECIALTIES[0].0, SPECIALTIES[0].2)
}

fn weighted(rng: &mut ChaCha8Rng, weights: &[u32]) -> usize {
    let mut r = rng.gen_range(0..weights.iter().sum::<u32>());
    weights
        .iter()
        .position(|&w| {
            let hit = r < w;
            r = r.saturating_sub(w);
            hit
        })
        .unwrap_or(0)
}

fn into_string(w: csv::Writer<Vec<u8>>) -> String {
    let bytes = w.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// A prediction CSV (`question_id,answer`) for every scoreable question of
/// `key`: each answer is right with probability `accuracy_target` (clamped
/// to 0..=1), else a uniformly chosen wrong option.
pub fn synthetic_predictions(key: &AnswerKey, accuracy_target: f64, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let p = if accuracy_target.is_nan() { 0.0 } else { accuracy_target.clamp(0.0, 1.0) };
    let mut out = String::from("question_id,answer\n");
    for it in key.items() {
        let wrong: Vec<Letter> =
            Letter::ALL[..usize::from(it.options).min(6)].iter().copied().filter(|&l| l != it.answer).collect();
        let letter = match wrong.choose(&mut rng) {
            Some(&w) if !rng.gen_bool(p) => w,
            _ => it.answer,
        };
        let _ = writeln!(out, "{},{letter}", it.id);
    }
    out
}

/// `predictions` (`question_id,answer` rows, as [`synthetic_predictions`]
/// writes them) as the permuted task would record the same choices: each
/// letter the one its option is shown under in the permuted order
/// ([`crate::robustness`]). Rows of ids `key` does not have stay as they are.
pub fn as_permuted(key: &AnswerKey, predictions: &str) -> String {
    let items: std::collections::HashMap<String, (crate::types::QuestionId, u8)> =
        key.items().iter().map(|it| (it.id.to_string(), (it.id, it.options))).collect();
    let mut out = String::from("question_id,answer\n");
    for line in predictions.lines().skip(1) {
        let (id, letter) = line.split_once(',').unwrap_or((line, ""));
        let shown = items
            .get(id)
            .zip(Letter::parse_answer(letter).ok())
            .and_then(|((q, options), l)| crate::robustness::to_shown(l, *q, *options));
        match shown {
            Some(l) => {
                let _ = writeln!(out, "{id},{l}");
            }
            None => {
                let _ = writeln!(out, "{line}");
            }
        }
    }
    out
}

/// `predictions` (`question_id,answer` rows, as [`synthetic_predictions`]
/// writes them) with a `confidence` column, as a somewhat overconfident
/// model would give: about 0.8 on its right answers and 0.65 on its wrong
/// ones, spread by `seed`. Rows of ids `key` does not have keep 0.5.
pub fn with_confidences(key: &AnswerKey, predictions: &str, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xc0f1_de4c);
    let answers: std::collections::HashMap<String, Letter> =
        key.items().iter().map(|it| (it.id.to_string(), it.answer)).collect();
    let mut out = String::from("question_id,answer,confidence\n");
    for line in predictions.lines().skip(1) {
        let (id, letter) = line.split_once(',').unwrap_or((line, ""));
        let right = answers.get(id).is_some_and(|a| Letter::parse_answer(letter).ok() == Some(*a));
        let centre = match answers.get(id) {
            None => 0.5,
            Some(_) if right => 0.8,
            Some(_) => 0.65,
        };
        let confidence: f64 = (centre + rng.gen_range(-0.15..0.15_f64)).clamp(0.0, 1.0);
        let _ = writeln!(out, "{line},{confidence:.3}");
    }
    out
}

/// `csv` (an official-format key, such as a [`synthetic_key`]) with the
/// `Correct Answer` cell of each question in `answers` replaced: an errata
/// version of that key, for tests and demos. A blank answer rejects the row.
pub fn with_answers(csv: &str, answers: &std::collections::BTreeMap<u32, String>) -> String {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(csv.as_bytes());
    let mut out = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(Vec::new());
    let answer_column = HEADER.iter().position(|h| *h == "Correct Answer").unwrap_or(8);
    for (i, record) in reader.records().filter_map(Result::ok).enumerate() {
        let id = record.get(0).and_then(|c| c.trim().parse::<u32>().ok());
        let cells: Vec<&str> = record
            .iter()
            .enumerate()
            .map(|(c, cell)| match (i, id.and_then(|id| answers.get(&id))) {
                (1.., Some(new)) if c == answer_column => new.as_str(),
                _ => cell,
            })
            .collect();
        let _ = out.write_record(cells);
    }
    into_string(out)
}

/// A small MedArabiQ-format key (`Question,Answer,Category`): 4 or 5
/// labelled options inside each question, the answer as "label. text".
pub fn synthetic_medarabiq(rows: usize, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let categories = ["Physiology", "Histology", "Pharmacology", "Pediatrics"];
    let mut out = csv::Writer::from_writer(Vec::new());
    let _ = out.write_record(["Question", "Answer", "Category"]);
    for i in 1..=rows {
        let n = if rng.gen_bool(0.3) { 5 } else { 4 };
        let options: Vec<String> =
            (0..n).map(|k| format!("{}. خيار {} للسؤال {i}", Letter::ALL[k].arabic(), k + 1)).collect();
        let question = format!("سؤال تجريبي رقم {i} (synthetic):\n{}", options.join("\n"));
        let answer = options[rng.gen_range(0..n)].clone();
        let category = categories[rng.gen_range(0..categories.len())];
        let _ = out.write_record([question, answer, category.to_owned()]);
    }
    into_string(out)
}

#[cfg(test)]
mod tests {
    use super::super::benchmark::Benchmark;
    use super::super::key::parse_key;
    use super::super::report::WarningKind;
    use super::super::score::score_bytes;
    use super::*;

    #[test]
    fn synthetic_key_reports_its_defects() {
        let s = synthetic_key(5_000, 7);
        let k = parse_key(Benchmark::MedAraBench, s.csv.as_bytes()).unwrap();
        let r = &k.report;
        let e = s.expected;
        assert_eq!(
            (r.rows, r.scoreable, r.rejected.len(), r.normalized),
            (e.rows, e.scoreable, e.rejected, e.normalized)
        );
        assert_eq!(r.warning_counts.get(&WarningKind::GroupMismatch).copied().unwrap_or(0), e.group_mismatch);
        assert_eq!(r.warning_counts[&WarningKind::DuplicateQuestion], e.duplicate_question);
        assert!(e.rejected >= 30 && e.normalized >= 50 && e.group_mismatch >= 50, "{e:?}");
        assert!(r.specialties.len() >= 15 && r.options["4"] > r.options["5"], "{r:?}");
        assert_eq!(r.levels.len(), 5);
        assert_eq!(synthetic_key(5_000, 7).csv, s.csv);
    }

    #[test]
    fn synthetic_predictions_hit_their_target() {
        let k = parse_key(Benchmark::MedAraBench, synthetic_key(3_000, 1).csv.as_bytes()).unwrap().key;
        for target in [0.0, 0.25, 0.7, 1.0] {
            let card = score_bytes(&k, synthetic_predictions(&k, target, 3).as_bytes()).unwrap().card;
            assert!((card.accuracy - target).abs() < 0.03, "{target}: {}", card.accuracy);
            assert_eq!(card.missing + card.unparsed + card.ignored, 0);
        }
    }

    #[test]
    fn with_answers_changes_only_the_named_answers() {
        let s = synthetic_key(200, 4);
        let v1 = parse_key(Benchmark::MedAraBench, s.csv.as_bytes()).unwrap().key;
        let first = v1.items()[0].clone();
        let other = Letter::ALL.into_iter().find(|l| *l != first.answer).unwrap();
        let changes = [(first.id.get(), other.to_string()), (v1.items()[1].id.get(), String::new())].into();
        let v2 = parse_key(Benchmark::MedAraBench, with_answers(&s.csv, &changes).as_bytes()).unwrap().key;
        assert_eq!(v2.get(first.id).map(|it| it.answer), Some(other));
        assert!(v2.is_rejected(v1.items()[1].id));
        assert_eq!(v2.items()[1..], v1.items()[2..]);
        assert_eq!(with_answers(&s.csv, &Default::default()), s.csv, "no change, same bytes");
    }

    #[test]
    fn synthetic_medarabiq_is_fully_scoreable() {
        let k = parse_key(Benchmark::MedArabiQ, synthetic_medarabiq(60, 2).as_bytes()).unwrap();
        assert_eq!((k.report.rows, k.report.scoreable), (60, 60));
        assert!(k.report.warnings.is_empty(), "{:?}", k.report.warnings);
        assert!(k.report.options.contains_key("5"));
    }
}
