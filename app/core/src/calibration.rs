//! Calibration: whether a model's confidence in its answers
//! (`crate::confidence`) matches how often those answers are right, and
//! how well it would do answering only the questions it is surest of.
//!
//! Over the `n` scoreable questions the file answered with a letter and a
//! confidence (the others are left out, and `n` says how many remain):
//! - **ECE**, expected calibration error: the questions sorted by
//!   confidence, the i-th of n (from 0) in bin ⌊15 i / n⌋, so the [`BINS`]
//!   bins hold equal numbers; ECE is the mean over questions of
//!   |accuracy − mean confidence| of their bin. Questions of equal
//!   confidence have no order: where a bin edge falls among them, each
//!   side counts their accuracy as a group (the mean over every order). Its 95%
//!   interval is the 26th and 975th smallest of [`RESAMPLES`] bootstrap
//!   replicates (the questions drawn with replacement, a fixed seed, so a
//!   submission always shows the same interval). ECE is biased upwards on
//!   few questions, and so is its interval.
//! - **Brier** score: the mean of (confidence − 1 if right, else 0)², the
//!   confidence in the chosen answer only (what one byte a question keeps).
//! - **Risk-coverage**: the questions sorted by confidence, most confident
//!   first; the risk at coverage k/n is the share wrong among the first k.
//!   Questions of equal confidence have no order, so their errors count
//!   at the group's rate (the mean over every order). **AURC** is the mean
//!   risk over k = 1..n, and the accuracy at 50% and 80% coverage is
//!   1 − risk at k = ⌈0.5 n⌉ and ⌈0.8 n⌉, with its Wilson interval on k.
//!
//! Computed from per-question correctness: on a held-out key none of it is
//! shown until the key is revealed.

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand::distributions::{Distribution, Uniform};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::confidence::Confidence;
use crate::stats::wilson_share;

/// Equal-mass bins of the ECE and the reliability diagram.
pub const BINS: usize = 15;

/// Bootstrap replicates behind the ECE's interval.
pub const RESAMPLES: usize = 1_000;

/// The coverages at which the accuracy is reported, by their names.
pub const COVERAGES: [(&str, f64); 2] = [("0.5", 0.5), ("0.8", 0.8)];

/// Points of the stored risk-coverage curve (coverage 1/40 to 1).
pub const CURVE_POINTS: usize = 40;

/// The bootstrap's seed: fixed, so the interval is a property of the
/// answers alone.
const SEED: u64 = 0x4d41_4231_4543_4531;

/// How well a submission's confidences match its accuracy (module docs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Calibration {
    /// Scoreable questions answered with a letter and a confidence.
    pub n: usize,
    /// Expected calibration error over [`BINS`] equal-mass bins.
    pub ece: f64,
    /// Bootstrap 95% interval of `ece`.
    pub ece_ci95: [f64; 2],
    /// Mean squared difference between confidence and correctness.
    pub brier: f64,
    /// Area under the risk-coverage curve (mean risk over every coverage).
    pub aurc: f64,
    /// "0.5", "0.8" → accuracy on the most confident half, 80%.
    pub accuracy_at_coverage: BTreeMap<String, f64>,
    /// Wilson 95% intervals of `accuracy_at_coverage`.
    pub accuracy_at_coverage_ci95: BTreeMap<String, [f64; 2]>,
    /// Questions each coverage answers.
    pub coverage_n: BTreeMap<String, usize>,
    /// Mean confidence over the `n`.
    pub mean_confidence: f64,
    /// Accuracy over the `n`.
    pub accuracy: f64,
    /// Wilson 95% interval of `accuracy`.
    pub accuracy_ci95: [f64; 2],
    /// The bins, in order of confidence (the reliability diagram).
    pub reliability: Vec<Bin>,
    /// `[coverage, risk]` at [`CURVE_POINTS`] coverages (fewer when `n` is
    /// smaller), for the risk-coverage curve.
    pub risk_coverage: Vec<[f64; 2]>,
}

/// One bin of the reliability diagram.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Bin {
    /// Questions in the bin.
    pub n: usize,
    /// Their mean confidence.
    pub confidence: f64,
    /// Their accuracy.
    pub accuracy: f64,
}

impl Calibration {
    /// The calibration of `answers`, each a confidence and whether the
    /// answer was right, in key order; `None` when there are none.
    pub fn of(answers: &[(Confidence, bool)]) -> Option<Self> {
        let n = answers.len();
        if n == 0 {
            return None;
        }
        // Ascending by confidence (the order among equals never matters).
        let mut sorted: Vec<(f64, bool)> = answers.iter().map(|(c, right)| (c.probability(), *right)).collect();
        sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
        let all = bins(&sorted, &vec![1u32; n]);
        let ece = ece_of(&all);
        let reliability: Vec<Bin> = all.into_iter().filter(|b| b.n > 0).collect();
        let curve = Risks::new(&sorted);
        let (mut at, mut at_ci, mut at_n) = (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
        for (name, coverage) in COVERAGES {
            let k = ((coverage * n as f64).ceil() as usize).clamp(1, n);
            let accuracy = 1.0 - curve.risk(k);
            at.insert(name.to_owned(), accuracy);
            at_ci.insert(name.to_owned(), wilson_share(accuracy, k));
            at_n.insert(name.to_owned(), k);
        }
        let mut ks: Vec<usize> = (1..=CURVE_POINTS).map(|j| (j * n).div_ceil(CURVE_POINTS).max(1)).collect();
        ks.dedup();
        let right = sorted.iter().filter(|(_, r)| *r).count();
        let accuracy = right as f64 / n as f64;
        Some(Self {
            n,
            ece,
            ece_ci95: ece_interval(&sorted),
            brier: sorted.iter().map(|(p, r)| (p - f64::from(u8::from(*r))).powi(2)).sum::<f64>() / n as f64,
            aurc: (1..=n).map(|k| curve.risk(k)).sum::<f64>() / n as f64,
            accuracy_at_coverage: at,
            accuracy_at_coverage_ci95: at_ci,
            coverage_n: at_n,
            mean_confidence: sorted.iter().map(|(p, _)| p).sum::<f64>() / n as f64,
            accuracy,
            accuracy_ci95: wilson_share(accuracy, n),
            reliability,
            risk_coverage: ks.into_iter().map(|k| [k as f64 / n as f64, curve.risk(k)]).collect(),
        })
    }
}

/// What a board row shows of a submission's calibration: the figures its
/// columns sort by, with their n.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CalibrationSummary {
    /// Answers with a confidence.
    pub n: u64,
    pub ece: f64,
    pub ece_ci95: [f64; 2],
    pub brier: f64,
}

impl Calibration {
    /// The board's figures.
    pub fn summary(&self) -> CalibrationSummary {
        CalibrationSummary { n: self.n as u64, ece: self.ece, ece_ci95: self.ece_ci95, brier: self.brier }
    }

    /// The interval of the accuracy at coverage `name` ([0, 1] if unknown).
    pub fn accuracy_ci95_at(&self, name: &str) -> [f64; 2] {
        self.accuracy_at_coverage_ci95.get(name).copied().unwrap_or([0.0, 1.0])
    }
}

/// The [`BINS`] equal-mass bins of `sorted` (ascending) with each answer
/// counted `weights[i]` times: position i of the N counted goes to bin
/// ⌊15 i / N⌋. Answers of equal confidence have no order, so a group of
/// them that a bin edge cuts gives each side its share of the group's
/// right answers.
fn bins(sorted: &[(f64, bool)], weights: &[u32]) -> [Bin; BINS] {
    let total: u64 = weights.iter().map(|w| u64::from(*w)).sum();
    let mut sums = [(0u64, 0.0f64, 0.0f64); BINS];
    let mut position = 0u64;
    let mut start = 0;
    while start < sorted.len() {
        let p = sorted[start].0;
        let end = start + sorted[start..].iter().take_while(|(q, _)| *q == p).count();
        let (mut left, mut right) = (0u64, 0u64);
        for (&(_, r), &w) in sorted[start..end].iter().zip(&weights[start..end]) {
            left += u64::from(w);
            right += if r { u64::from(w) } else { 0 };
        }
        let rate = if left == 0 { 0.0 } else { right as f64 / left as f64 };
        while left > 0 {
            let bin = (position * BINS as u64 / total) as usize;
            // The first position of the next bin: the least i with 15 i / N ≥ bin + 1.
            let next = ((bin as u64 + 1) * total).div_ceil(BINS as u64);
            let take = left.min(next - position);
            let s = &mut sums[bin];
            s.0 += take;
            s.1 += take as f64 * p;
            s.2 += take as f64 * rate;
            position += take;
            left -= take;
        }
        start = end;
    }
    sums.map(|(n, confidence, right)| match n {
        0 => Bin { n: 0, confidence: 0.0, accuracy: 0.0 },
        n => Bin { n: n as usize, confidence: confidence / n as f64, accuracy: right / n as f64 },
    })
}

/// The ECE of the answers `bins` hold: the mean over answers of their
/// bin's |accuracy − mean confidence|.
fn ece_of(bins: &[Bin; BINS]) -> f64 {
    let total: usize = bins.iter().map(|b| b.n).sum();
    bins.iter().map(|b| b.n as f64 * (b.accuracy - b.confidence).abs()).sum::<f64>() / total as f64
}

/// The bootstrap interval of the ECE (module docs).
fn ece_interval(sorted: &[(f64, bool)]) -> [f64; 2] {
    let n = sorted.len();
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    let draw = Uniform::new(0, n);
    let mut weights = vec![0u32; n];
    let mut replicates: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            weights.fill(0);
            for _ in 0..n {
                weights[draw.sample(&mut rng)] += 1;
            }
            ece_of(&bins(sorted, &weights))
        })
        .collect();
    replicates.sort_by(f64::total_cmp);
    [replicates[RESAMPLES / 40], replicates[RESAMPLES - RESAMPLES / 40 - 1]]
}

/// Errors among the most confident answers, ties at their group's rate.
struct Risks {
    /// Per group of equal confidence, most confident first: answers before
    /// it, errors before it, its size and its errors.
    groups: Vec<(usize, usize, usize, usize)>,
}

impl Risks {
    fn new(ascending: &[(f64, bool)]) -> Self {
        let mut groups: Vec<(usize, usize, usize, usize)> = Vec::new();
        let (mut before, mut wrong_before) = (0, 0);
        let mut i = ascending.len();
        while i > 0 {
            let p = ascending[i - 1].0;
            let start = ascending[..i].iter().rposition(|(q, _)| *q != p).map_or(0, |j| j + 1);
            let wrong = ascending[start..i].iter().filter(|(_, r)| !r).count();
            groups.push((before, wrong_before, i - start, wrong));
            before += i - start;
            wrong_before += wrong;
            i = start;
        }
        Self { groups }
    }

    /// The share wrong among the `k` most confident (1 ≤ k ≤ n).
    fn risk(&self, k: usize) -> f64 {
        let g = self.groups.partition_point(|(before, ..)| *before < k) - 1;
        let (before, wrong_before, size, wrong) = self.groups[g];
        let errors = wrong_before as f64 + wrong as f64 * (k - before) as f64 / size as f64;
        errors / k as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(p: f64) -> Confidence {
        Confidence::from_probability(p).unwrap()
    }

    #[test]
    fn nothing_to_measure_without_confidences() {
        assert_eq!(Calibration::of(&[]), None);
    }

    #[test]
    fn a_hand_worked_example() {
        // Four answers: confident and right, confident and wrong, unsure
        // and right, unsure and wrong.
        let (hi, lo) = (c(0.9), c(0.4));
        let (h, l) = (hi.probability(), lo.probability());
        let cal = Calibration::of(&[(hi, true), (lo, false), (hi, false), (lo, true)]).unwrap();
        assert_eq!(cal.n, 4);
        // Brier: ((h-1)² + h² + (l-1)² + l²) / 4.
        let brier = ((h - 1.0).powi(2) + h * h + (l - 1.0).powi(2) + l * l) / 4.0;
        assert!((cal.brier - brier).abs() < 1e-12);
        // Four bins of one (positions 0..3 go to bins 0, 3, 7, 11); each
        // pair of equal confidences is right half the time, whichever of
        // the two falls in which bin.
        let ece = ((0.5 - l).abs() + (0.5 - h).abs()) / 2.0;
        assert!((cal.ece - ece).abs() < 1e-12, "{} {ece}", cal.ece);
        // Ties: the two confident answers are one group with one error, so
        // risk(1) = 1/2, risk(2) = 1/2; then risk(3) = (1 + 1/2)/3, risk(4) = 2/4.
        let aurc = (0.5 + 0.5 + 1.5 / 3.0 + 0.5) / 4.0;
        assert!((cal.aurc - aurc).abs() < 1e-12);
        assert_eq!(cal.coverage_n["0.5"], 2);
        assert!((cal.accuracy_at_coverage["0.5"] - 0.5).abs() < 1e-12);
        assert_eq!(cal.coverage_n["0.8"], 4);
        assert_eq!(cal.reliability.len(), 4);
    }

    #[test]
    fn perfect_ordering_has_no_risk_until_the_first_error() {
        let answers: Vec<(Confidence, bool)> = (0..100).map(|i| (c(f64::from(i) / 100.0), i >= 40)).collect();
        let cal = Calibration::of(&answers).unwrap();
        assert_eq!(cal.accuracy_at_coverage["0.5"], 1.0);
        assert_eq!(cal.coverage_n["0.5"], 50);
        assert!((cal.accuracy_at_coverage["0.8"] - 60.0 / 80.0).abs() < 1e-12);
        let [lo, hi] = cal.accuracy_at_coverage_ci95["0.8"];
        assert!(lo < 0.75 && 0.75 < hi);
        assert_eq!(cal.risk_coverage.len(), CURVE_POINTS);
        assert_eq!(cal.risk_coverage.last().unwrap(), &[1.0, 0.4]);
    }

    #[test]
    fn equal_mass_bins_hold_equal_numbers() {
        let sorted: Vec<(f64, bool)> = (0..31).map(|i| (f64::from(i) / 31.0, i % 2 == 0)).collect();
        let sizes: Vec<usize> = bins(&sorted, &[1; 31]).iter().map(|b| b.n).collect();
        assert_eq!(sizes.iter().sum::<usize>(), 31);
        assert!(sizes.iter().all(|s| (2..=3).contains(s)), "{sizes:?}");
        // A weight spanning bins is split: one answer counted 30 times.
        let mut weights = vec![0; 31];
        weights[5] = 30;
        assert!(bins(&sorted, &weights).iter().all(|b| b.n == 2));
    }

    #[test]
    fn a_calibrated_model_has_a_small_ece_and_a_tight_interval() {
        // Right exactly as often as it says, in every bin.
        let mut answers = Vec::new();
        for tenth in 1..=10u32 {
            for i in 0..100 {
                answers.push((c(f64::from(tenth) / 10.0), i < tenth * 10));
            }
        }
        let cal = Calibration::of(&answers).unwrap();
        assert!(cal.ece < 0.02, "{}", cal.ece);
        let [lo, hi] = cal.ece_ci95;
        assert!(lo <= hi && hi < 0.05, "{lo} {hi}");
        assert_eq!(Calibration::of(&answers).unwrap().ece_ci95, cal.ece_ci95, "the same interval every time");
        // Always 90% sure and right half the time: off by 0.4.
        let over: Vec<_> = (0..1000).map(|i| (c(0.9), i % 2 == 0)).collect();
        let over = Calibration::of(&over).unwrap();
        assert!((over.ece - (c(0.9).probability() - 0.5)).abs() < 1e-9);
        assert!(over.ece_ci95[0] > 0.3);
    }
}
