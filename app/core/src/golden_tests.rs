//! Golden tests on the real test split: the key report and two scores must
//! equal what the independent Python scorer (`app/core/tests/golden/
//! independent_scorer.py`) computed. The data file is not in the repository;
//! it is looked up in `$MEDARABENCH_SHARED_DATA` and in `shared/data` beside
//! the workspace, and the tests skip with a message when it is absent.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde_json::Value;

use super::benchmark::Benchmark;
use super::key::{AnswerKey, parse_key};
use super::letters::LetterShares;
use super::score::{Breakdown, ScoreCard, score_bytes};
use super::types::QuestionId;

const FILE: &str = "medarabench-test_split.csv";
const KEY_REPORT: &str = include_str!("../tests/golden/key_report.json");
const SCORE_ALL_A: &str = include_str!("../tests/golden/score_all_a.json");
const SCORE_EVERY_THIRD: &str = include_str!("../tests/golden/score_every_third.json");

fn real_key_bytes() -> Option<Vec<u8>> {
    let manifest = env!("CARGO_MANIFEST_DIR");
    let candidates = std::env::var_os("MEDARABENCH_SHARED_DATA").map(PathBuf::from).into_iter().chain(
        [format!("{manifest}/../../../shared/data"), format!("{manifest}/../../shared/data")].map(PathBuf::from),
    );
    for dir in candidates {
        if let Ok(bytes) = std::fs::read(dir.join(FILE)) {
            return Some(bytes);
        }
    }
    println!("skipping: {FILE} not found (set MEDARABENCH_SHARED_DATA to its folder)");
    None
}

fn golden(text: &str) -> Value {
    serde_json::from_str(text).expect("golden file is JSON")
}

fn counts(v: &Value) -> BTreeMap<String, usize> {
    serde_json::from_value(v.clone()).expect("a name → count map")
}

#[test]
fn key_report_matches_independent_scorer() {
    let Some(bytes) = real_key_bytes() else { return };
    let report = parse_key(Benchmark::MedAraBench, &bytes).unwrap().report;
    let g = golden(KEY_REPORT);
    assert_eq!(report.sha256, g["sha256"], "the data file changed: regenerate app/core/tests/golden (see its README)");
    assert_eq!(report.rows, g["rows"]);
    assert_eq!(report.scoreable, g["scoreable"]);
    assert_eq!(report.normalized, g["normalized"]);
    let rejected: Vec<Value> = report.rejected.iter().map(|r| serde_json::json!(r.question_id)).collect();
    assert_eq!(Value::from(rejected), g["rejected_ids"]);
    assert_eq!(report.specialties, counts(&g["specialties"]));
    assert_eq!(report.levels, counts(&g["levels"]));
    assert_eq!(report.options, counts(&g["options"]));
}

#[test]
fn real_key_reads_the_same_for_scoring() {
    let Some(bytes) = real_key_bytes() else { return };
    let full = parse_key(Benchmark::MedAraBench, &bytes).unwrap().key;
    let lean = super::key::parse_key_for_scoring(Benchmark::MedAraBench, &bytes).unwrap();
    assert_eq!(full.items(), lean.items());
    assert_eq!(full.rejected_ids(), lean.rejected_ids());
}

/// The prediction files of the Python script's `derive` rules, rebuilt from
/// the parsed key (see the script's docstring).
fn derive(key: &AnswerKey, rule: &str) -> String {
    let mut ids: Vec<u32> = key.items().iter().map(|it| it.id.get()).collect();
    ids.extend(key.rejected_ids().iter().map(|id| id.get()));
    ids.sort_unstable();
    let mut out = String::from("question_id,answer\n");
    for id in ids {
        let letter = |id| QuestionId::new(id).and_then(|q| key.get(q)).map_or('A', |it| it.answer.as_char());
        match (rule, id % 3) {
            ("all_a", _) => out.push_str(&format!("{id},A\n")),
            (_, 0) => out.push_str(&format!("{id},{}\n", letter(id))),
            (_, 1) if id % 7 == 0 => out.push_str(&format!("{id},\n")),
            (_, 1) => out.push_str(&format!("{id},B\n")),
            _ => {}
        }
    }
    out
}

fn assert_close(actual: f64, expected: &Value, what: &str) {
    let expected = expected.as_f64().unwrap_or_else(|| panic!("{what}: not a number in the golden file"));
    assert!((actual - expected).abs() <= 1e-9, "{what}: {actual} vs {expected}");
}

fn assert_cell(cell: &Breakdown, g: &Value, what: &str) {
    assert_eq!(cell.correct, g["correct"], "{what}.correct");
    assert_eq!(cell.total, g["total"], "{what}.total");
    assert_close(cell.accuracy, &g["accuracy"], &format!("{what}.accuracy"));
    assert_close(cell.ci95[0], &g["ci95"][0], &format!("{what}.ci95[0]"));
    assert_close(cell.ci95[1], &g["ci95"][1], &format!("{what}.ci95[1]"));
}

fn assert_card(card: &ScoreCard, g: &Value) {
    for (name, n) in [("missing", card.missing), ("unparsed", card.unparsed), ("ignored", card.ignored)] {
        assert_eq!(n, g[name], "{name}");
    }
    let overall = Breakdown { correct: card.correct, total: card.total, accuracy: card.accuracy, ci95: card.ci95 };
    assert_cell(&overall, g, "overall");
    for (field, map) in
        [("by_specialty", &card.by_specialty), ("by_level", &card.by_level), ("by_options", &card.by_options)]
    {
        let names: Vec<&String> = map.keys().collect();
        let expected: Vec<&String> = g[field].as_object().expect(field).keys().collect();
        assert_eq!(names, expected, "{field} names");
        for (name, cell) in map {
            assert_cell(cell, &g[field][name], &format!("{field}.{name}"));
        }
    }
    assert_letters(card.letter_shares.as_ref().expect("letter shares"), &g["letter_shares"]);
}

fn assert_letters(shares: &LetterShares, g: &Value) {
    assert_eq!(shares.n, g["n"], "letter_shares.n");
    let letters: Vec<String> = shares.chosen.keys().map(ToString::to_string).collect();
    let expected: Vec<&String> = g["chosen"].as_object().expect("chosen").keys().collect();
    assert_eq!(letters.iter().collect::<Vec<_>>(), expected, "letters shown");
    for (letter, c) in &shares.chosen {
        let (g, what) = (&g["chosen"][letter.to_string()], format!("chosen.{letter}"));
        assert_eq!(c.count, g["count"], "{what}.count");
        assert_close(c.share, &g["share"], &what);
        assert_close(c.ci95[0], &g["ci95"][0], &what);
        assert_close(c.ci95[1], &g["ci95"][1], &what);
    }
    let (against, g) = (shares.against_key.as_ref().expect("against the key"), &g["against_key"]);
    assert_eq!(against.n, g["n"], "against_key.n");
    for (letter, s) in &against.letters {
        let (g, what) = (&g["letters"][letter.to_string()], format!("against_key.{letter}"));
        assert_eq!(s.count, g["count"], "{what}.count");
        for (value, field) in [(s.chosen, "chosen"), (s.key, "key"), (s.chance, "chance"), (s.expected, "expected")] {
            assert_close(value, &g[field], &format!("{what}.{field}"));
        }
        assert_close(s.ci95[0], &g["ci95"][0], &what);
        assert_close(s.ci95[1], &g["ci95"][1], &what);
    }
    let overused: Vec<String> = against.overused.iter().map(ToString::to_string).collect();
    assert_eq!(serde_json::json!(overused), g["overused"], "overused");
}

#[test]
fn scores_match_independent_scorer() {
    let Some(bytes) = real_key_bytes() else { return };
    let key = parse_key(Benchmark::MedAraBench, &bytes).unwrap().key;
    for (rule, expected) in [("all_a", SCORE_ALL_A), ("every_third", SCORE_EVERY_THIRD)] {
        let card = score_bytes(&key, derive(&key, rule).as_bytes()).unwrap().card;
        assert_card(&card, &golden(expected));
    }
}
