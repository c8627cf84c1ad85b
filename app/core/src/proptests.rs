//! Property tests: scoring invariants over random prediction files on a
//! synthetic key, letter variants, and "no input panics a parser".

use std::sync::OnceLock;

use proptest::prelude::*;

use super::benchmark::Benchmark;
use super::extract::{Extraction, extract, extract_letter};
use super::forensics::{Fingerprint, agreement, correct};
use super::key::{AnswerKey, CheckedKey, KeyError, parse_key, parse_key_for_scoring};
use super::predictions::PredictionFile;
use super::score::{ScoreCard, Scored, score_bytes};
use super::stored_predictions::{Given, StoredPredictions, rescore};
use super::synthetic::{synthetic_key, synthetic_medarabiq, with_answers};
use super::types::Letter;

fn key_csv() -> &'static str {
    static CSV: OnceLock<String> = OnceLock::new();
    CSV.get_or_init(|| synthetic_key(300, 11).csv)
}

fn key() -> &'static AnswerKey {
    static KEY: OnceLock<AnswerKey> = OnceLock::new();
    KEY.get_or_init(|| parse_key(Benchmark::MedAraBench, key_csv().as_bytes()).unwrap().key)
}

/// A change an erratum makes to one row: a new letter, or a blank answer
/// (the row is rejected).
fn erratum() -> impl Strategy<Value = std::collections::BTreeMap<u32, String>> {
    let ids: Vec<u32> =
        key().items().iter().map(|it| it.id.get()).chain(key().rejected_ids().iter().map(|id| id.get())).collect();
    let answer = prop_oneof![4 => (0..4usize).prop_map(|i| Letter::ALL[i].to_string()), 1 => Just(String::new())];
    proptest::collection::btree_map(proptest::sample::select(ids), answer, 0..40)
}

fn given() -> impl Strategy<Value = Given> {
    prop_oneof![Just(Given::Missing), Just(Given::Unparsed), (0..6usize).prop_map(|i| Given::Letter(Letter::ALL[i])),]
}

/// What a row says about one key item: a letter, a blank answer, a free
/// text response, or no row at all.
#[derive(Debug, Clone)]
enum Row {
    Letter(Letter),
    Blank,
    Response(Letter),
    Missing,
}

fn row() -> impl Strategy<Value = Row> {
    prop_oneof![
        6 => (0..6usize).prop_map(|i| Row::Letter(Letter::ALL[i])),
        1 => Just(Row::Blank),
        1 => (0..6usize).prop_map(|i| Row::Response(Letter::ALL[i])),
        1 => Just(Row::Missing),
    ]
}

fn rows() -> impl Strategy<Value = Vec<(u32, Row)>> {
    let ids: Vec<u32> = key().items().iter().map(|it| it.id.get()).collect();
    proptest::collection::vec(row(), ids.len())
        .prop_map(move |rs| ids.iter().copied().zip(rs).filter(|(_, r)| !matches!(r, Row::Missing)).collect())
        .prop_shuffle()
}

fn csv_file(rows: &[(u32, Row)]) -> String {
    let mut out = String::from("question_id,answer,response\r\n");
    for (id, r) in rows {
        match r {
            Row::Letter(l) => out.push_str(&format!("{id},{l},\r\n")),
            Row::Blank => out.push_str(&format!("{id},,\r\n")),
            Row::Response(l) => out.push_str(&format!("{id},,\"The answer is {l}.\nDone\"\r\n")),
            Row::Missing => {}
        }
    }
    out
}

fn jsonl_file(rows: &[(u32, Row)]) -> String {
    rows.iter()
        .map(|(id, r)| match r {
            Row::Letter(l) => format!("{{\"question_id\": {id}, \"answer\": \"{l}\"}}\n"),
            Row::Blank => format!("{{\"question_id\": \"{id}\", \"answer\": \"\"}}\n"),
            Row::Response(l) => format!("{{\"question_id\": {id}, \"response\": \"Answer: ({l})\"}}\n"),
            Row::Missing => String::new(),
        })
        .collect()
}

fn scored(file: &str) -> Scored {
    score_bytes(key(), file.as_bytes()).unwrap()
}

fn assert_cells_add_up(card: &ScoreCard) {
    for map in [&card.by_specialty, &card.by_level, &card.by_options, &card.by_subspecialty] {
        assert_eq!(map.values().map(|c| c.total).sum::<usize>(), card.total);
        assert_eq!(map.values().map(|c| c.correct).sum::<usize>(), card.correct);
    }
    let cells = card.by_cell.values().flat_map(|m| m.values());
    assert_eq!(
        cells.map(|c| (c.total, c.correct)).fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1)),
        (card.total, card.correct)
    );
}

/// Reads `body` both ways and checks they agree: the same scoreable items,
/// the same rejected ids, or the same error.
fn assert_same_key(benchmark: Benchmark, body: &[u8]) -> Result<(), TestCaseError> {
    let full: Result<AnswerKey, KeyError> =
        parse_key(benchmark, body).and_then(CheckedKey::require_scoreable).map(|c| c.key);
    match (full, parse_key_for_scoring(benchmark, body)) {
        (Ok(full), Ok(lean)) => {
            prop_assert_eq!(full.items(), lean.items());
            prop_assert_eq!(full.rejected_ids(), lean.rejected_ids());
            prop_assert!(full.sha256().is_some() && lean.sha256().is_none());
        }
        (Err(full), Err(lean)) => prop_assert_eq!(full, lean),
        (full, lean) => prop_assert!(false, "full read {:?}, scoring read {:?}", full.err(), lean.err()),
    }
    Ok(())
}

/// The ways a response may write a letter: Latin either case, Arabic (with
/// its alef forms and tatweels).
fn letter_variant(i: usize, v: usize) -> String {
    let arabic: [&[&str]; 6] = [&["أ", "ا", "إ", "آ"], &["ب", "بـ"], &["ج", "جـ"], &["د"], &["ه", "هـ"], &["و"]];
    let letter = Letter::ALL[i];
    let latin = [letter.as_char().to_string(), letter.as_char().to_ascii_lowercase().to_string()];
    let variants: Vec<String> = latin.into_iter().chain(arabic[i].iter().map(|s| (*s).to_owned())).collect();
    variants[v % variants.len()].clone()
}

/// Reasoning with no answer statement in it, but with everything a weaker
/// rule might read: option mentions, bold and bracketed letters, option
/// lists, letter lines, "vitamin B12", "E. coli", random text.
fn reasoning() -> impl Strategy<Value = String> {
    let sentence = prop_oneof![
        4 => proptest::sample::select(vec![
            "Let me consider each option.",
            "Option A is wrong because the pain is pleuritic.",
            "**B** looks tempting, but the ECG rules it out.",
            "The most likely cause is (C) myocardial infarction.",
            "A) Pulmonary embolism\nB) Aortic dissection\nC) Myocardial infarction",
            "D",
            "Vitamin B12 deficiency gives a high MCV.",
            "E. coli is the commonest cause of cystitis.",
            "Type A personality is a risk factor.",
            "الخيار ب غير صحيح لأن المريض لا يعاني من الحمى.",
            "باب القلب مفتوح",
            "I cannot determine this from the history alone.",
            "## Analysis\n- **Option D:** unlikely",
        ]).prop_map(str::to_owned),
        1 => "\\PC{0,80}",
    ];
    proptest::collection::vec(sentence, 0..8).prop_map(|v| v.join("\n"))
}

/// A response whose letter is decided, in one of the styles models use.
fn decided(i: usize, v: usize, style: usize) -> String {
    let l = letter_variant(i, v);
    match style % 8 {
        0 => l,
        1 => format!("The answer is {l}."),
        2 => format!("Final answer: **{l}**"),
        3 => format!("الإجابة الصحيحة هي: {l}"),
        4 => format!("```json\n{{\"answer\": \"{l}\"}}\n```"),
        5 => format!("{l}) The first option"),
        6 => format!("So the answer is ({l})"),
        _ => format!("I pick **{l}** here."),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn score_ignores_row_order_and_format(rows in rows(), seed in any::<u64>()) {
        let csv = scored(&csv_file(&rows));
        let jsonl = scored(&jsonl_file(&rows));
        prop_assert_eq!(&csv, &jsonl);
        let mut reversed = rows.clone();
        reversed.rotate_left((seed as usize) % rows.len().max(1));
        reversed.reverse();
        prop_assert_eq!(&csv, &scored(&csv_file(&reversed)));
        assert_cells_add_up(&csv.card);
        let c = &csv.card;
        prop_assert_eq!(c.correct, csv.correct.iter().filter(|&&x| x).count());
        prop_assert_eq!(c.missing, key().len() - rows.len());
        prop_assert!(c.ci95[0] <= c.accuracy && c.accuracy <= c.ci95[1]);
    }

    #[test]
    fn flipping_one_answer_moves_correct_by_one(rows in rows(), pick in any::<prop::sample::Index>()) {
        let mut rows = rows;
        prop_assume!(!rows.is_empty());
        let before = scored(&csv_file(&rows)).card.correct;
        let i = pick.index(rows.len());
        let id = rows[i].0;
        let item = key().items().iter().find(|it| it.id.get() == id).unwrap();
        let was_right = matches!(rows[i].1, Row::Letter(l) | Row::Response(l) if l == item.answer);
        let wrong = Letter::ALL.into_iter().find(|&l| l != item.answer).unwrap();
        rows[i].1 = Row::Letter(if was_right { wrong } else { item.answer });
        let after = scored(&csv_file(&rows)).card.correct;
        prop_assert_eq!(after as i64 - before as i64, if was_right { -1 } else { 1 });
    }

    #[test]
    fn stored_predictions_round_trip(values in proptest::collection::vec(given(), 0..700)) {
        let stored = StoredPredictions::from_given(values.clone());
        let packed = stored.pack();
        prop_assert_eq!(packed.len(), (values.len() * 3).div_ceil(8));
        let rows: String = (1..=values.len()).map(|i| format!("{i},q,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\n")).collect();
        let header = "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n";
        if let Ok(layout) = parse_key(Benchmark::MedAraBench, format!("{header}{rows}").as_bytes()) {
            let unpacked = StoredPredictions::unpack(&layout.key, &packed).unwrap();
            prop_assert_eq!(unpacked.given(), &values[..]);
        }
    }

    /// The fingerprint's word-at-a-time counts are the question-by-question
    /// ones: agreement and correct answers, for any two answer sheets.
    #[test]
    fn fingerprints_count_what_the_answers_say(pairs in proptest::collection::vec((given(), given()), 0..700)) {
        let key = key();
        let n = key.len() + key.rejected_ids().len();
        let sheet = |pick: fn(&(Given, Given)) -> Given| {
            let mut values: Vec<Given> = pairs.iter().map(pick).collect();
            values.resize(n, Given::Missing);
            StoredPredictions::from_given(values)
        };
        let (a, b) = (sheet(|p| p.0), sheet(|p| p.1));
        let (fa, fb) = (Fingerprint::of(key, &a), Fingerprint::of(key, &b));
        prop_assert_eq!(fa.agreement(&fb), agreement(a.given(), b.given(), key.len()));
        prop_assert_eq!(fb.agreement(&fa), fa.agreement(&fb));
        let agree = fa.agreement(&fb);
        for needed in [0, agree.saturating_sub(1), agree, agree + 1, key.len()] {
            prop_assert_eq!(fa.agreement_at_least(&fb, needed), (agree >= needed).then_some(agree), "needed {}", needed);
        }
        prop_assert_eq!(fa.correct(), correct(key, a.given()));
    }

    /// Re-scoring the stored predictions on a corrected key gives exactly
    /// what scoring the file on that key gives, and every answer the
    /// erratum changed moves the correct count by what the file says.
    #[test]
    fn rescoring_on_an_erratum_equals_scoring_the_file_on_it(rows in rows(), changes in erratum(), extra in any::<bool>()) {
        let mut file = csv_file(&rows);
        if extra {
            // Rows for questions the first version rejects are kept too.
            for id in key().rejected_ids() {
                file.push_str(&format!("{id},B,\r\n"));
            }
        }
        let first = scored(&file);
        let packed = first.predictions.pack();
        let stored = StoredPredictions::unpack(key(), &packed).unwrap();
        prop_assert_eq!(&rescore(key(), &stored, key()), &first);
        let corrected = parse_key(Benchmark::MedAraBench, with_answers(key_csv(), &changes).as_bytes()).unwrap().key;
        let again = rescore(key(), &stored, &corrected);
        let direct = score_bytes(&corrected, file.as_bytes()).unwrap();
        prop_assert_eq!(&again.card, &direct.card);
        prop_assert_eq!(&again.correct, &direct.correct);
        assert_cells_add_up(&again.card);
        // Rows both versions score with the same answer count the same.
        let same = corrected.items().iter().zip(&again.correct)
            .filter(|(it, _)| key().get(it.id).is_some_and(|old| old.answer == it.answer));
        for (it, right) in same {
            let before = key().position(it.id).map(|p| first.correct[p]);
            prop_assert_eq!(before, Some(*right));
        }
    }

    #[test]
    fn every_letter_variant_maps_right(
        i in 0..6usize,
        v in 0..5usize,
        pre in "[ \t(\\[*\"']{0,3}",
        post in "[ \t)\\].:*\"']{0,3}",
    ) {
        let letter = Letter::ALL[i];
        let arabic: [&[&str]; 6] = [&["أ", "ا", "إ", "آ"], &["ب", "بـ"], &["ج", "جـ"], &["د"], &["ه", "هـ"], &["و"]];
        let latin = [letter.as_char().to_string(), letter.as_char().to_ascii_lowercase().to_string()];
        let variants: Vec<String> = latin.into_iter().chain(arabic[i].iter().map(|s| (*s).to_owned())).collect();
        let variant = &variants[v % variants.len()];
        let text = format!("{pre}{variant}{post}");
        prop_assert_eq!(Letter::parse_answer(&text), Ok(letter));
        prop_assert_eq!(extract_letter(&text), Some(letter));
        prop_assert_eq!(extract_letter(&format!("The answer is {variant}.")), Some(letter));
        prop_assert_eq!(extract_letter(&format!("الإجابة الصحيحة هي {variant}")), Some(letter));
    }

    #[test]
    fn a_final_answer_after_reasoning_decides(reasoning in reasoning(), i in 0..6usize, v in 0..5usize, style in 0..5usize) {
        let l = letter_variant(i, v);
        let last = match style {
            0 => format!("Final answer: {l}"),
            1 => format!("**Final Answer:** {l}"),
            2 => format!("الإجابة النهائية: {l}"),
            3 => format!("The final answer is $\\boxed{{{l}}}$"),
            _ => format!("{{\"answer\": \"{l}\"}}"),
        };
        let text = format!("{reasoning}\n\n{last}");
        prop_assert_eq!(extract_letter(&text), Some(Letter::ALL[i]), "{:?}", text);
    }

    #[test]
    fn reasoning_blocks_before_a_decided_answer_change_nothing(
        noise in prop_oneof![reasoning(), "\\PC{0,200}"],
        i in 0..6usize,
        v in 0..5usize,
        style in 0..8usize,
    ) {
        let answer = decided(i, v, style);
        let before = extract(&answer);
        prop_assert_eq!(&before, &Extraction::Found(Letter::ALL[i], match &before {
            Extraction::Found(_, r) => *r,
            other => return Err(TestCaseError::fail(format!("{answer:?}: {other:?}"))),
        }));
        for tag in ["think", "THINK", "thinking"] {
            prop_assert_eq!(&extract(&format!("<{tag}>{noise}</{tag}>{answer}")), &before);
            prop_assert_eq!(&extract(&format!("{noise}\n</{tag}>\n\n{answer}")), &before);
        }
    }

    #[test]
    fn two_different_final_letters_are_unparsed(
        reasoning in reasoning(),
        i in 0..6usize,
        step in 1..6usize,
        (v, w) in (0..5usize, 0..5usize),
        form in 0..7usize,
    ) {
        let (x, y) = (letter_variant(i, v), letter_variant((i + step) % 6, w));
        let last = match form {
            0 => format!("Final answer: {x} or {y}"),
            1 => format!("Final answer: {x}/{y}"),
            2 => format!("Final answer: {x}\n\nWait.\n\nFinal answer: {y}"),
            3 => format!("{{\"answer\": \"{x}\"}}\nFinal answer: {y}"),
            4 => format!("الإجابة النهائية: {x} أو {y}"),
            5 => format!("The answer is either {x} or {y}."),
            _ => format!("Final answer: {x}\n\nActually, the answer is {y}."),
        };
        let text = format!("{reasoning}\n\n{last}");
        prop_assert_eq!(extract_letter(&text), None, "{:?}: {:?}", text, extract(&text));
    }

    #[test]
    fn no_markup_panics_extraction(parts in proptest::collection::vec(prop_oneof![
        proptest::sample::select(vec![
            "<think>", "</think>", "<THINKING>", "\"answer\": \"", "'option':'", "\\boxed{", "\\text{", "}", "<answer>",
            "</answer>", "**", "(", ")", "[", "Final answer: ", "either ", " or ", "\n", "الإجابة النهائية ", "ـ", "\\",
            "\"", "'", "إما ", "أو ", "A", "ب", "e.", " ",
        ]).prop_map(str::to_owned),
        "\\PC{0,20}",
    ], 0..40)) {
        let text: String = parts.concat();
        let _ = extract(&text);
        let _ = extract_letter(&text);
    }

    #[test]
    fn reading_for_scoring_keeps_the_same_key(rows in 1..400usize, seed in any::<u64>()) {
        // Synthetic keys carry every kind of defect (blank and text answers,
        // duplicate ids and texts, option gaps).
        assert_same_key(Benchmark::MedAraBench, synthetic_key(rows, seed).csv.as_bytes())?;
        assert_same_key(Benchmark::MedArabiQ, synthetic_medarabiq(rows.min(120), seed).as_bytes())?;
    }

    #[test]
    fn reading_for_scoring_refuses_what_a_full_read_refuses(
        text in "\\PC{0,300}",
        tail in "[\"\r\n,{}:0-9A-Fa-fأبجده ـ]{0,80}",
    ) {
        let key_header = "Question Number,Question,Option A,Option B,Option C,Option D,\
                          Correct Answer,Level,umbrella_specialty\n";
        for body in [format!("{text}{tail}"), format!("{key_header}{tail}{text}"), format!("{key_header}1,q,a,b,c,d,{tail},Y1,X\n{text}")] {
            assert_same_key(Benchmark::MedAraBench, body.as_bytes())?;
        }
        assert_same_key(Benchmark::MedArabiQ, format!("Question,Answer,Category\n{tail}{text}").as_bytes())?;
    }

    #[test]
    fn no_bytes_panic_the_parsers(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = parse_key(Benchmark::MedAraBench, &bytes);
        let _ = parse_key(Benchmark::MedArabiQ, &bytes);
        let _ = PredictionFile::parse(&bytes);
    }

    #[test]
    fn no_text_panics_the_parsers(text in "\\PC{0,300}", tail in "[\"\r\n,{}:0-9A-Fa-fأبجده ـ]{0,80}") {
        let key_header = "Question Number,Question,Option A,Option B,Option C,Option D,\
                          Correct Answer,Level,umbrella_specialty\n";
        let medarabiq = format!("Question,Answer,Category\n{tail}{text}");
        for body in [format!("{text}{tail}"), format!("{key_header}{tail}{text}"), medarabiq] {
            let _ = parse_key(Benchmark::MedAraBench, body.as_bytes());
            let _ = parse_key(Benchmark::MedArabiQ, body.as_bytes());
        }
        for body in [format!("question_id,answer\n{tail}{text}"), format!("{{\"question_id\":{tail}{text}")] {
            if let Ok(file) = PredictionFile::parse(body.as_bytes()) {
                let _ = super::score::score(key(), &file);
            }
        }
        let _ = extract(&format!("{text}{tail}"));
        let _ = extract(&format!("{tail}{text}"));
    }
}
