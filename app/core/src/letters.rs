//! Letter bias: which option letters a submission chose and, on a public
//! key, how that compares with where the key puts its answers.
//!
//! A model may do well on multiple-choice questions by favouring a letter
//! the key favours. [`LetterShares::chosen`] is the file's own property
//! (every question of the key it answered with a letter), so it may be
//! shown on a held-out key; [`LetterShares::against_key`] needs the key's
//! answers and is shown only where the whole score card is.
//!
//! The comparison is corrected for chance and for accuracy: a letter's
//! `expected` share is what a model as accurate as this one, with no
//! preference among letters, would choose (its right answers where the key
//! puts them, its wrong ones spread evenly over each question's other
//! options). A letter is `overused` when the file chooses it clearly more
//! often than that: at least [`OVERUSE_MARGIN`] above, at least
//! [`OVERUSE_RATIO`] times, and with the lower end of its 95% interval
//! still above.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::key::AnswerKey;
use crate::stats::wilson;
use crate::stored_predictions::Given;
use crate::types::Letter;

/// How far (as a share) above its expected share a letter is chosen
/// before it is called overused.
pub const OVERUSE_MARGIN: f64 = 0.10;

/// How many times its expected share a letter is chosen before it is
/// called overused.
pub const OVERUSE_RATIO: f64 = 1.5;

/// The letters a submission chose (see the module docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LetterShares {
    /// Questions of the key the file answered with a letter.
    pub n: usize,
    /// For each letter from A to the last one chosen or offered: how often
    /// the file chose it, out of `n`.
    #[cfg_attr(feature = "openapi", schema(value_type = BTreeMap<String, LetterCount>))]
    pub chosen: BTreeMap<Letter, LetterCount>,
    /// On a public key: the same choices beside the key's. Absent on a
    /// held-out key until it is revealed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub against_key: Option<AgainstKey>,
}

/// How often one letter was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LetterCount {
    pub count: usize,
    /// count / n.
    pub share: f64,
    /// Wilson 95% interval of `share`.
    pub ci95: [f64; 2],
}

/// The file's letters on the key's scoreable questions it answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AgainstKey {
    /// Scoreable questions the file answered with a letter: every share
    /// below is out of these.
    pub n: usize,
    #[cfg_attr(feature = "openapi", schema(value_type = BTreeMap<String, LetterAgainstKey>))]
    pub letters: BTreeMap<Letter, LetterAgainstKey>,
    /// Letters chosen clearly more often than `expected` (module docs).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub overused: Vec<Letter>,
}

/// One letter's shares on the answered scoreable questions.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LetterAgainstKey {
    /// Questions on which the file chose it.
    pub count: usize,
    /// How often the file chose it: count / n.
    pub chosen: f64,
    /// Wilson 95% interval of `chosen`.
    pub ci95: [f64; 2],
    /// How often the key's answer is this letter.
    pub key: f64,
    /// How often choosing uniformly among each question's options picks it.
    pub chance: f64,
    /// How often a model as accurate, without a preference among letters,
    /// would choose it.
    pub expected: f64,
}

impl LetterShares {
    /// The shares of `all` (what the file gave for every question of the
    /// key's layout, scoreable and rejected) and, against the key, of
    /// `scoreable` (one value per scoreable item of `key`, in key order).
    pub fn new(all: &[Given], key: &AnswerKey, scoreable: &[Given]) -> Self {
        let mut counts = [0usize; 6];
        for g in all {
            if let Given::Letter(l) = g {
                counts[l.index()] += 1;
            }
        }
        let offered = key.items().iter().map(|it| usize::from(it.options)).max().unwrap_or(0);
        let chosen_last = counts.iter().rposition(|&c| c > 0).map_or(0, |i| i + 1);
        let letters = &Letter::ALL[..offered.max(chosen_last).min(Letter::ALL.len())];
        let n: usize = counts.iter().sum();
        let chosen = letters
            .iter()
            .map(|&l| {
                let count = counts[l.index()];
                (l, LetterCount { count, share: ratio(count, n), ci95: wilson(count, n) })
            })
            .collect();
        Self { n, chosen, against_key: Some(AgainstKey::new(key, scoreable, letters)) }
    }

    /// The shares a held-out key lets anyone see: the file's own choices.
    pub fn without_key(&self) -> Self {
        Self { against_key: None, ..self.clone() }
    }
}

impl AgainstKey {
    fn new(key: &AnswerKey, scoreable: &[Given], letters: &[Letter]) -> Self {
        let answered: Vec<(&crate::key::KeyItem, Letter)> = key
            .items()
            .iter()
            .zip(scoreable)
            .filter_map(|(it, g)| match g {
                Given::Letter(l) => Some((it, *l)),
                _ => None,
            })
            .collect();
        let n = answered.len();
        let right = answered.iter().filter(|(it, l)| it.answer == *l).count();
        let accuracy = ratio(right, n);
        let (mut chosen, mut keyed, mut chance, mut expected) = ([0usize; 6], [0usize; 6], [0.0; 6], [0.0; 6]);
        for (it, l) in &answered {
            chosen[l.index()] += 1;
            keyed[it.answer.index()] += 1;
            let options = usize::from(it.options).min(Letter::ALL.len());
            for (i, letter) in Letter::ALL[..options].iter().enumerate() {
                chance[i] += 1.0 / options as f64;
                expected[i] += if *letter == it.answer {
                    accuracy
                } else {
                    // Wrong answers spread evenly over the other options.
                    (1.0 - accuracy) / (options - 1).max(1) as f64
                };
            }
        }
        let per = |x: f64| if n == 0 { 0.0 } else { x / n as f64 };
        let letters: BTreeMap<Letter, LetterAgainstKey> = letters
            .iter()
            .map(|&l| {
                let i = l.index();
                let shares = LetterAgainstKey {
                    count: chosen[i],
                    chosen: ratio(chosen[i], n),
                    ci95: wilson(chosen[i], n),
                    key: ratio(keyed[i], n),
                    chance: per(chance[i]),
                    expected: per(expected[i]),
                };
                (l, shares)
            })
            .collect();
        let overused = letters.iter().filter(|(_, s)| s.overused()).map(|(l, _)| *l).collect();
        Self { n, letters, overused }
    }
}

impl LetterAgainstKey {
    /// Chosen clearly more often than expected (see the module docs).
    pub fn overused(&self) -> bool {
        self.chosen >= self.expected + OVERUSE_MARGIN
            && self.chosen >= self.expected * OVERUSE_RATIO
            && self.ci95[0] > self.expected
    }
}

fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 { 0.0 } else { part as f64 / whole as f64 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benchmark::Benchmark;
    use crate::key::parse_key;
    use crate::stored_predictions::StoredPredictions;

    /// Four questions with four options keyed A, A, B, C; one with five
    /// keyed E; one row the key rejects (no answer).
    const KEY: &str = "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
                       Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n\
                       1,q1,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\n\
                       2,q2,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\n\
                       3,q3,a,b,c,d,,,B,Y1,Anatomy,ABCD,Anatomy\n\
                       4,q4,a,b,c,d,,,C,Y1,Anatomy,ABCD,Anatomy\n\
                       5,q5,a,b,c,d,e,,E,Y2,Physics,ABCDE,Chemistry and Physics\n\
                       6,q6,a,b,c,d,,,,Y1,Anatomy,ABCD,Anatomy\n";

    fn shares(file: &str) -> LetterShares {
        let key = parse_key(Benchmark::MedAraBench, KEY.as_bytes()).unwrap().key;
        let scored = crate::score::score_bytes(&key, file.as_bytes()).unwrap();
        scored.card.letter_shares.clone().expect("every scored file has letter shares")
    }

    #[test]
    fn chosen_letters_count_every_answered_question_of_the_file() {
        // Question 6 is rejected by the key: its letter still counts as the
        // file's choice; question 4 is unparsed, question 5 missing.
        let s = shares("question_id,answer\n1,A\n2,A\n3,A\n4,\n6,B\n");
        assert_eq!(s.n, 4);
        let letters: Vec<Letter> = s.chosen.keys().copied().collect();
        assert_eq!(letters, [Letter::A, Letter::B, Letter::C, Letter::D, Letter::E], "A to the last offered");
        let a = s.chosen[&Letter::A];
        assert_eq!((a.count, a.share), (3, 0.75));
        assert_eq!(a.ci95, wilson(3, 4));
        assert_eq!(s.chosen[&Letter::B].count, 1);
        assert_eq!(s.chosen[&Letter::E].count, 0);
    }

    #[test]
    fn against_the_key_by_hand() {
        // Answered scoreable: 1 A (right), 2 A (right), 3 A (wrong: B),
        // 5 B (wrong: E). Accuracy 2/4.
        let s = shares("question_id,answer\n1,A\n2,A\n3,A\n5,B\n6,C\n");
        let k = s.against_key.expect("a public key");
        assert_eq!(k.n, 4);
        let a = k.letters[&Letter::A];
        assert_eq!((a.chosen, a.key), (0.75, 0.5));
        // Chance: 1/4 on each of three 4-option questions, 1/5 on the other.
        assert!((a.chance - (3.0 / 4.0 + 1.0 / 5.0) / 4.0).abs() < 1e-12);
        // Expected at accuracy 1/2: q1, q2 keyed A give 1/2 each; q3 keyed B
        // gives (1/2)/3 to A; q5 keyed E gives (1/2)/4 to A.
        let want = (0.5 + 0.5 + 0.5 / 3.0 + 0.5 / 4.0) / 4.0;
        assert!((a.expected - want).abs() < 1e-12, "{} {want}", a.expected);
        let e = k.letters[&Letter::E];
        assert_eq!((e.chosen, e.key), (0.0, 0.25));
        assert!((e.chance - 0.05).abs() < 1e-12);
        assert!((e.expected - 0.5 / 4.0).abs() < 1e-12);
        // The expected shares of a file sum to one, as the chosen ones do.
        let total: f64 = k.letters.values().map(|l| l.expected).sum();
        assert!((total - 1.0).abs() < 1e-12, "{total}");
        // Four answers are too few to call any letter overused.
        assert!(k.overused.is_empty());
    }

    #[test]
    fn a_letter_chosen_far_more_often_than_expected_is_overused() {
        // 200 questions keyed evenly over A-D; the file answers A to all.
        let mut key = String::from(
            "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
             Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n",
        );
        let mut always_a = String::from("question_id,answer\n");
        let mut even = String::from("question_id,answer\n");
        for id in 1..=200 {
            let letter = ["A", "B", "C", "D"][id % 4];
            key.push_str(&format!("{id},q{id},a,b,c,d,,,{letter},Y1,Anatomy,ABCD,Anatomy\n"));
            always_a.push_str(&format!("{id},A\n"));
            even.push_str(&format!("{id},{}\n", ["B", "C", "D", "A"][id % 4]));
        }
        let key = parse_key(Benchmark::MedAraBench, key.as_bytes()).unwrap().key;
        let shares_of = |file: &str| {
            let scored = crate::score::score_bytes(&key, file.as_bytes()).unwrap();
            scored.card.letter_shares.unwrap().against_key.unwrap()
        };
        assert_eq!(shares_of(&always_a).overused, [Letter::A]);
        // Every answer wrong, but spread evenly: no letter overused.
        assert!(shares_of(&even).overused.is_empty());
    }

    #[test]
    fn without_the_key_only_the_files_own_choices_remain() {
        let s = shares("question_id,answer\n1,A\n2,B\n");
        let shown = s.without_key();
        assert!(shown.against_key.is_none());
        assert_eq!((shown.n, &shown.chosen), (s.n, &s.chosen));
        let json = serde_json::to_value(&shown).unwrap();
        assert!(json.get("against_key").is_none(), "{json}");
        assert_eq!(json["chosen"]["A"]["count"], 1);
    }

    #[test]
    fn a_corrected_key_counts_the_letters_of_its_own_questions() {
        let key = parse_key(Benchmark::MedAraBench, KEY.as_bytes()).unwrap().key;
        let scored = crate::score::score_bytes(&key, b"question_id,answer\n1,B\n2,B\n3,B\n6,A\n").unwrap();
        // Version 2 drops question 2 and keys question 1 as B.
        let corrected: String = KEY
            .lines()
            .filter(|l| !l.starts_with("2,"))
            .map(|l| l.replacen("1,q1,a,b,c,d,,,A", "1,q1,a,b,c,d,,,B", 1) + "\n")
            .collect();
        let corrected = parse_key(Benchmark::MedAraBench, corrected.as_bytes()).unwrap().key;
        let again = crate::stored_predictions::rescore(&key, &scored.predictions, &corrected);
        let s = again.card.letter_shares.unwrap();
        assert_eq!((s.n, s.chosen[&Letter::B].count, s.chosen[&Letter::A].count), (3, 2, 1), "question 2 is gone");
        let k = s.against_key.unwrap();
        assert_eq!((k.n, k.letters[&Letter::B].count), (2, 2));
        assert_eq!(k.letters[&Letter::B].key, 1.0, "both answered questions are keyed B now");
    }

    #[test]
    fn rescoring_on_the_same_key_gives_the_same_shares() {
        let key = parse_key(Benchmark::MedAraBench, KEY.as_bytes()).unwrap().key;
        let scored = crate::score::score_bytes(&key, b"question_id,answer\n1,B\n3,B\n5,E\n6,A\n").unwrap();
        let stored = StoredPredictions::unpack(&key, &scored.predictions.pack()).unwrap();
        let again = crate::stored_predictions::rescore(&key, &stored, &key);
        assert_eq!(again.card.letter_shares, scored.card.letter_shares);
    }
}
