//! The lighteval details reader against the fixtures written by
//! `tests/fixtures/formats/make_lighteval.py` (30 synthetic questions; the
//! model picks option `(n - 1) % 4` of question `n`, and the generated
//! answer to question 7 names no letter).

use super::literal;
use super::*;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/formats/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn rows(name: &str) -> Vec<Row> {
    read(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

fn id(n: u32) -> QuestionRef {
    QuestionRef::Id(QuestionId::new(n).unwrap())
}

/// The letter the fixtures' model picks for question `n`.
fn pick(n: u32) -> Option<Letter> {
    Letter::from_index((n as usize - 1) % 4)
}

/// The same, for a generated answer (question 7's names no letter).
fn generated_pick(n: u32) -> Option<Letter> {
    if n == 7 { None } else { pick(n) }
}

/// The question texts of `key.csv`, by id.
fn key_texts() -> Vec<String> {
    let path = format!("{}/tests/fixtures/formats/key.csv", env!("CARGO_MANIFEST_DIR"));
    let mut reader = csv::Reader::from_path(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let column = reader.headers().unwrap().iter().position(|h| h.trim_start_matches('\u{feff}') == "Question");
    let column = column.expect("a Question column");
    reader.records().map(|r| r.unwrap()[column].to_owned()).collect()
}

/// The options of question `n` in `key.csv`.
fn options(n: u32) -> usize {
    let path = format!("{}/tests/fixtures/formats/key.csv", env!("CARGO_MANIFEST_DIR"));
    let mut reader = csv::Reader::from_path(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let headers = reader.headers().unwrap().clone();
    let record = reader.records().nth(n as usize - 1).unwrap().unwrap();
    headers.iter().zip(record.iter()).filter(|(h, v)| h.starts_with("Option ") && !v.trim().is_empty()).count()
}

/// The confidence of the fixtures' log-likelihood pick of question `n`:
/// its options' log-likelihoods fall by 0.9 an option from the pick's, so
/// the pick's softmax share is 1 / Σ_j exp(-0.9 j), computed here apart
/// from the reader's code.
fn assert_confidence(row: &Row, n: u32) {
    let total: f64 = (0..options(n)).map(|j| (-0.9 * j as f64).exp()).sum();
    let got = row.confidence.unwrap_or_else(|| panic!("question {n}: no confidence")).probability();
    // The fixture rounds log-likelihoods to 4 places; a kept value is to 1/254.
    assert!((got - 1.0 / total).abs() <= 1.0 / 254.0, "question {n}: {got} against {}", 1.0 / total);
}

fn assert_key_text(question: &QuestionRef, n: u32) {
    let expected = &key_texts()[n as usize - 1];
    assert_eq!(question, &QuestionRef::Text(expected.clone()), "question {n}");
}

#[test]
fn parquet_is_recognised_by_its_marks() {
    assert!(is_parquet(&fixture("lighteval-0.10.details.parquet")));
    assert!(is_parquet(&fixture("not-lighteval.parquet")));
    assert!(is_parquet(b"PAR1PAR1"));
    assert!(!is_parquet(b"PAR1"));
    assert!(!is_parquet(b"question_id,answer\n1,A\n"));
    assert!(!is_parquet(b"PAR1 and then text"));
}

#[test]
fn v0_10_log_likelihood_with_question_numbers() {
    let rows = rows("lighteval-0.10.details.parquet");
    assert_eq!(rows.len(), 30);
    for (i, row) in rows.iter().enumerate() {
        let n = i as u32 + 1;
        assert_eq!(
            row,
            &Row { line: i + 1, question: id(n), choice: pick(n), confidence: row.confidence, permutation: None }
        );
        assert_confidence(row, n);
    }
}

#[test]
fn v0_10_generative_without_specifics_names_questions_by_text() {
    let rows = rows("lighteval-0.10.text-only.details.parquet");
    assert_eq!(rows.len(), 30);
    for (i, row) in rows.iter().enumerate() {
        let n = i as u32 + 1;
        assert_eq!(row.line, i + 1);
        assert_key_text(&row.question, n);
        assert_eq!(row.choice, generated_pick(n), "question {n}");
    }
}

#[test]
fn v0_7_string_cast_columns_are_read_as_python_literals() {
    let rows = rows("lighteval-0.7.details.parquet");
    assert_eq!(rows.len(), 30);
    for (i, row) in rows.iter().enumerate() {
        let n = i as u32 + 1;
        assert_eq!(
            row,
            &Row { line: i + 1, question: id(n), choice: pick(n), confidence: row.confidence, permutation: None }
        );
        assert_confidence(row, n);
    }
}

#[test]
fn v0_11_generative_with_string_question_numbers() {
    let rows = rows("lighteval-0.11.details.parquet");
    assert_eq!(rows.len(), 30);
    for (i, row) in rows.iter().enumerate() {
        let n = i as u32 + 1;
        assert_eq!(
            row,
            &Row { line: i + 1, question: id(n), choice: generated_pick(n), confidence: None, permutation: None }
        );
    }
}

#[test]
fn v0_11_without_id_uses_the_question_in_specific_not_the_prompt() {
    let rows = rows("lighteval-0.11.text-only.details.parquet");
    assert_eq!(rows.len(), 30);
    for (i, row) in rows.iter().enumerate() {
        let n = i as u32 + 1;
        assert_key_text(&row.question, n);
        assert!(!matches!(&row.question, QuestionRef::Text(t) if t.contains("الإجابة:")));
        assert_eq!(row.choice, pick(n), "question {n}");
        assert_confidence(row, n);
    }
}

#[test]
fn two_rows_of_a_doc_give_its_log_likelihood_row() {
    // Rows 1-30 are generative, 31-60 log-likelihood for the same docs; the
    // log-likelihood pick is one option later on every third question.
    let rows = rows("lighteval-0.11.two-methods.details.parquet");
    assert_eq!(rows.len(), 30);
    for (i, row) in rows.iter().enumerate() {
        let n = i as u32 + 1;
        let shift = usize::from(n.is_multiple_of(3));
        let expected = Letter::from_index((pick(n).unwrap().index() + shift) % 4);
        assert_eq!(
            row,
            &Row { line: 31 + i, question: id(n), choice: expected, confidence: row.confidence, permutation: None }
        );
        assert_confidence(row, n);
    }
}

#[test]
fn every_problem_is_reported_in_row_order() {
    let errors = read(&fixture("lighteval-0.11.broken.details.parquet")).unwrap_err();
    let lines: Vec<Option<usize>> = errors.iter().map(PredictionError::line).collect();
    assert_eq!(lines, [2, 3, 4, 5, 6, 7].map(Some), "{errors:#?}");
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert!(text[0].contains("\"12a\" is not a positive whole number"), "{}", text[0]);
    assert_eq!(errors[1], PredictionError::MissingField { line: 3, field: "doc.query" });
    assert_eq!(
        errors[2],
        PredictionError::MissingField { line: 4, field: "model_response.text or model_response.logprobs" }
    );
    assert!(text[3].contains("option 8 of 8"), "{}", text[3]);
    assert!(text[4].contains("option 2 is not a number"), "{}", text[4]);
    assert!(text[5].contains("3 log-probabilities for 4 choices"), "{}", text[5]);
}

#[test]
fn problems_stop_at_the_limit() {
    let errors = read(&fixture("lighteval-0.10.no-predictions.details.parquet")).unwrap_err();
    assert_eq!(errors.len(), MAX_PROBLEMS);
    for (i, e) in errors.iter().enumerate() {
        assert_eq!(e, &PredictionError::MissingField { line: i + 1, field: "predictions" });
    }
}

#[test]
fn other_files_are_refused_on_line_1() {
    for (bytes, expected) in [
        (fixture("not-lighteval.parquet"), "not a lighteval details file"),
        (b"question_id,answer\n1,A\n".to_vec(), "not a parquet file"),
        (b"PAR1 not really PAR1".to_vec(), "unreadable parquet file"),
    ] {
        let errors = read(&bytes).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].line(), Some(1));
        assert!(errors[0].to_string().contains(expected), "{}", errors[0]);
    }
    let message = read(&fixture("not-lighteval.parquet")).unwrap_err()[0].to_string();
    assert!(message.contains("found: question_id, answer"), "{message}");
}

#[test]
fn damaged_files_are_refused_without_panicking() {
    let good = fixture("lighteval-0.11.details.parquet");
    // Cut short, keeping the closing marks.
    for cut in [9, 100, good.len() / 2, good.len() - 9] {
        let mut bytes = good[..cut].to_vec();
        bytes.extend_from_slice(b"PAR1");
        assert!(read(&bytes).is_err(), "cut at {cut}");
    }
    // One byte changed at a time, across the whole file: any outcome but a
    // panic.
    for at in (4..good.len() - 4).step_by(61) {
        let mut bytes = good.clone();
        bytes[at] ^= 0xA5;
        let _ = read(&bytes);
    }
}

#[test]
fn argmax_takes_the_first_of_equal_maxima() {
    assert_eq!(argmax(1, &[-1.0, -0.5, -0.5, -2.0], None).map(|(l, _)| l), Ok(Letter::B));
    assert_eq!(argmax(1, &[f64::NEG_INFINITY, -3.0], None).map(|(l, _)| l), Ok(Letter::B));
    let choices = Value::List(vec![Value::Str("a".into()), Value::Str("b".into())]);
    assert!(argmax(1, &[-1.0, -0.5, -0.7], Some(&choices)).is_err());
}

#[test]
fn question_keys_match_without_case_spaces_or_underscores() {
    let specific = |k: &str, v: Value| Value::Map(vec![(k.to_owned(), v)]);
    let query = Value::Str("prompt".into());
    for k in ["question_number", "Question Number", "QUESTION_ID", "question-id"] {
        let got = question(1, Some(&specific(k, Value::Int(12))), Some(&query), "specifics", "example");
        assert_eq!(got, Ok(id(12)), "{k}");
    }
    let float = specific("question_number", Value::Float(12.0));
    assert_eq!(question(1, Some(&float), None, "specifics", "example"), Ok(id(12)));
    let zero = specific("question_number", Value::Int(0));
    assert!(question(1, Some(&zero), None, "specifics", "example").is_err());
    let null = specific("question_number", Value::Null);
    assert_eq!(question(1, Some(&null), Some(&query), "specifics", "example"), Ok(QuestionRef::Text("prompt".into())));
    let none = Value::Str("None".into());
    assert_eq!(question(1, Some(&none), Some(&query), "specifics", "example"), Ok(QuestionRef::Text("prompt".into())));
    let repr = Value::Str("{'question_number': '7', 'x': [1, 2]}".into());
    assert_eq!(question(1, Some(&repr), Some(&query), "specifics", "example"), Ok(id(7)));
}

#[test]
fn python_literals() {
    use Value::*;
    assert_eq!(
        literal::parse("[(-1.25, False), (-0.5, True), (-inf, None)]"),
        Some(List(vec![
            List(vec![Float(-1.25), Bool(false)]),
            List(vec![Float(-0.5), Bool(true)]),
            List(vec![Float(f64::NEG_INFINITY), Null]),
        ]))
    );
    assert_eq!(
        literal::parse(r#"{'question': "model's pick\nالسطر", 'n': 3, 2: 'x',}"#),
        Some(Map(vec![
            ("question".into(), Str("model's pick\nالسطر".into())),
            ("n".into(), Int(3)),
            ("2".into(), Str("x".into())),
        ]))
    );
    assert_eq!(
        literal::parse("[np.float64(-1.5), 1e-3, 2E+2]"),
        Some(List(vec![Float(-1.5), Float(0.001), Float(200.0)]))
    );
    assert_eq!(literal::parse(r"'\x41\u0628\U0001F600\\'"), Some(Str("Aب😀\\".into())));
    assert_eq!(literal::parse(r#"["a", true, null]"#), Some(List(vec![Str("a".into()), Bool(true), Null])));
    assert!(matches!(literal::parse("[nan]"), Some(List(v)) if matches!(v[0], Float(x) if x.is_nan())));
    for bad in ["[1, 2", "[1 2]", "{'a' 1}", "'open", "[1] x", "<object at 0x1>", "", "[-]", "('\\x4')"] {
        assert_eq!(literal::parse(bad), None, "{bad:?}");
    }
    let deep = "[".repeat(200) + &"]".repeat(200);
    assert_eq!(literal::parse(&deep), None);
}
