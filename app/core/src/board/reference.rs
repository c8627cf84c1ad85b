//! Reference rows: what answering without reading the question scores on
//! the default key. Computed with the domain scorer, so they follow the
//! same rules as every submission; they are baselines, not models, and
//! are never ranked.

use std::fmt::Write as _;

use super::{Baseline, BoardRow, RowSource};
use crate::exposure::Exposure;
use crate::stats::Z95;
use crate::{AnswerKey, Letter, score_bytes};

/// The prediction file that answers `letter` to every scoreable question.
fn constant_file(key: &AnswerKey, letter: Letter) -> String {
    let mut csv = String::with_capacity(key.len() * 8 + 20);
    csv.push_str("question_id,answer\n");
    for item in key.items() {
        let _ = writeln!(csv, "{},{}", item.id.get(), letter.as_char());
    }
    csv
}

fn row(model: String, baseline: Baseline, key_name: &str, synthetic: bool) -> BoardRow {
    BoardRow {
        accuracy: 0.0,
        n: 0,
        ci95: [0.0, 1.0],
        key: Some(key_name.to_owned()),
        synthetic_key: synthetic,
        baseline: Some(baseline),
        ..BoardRow::bare(&model, RowSource::Reference)
    }
}

/// Uniform random guessing (its expected accuracy, with the central 95%
/// of a guesser's accuracy as interval), "always A", and the best constant
/// letter when it is not A; best first. Empty for an empty key. On a
/// held-out key only random guessing, which depends on the option counts
/// alone: a constant letter's score is a count of the key's answers.
pub fn baselines(key: &AnswerKey, key_name: &str, synthetic: bool, exposure: Exposure) -> Vec<BoardRow> {
    if key.is_empty() {
        return Vec::new();
    }
    let constant: Vec<(Letter, crate::ScoreCard)> = (0..6)
        .filter_map(Letter::from_index)
        .filter_map(|l| score_bytes(key, constant_file(key, l).as_bytes()).ok().map(|s| (l, s.card)))
        .collect();
    let Some(first) = constant.first() else { return Vec::new() };
    let random = first.1.random_baseline;
    let n = first.1.total as u64;
    let mut out = vec![BoardRow {
        accuracy: random.expected_accuracy,
        n,
        ci95: [
            (random.expected_accuracy - Z95 * random.sd).max(0.0),
            (random.expected_accuracy + Z95 * random.sd).min(1.0),
        ],
        ..row("uniform random guessing".into(), Baseline::Random, key_name, synthetic)
    }];
    if exposure == Exposure::HeldOut {
        return out;
    }
    // The best constant letter (the earliest on a tie), then A.
    let best = (0..constant.len()).max_by_key(|&i| (constant[i].1.correct, std::cmp::Reverse(i)));
    let mut picks: Vec<usize> = best.into_iter().collect();
    if let Some(a) = constant.iter().position(|(l, _)| *l == Letter::A)
        && !picks.contains(&a)
    {
        picks.push(a);
    }
    for i in picks {
        let (letter, card) = &constant[i];
        out.push(BoardRow {
            accuracy: card.accuracy,
            correct: Some(card.correct as u64),
            n: card.total as u64,
            ci95: card.ci95,
            ..row(format!("always {}", letter.as_char()), Baseline::Always(letter.as_char()), key_name, synthetic)
        });
    }
    out.sort_by(|a, b| b.accuracy.total_cmp(&a.accuracy));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Benchmark, parse_key};

    const KEY: &str = "Question Number,Question,Option A,Option B,Option C,Option D,Option E,Option F,\
                       Correct Answer,Level,Medical Specialty,Group,umbrella_specialty\n\
                       1,q,a,b,c,d,,,A,Y1,Anatomy,ABCD,Anatomy\n\
                       2,q2,a,b,c,d,e,,E,Y2,Physics,ABCDE,Chemistry and Physics\n\
                       3,q3,a,b,c,d,,,C,Y1,Histology,ABCD,Anatomy\n\
                       4,q4,a,b,c,d,,,C,Y1,Anatomy,ABCD,Anatomy\n";

    #[test]
    fn guessing_always_a_and_the_best_letter() {
        let key = parse_key(Benchmark::MedAraBench, KEY.as_bytes()).unwrap().key;
        let rows = baselines(&key, "k", true, Exposure::Public);
        let kinds: Vec<_> = rows.iter().map(|r| r.baseline.unwrap()).collect();
        assert_eq!(kinds, [Baseline::Always('C'), Baseline::Always('A'), Baseline::Random]);
        assert_eq!(rows[0].accuracy, 0.5);
        assert_eq!(rows[0].correct, Some(2));
        assert_eq!(rows[1].accuracy, 0.25);
        let e = (3.0 / 4.0 + 1.0 / 5.0) / 4.0;
        assert!((rows[2].accuracy - e).abs() < 1e-12 && rows[2].correct.is_none());
        assert!(rows[2].ci95[0] < e && e < rows[2].ci95[1]);
        assert!(
            rows.iter().all(|r| r.source == RowSource::Reference && r.synthetic_key && r.n == 4 && r.rank.is_none())
        );
        // A held-out key keeps only what its option counts give.
        let held_out = baselines(&key, "k", true, Exposure::HeldOut);
        assert_eq!(held_out.iter().map(|r| r.baseline.unwrap()).collect::<Vec<_>>(), [Baseline::Random]);
        assert_eq!(held_out[0], rows[2]);
    }
}
