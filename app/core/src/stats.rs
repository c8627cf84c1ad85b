//! The statistics behind every published number: Wilson intervals for an
//! accuracy, a paired bootstrap interval and an exact McNemar test for the
//! difference between two submissions on the same key, an unpaired
//! interval (Newcombe's hybrid score) for a difference without answers
//! question by question, and rank ranges that say which places a model
//! could hold given those tests.

use rand::SeedableRng;
use rand::distributions::{Distribution, Uniform};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use sha2::{Digest, Sha256};

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Bootstrap replicates used unless a caller asks otherwise.
pub const DEFAULT_REPLICATES: usize = 10_000;

/// Why a paired statistic cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StatsError {
    /// The two correctness vectors are not over the same items.
    #[error("paired vectors differ in length ({a} vs {b}): not scored on the same key")]
    LengthMismatch {
        /// Length of the first.
        a: usize,
        /// Length of the second.
        b: usize,
    },
    /// Nothing to resample.
    #[error("no items to compare")]
    Empty,
}

/// Wilson score 95% interval for `correct` out of `total`, clamped to
/// [0, 1]. With `total == 0` nothing is known: `[0, 1]`.
pub fn wilson(correct: usize, total: usize) -> [f64; 2] {
    wilson_share(if total == 0 { 0.0 } else { correct as f64 / total as f64 }, total)
}

/// [`wilson`] of a share `p` of `total` (an expected count need not be
/// whole: accuracy at a coverage whose cut falls among equal confidences).
pub fn wilson_share(p: f64, total: usize) -> [f64; 2] {
    if total == 0 {
        return [0.0, 1.0];
    }
    let n = total as f64;
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The seed of the paired bootstrap between submissions `a` and `b`:
/// SHA-256 of `secret || a || b`. Secret, so nobody can pick ids that
/// steer the interval; fixed per pair, so a page shows the same interval
/// every time.
pub fn bootstrap_seed(secret: &[u8], a: &str, b: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(secret);
    h.update(a.as_bytes());
    h.update(b.as_bytes());
    h.finalize().into()
}

/// Accuracy of `a` minus accuracy of `b` with its bootstrap interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PairedDifference {
    /// Observed difference (a − b).
    pub difference: f64,
    /// 2.5th and 97.5th percentiles of the resampled differences.
    pub ci95: [f64; 2],
    /// Replicates drawn.
    pub replicates: usize,
}

/// Paired percentile bootstrap of accuracy(a) − accuracy(b): items are
/// resampled with replacement, the same items for both, `replicates`
/// times, with ChaCha8 seeded by `seed` (see [`bootstrap_seed`]).
/// Percentiles interpolate linearly between order statistics. The result
/// depends only on the inputs and the seed (rand 0.8's uniform sampling).
pub fn paired_bootstrap(
    a: &[bool],
    b: &[bool],
    replicates: usize,
    seed: [u8; 32],
) -> Result<PairedDifference, StatsError> {
    if a.len() != b.len() {
        return Err(StatsError::LengthMismatch { a: a.len(), b: b.len() });
    }
    if a.is_empty() || replicates == 0 {
        return Err(StatsError::Empty);
    }
    let n = a.len();
    let diffs: Vec<i32> = a.iter().zip(b).map(|(&x, &y)| i32::from(x) - i32::from(y)).collect();
    let difference = f64::from(diffs.iter().sum::<i32>()) / n as f64;
    let mut rng = ChaCha8Rng::from_seed(seed);
    let pick = Uniform::from(0..n);
    let mut samples: Vec<f64> = (0..replicates)
        .map(|_| {
            let sum: i64 = (0..n).map(|_| i64::from(diffs[pick.sample(&mut rng)])).sum();
            sum as f64 / n as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    Ok(PairedDifference { difference, ci95: [percentile(&samples, 0.025), percentile(&samples, 0.975)], replicates })
}

/// Accuracy of `a` minus accuracy of `b` from two independent samples,
/// with its unpaired 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct UnpairedDifference {
    /// Observed difference (a − b).
    pub difference: f64,
    /// Newcombe's hybrid score 95% interval of the difference.
    pub ci95: [f64; 2],
}

/// Newcombe's hybrid score interval for the difference of two independent
/// proportions (method 10 of Newcombe 1998, "Interval estimation for the
/// difference between independent proportions"), from each proportion's
/// own 95% interval (Wilson score in the method; here whatever interval
/// the side comes with, e.g. a published row's approximate one). With
/// `a` in `[la, ua]` and `b` in `[lb, ub]`, d = a − b and
///
/// - lower = d − √((a − la)² + (ub − b)²),
/// - upper = d + √((ua − a)² + (b − lb)²).
///
/// Nothing pairs the two samples: the interval is wider than a paired one
/// on the same questions would be.
pub fn newcombe_hybrid(a: f64, a_ci95: [f64; 2], b: f64, b_ci95: [f64; 2]) -> UnpairedDifference {
    let [la, ua] = a_ci95;
    let [lb, ub] = b_ci95;
    let difference = a - b;
    let below = ((a - la).powi(2) + (ub - b).powi(2)).sqrt();
    let above = ((ua - a).powi(2) + (b - lb).powi(2)).sqrt();
    UnpairedDifference { difference, ci95: [difference - below, difference + above] }
}

/// Linear interpolation between order statistics of sorted `xs` (R type 7).
fn percentile(xs: &[f64], q: f64) -> f64 {
    let h = (xs.len() - 1) as f64 * q;
    let (lo, hi) = (h.floor() as usize, h.ceil() as usize);
    xs[lo] + (h - lo as f64) * (xs[hi] - xs[lo])
}

/// Discordant pairs of two correctness vectors: (a right & b wrong,
/// a wrong & b right).
pub fn discordant(a: &[bool], b: &[bool]) -> Result<(usize, usize), StatsError> {
    if a.len() != b.len() {
        return Err(StatsError::LengthMismatch { a: a.len(), b: b.len() });
    }
    let only_a = a.iter().zip(b).filter(|&(&x, &y)| x && !y).count();
    let only_b = a.iter().zip(b).filter(|&(&x, &y)| !x && y).count();
    Ok((only_a, only_b))
}

/// Exact two-sided McNemar p-value for discordant counts `b` and `c`:
/// `min(1, 2·P(X ≤ min(b, c)))` with X ~ Binomial(b + c, ½), summed in log
/// space so it stays accurate for tens of thousands of pairs. No
/// discordant pairs: 1.
pub fn mcnemar_exact(b: usize, c: usize) -> f64 {
    let n = b + c;
    let k = b.min(c);
    if n == 0 {
        return 1.0;
    }
    let ln_half_n = n as f64 * std::f64::consts::LN_2;
    let mut ln_choose = 0.0_f64;
    let mut terms = Vec::with_capacity(k + 1);
    for i in 0..=k {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        terms.push(ln_choose - ln_half_n);
    }
    let max = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ln_tail = max + terms.iter().map(|t| (t - max).exp()).sum::<f64>().ln();
    (2.0 * ln_tail.exp()).min(1.0)
}

/// Multiple-comparison handling for [`rank_ranges`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Correction {
    /// Each pairwise test at `alpha` as is.
    None,
    /// Holm's step-down over all n(n−1)/2 pairs (controls the family-wise
    /// error rate).
    Holm,
}

/// The places a model could hold: 1 is first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RankRange {
    /// Best possible place: 1 + models significantly better.
    pub best: usize,
    /// Worst possible place: n − models significantly worse.
    pub worst: usize,
}

/// Rank ranges from pairwise tests. `accuracy[i]` is model i's accuracy
/// and `p_value[i][j]` (symmetric) the p-value of the test between i and
/// j, e.g. [`mcnemar_exact`] on their [`discordant`] pairs. Model j is
/// significantly better than i when its accuracy is higher and the pair is
/// significant at `alpha` after `correction`. A model's range runs from
/// 1 + (significantly better models) to n − (significantly worse models);
/// models whose ranges overlap cannot be told apart.
pub fn rank_ranges(accuracy: &[f64], p_value: &[Vec<f64>], alpha: f64, correction: Correction) -> Vec<RankRange> {
    let n = accuracy.len();
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))).collect();
    let p = |&(i, j): &(usize, usize)| p_value.get(i).and_then(|r| r.get(j)).copied().unwrap_or(1.0);
    let mut significant = vec![vec![false; n]; n];
    let mut mark = |(i, j): (usize, usize)| {
        significant[i][j] = true;
        significant[j][i] = true;
    };
    match correction {
        Correction::None => pairs.iter().filter(|pair| p(pair) < alpha).for_each(|&pair| mark(pair)),
        Correction::Holm => {
            let mut order = pairs.clone();
            order.sort_by(|x, y| p(x).total_cmp(&p(y)));
            let m = order.len();
            for (k, pair) in order.iter().enumerate() {
                if p(pair) >= alpha / (m - k) as f64 {
                    break;
                }
                mark(*pair);
            }
        }
    }
    (0..n)
        .map(|i| {
            let better = (0..n).filter(|&j| significant[i][j] && accuracy[j] > accuracy[i]).count();
            let worse = (0..n).filter(|&j| significant[i][j] && accuracy[j] < accuracy[i]).count();
            RankRange { best: 1 + better, worst: n - worse }
        })
        .collect()
}

#[cfg(test)]
#[path = "stats_tests.rs"]
mod tests;
