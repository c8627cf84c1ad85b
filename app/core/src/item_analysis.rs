//! Item analysis of an answer key from the submissions scored on it
//! (`medarabench keys audit`, for operators only: it reads what each
//! submission gave for every question, which is never served).
//!
//! For each scoreable question:
//! - **difficulty**: the share of submissions that got it right (classical
//!   test theory's p-value: high is easy);
//! - **discrimination**: the point-biserial correlation between being right
//!   on the question (0/1) and the submission's number right on the *other*
//!   questions (the corrected item-total correlation, so the question does
//!   not correlate with itself); absent when either side does not vary;
//! - **contradicted**: the strong submissions (the top quartile by number
//!   right, at least [`MIN_STRONG`]) mostly (more than half of them) gave
//!   one letter other than the keyed one: a likely key error, a candidate
//!   for the errata of a corrected version.
//!
//! Missing and unparsed answers count as wrong, as in scoring.

use serde::Serialize;

use super::key::AnswerKey;
use super::stored_predictions::Given;
use super::types::{Letter, QuestionId};

/// Submissions an audit needs at least; with fewer, figures per question
/// say nothing.
pub const MIN_SUBMISSIONS: usize = 5;

/// The strong group is the top quartile, but never fewer than this many.
pub const MIN_STRONG: usize = 3;

/// Too few submissions to audit a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the key has {found} submission(s) with stored predictions; an audit needs at least {needed}")]
pub struct TooFew {
    pub found: usize,
    pub needed: usize,
}

/// What the audit says about one question.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemStats {
    pub question_id: QuestionId,
    /// The keyed answer.
    pub keyed: Letter,
    /// Submissions right on it.
    pub correct: usize,
    /// Share of submissions right on it.
    pub difficulty: f64,
    /// Point-biserial correlation with the rest score; `None` when every
    /// submission was right (or wrong), or the rest scores are all equal.
    pub discrimination: Option<f64>,
    /// The letter most strong submissions gave (`None` when none gave a
    /// letter, or two letters tie).
    pub strong_answer: Option<Letter>,
    /// Strong submissions that gave `strong_answer`.
    pub strong_agree: usize,
    /// Strong submissions that gave the keyed letter.
    pub strong_keyed: usize,
    /// More than half the strong submissions agree on a letter other than
    /// the keyed one.
    pub contradicted: bool,
}

/// The audit of one key: every scoreable question, most suspect first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KeyAudit {
    /// Submissions analysed.
    pub submissions: usize,
    /// Size of the strong group.
    pub strong: usize,
    /// Questions whose keyed answer the strong group contradicts.
    pub contradicted: usize,
    /// Every scoreable question, sorted by [`suspicion`].
    pub items: Vec<ItemStats>,
}

/// Size of the strong group among `n` submissions: the top quartile
/// (rounded up), at least [`MIN_STRONG`], at most `n`.
pub fn strong_size(n: usize) -> usize {
    n.div_ceil(4).max(MIN_STRONG).min(n)
}

/// Audits `key` from `responses`: one vector per submission, what it gave
/// for each of the key's scoreable items in key order (see
/// [`crate::stored_predictions::aligned`]).
pub fn audit(key: &AnswerKey, responses: &[Vec<Given>]) -> Result<KeyAudit, TooFew> {
    let n = responses.len();
    if n < MIN_SUBMISSIONS {
        return Err(TooFew { found: n, needed: MIN_SUBMISSIONS });
    }
    let items = key.items();
    let right = |r: &[Given], i: usize| r.get(i) == Some(&Given::Letter(items[i].answer));
    let totals: Vec<usize> = responses.iter().map(|r| (0..items.len()).filter(|&i| right(r, i)).count()).collect();
    // Strongest first; the order of equal totals is the submissions' order.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&s| std::cmp::Reverse(totals[s]));
    let strong = &order[..strong_size(n)];

    let mut stats: Vec<ItemStats> = items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let hits: Vec<bool> = responses.iter().map(|r| right(r, i)).collect();
            let rest: Vec<f64> = totals.iter().zip(&hits).map(|(t, h)| (t - usize::from(*h)) as f64).collect();
            let correct = hits.iter().filter(|h| **h).count();
            let mut votes = [0usize; 6];
            for &s in strong {
                if let Some(Given::Letter(l)) = responses[s].get(i) {
                    votes[l.index()] += 1;
                }
            }
            let top = votes.iter().copied().max().unwrap_or(0);
            let leaders: Vec<Letter> = Letter::ALL.into_iter().filter(|l| votes[l.index()] == top).collect();
            let strong_answer = (top > 0 && leaders.len() == 1).then(|| leaders[0]);
            ItemStats {
                question_id: item.id,
                keyed: item.answer,
                correct,
                difficulty: correct as f64 / n as f64,
                discrimination: point_biserial(&hits, &rest),
                strong_answer,
                strong_agree: if strong_answer.is_some() { top } else { 0 },
                strong_keyed: votes[item.answer.index()],
                contradicted: strong_answer.is_some_and(|l| l != item.answer) && 2 * top > strong.len(),
            }
        })
        .collect();
    stats.sort_by(suspicion);
    Ok(KeyAudit {
        submissions: n,
        strong: strong.len(),
        contradicted: stats.iter().filter(|s| s.contradicted).count(),
        items: stats,
    })
}

/// The order of an audit: contradicted questions first (the most strong
/// submissions agreeing first), then the lowest discrimination (negative:
/// strong submissions do worse on it than weak ones), questions without a
/// discrimination after those with one, then the hardest; then by id.
pub fn suspicion(a: &ItemStats, b: &ItemStats) -> std::cmp::Ordering {
    let disc = |s: &ItemStats| s.discrimination.unwrap_or(f64::INFINITY);
    b.contradicted
        .cmp(&a.contradicted)
        .then(if a.contradicted { b.strong_agree.cmp(&a.strong_agree) } else { std::cmp::Ordering::Equal })
        .then(disc(a).total_cmp(&disc(b)))
        .then(a.difficulty.total_cmp(&b.difficulty))
        .then(a.question_id.cmp(&b.question_id))
}

/// Pearson's correlation of a 0/1 variable with `y`: the point-biserial
/// correlation. `None` when either does not vary.
pub fn point_biserial(x: &[bool], y: &[f64]) -> Option<f64> {
    let n = x.len() as f64;
    if x.is_empty() || x.len() != y.len() {
        return None;
    }
    let xs: Vec<f64> = x.iter().map(|b| f64::from(u8::from(*b))).collect();
    let (mx, my) = (xs.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let cov: f64 = xs.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let vx: f64 = xs.iter().map(|a| (a - mx).powi(2)).sum();
    let vy: f64 = y.iter().map(|b| (b - my).powi(2)).sum();
    (vx > 0.0 && vy > 0.0).then(|| cov / (vx * vy).sqrt())
}

#[cfg(test)]
mod tests {
    use super::super::benchmark::Benchmark;
    use super::super::key::parse_key;
    use super::*;

    const HEADER: &str = "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
                          Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n";

    fn key(answers: &str) -> AnswerKey {
        let mut csv = HEADER.to_owned();
        for (i, a) in answers.chars().enumerate() {
            csv.push_str(&format!("{},q,a,b,c,d,,,{a},Y1,Anatomy,ABCD,Anatomy\n", i + 1));
        }
        parse_key(Benchmark::MedAraBench, csv.as_bytes()).unwrap().key
    }

    /// One submission's answers as letters; `-` is missing, `?` unparsed.
    fn given(s: &str) -> Vec<Given> {
        s.chars()
            .map(|c| match c {
                '-' => Given::Missing,
                '?' => Given::Unparsed,
                c => Given::Letter(Letter::from_index(usize::from(c as u8 - b'A')).unwrap()),
            })
            .collect()
    }

    fn item(a: &KeyAudit, id: u32) -> &ItemStats {
        a.items.iter().find(|s| s.question_id.get() == id).unwrap()
    }

    #[test]
    fn too_few_submissions_are_refused() {
        let k = key("AB");
        let four: Vec<Vec<Given>> = (0..4).map(|_| given("AB")).collect();
        assert_eq!(audit(&k, &four).unwrap_err(), TooFew { found: 4, needed: MIN_SUBMISSIONS });
    }

    #[test]
    fn strong_group_is_the_top_quartile_with_a_floor() {
        assert_eq!([5, 12, 13, 40].map(strong_size), [3, 3, 4, 10]);
        assert_eq!(strong_size(2), 2);
    }

    #[test]
    fn a_wrong_key_is_contradicted_by_the_strong_group() {
        // Key: 1=A 2=B 3=C 4=D 5=A. Question 5 is keyed A, but the three
        // strongest all answer B; the weak ones guess.
        let k = key("ABCDA");
        let subs = ["ABCDB", "ABCDB", "ABCAB", "ABDCA", "BACD?", "CC--A"].map(given).to_vec();
        let a = audit(&k, &subs).unwrap();
        assert_eq!((a.submissions, a.strong, a.contradicted), (6, 3, 1));
        let q5 = item(&a, 5);
        assert!(q5.contradicted);
        assert_eq!((q5.strong_answer, q5.strong_agree, q5.strong_keyed), (Some(Letter::B), 3, 0));
        assert_eq!(q5.correct, 2);
        assert!((q5.difficulty - 2.0 / 6.0).abs() < 1e-12);
        assert!(q5.discrimination.unwrap() < 0.0, "the weak ones are right: {q5:?}");
        assert_eq!(a.items[0].question_id.get(), 5, "most suspect first");
        assert!(!item(&a, 1).contradicted && !item(&a, 4).contradicted);
        assert_eq!(item(&a, 1).correct, 4);
    }

    #[test]
    fn a_split_strong_group_contradicts_nothing() {
        let k = key("AA");
        let subs = ["AB", "AC", "AD", "BA", "CA"].map(given).to_vec();
        let a = audit(&k, &subs).unwrap();
        assert_eq!(a.contradicted, 0);
        assert_eq!(item(&a, 2).strong_answer, None, "B, C and D tie");
    }

    #[test]
    fn point_biserial_matches_pearson_by_hand() {
        // x = 1,1,0,0; y = 3,2,1,0: cov = 2, vx = 1, vy = 5 → 2/√5.
        let r = point_biserial(&[true, true, false, false], &[3.0, 2.0, 1.0, 0.0]).unwrap();
        assert!((r - 2.0 / 5f64.sqrt()).abs() < 1e-12);
        assert_eq!(point_biserial(&[true, true], &[1.0, 2.0]), None, "x does not vary");
        assert_eq!(point_biserial(&[true, false], &[1.0, 1.0]), None, "y does not vary");
    }

    #[test]
    fn an_item_everyone_gets_right_has_no_discrimination_and_sorts_last() {
        let k = key("AB");
        let subs = ["AB", "AC", "AD", "AB", "AA"].map(given).to_vec();
        let a = audit(&k, &subs).unwrap();
        let q1 = item(&a, 1);
        assert_eq!((q1.difficulty, q1.discrimination), (1.0, None));
        assert_eq!(a.items.last().unwrap().question_id.get(), 1);
    }
}
