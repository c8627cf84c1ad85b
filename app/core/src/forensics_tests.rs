use super::*;
use crate::benchmark::Benchmark;
use crate::key::{parse_key, parse_key_for_scoring};
use crate::score::score_bytes;
use crate::synthetic::{synthetic_key, synthetic_predictions};

const HEADER: &str = "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
                      Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n";

/// Rows `id,question,options...,answer`: options a-d unless the row says.
fn key_csv(rows: &[(u32, &str, &str)]) -> String {
    let mut csv = HEADER.to_owned();
    for (id, question, answer) in rows {
        csv.push_str(&format!("{id},{question},a,b,c,d,,,{answer},Y1,Anatomy,ABCD,Anatomy\n"));
    }
    csv
}

fn id(n: u32) -> QuestionId {
    QuestionId::new(n).unwrap()
}

fn predictions(key: &AnswerKey, answers: &[(u32, &str)]) -> StoredPredictions {
    let mut file = "question_id,answer\n".to_owned();
    for (i, a) in answers {
        file.push_str(&format!("{i},{a}\n"));
    }
    score_bytes(key, file.as_bytes()).unwrap().predictions
}

/// Three empty-option rows (one of them on a repeated id, which is no
/// canary: which row a copy follows cannot be known), one conflicting pair.
fn defective() -> String {
    key_csv(&[
        (1, "q1", "A"),
        (2, "q2", "E"),
        (3, "q3", "F"),
        (4, "q4", "E"),
        (5, "same question", "A"),
        (6, "same question", "B"),
        (7, "q7", "C"),
        (7, "q7 again", "E"),
        (8, "q8", "D"),
    ])
}

#[test]
fn the_keys_defects_are_its_canaries() {
    let key = parse_key(Benchmark::MedAraBench, defective().as_bytes()).unwrap().key;
    assert_eq!(
        key.canaries(),
        [
            Canary::EmptyOption { id: id(2), letter: Letter::E },
            Canary::EmptyOption { id: id(3), letter: Letter::F },
            Canary::EmptyOption { id: id(4), letter: Letter::E },
            Canary::ConflictingDuplicate { first: (id(5), Letter::A), second: (id(6), Letter::B) },
        ]
    );
    // Read for scoring only, the question texts are not compared.
    let scoring = parse_key_for_scoring(Benchmark::MedAraBench, defective().as_bytes()).unwrap();
    assert_eq!(scoring.canaries(), &key.canaries()[..3]);
}

#[test]
fn a_copy_of_the_key_reproduces_every_defect_and_a_model_none() {
    let key = parse_key(Benchmark::MedAraBench, defective().as_bytes()).unwrap().key;
    let copy = predictions(&key, &[(1, "A"), (2, "E"), (3, "F"), (4, "E"), (5, "A"), (6, "B"), (8, "D")]);
    let defects = reproduced(&key, &copy);
    assert_eq!(defects, Defects { reproduced: 4, known: 4 });
    assert!(defects.is_copy());
    // A model answers among the options, and the same question the same way.
    let model = predictions(&key, &[(1, "A"), (2, "A"), (3, "B"), (4, "D"), (5, "A"), (6, "A"), (8, "D")]);
    assert_eq!(reproduced(&key, &model), Defects { reproduced: 0, known: 4 });
    // Half of the pair is not the pair.
    let half = predictions(&key, &[(2, "E"), (3, "F"), (5, "A"), (6, "C")]);
    assert_eq!(reproduced(&key, &half).reproduced, 2);
}

#[test]
fn the_threshold_is_three_and_half() {
    let flagged = |reproduced, known| Defects { reproduced, known }.is_copy();
    assert!(!flagged(2, 2), "two may be chance");
    assert!(flagged(3, 6));
    assert!(!flagged(3, 7), "less than half");
    assert!(flagged(40, 41));
    assert!(!flagged(0, 0));
}

#[test]
fn a_synthetic_key_copied_is_flagged_and_a_synthetic_model_is_not() {
    let synthetic = synthetic_key(1_600, 3);
    let key = parse_key(Benchmark::MedAraBench, synthetic.csv.as_bytes()).unwrap().key;
    assert_eq!(key.canaries().len(), 4, "an answer E on a 4-option question every 499 rows");
    let mut copy = "question_id,answer\n".to_owned();
    for c in key.canaries() {
        for (i, l) in c.answers() {
            copy.push_str(&format!("{i},{l}\n"));
        }
    }
    for it in key.items() {
        copy.push_str(&format!("{},{}\n", it.id, it.answer));
    }
    let copy = score_bytes(&key, copy.as_bytes()).unwrap().predictions;
    assert_eq!(flags(&key, &copy, None), [Flag::ReproducesKeyDefects { reproduced: 4, known: 4 }]);
    let model = score_bytes(&key, synthetic_predictions(&key, 0.65, 1).as_bytes()).unwrap().predictions;
    assert_eq!(flags(&key, &model, None), []);
}

#[test]
fn near_duplicates_agree_on_almost_everything_below_the_top() {
    let key = parse_key(Benchmark::MedAraBench, synthetic_key(1_000, 5).csv.as_bytes()).unwrap().key;
    let file = synthetic_predictions(&key, 0.65, 1);
    let first = score_bytes(&key, file.as_bytes()).unwrap().predictions;
    // Ten answers changed: 99% agreement.
    let mut given = first.given().to_vec();
    for g in given.iter_mut().step_by(100) {
        *g = Given::Letter(if *g == Given::Letter(Letter::A) { Letter::B } else { Letter::A });
    }
    let near = StoredPredictions::from_given(given);
    assert_eq!(agreement(first.given(), near.given(), key.len()), key.len() - 10);
    let print = |p: &StoredPredictions| Fingerprint::of(&key, p);
    let first_print = print(&first);
    let other = |f| Other { public_id: "abc123", fingerprint: f };
    assert_eq!(print(&near).agreement(&first_print), key.len() - 10);
    assert_eq!(near_duplicate(&key, &print(&near), [other(&first_print)]), Some("abc123"));
    let of = near_duplicate(&key, &print(&near), [other(&first_print)]).map(str::to_owned);
    assert_eq!(flags(&key, &near, of), [Flag::NearDuplicate { of: "abc123".into() }]);
    // Two independent models of the same accuracy agree far less.
    let independent = score_bytes(&key, synthetic_predictions(&key, 0.65, 2).as_bytes()).unwrap().predictions;
    assert_eq!(near_duplicate(&key, &print(&independent), [other(&first_print)]), None);
    assert!(print(&near).may_have_near_duplicates() && print(&independent).may_have_near_duplicates());
    // Near the top, agreement is expected.
    let top = score_bytes(&key, synthetic_predictions(&key, 0.997, 3).as_bytes()).unwrap().predictions;
    let also_top = score_bytes(&key, synthetic_predictions(&key, 0.997, 4).as_bytes()).unwrap().predictions;
    assert!(agreement(top.given(), also_top.given(), key.len()) as f64 >= NEAR_AGREEMENT * key.len() as f64);
    let also_top_print = print(&also_top);
    assert!(print(&top).agreement(&also_top_print) as f64 >= NEAR_AGREEMENT * key.len() as f64);
    assert_eq!(near_duplicate(&key, &print(&top), [other(&also_top_print)]), None);
    assert!(!print(&top).may_have_near_duplicates(), "nothing to search for");
    // Blank answers agree with nothing.
    let blank = StoredPredictions::from_given(vec![Given::Unparsed; first.given().len()]);
    let blank_print = print(&blank);
    assert_eq!(blank_print.agreement(&blank_print), 0);
    assert_eq!(near_duplicate(&key, &blank_print, [other(&blank_print)]), None);
    assert!(!blank_print.may_have_near_duplicates(), "nothing to search for");
}

#[test]
fn flags_are_shown_on_a_public_key_only() {
    let flag = Flag::ReproducesKeyDefects { reproduced: 5, known: 6 };
    let public = flag.shown(Exposure::Public, |_| true).unwrap().message;
    assert_eq!(
        (public.code.as_str(), public.get("n"), public.get("m")),
        ("flag-reproduces-key-defects", Some("5"), Some("6"))
    );
    let near = Flag::NearDuplicate { of: "x7Kp2".into() };
    assert_eq!(near.shown(Exposure::Public, |_| true).unwrap().message.get("id"), Some("x7Kp2"));
    // The other submission is named only to a viewer who may open it.
    let unnamed = near.shown(Exposure::Public, |id| id != "x7Kp2").unwrap().message;
    assert_eq!((unnamed.code.as_str(), unnamed.get("id")), ("flag-near-duplicate-unnamed", None));
    // On a held-out key whether a flag fired would tell about the key.
    assert_eq!((flag.shown(Exposure::HeldOut, |_| true), near.shown(Exposure::HeldOut, |_| true)), (None, None));
    let json = serde_json::to_string(&[flag.clone(), near.clone()]).unwrap();
    assert_eq!(
        json,
        r#"[{"code":"reproduces_key_defects","reproduced":5,"known":6},{"code":"near_duplicate","of":"x7Kp2"}]"#
    );
    assert_eq!(serde_json::from_str::<Vec<Flag>>(&json).unwrap(), [flag, near]);
}
