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
fn files_in_hand_are_scored_as_one_step_at_a_time_whichever_way_they_name_questions() {
    use crate::score::{FilesError, read_and_score, read_permuted, score_files};
    let (key_bytes, key) = (fixture("key.csv"), key());
    let text = String::from_utf8(fixture("lm-eval-mc.samples.jsonl")).unwrap();
    let third = text.lines().position(|l| l.contains("\"Question Number\": \"3\"")).unwrap();
    let by_text: Vec<String> = (text.lines().enumerate())
        .map(|(i, l)| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            if i == third {
                v["doc"].as_object_mut().unwrap().remove("Question Number");
            }
            v.to_string()
        })
        .collect();
    let by_text = by_text.join("\n");
    let permuted = fixture("lm-eval-mc-permuted.samples.jsonl");
    // The key read without its texts when no file names a question by
    // text, with them when the main or the permuted file does: the same
    // card either way as the steps one at a time.
    for (main, second) in [(text.as_bytes(), None), (by_text.as_bytes(), None), (text.as_bytes(), Some(&permuted[..]))]
    {
        let (file, scored) = score_files(Benchmark::MedAraBench, &key_bytes, main, second).unwrap();
        let (one_file, mut one) = read_and_score(&key, main).unwrap();
        if let Some(second) = second {
            one = one.with_permuted(&key, &read_permuted(&key, second).unwrap());
        }
        assert_eq!((file.rows.len(), file.by_text.len()), (one_file.rows.len(), one_file.by_text.len()));
        assert_eq!(scored, one);
    }
    assert_eq!(score_files(Benchmark::MedAraBench, &key_bytes, by_text.as_bytes(), None).unwrap().0.by_text.len(), 1);
    // Each file's refusal is its own, the key's first.
    let bad_key = score_files(Benchmark::MedAraBench, b"nothing,here\n", b"not a file", None).unwrap_err();
    assert!(matches!(bad_key, FilesError::Key(_)), "{bad_key:?}");
    let bad_main = score_files(Benchmark::MedAraBench, &key_bytes, b"question_id,answer\n999,A\n", None).unwrap_err();
    assert!(matches!(bad_main, FilesError::Predictions(_)), "{bad_main:?}");
    let bad_second =
        score_files(Benchmark::MedAraBench, &key_bytes, text.as_bytes(), Some(text.as_bytes())).unwrap_err();
    assert!(matches!(bad_second, FilesError::Permuted(_)), "{bad_second:?}");
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

/// The confidence each row of `bytes` gives, by question number.
fn confidences(bytes: &[u8]) -> Vec<(u32, Option<f64>)> {
    let file = PredictionFile::parse(bytes).unwrap_or_else(|e| panic!("{e}"));
    file.rows.iter().map(|p| (p.id.get(), p.confidence.map(|c| c.probability()))).collect()
}

#[test]
fn lm_eval_multiple_choice_gives_each_answer_its_softmax_share() {
    let bytes = fixture("lm-eval-mc.samples.jsonl");
    let text = String::from_utf8(bytes.clone()).unwrap();
    let read = confidences(&bytes);
    assert_eq!(read.len(), 30);
    for (line, (n, confidence)) in text.lines().zip(&read) {
        // The softmax over the options, computed here from the file itself.
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let lls: Vec<f64> =
            v["filtered_resps"].as_array().unwrap().iter().map(|r| r[0].as_str().unwrap().parse().unwrap()).collect();
        let probs: Vec<f64> = lls.iter().map(|x| x.exp()).collect();
        let total: f64 = probs.iter().sum();
        let shares: Vec<f64> = probs.iter().map(|p| p / total).collect();
        assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-12, "question {n}");
        let best = shares.iter().copied().fold(0.0, f64::max);
        let confidence = confidence.unwrap_or_else(|| panic!("question {n}: no confidence"));
        assert!((confidence - best).abs() <= 0.5 / 254.0 + 1e-12, "question {n}: {confidence} against {best}");
    }
    let key = key();
    let card = score(&key, &PredictionFile::parse(&bytes).unwrap()).unwrap().card;
    let calibration = card.calibration.expect("a file with log-likelihoods is calibrated");
    assert_eq!(calibration.n, 30);
}

#[test]
fn a_generated_answer_has_no_confidence_and_no_calibration() {
    let bytes = fixture("lm-eval-gen.samples.jsonl");
    assert!(confidences(&bytes).iter().all(|(_, c)| c.is_none()));
    assert_eq!(score(&key(), &PredictionFile::parse(&bytes).unwrap()).unwrap().card.calibration, None);
}

#[test]
fn a_confidence_column_or_letter_probabilities_are_read() {
    let csv = b"question_id,answer,confidence\n1,A,0.9\n2,B,\n3,,0.5\n";
    let read = confidences(csv);
    assert_eq!(read[0], (1, Some(229.0 / 254.0)));
    assert_eq!(read[1], (2, None), "blank: none");
    assert_eq!(read[2], (3, None), "no letter: no confidence");
    // prob_<letter>: the chosen letter's share of those given; case ignored.
    let csv = b"question_id,answer,Prob_A,prob_b,prob_c\n1,B,0.1,0.6,0.1\n2,C,0.2,0.2,\n";
    let read = confidences(csv);
    assert_eq!(read[0].1, Confidence::from_probability(0.75).map(Confidence::probability));
    assert_eq!(read[1].1, None, "the chosen letter's probability is not given");
    // `confidence` wins over the probabilities.
    let read = confidences(b"question_id,answer,confidence,prob_A\n1,A,0.3,0.9\n");
    assert_eq!(read[0].1, Confidence::from_probability(0.3).map(Confidence::probability));
    // JSON Lines: numbers or strings of numbers.
    let jsonl = b"{\"question_id\":1,\"answer\":\"A\",\"confidence\":0.9}\n\
                  {\"question_id\":2,\"response\":\"B\",\"prob_A\":0.25,\"prob_B\":\"0.75\"}\n\
                  {\"question_id\":3,\"answer\":\"C\",\"confidence\":null}\n";
    let read = confidences(jsonl);
    assert_eq!(read[0].1, Confidence::from_probability(0.9).map(Confidence::probability));
    assert_eq!(read[1].1, Confidence::from_probability(0.75).map(Confidence::probability));
    assert_eq!(read[2].1, None);
}

#[test]
fn a_bad_confidence_is_named_with_its_line_beside_other_problems() {
    let csv = b"question_id,answer,confidence,prob_B\n1,A,1.5,\n2,Z,0.5,\n3,B,0.2,high\n4,C,NaN,\n";
    let err = PredictionFile::parse(csv).unwrap_err();
    let said: Vec<String> = err.problems().iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "line 2: confidence \"1.5\" is not a number from 0 to 1",
            "line 3: answer \"Z\" is not a letter A-F (or أ ب ج د ه و); put free text in a response column",
            "line 4: prob_B \"high\" is not a number from 0 to 1",
            "line 5: confidence \"NaN\" is not a number from 0 to 1",
        ]
    );
    let err = PredictionFile::parse(b"{\"question_id\":1,\"answer\":\"A\",\"confidence\":true}\n").unwrap_err();
    assert_eq!(err.to_string(), "line 1: confidence \"true\" is not a number from 0 to 1");
}

/// An OpenAI batch line answering question `n` with `content`, its
/// `logprobs.content` as given.
fn openai_line(n: u32, content: &str, logprobs: serde_json::Value) -> String {
    let body = serde_json::json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": content},
        "logprobs": logprobs, "finish_reason": "stop"}]});
    serde_json::json!({"id": format!("batch_req_{n}"), "custom_id": format!("q{n}"),
        "response": {"status_code": 200, "body": body}, "error": null})
    .to_string()
}

#[test]
fn openai_logprobs_give_the_chosen_letters_share() {
    let top = |pairs: &[(&str, f64)]| -> serde_json::Value {
        pairs.iter().map(|(t, p)| serde_json::json!({"token": t, "logprob": p.ln(), "bytes": []})).collect()
    };
    let lines = [
        // The letter's share among the letters of top_logprobs (" B" and "B" together).
        openai_line(
            1,
            "B",
            serde_json::json!({"content": [{"token": "B", "logprob": 0.5f64.ln(),
                "top_logprobs": top(&[("B", 0.5), (" B", 0.1), ("A", 0.2), ("Sure", 0.1)])}]}),
        ),
        // Without top_logprobs: the token's own probability.
        openai_line(
            2,
            "الإجابة: ب",
            serde_json::json!({"content": [
            {"token": "الإجابة", "logprob": -0.01, "top_logprobs": []},
            {"token": ":", "logprob": -0.01, "top_logprobs": []},
            {"token": " ب", "logprob": 0.7f64.ln(), "top_logprobs": []}]}),
        ),
        // The letter stands in two tokens: which one is the answer is not known.
        openai_line(
            3,
            "A. A",
            serde_json::json!({"content": [
            {"token": "A", "logprob": -0.1, "top_logprobs": []},
            {"token": ".", "logprob": -0.1, "top_logprobs": []},
            {"token": " A", "logprob": -0.2, "top_logprobs": []}]}),
        ),
        // No logprobs asked.
        openai_line(4, "C", serde_json::Value::Null),
        // top_logprobs name no other letter: the token's own probability.
        openai_line(
            5,
            "B",
            serde_json::json!({"content": [{"token": "B", "logprob": 0.41f64.ln(),
                "top_logprobs": top(&[("B", 0.41), (" The", 0.3)])}]}),
        ),
        // The article "a" is not the letter A.
        openai_line(
            6,
            "A",
            serde_json::json!({"content": [
            {"token": "a", "logprob": -0.1, "top_logprobs": []},
            {"token": " A", "logprob": 0.6f64.ln(), "top_logprobs": []}]}),
        ),
    ];
    let read = confidences(lines.join("\n").as_bytes());
    let kept = |p: f64| Confidence::from_probability(p).map(Confidence::probability);
    assert_eq!(read[0].1, kept(0.6 / 0.8));
    assert_eq!(read[1].1, kept(0.7));
    assert_eq!(read[2].1, None);
    assert_eq!(read[3].1, None);
    assert_eq!(read[4].1, kept(0.41));
    assert_eq!(read[5].1, kept(0.6));
    // The shipped fixture asked for none.
    assert!(confidences(&fixture("openai-batch.output.jsonl")).iter().all(|(_, c)| c.is_none()));
}

/// Per line of a samples file: the question number, the harness's own
/// verdict, and the text of the option the dummy model chose (the largest
/// log-likelihood, read here from the file).
fn harness_choices(name: &str) -> std::collections::BTreeMap<u32, (bool, String)> {
    let text = String::from_utf8(fixture(name)).unwrap();
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let n = v["doc"]["Question Number"].as_str().unwrap().parse().unwrap();
            let lls: Vec<f64> = v["filtered_resps"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r[0].as_str().unwrap().parse().unwrap())
                .collect();
            let best = (0..lls.len()).fold(0, |b, i| if lls[i] > lls[b] { i } else { b });
            let letter = ["A", "B", "C", "D", "E", "F"][best];
            let chosen = v["doc"][format!("Option {letter}")].as_str().unwrap().to_owned();
            (n, (v["acc"].as_f64().unwrap() == 1.0, chosen))
        })
        .collect()
}

#[test]
fn the_permuted_task_maps_back_and_agrees_with_the_harness() {
    let key = key();
    let main = crate::score::score_bytes(&key, &fixture("lm-eval-mc.samples.jsonl")).unwrap();
    let permuted = crate::score::read_permuted(&key, &fixture("lm-eval-mc-permuted.samples.jsonl")).unwrap();
    let robustness = *main.with_permuted(&key, &permuted).card.robustness.unwrap();
    // Computed here from the two files alone: the harness's verdicts, and
    // the option texts each order's choice names.
    let (a, b) = (harness_choices("lm-eval-mc.samples.jsonl"), harness_choices("lm-eval-mc-permuted.samples.jsonl"));
    let n = key.len();
    assert_eq!(robustness.n, n);
    let right = b.values().filter(|(r, _)| *r).count();
    let both = a.iter().filter(|(q, (r, _))| *r && b[q].0).count();
    let changed = a.iter().filter(|(q, (_, text))| *text != b[q].1).count();
    assert_eq!(robustness.accuracy_permuted, right as f64 / n as f64);
    assert_eq!(robustness.consistent_accuracy, both as f64 / n as f64);
    assert_eq!(robustness.order_sensitivity_n, a.len());
    assert_eq!(robustness.order_sensitivity, changed as f64 / a.len() as f64);
    // And the permuted order's accuracy is the harness's own acc on it.
    let results: serde_json::Value = serde_json::from_slice(&fixture("lm-eval-mc-permuted.results.json")).unwrap();
    let acc = results["results"]["medarabench_permuted"]["acc,none"].as_f64().unwrap();
    assert!((robustness.accuracy_permuted - acc).abs() < 1e-12, "{} vs {acc}", robustness.accuracy_permuted);
}

#[test]
fn each_task_file_must_be_sent_as_itself() {
    let key = key();
    let err = crate::score::read_permuted(&key, &fixture("lm-eval-mc.samples.jsonl")).unwrap_err();
    assert_eq!(err.problems().len(), 30, "{err}");
    assert!(err.problems()[0].to_string().starts_with("line 1: this row was not asked in the permuted order"), "{err}");
    // A stated rotation that is not the question's is named too.
    let text = String::from_utf8(fixture("lm-eval-mc-permuted.samples.jsonl")).unwrap();
    let wrong = text.replacen("\"Permutation\": \"2\"", "\"Permutation\": \"1\"", 1);
    assert_ne!(wrong, text);
    let err = crate::score::read_permuted(&key, wrong.as_bytes()).unwrap_err();
    assert!(err.to_string().contains("is not the permuted task's rotation of this question (2"), "{err}");
    let err = crate::score::score_bytes(&key, &fixture("lm-eval-mc-permuted.samples.jsonl")).unwrap_err();
    assert!(matches!(err, PredictionError::PermutedAsMain { line: 1 }), "{err}");
}

#[test]
fn lighteval_permuted_details_map_back_through_the_rotation_they_state() {
    // The fixture (make_lighteval.py) states each question's rotation as
    // the task file computes it in Python; its model picks shown position
    // (n - 1) % 4, which is the key's option (pick + r) mod k.
    let key = key();
    let bytes = fixture("lighteval-0.11.permuted.details.parquet");
    let rows = super::lighteval::read(&bytes).unwrap();
    let permuted = crate::score::read_permuted(&key, &bytes).unwrap();
    for row in &rows {
        let QuestionRef::Id(q) = row.question else { panic!("{row:?}") };
        let r = usize::from(row.permutation.expect("a stated rotation"));
        let k = usize::from(key.items()[key.position(q).unwrap()].options);
        let expected = Letter::from_index((((q.get() as usize) - 1) % 4 + r) % k).unwrap();
        assert_eq!(permuted.given()[key.position(q).unwrap()], Given::Letter(expected), "question {q}");
    }
    // The main task's details are no permuted file.
    let err = crate::score::read_permuted(&key, &fixture("lighteval-0.11.text-only.details.parquet")).unwrap_err();
    assert!(matches!(err.problems()[0], PredictionError::NotPermuted { line: 1 }), "{err}");
}
