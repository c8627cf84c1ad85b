//! Unit tests of prediction-file reading: formats, letters, refusals.

use super::*;

fn parse(s: &str) -> Result<PredictionFile, PredictionError> {
    PredictionFile::parse(s.as_bytes())
}

fn choices(f: &PredictionFile) -> Vec<(u32, Option<Letter>)> {
    f.rows.iter().map(|p| (p.id.get(), p.choice)).collect()
}

#[test]
fn csv_with_bom_crlf_and_arabic_letters() {
    let f = parse("\u{feff}question_id,answer\r\n1, b \r\n2,ج\r\n3,(هـ)\r\n4,\r\n5,a.\r\n").unwrap();
    assert_eq!(f.format, PredictionFormat::Csv);
    assert_eq!(
        choices(&f),
        [(1, Some(Letter::B)), (2, Some(Letter::C)), (3, Some(Letter::E)), (4, None), (5, Some(Letter::A))]
    );
    assert_eq!(f.rows[4].line, 6);
}

#[test]
fn csv_response_column_and_extra_columns() {
    let f = parse("model,Question_ID,response\nm,1,\"The answer is C,\nbecause...\"\nm,2,no idea\n").unwrap();
    assert_eq!(choices(&f), [(1, Some(Letter::C)), (2, None)]);
    assert_eq!(f.rows[1].line, 4);
}

#[test]
fn answer_blank_falls_back_to_response() {
    let f = parse("question_id,answer,response\n1,,Answer: D\n2,A,Answer: D\n").unwrap();
    assert_eq!(choices(&f), [(1, Some(Letter::D)), (2, Some(Letter::A))]);
}

#[test]
fn jsonl_numbers_strings_nulls() {
    let f = parse(
        "{\"question_id\": 1, \"answer\": \"d\"}\r\n\n{\"question_id\": \"2\", \"response\": \"الإجابة: ب\"}\n\
         {\"question_id\": 3, \"answer\": null}\n",
    )
    .unwrap();
    assert_eq!(f.format, PredictionFormat::Jsonl);
    assert_eq!(choices(&f), [(1, Some(Letter::D)), (2, Some(Letter::B)), (3, None)]);
    assert_eq!(f.rows[1].line, 3);
}

/// One rule for question ids in every format: a whole number written in
/// digits (in JSON an integer or a string of digits); a refusal quotes
/// what was written.
#[test]
fn question_ids_follow_one_rule_in_csv_and_json() {
    let accepted = [("1000", "1000"), ("\"1000\"", "1000"), ("\" 7 \"", " 7 ")];
    for (json, csv) in accepted {
        let from_json = parse(&format!("{{\"question_id\": {json}, \"answer\": \"A\"}}\n")).unwrap();
        let from_csv = parse(&format!("question_id,answer\n{csv},A\n")).unwrap();
        assert_eq!(choices(&from_json), choices(&from_csv), "{json} / {csv}");
    }
    let refused = [
        ("1e3", "1e3"),
        ("1000.0", "1000.0"),
        ("1E3", "1E3"),
        ("-5", "-5"),
        ("0", "0"),
        ("99999999999999999999", "99999999999999999999"),
        ("\"1e3\"", "1e3"),
        ("\"1000.0\"", "1000.0"),
        ("true", "true"),
        ("[1]", "[1]"),
    ];
    for (json, written) in refused {
        let err = parse(&format!("{{\"question_id\": {json}, \"answer\": \"A\"}}\n")).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("line 1: question_id {written:?} is not a positive whole number"),
            "JSON {json}"
        );
        if !json.starts_with(['t', '[']) {
            let csv = written.to_owned();
            let err = parse(&format!("question_id,answer\n{csv},A\n")).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("line 2: question_id {written:?} is not a positive whole number"),
                "CSV {csv}"
            );
        }
    }
}

#[test]
fn refusals_name_the_line() {
    let cases: &[(&str, &str)] = &[
        ("question_id,answer\n1,A\n2,B\n1,C\n", "line 4: duplicate question_id 1 (first seen on line 2)"),
        ("id,answer\n1,A\n", "line 1: the header must name question_id and answer (or response); found: id,answer"),
        ("question_id,answer\n1,A\n2,AB\n", "line 3: answer \"AB\" is not a letter A-F"),
        ("question_id,answer\n1,A\nx,B\n", "line 3: question_id \"x\" is not a positive whole number"),
        ("question_id,answer\n1,A,extra\n", "line 2: 3 fields, but the header has 2"),
        ("question_id,answer\n", "no predictions in the file"),
        ("", "the file is empty"),
        ("{\"question_id\": 1, \"answer\": \"A\"}\n{oops\n", "line 2: not a JSON object"),
        ("{\"question_id\": 1}\n", "line 1: missing answer or response"),
        ("{\"answer\": \"A\"}\n", "line 1: missing question_id"),
        ("{\"question_id\": 1.5, \"answer\": \"A\"}\n", "line 1: question_id \"1.5\" is not"),
        ("{\"question_id\": 1, \"answer\": 3}\n", "line 1: answer \"3\" is not a letter"),
        ("[1]\n", "line 1: the header must name"),
    ];
    for (input, message) in cases {
        let err = parse(input).unwrap_err().to_string();
        assert!(err.starts_with(message), "{input:?}: {err}");
    }
}

#[test]
fn byte_level_refusals() {
    let e = PredictionFile::parse(b"question_id,answer\n1,A\n2,\xC3\n").unwrap_err();
    assert_eq!(e.to_string(), "line 3: invalid UTF-8 (save the file as UTF-8)");
    assert_eq!(e.line(), Some(3));
    let e = PredictionFile::parse(b"q\0").unwrap_err();
    assert_eq!(e.line(), Some(1));
    let big = vec![b' '; MAX_PREDICTION_BYTES + 1];
    assert!(matches!(PredictionFile::parse(&big), Err(PredictionError::Input(InputError::TooLarge { .. }))));
}
