//! The tools' formats, read from files the tools wrote (lm-evaluation-
//! harness 0.4.13 with its `dummy` model) or written to their documented
//! schemas (batch APIs), all over the synthetic 30-question `key.csv` in
//! `app/core/tests/fixtures/formats/` (see its README).

use std::io::Write;

use super::*;
use crate::benchmark::Benchmark;
use crate::key::{AnswerKey, parse_key};
use crate::score::score;
use crate::stored_predictions::Given;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/formats/");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn key() -> AnswerKey {
    parse_key(Benchmark::MedAraBench, &fixture("key.csv")).unwrap().key
}

fn id(n: u32) -> QuestionId {
    QuestionId::new(n).unwrap()
}

/// What the file gives for question `n` of the fixture key.
fn given(key: &AnswerKey, file: &PredictionFile, n: u32) -> Given {
    let stored = crate::stored_predictions::StoredPredictions::record(key, file).unwrap();
    stored.given()[key.position(id(n)).unwrap()]
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

/// The harness's own verdict per line (`acc`, 1 or 0) with its
/// `Question Number`.
fn harness_verdicts(name: &str) -> Vec<(u32, bool)> {
    let text = String::from_utf8(fixture(name)).unwrap();
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let n = v["doc"]["Question Number"].as_str().unwrap().parse().unwrap();
            (n, v["acc"].as_f64().unwrap() == 1.0)
        })
        .collect()
}

#[test]
fn lm_eval_multiple_choice_scores_as_the_harness_does() {
    let key = key();
    let file = PredictionFile::parse(&fixture("lm-eval-mc.samples.jsonl")).unwrap();
    assert_eq!(file.format, PredictionFormat::LmEvalSamples);
    assert_eq!((file.rows.len(), file.by_text.len()), (30, 0));
    let scored = score(&key, &file).unwrap();
    // Line by line, right exactly where the harness says it is right.
    let verdicts = harness_verdicts("lm-eval-mc.samples.jsonl");
    for (n, right) in &verdicts {
        let i = key.position(id(*n)).unwrap();
        assert_eq!(scored.correct[i], *right, "question {n}");
    }
    // And the total is the results file's acc.
    let results: serde_json::Value = serde_json::from_slice(&fixture("lm-eval-mc.results.json")).unwrap();
    let acc = results["results"]["medarabench"]["acc,none"].as_f64().unwrap();
    assert_eq!(scored.card.correct, verdicts.iter().filter(|(_, r)| *r).count());
    assert!((scored.card.accuracy - acc).abs() < 1e-9, "{} vs {acc}", scored.card.accuracy);
    assert_eq!((scored.card.missing, scored.card.unparsed), (0, 0));
}

#[test]
fn lm_eval_predict_only_gives_the_same_predictions() {
    let key = key();
    let full = PredictionFile::parse(&fixture("lm-eval-mc.samples.jsonl")).unwrap();
    let bare = PredictionFile::parse(&fixture("lm-eval-mc-predict-only.samples.jsonl")).unwrap();
    assert_eq!(bare.format, PredictionFormat::LmEvalSamples);
    assert_eq!(score(&key, &full).unwrap().predictions, score(&key, &bare).unwrap().predictions);
}

#[test]
fn lm_eval_generations_are_read_by_the_protocol() {
    let key = key();
    // The dummy model writes "lol": present and unparsed, never missing.
    let file = PredictionFile::parse(&fixture("lm-eval-gen.samples.jsonl")).unwrap();
    assert_eq!(file.format, PredictionFormat::LmEvalSamples);
    let card = score(&key, &file).unwrap().card;
    assert_eq!((card.unparsed, card.missing, card.correct), (30, 0, 0));
    // The raw generation decides, not the task's filter: a line whose
    // filtered response is "[invalid]" but whose text answers C reads C.
    let text = String::from_utf8(fixture("lm-eval-gen.samples.jsonl")).unwrap();
    let first = text.lines().next().unwrap();
    let mut line: serde_json::Value = serde_json::from_str(first).unwrap();
    line["resps"] = serde_json::json!([["Let me think. Final answer: C"]]);
    let file = PredictionFile::parse(line.to_string().as_bytes()).unwrap();
    assert_eq!(file.rows[0].choice, Some(Letter::C));
}

#[test]
fn lm_eval_reads_one_filter_of_several() {
    // The same docs under two filters: the "none" lines are read whatever
    // their order, the others skipped (not duplicates).
    let text = String::from_utf8(fixture("lm-eval-mc.samples.jsonl")).unwrap();
    let mut lines = Vec::new();
    for l in text.lines() {
        let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
        v["filter"] = "strict-match".into();
        v["filtered_resps"] = serde_json::json!([["0", "False"], ["-9", "False"], ["-9", "False"], ["-9", "False"]]);
        lines.push(v.to_string());
        lines.push(l.to_owned());
    }
    let two = PredictionFile::parse(lines.join("\n").as_bytes()).unwrap();
    let one = PredictionFile::parse(text.as_bytes()).unwrap();
    assert_eq!(
        two.rows.iter().map(|p| (p.id, p.choice)).collect::<Vec<_>>(),
        one.rows.iter().map(|p| (p.id, p.choice)).collect::<Vec<_>>()
    );
    // Without a "none" filter, the first filter in the file.
    let strict: Vec<&String> = lines.iter().step_by(2).collect();
    let file =
        PredictionFile::parse(strict.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n").as_bytes()).unwrap();
    assert!(file.rows.iter().all(|p| p.choice == Some(Letter::A)));
}

#[test]
fn lm_eval_docs_without_an_id_are_matched_by_text() {
    let key = key();
    let text = String::from_utf8(fixture("lm-eval-mc.samples.jsonl")).unwrap();
    let strip = |l: &str| {
        let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
        let doc = v["doc"].as_object_mut().unwrap();
        doc.remove("Question Number");
        v.to_string()
    };
    // Question 3 has a unique text: it is found.
    let lines: Vec<String> = text.lines().map(|l| l.to_owned()).collect();
    let third = lines.iter().position(|l| l.contains("\"Question Number\": \"3\"")).unwrap();
    let mut mixed = lines.clone();
    mixed[third] = strip(&lines[third]);
    let file = PredictionFile::parse(mixed.join("\n").as_bytes()).unwrap();
    assert_eq!((file.rows.len(), file.by_text.len()), (29, 1));
    let ids = PredictionFile::parse(text.as_bytes()).unwrap();
    assert_eq!(score(&key, &file).unwrap().predictions, score(&key, &ids).unwrap().predictions);
    // Questions 21 and 22 share their text: a row naming it by text is
    // refused with its line, as is a text the key does not have.
    let shared = lines.iter().position(|l| l.contains("\"Question Number\": \"21\"")).unwrap();
    let mut bad = lines.clone();
    bad[shared] = strip(&lines[shared]);
    let mut v: serde_json::Value = serde_json::from_str(&strip(&lines[0])).unwrap();
    v["doc"]["Question"] = "سؤال لا يوجد في المفتاح".into();
    bad[0] = v.to_string();
    let file = PredictionFile::parse(bad.join("\n").as_bytes()).unwrap();
    let refusal = score(&key, &file).unwrap_err();
    let problems = refusal.problems();
    assert_eq!(problems.len(), 2, "{refusal}");
    assert!(matches!(&problems[0], PredictionError::UnknownQuestionText { line: 1, .. }), "{:?}", problems[0]);
    assert!(
        matches!(&problems[1], PredictionError::AmbiguousQuestionText { line, ids, .. } if *line == shared + 1 && ids == "21, 22"),
        "{:?}",
        problems[1]
    );
}

#[test]
fn a_results_file_is_refused_with_what_to_upload() {
    let e = PredictionFile::parse(&fixture("lm-eval-mc.results.json")).unwrap_err();
    assert!(matches!(e, PredictionError::WrongFile { .. }), "{e}");
    assert!(e.to_string().contains("samples_"), "{e}");
}

#[test]
fn openai_batch_output() {
    let key = key();
    let file = PredictionFile::parse(&fixture("openai-batch.output.jsonl")).unwrap();
    assert_eq!(file.format, PredictionFormat::OpenaiBatch);
    for n in 1..=30 {
        let expected = match n {
            13 | 22 => Given::Missing, // the request failed
            7 => Given::Unparsed,      // a refusal
            n => Given::of(Letter::from_index((n as usize - 1) % 4)),
        };
        assert_eq!(given(&key, &file, n), expected, "q{n}");
    }
}

#[test]
fn anthropic_batch_results_in_any_order() {
    let key = key();
    let file = PredictionFile::parse(&fixture("anthropic-batch.results.jsonl")).unwrap();
    assert_eq!(file.format, PredictionFormat::AnthropicBatch);
    let card = score(&key, &file).unwrap().card;
    assert_eq!(card.missing, 3, "errored, canceled and expired count as missing");
    for n in 1..=30 {
        let expected = match n {
            5 | 18 | 26 => Given::Missing,
            7 => Given::Unparsed, // stopped before answering
            n => Given::of(Letter::from_index((n as usize - 1) % 4)),
        };
        assert_eq!(given(&key, &file, n), expected, "question_{n}");
    }
}

#[test]
fn custom_ids_carry_the_question_number() {
    let line = |cid: &str| {
        format!(
            r#"{{"custom_id": "{cid}", "result": {{"type": "succeeded", "message": {{"content": [{{"type": "text", "text": "B"}}]}}}}}}"#
        )
    };
    for (cid, n) in [("123", 123), ("q123", 123), ("q-7", 7), ("question_42", 42), ("MedAraBench-q9", 9)] {
        let file = PredictionFile::parse(line(cid).as_bytes()).unwrap();
        assert_eq!(file.rows[0].id, id(n), "{cid}");
    }
    for bad in ["run1-q5", "q", "abc", "q1.5", "12a"] {
        let e = PredictionFile::parse(line(bad).as_bytes()).unwrap_err();
        assert!(matches!(e, PredictionError::Malformed { line: 1, .. }), "{bad}: {e}");
    }
}

#[test]
fn gzip_is_read_in_every_format() {
    for name in ["lm-eval-mc.samples.jsonl", "openai-batch.output.jsonl", "anthropic-batch.results.jsonl"] {
        let plain = PredictionFile::parse(&fixture(name)).unwrap();
        let packed = PredictionFile::parse(&gzip(&fixture(name))).unwrap();
        assert!(packed.gzip && !plain.gzip);
        assert_eq!((packed.format, &packed.rows), (plain.format, &plain.rows), "{name}");
    }
    let csv = PredictionFile::parse(&gzip(b"question_id,answer\n1,A\n2,b\n")).unwrap();
    assert_eq!((csv.format, csv.rows.len()), (PredictionFormat::Csv, 2));
}

#[test]
fn every_problem_is_listed_in_line_order() {
    let e = PredictionFile::parse(b"question_id,answer\n1,A\nx,B\n3,Z\n1,C\n5\n").unwrap_err();
    let lines: Vec<Option<usize>> = e.problems().iter().map(PredictionError::line).collect();
    assert_eq!(lines, [Some(3), Some(4), Some(5), Some(6)], "{e}");
    assert!(matches!(e.problems()[2], PredictionError::DuplicateQuestionId { line: 5, first_line: 2, .. }));
    // At most MAX_PROBLEMS, the first ones.
    let many: String =
        std::iter::once("question_id,answer\n".to_owned()).chain((1..=250).map(|i| format!("{i},Z\n"))).collect();
    let e = PredictionFile::parse(many.as_bytes()).unwrap_err();
    assert_eq!(e.problems().len(), MAX_PROBLEMS);
    assert_eq!(e.problems().last().and_then(PredictionError::line), Some(MAX_PROBLEMS + 1));
    // One problem stays one error, as before.
    let one = PredictionFile::parse(b"question_id,answer\n1,Z\n").unwrap_err();
    assert!(matches!(one, PredictionError::NotALetter { line: 2, .. }));
    // Unknown ids found when scoring are all listed too.
    let key = key();
    let file = PredictionFile::parse(b"question_id,answer\n1,A\n31,B\n2,C\n99,D\n").unwrap();
    let e = score(&key, &file).unwrap_err();
    let ids: Vec<_> = e.problems().iter().map(|p| p.line()).collect();
    assert_eq!(ids, [Some(3), Some(5)]);
}

#[cfg(feature = "parquet")]
#[test]
fn lighteval_details_are_detected() {
    let file = PredictionFile::parse(&fixture("lighteval-0.11.details.parquet")).unwrap();
    assert_eq!(file.format, PredictionFormat::LightevalDetails);
    assert_eq!(file.len(), 30);
    let packed = PredictionFile::parse(&gzip(&fixture("lighteval-0.11.details.parquet"))).unwrap();
    assert_eq!(packed.format, PredictionFormat::LightevalDetails);
    // Text-only rows are matched to the key by their question.
    let key = key();
    let file = PredictionFile::parse(&fixture("lighteval-0.11.text-only.details.parquet")).unwrap();
    assert!(!file.by_text.is_empty());
    let e = score(&key, &file);
    // Questions 21 and 22 share a text, so the text-only file names them
    // ambiguously; every other row is matched.
    let e = e.unwrap_err();
    assert!(e.problems().iter().all(|p| matches!(p, PredictionError::AmbiguousQuestionText { .. })), "{e}");
}

#[cfg(not(feature = "parquet"))]
#[test]
fn parquet_is_left_to_the_server() {
    let e = PredictionFile::parse(&fixture("lighteval-0.11.details.parquet")).unwrap_err();
    assert!(matches!(e, PredictionError::NeedsServer { .. }));
}

#[test]
fn a_workbook_or_a_zip_is_refused_as_what_it_is() {
    // The first bytes of an .xlsx file (a zip with Office's parts) and of
    // an .ods file, and of another zip archive.
    let xlsx = [
        b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00\x13\x00\x00\x00[Content_Types].xml".as_slice(),
        b"\x00\x00\x00PK\x03\x04\x14\x00\x06\x00\x08\x00xl/workbook.xml\x00\x00",
    ]
    .concat();
    let ods = b"PK\x03\x04\x14\x00\x00\x08\x00\x00\x00\x00mimetypeapplication/vnd.oasis.opendocument.spreadsheetPK\x03\x04\x00\x00";
    let zip = b"PK\x03\x04\x14\x00\x00\x00\x08\x00\x00\x00\x00\x00preds.csv\x00\x01\x02\x03\x04\x05\x06\x07";
    for (bytes, what) in [
        (xlsx.as_slice(), "spreadsheet workbook"),
        (ods.as_slice(), "spreadsheet workbook"),
        (zip.as_slice(), "zip archive"),
    ] {
        let e = PredictionFile::parse(bytes).unwrap_err();
        assert!(matches!(e, PredictionError::WrongFile { .. }) && e.to_string().contains(what), "{e}");
    }
}
