//! Unit tests of the official-CSV key reader: scoreable, rejected and
//! normalized rows, duplicate ids, warnings, whole-file refusals.

use super::super::benchmark::Benchmark;
use super::super::key::{CheckedKey, parse_key};
use super::super::report::Rejection;
use super::*;

const HEADER: &str = "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
                      Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\r\n";

fn key(rows: &str) -> CheckedKey {
    parse_key(Benchmark::MedAraBench, format!("\u{feff}{HEADER}{rows}").as_bytes()).unwrap()
}

#[test]
fn scoreable_normalized_and_rejected_rows() {
    let k = key("1,\"q1, with comma\nand newline\",a,b,c,d,,,B,Y1,Anatomy,ABCD,Anatomy\r\n\
         2,q2,a,b,c,d,e,, c ,Y2,Physics,ABCDE,Chemistry and Physics\r\n\
         3,q3,a,b,c,d,,,E,Y1,Anatomy,ABCD,Anatomy\r\n\
         4,q4,a,b,c,d,,,,Y1,Anatomy,ABCD,Anatomy\r\n\
         5,q5,a,b,c,d,,,A+B,Y9,Anatomy,ABCD,Anatomy\r\n\
         x,q6,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\r\n");
    let r = &k.report;
    assert_eq!((r.rows, r.scoreable, r.normalized), (6, 2, 1));
    assert_eq!(k.key.get(QuestionId::new(2).unwrap()).unwrap().answer, Letter::C);
    let reasons: Vec<_> = r.rejected.iter().map(|x| (x.question_id.map(QuestionId::get), x.line)).collect();
    assert_eq!(reasons, [(Some(3), 5), (Some(4), 6), (Some(5), 7), (None, 8)]);
    assert!(r.rejected[0].reason.contains("answer E names an empty option (the question has options A-D)"));
    assert_eq!(r.rejected[1].reason, "answer is blank");
    assert!(r.rejected[2].reason.contains("not a single letter") && r.rejected[2].reason.contains("Y9"));
    // Every reason of a row has a code, in the order of the English text.
    let codes: Vec<Vec<&str>> = r.rejected.iter().map(|x| x.reasons.iter().map(RejectReason::code).collect()).collect();
    assert_eq!(
        codes,
        [
            vec!["key-reason-answer-empty-option"],
            vec!["key-reason-answer-blank"],
            vec!["key-reason-answer-not-a-letter", "key-reason-bad-level"],
            vec!["key-reason-bad-question-id"],
        ]
    );
    for x in &r.rejected {
        let sentences: Vec<String> = x.reasons.iter().map(RejectReason::to_string).collect();
        assert_eq!(x.reason, sentences.join("; "));
    }
    assert_eq!(r.rejected[2].reason, "answer \"A+B\" is not a single letter A-F; level \"Y9\" is not one of Y1-Y5");
    assert_eq!(r.rejected[3].reason, "question id \"x\" is not a positive whole number");
    let revealing: Vec<bool> = r.rejected.iter().map(Rejection::reveals_answer).collect();
    assert_eq!(revealing, [true, false, true, false]);
    assert!(k.key.is_rejected(QuestionId::new(4).unwrap()));
    assert_eq!(r.options["4"], 1);
    assert_eq!(r.specialties["Chemistry and Physics"], 1);
}

#[test]
fn the_other_reasons_have_their_codes_and_sentences() {
    let k = key("1,q,a,b,c,d,,,A,Y1,Anatomy,ABCD\n\
                 2,q,a,,,,,,B,,Anatomy,ABCD,\n\
                 3,q,a,b,c,d,,,the first option,Y1,Anatomy,ABCD,Anatomy\n");
    let rejected: Vec<(&str, Vec<&str>)> = k
        .report
        .rejected
        .iter()
        .map(|r| (r.reason.as_str(), r.reasons.iter().map(RejectReason::code).collect()))
        .collect();
    assert_eq!(
        rejected,
        [
            (
                "12 fields, but the header has 13; umbrella_specialty is blank",
                vec!["key-reason-field-count", "key-reason-specialty-blank"]
            ),
            (
                "answer B names an empty option (the question has only option A); level is blank; umbrella_specialty is blank",
                vec!["key-reason-answer-empty-option", "key-reason-level-blank", "key-reason-specialty-blank"]
            ),
            ("answer is text (16 characters), not a single letter A-F", vec!["key-reason-answer-is-text"]),
        ]
    );
}

#[test]
fn duplicate_ids_reject_every_copy() {
    let k = key("7,q,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\n7,p,a,b,c,d,,,B,Y1,Anatomy,ABCD,Anatomy\n");
    assert_eq!(k.report.scoreable, 0);
    assert_eq!(k.report.rejected[1].reason, "duplicate question id 7 (also on line 2)");
    assert!(matches!(k.require_scoreable(), Err(KeyError::NoScoreableRows { rows: 2 })));
    let rows: String = (0..8)
        .map(|i| format!("9,q{i},a,b,c,d,,,{},Y1,Anatomy,ABCD,Anatomy\n", if i == 0 { "" } else { "A" }))
        .collect();
    let k = key(&rows);
    assert_eq!(k.report.rejected.len(), 8);
    assert_eq!(
        k.report.rejected[0].reason,
        "duplicate question id 9 (also on line 3, 4, 5, 6, 7 and 2 more); answer is blank"
    );
    let id = QuestionId::new(9).unwrap();
    assert_eq!(
        k.report.rejected[0].reasons,
        [RejectReason::DuplicateId { id, lines: vec![3, 4, 5, 6, 7], more: 2 }, RejectReason::AnswerBlank]
    );
    assert_eq!(k.report.rejected[7].reasons, [RejectReason::DuplicateId { id, lines: vec![3, 4, 5, 6, 7], more: 2 }]);
    assert!(k.report.rejected.iter().all(|r| !r.reveals_answer()), "a duplicate id says nothing of the answer");
    assert!(k.key.is_rejected(QuestionId::new(9).unwrap()));
}

#[test]
fn warnings_found() {
    let k = key("1,same,a,b,c,d,,,A,Y1,Anatomy,ABCDE,Anatomy\n\
                 2,same,a,b,c,d,,,B,Y1,,ABCD,Anatomy\n\
                 3, same ,x,y,z,w,,,A,Y1,Anatomy,ABCD,Anatomy\n\
                 4,,a,a,c,,e,f,A,Y1,Anatomy,ABCDEF,Anatomy\n");
    let kinds: Vec<_> = k.report.warnings.iter().map(|w| (w.question_id.unwrap().get(), w.kind)).collect();
    use WarningKind::*;
    assert_eq!(
        kinds,
        [
            (1, GroupMismatch),
            (2, ConflictingDuplicate),
            (2, MissingSubspecialty),
            (3, DuplicateQuestion),
            (4, GroupMismatch),
            (4, OptionGap),
            (4, DuplicateOptions),
            (4, EmptyQuestion),
        ]
    );
    assert_eq!(k.report.options["5"], 1);
}

#[test]
fn whole_file_refusals() {
    let missing = parse_key(Benchmark::MedAraBench, b"Question Number,Question\n1,q\n").unwrap_err();
    assert!(missing.to_string().starts_with("line 1: missing column(s) Option A, Option B"), "{missing}");
    assert_eq!(parse_key(Benchmark::MedAraBench, HEADER.as_bytes()).unwrap_err(), KeyError::NoRows);
    assert!(matches!(parse_key(Benchmark::MedAraBench, b" \n"), Err(KeyError::Input(_))));
}

#[test]
fn collapsed_texts_hash_like_their_collapsed_form() {
    let forms = ["a b", " a b", "a  b", "a\tb", "a\u{a0}b", "a\u{3000}b\n", "a\r\nb "];
    for form in forms {
        assert_eq!(words_hash(form), words_hash("a b"), "{form:?}");
    }
    assert!(is_collapsed("سؤال عن القلب") && !is_collapsed("a\u{2003}b") && !is_collapsed("a "));
    assert_ne!(words_hash("a b"), words_hash("ab"));
    assert_eq!(words_hash(" \u{85}\n"), None);
    assert_eq!(words_hash(""), None);
}
