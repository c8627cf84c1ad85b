//! Rank ranges of the board: which places each model could hold.
//!
//! Two verified submissions scored on the same key are compared with the
//! exact McNemar test on their stored per-question correctness (paired);
//! every other pair (a published figure, or different keys) with a pooled
//! two-proportion z-test (unpaired). The p-values go to
//! [`stats::rank_ranges`] at α = 0.05 with Holm's correction.
//!
//! A board version differs from the last in the rows a change touched, so
//! [`rank_ranges_kept`] keeps every pair's p-value from one ranking to the
//! next, by the two contenders' contents: a changed or new contender costs
//! its own comparisons with the others (O(rows)), the rest are read back.

use std::hash::{Hash, Hasher};

use rustc_hash::FxHashMap;

use super::{RANK_ALPHA, Ranks};
use crate::stats::{self, Correction};

/// One model of the ranked set.
#[derive(Debug, Clone, PartialEq)]
pub struct Contender {
    pub accuracy: f64,
    /// Correct answers (for published rows: the rounded accuracy × n).
    pub correct: u64,
    pub n: u64,
    /// Key id and packed correctness bits (verified rows), for McNemar.
    pub paired: Option<(i64, PackedBits)>,
}

impl Contender {
    /// A contender from what the board shows of it: its correct count when
    /// shown, else its shown accuracy × n rounded (a published figure, or a
    /// held-out submission whose count is hidden and whose accuracy is the
    /// Ladder's). A hidden count never enters the test, and a row whose
    /// count is hidden is not read as 0 correct.
    pub fn from_shown(accuracy: f64, correct: Option<u64>, n: u64, paired: Option<(i64, PackedBits)>) -> Self {
        let correct = correct.unwrap_or_else(|| (accuracy * n as f64).round() as u64);
        Self { accuracy, correct, n, paired }
    }

    /// A digest of everything a comparison reads: equal contenders have
    /// equal digests, and a pair's p-value depends on the two alone.
    fn digest(&self) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        (self.accuracy.to_bits(), self.correct, self.n, &self.paired).hash(&mut h);
        h.finish()
    }
}

/// A correctness vector packed 64 items a word (item i is bit i % 64 of
/// word i / 64, as `submissions.correctness` packs it 8 a byte).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PackedBits {
    len: usize,
    words: Vec<u64>,
}

impl PackedBits {
    /// From the stored bytes of `len` items; bits past `len` are dropped.
    pub fn from_stored(bytes: &[u8], len: usize) -> Self {
        let mut words = vec![0u64; len.div_ceil(64)];
        for (i, b) in bytes.iter().enumerate().take(len.div_ceil(8)) {
            words[i / 8] |= u64::from(*b) << ((i % 8) * 8);
        }
        if !len.is_multiple_of(64)
            && let Some(last) = words.last_mut()
        {
            *last &= (1u64 << (len % 64)) - 1;
        }
        Self { len, words }
    }

    /// (right here and wrong there, wrong here and right there), as
    /// [`stats::discordant`] counts them; `None` for different lengths.
    pub fn discordant(&self, other: &Self) -> Option<(usize, usize)> {
        if self.len != other.len {
            return None;
        }
        let (mut only_self, mut only_other) = (0, 0);
        for (a, b) in self.words.iter().zip(&other.words) {
            only_self += (a & !b).count_ones() as usize;
            only_other += (!a & b).count_ones() as usize;
        }
        Some((only_self, only_other))
    }
}

/// Two-sided p-value of the pooled two-proportion z-test of x1/n1 against
/// x2/n2 (independent samples).
pub fn two_proportion_p(x1: u64, n1: u64, x2: u64, n2: u64) -> f64 {
    if n1 == 0 || n2 == 0 {
        return 1.0;
    }
    let (n1f, n2f) = (n1 as f64, n2 as f64);
    let (p1, p2) = (x1 as f64 / n1f, x2 as f64 / n2f);
    let pooled = (x1 + x2) as f64 / (n1f + n2f);
    let se = (pooled * (1.0 - pooled) * (1.0 / n1f + 1.0 / n2f)).sqrt();
    if se == 0.0 {
        return if p1 == p2 { 1.0 } else { 0.0 };
    }
    libm::erfc((p1 - p2).abs() / se / std::f64::consts::SQRT_2).clamp(0.0, 1.0)
}

/// The p-value of one pair: McNemar when both are paired on the same key,
/// else the z-test.
fn pair_p(a: &Contender, b: &Contender) -> f64 {
    if let (Some((key_a, bits_a)), Some((key_b, bits_b))) = (&a.paired, &b.paired)
        && key_a == key_b
        && let Some((only_a, only_b)) = bits_a.discordant(bits_b)
    {
        return stats::mcnemar_exact(only_a, only_b);
    }
    two_proportion_p(a.correct, a.n, b.correct, b.n)
}

/// The p-values of the last ranking's pairs, by the two contenders'
/// digests (the smaller first: every test here is symmetric).
#[derive(Debug, Default)]
pub struct PairsKept {
    p: FxHashMap<(u64, u64), f64>,
    /// Pairs tested (not read back) by the last ranking.
    tested: usize,
}

impl PairsKept {
    /// How many pairs the last ranking had to test: the others were kept.
    pub fn tested(&self) -> usize {
        self.tested
    }
}

/// Rank ranges of `set` (in its order).
pub fn rank_ranges(set: &[Contender]) -> Vec<Ranks> {
    rank_ranges_kept(set, &mut PairsKept::default())
}

/// [`rank_ranges`], testing only the pairs `kept` does not hold; `kept`
/// then holds this set's pairs (no others, so it stays the size of one
/// ranking).
pub fn rank_ranges_kept(set: &[Contender], kept: &mut PairsKept) -> Vec<Ranks> {
    let n = set.len();
    let digests: Vec<u64> = set.iter().map(Contender::digest).collect();
    let mut now = FxHashMap::with_capacity_and_hasher(n * n.saturating_sub(1) / 2, Default::default());
    let mut tested = 0;
    let mut p = vec![vec![1.0; n]; n];
    for i in 0..n {
        for j in i + 1..n {
            let pair = (digests[i].min(digests[j]), digests[i].max(digests[j]));
            let v = *now.entry(pair).or_insert_with(|| {
                kept.p.get(&pair).copied().unwrap_or_else(|| {
                    tested += 1;
                    pair_p(&set[i], &set[j])
                })
            });
            p[i][j] = v;
            p[j][i] = v;
        }
    }
    *kept = PairsKept { p: now, tested };
    let accuracy: Vec<f64> = set.iter().map(|c| c.accuracy).collect();
    stats::rank_ranges(&accuracy, &p, RANK_ALPHA, Correction::Holm)
        .into_iter()
        .map(|r| Ranks { best: r.best, worst: r.worst })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(bits: &[bool]) -> Vec<u8> {
        let mut out = vec![0u8; bits.len().div_ceil(8)];
        for (i, _) in bits.iter().enumerate().filter(|(_, b)| **b) {
            out[i / 8] |= 1 << (i % 8);
        }
        out
    }

    #[test]
    fn packed_discordance_matches_the_domain() {
        let a: Vec<bool> = (0..203).map(|i| i % 3 == 0 || i % 7 == 1).collect();
        let b: Vec<bool> = (0..203).map(|i| i % 2 == 0).collect();
        let pa = PackedBits::from_stored(&pack(&a), a.len());
        let pb = PackedBits::from_stored(&pack(&b), b.len());
        assert_eq!(pa.discordant(&pb), Some(stats::discordant(&a, &b).unwrap()));
        assert_eq!(pa.discordant(&PackedBits::from_stored(&[], 10)), None);
    }

    #[test]
    fn a_row_whose_count_is_hidden_is_ranked_by_its_shown_accuracy() {
        // Two held-out rows (counts hidden) and a row between them: the
        // three are within each other's noise, so no row is pinned.
        let n = 4928;
        let set = [
            Contender::from_shown(0.2422, None, n, None),
            Contender::from_shown(0.238, Some(1173), n, None),
            Contender::from_shown(0.2279, None, n, None),
        ];
        assert_eq!(set[0].correct, 1194);
        let ranks = rank_ranges(&set);
        assert_eq!(ranks[1], Ranks { best: 1, worst: 3 }, "{ranks:?}");
    }

    /// Contenders of one key whose vectors and counts differ, as a stream
    /// of uploads gives.
    fn varied(count: usize, seed: u64) -> Vec<Contender> {
        let len = 300;
        (0..count)
            .map(|c| {
                let mut x = seed.wrapping_add(c as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                let bits: Vec<bool> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        x % 100 < 40 + (c as u64 * 7) % 50
                    })
                    .collect();
                let correct = bits.iter().filter(|b| **b).count() as u64;
                let accuracy = correct as f64 / len as f64;
                Contender {
                    accuracy,
                    correct,
                    n: len as u64,
                    paired: Some((1, PackedBits::from_stored(&pack(&bits), len))),
                }
            })
            .collect()
    }

    #[test]
    fn kept_pairs_rank_as_a_fresh_ranking_and_test_only_what_changed() {
        let mut set = varied(30, 7);
        set.push(Contender::from_shown(0.55, Some(165), 300, None));
        let mut kept = PairsKept::default();
        assert_eq!(rank_ranges_kept(&set, &mut kept), rank_ranges(&set));
        assert_eq!(kept.tested(), 31 * 30 / 2);
        // The same set again: nothing to test.
        assert_eq!(rank_ranges_kept(&set, &mut kept), rank_ranges(&set));
        assert_eq!(kept.tested(), 0);
        // One contender replaced (a new upload of its model), one added:
        // only their comparisons are tested, and the ranks are a fresh
        // ranking's.
        set[4] = varied(1, 99).remove(0);
        set.push(varied(1, 123).remove(0));
        assert_eq!(rank_ranges_kept(&set, &mut kept), rank_ranges(&set));
        assert_eq!(kept.tested(), 31 + 30, "the two new rows' pairs, their own pair once");
        // One removed: nothing new to test.
        set.remove(10);
        assert_eq!(rank_ranges_kept(&set, &mut kept), rank_ranges(&set));
        assert_eq!(kept.tested(), 0);
    }

    #[test]
    fn z_test_p_values() {
        // 50/100 vs 50/100: no difference.
        assert!((two_proportion_p(50, 100, 50, 100) - 1.0).abs() < 1e-6);
        // z = 1.96 gives p = 0.05: p1 = 0.6, p2 = 0.5, n = 190 each gives z ≈ 1.96.
        let p = two_proportion_p(114, 190, 95, 190);
        assert!((p - 0.0496).abs() < 0.002, "{p}");
        assert!((libm::erfc(0.0) - 1.0).abs() < 1e-7 && (libm::erfc(-1.0) - 1.842_700_79).abs() < 1e-6);
        assert_eq!(two_proportion_p(0, 10, 0, 10), 1.0);
    }

    #[test]
    fn close_published_models_share_a_range_distant_ones_do_not() {
        let n = 4989;
        let published =
            |acc: f64| Contender { accuracy: acc, correct: (acc * n as f64).round() as u64, n, paired: None };
        let set = [published(0.765), published(0.764), published(0.170)];
        let r = rank_ranges(&set);
        assert_eq!(r[0], Ranks { best: 1, worst: 2 });
        assert_eq!(r[1], Ranks { best: 1, worst: 2 });
        assert_eq!(r[2], Ranks { best: 3, worst: 3 });
    }

    #[test]
    fn same_key_submissions_are_compared_paired() {
        // Identical vectors: never significantly different, whatever n.
        let bits: Vec<bool> = (0..1000).map(|i| i % 2 == 0).collect();
        let packed = PackedBits::from_stored(&pack(&bits), bits.len());
        let sub = |key| Contender { accuracy: 0.5, correct: 500, n: 1000, paired: Some((key, packed.clone())) };
        assert_eq!(pair_p(&sub(1), &sub(1)), 1.0);
        // One flip out of 1000 on the same key: McNemar p = 1.
        let mut other = bits.clone();
        other[1] = true;
        let b = Contender {
            accuracy: 0.501,
            correct: 501,
            n: 1000,
            paired: Some((1, PackedBits::from_stored(&pack(&other), 1000))),
        };
        assert_eq!(pair_p(&sub(1), &b), 1.0);
    }
}
