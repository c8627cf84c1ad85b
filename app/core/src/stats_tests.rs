//! Unit tests of the statistics against values computed independently
//! (exact fractions / closed forms in Python).

use super::*;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn wilson_matches_reference_values() {
    let cases = [
        ((0, 10), [0.0, 0.2775327998628892]),
        ((5, 10), [0.236593090512564, 0.7634069094874361]),
        ((10, 10), [0.7224672001371107, 1.0]),
        ((3812, 4928), [0.7616429194257192, 0.7850088783886958]),
    ];
    for ((c, n), [lo, hi]) in cases {
        let [l, h] = wilson(c, n);
        assert!(close(l, lo, 1e-12) && close(h, hi, 1e-12), "{c}/{n}: {l} {h}");
    }
    assert_eq!(wilson(0, 0), [0.0, 1.0]);
}

#[test]
fn mcnemar_matches_exact_binomial() {
    assert_eq!(mcnemar_exact(0, 0), 1.0);
    assert_eq!(mcnemar_exact(7, 7), 1.0);
    assert!(close(mcnemar_exact(0, 5), 0.0625, 1e-15));
    assert!(close(mcnemar_exact(2, 8), 0.109375, 1e-14));
    assert!(close(mcnemar_exact(8, 2), 0.109375, 1e-14));
    assert!(close(mcnemar_exact(100, 160) / 0.00023894190306814023, 1.0, 1e-9));
    assert!(close(mcnemar_exact(4800, 5200) / 6.593515598672442e-05, 1.0, 1e-9));
    assert_eq!(mcnemar_exact(0, 40_000), 0.0);
}

#[test]
fn discordant_pairs_and_length_checks() {
    let a = [true, true, false, false, true];
    let b = [true, false, true, false, false];
    assert_eq!(discordant(&a, &b), Ok((2, 1)));
    assert!(matches!(discordant(&a, &b[..2]), Err(StatsError::LengthMismatch { a: 5, b: 2 })));
    assert!(paired_bootstrap(&a, &b[..2], 10, [0; 32]).is_err());
    assert_eq!(paired_bootstrap(&[], &[], 10, [0; 32]), Err(StatsError::Empty));
}

#[test]
fn bootstrap_is_seeded_and_brackets_the_difference() {
    let a: Vec<bool> = (0..400).map(|i| i % 10 < 7).collect();
    let b: Vec<bool> = (0..400).map(|i| i % 10 < 5).collect();
    let seed = bootstrap_seed(b"secret", "sub-1", "sub-2");
    let r = paired_bootstrap(&a, &b, 1_000, seed).unwrap();
    assert!(close(r.difference, 0.2, 1e-12));
    assert!(r.ci95[0] < 0.2 && 0.2 < r.ci95[1], "{r:?}");
    // Normal approximation: sd of the mean difference is sqrt(0.2·0.8/400)=0.02.
    assert!(close(r.ci95[0], 0.2 - 1.96 * 0.02, 0.01) && close(r.ci95[1], 0.2 + 1.96 * 0.02, 0.01), "{r:?}");
    assert_eq!(paired_bootstrap(&a, &b, 1_000, seed), Ok(r));
    assert_ne!(bootstrap_seed(b"secret", "sub-1", "sub-2"), bootstrap_seed(b"other", "sub-1", "sub-2"));
    let same = paired_bootstrap(&a, &a, 100, seed).unwrap();
    assert_eq!(same.ci95, [0.0, 0.0]);
}

#[test]
fn percentiles_interpolate() {
    let xs = [1.0, 2.0, 3.0, 4.0, 5.0];
    assert_eq!(percentile(&xs, 0.0), 1.0);
    assert_eq!(percentile(&xs, 0.5), 3.0);
    assert!(close(percentile(&xs, 0.975), 4.9, 1e-12));
}

#[test]
fn rank_ranges_from_pairwise_tests() {
    // Model 0 is clearly best; 1 and 2 are indistinguishable; 3 is last.
    let acc = [0.80, 0.60, 0.59, 0.30];
    let sig = 1e-6;
    let p =
        vec![vec![1.0, sig, sig, sig], vec![sig, 1.0, 0.7, sig], vec![sig, 0.7, 1.0, 0.03], vec![sig, sig, 0.03, 1.0]];
    let none = rank_ranges(&acc, &p, 0.05, Correction::None);
    let r = |best, worst| RankRange { best, worst };
    assert_eq!(none, [r(1, 1), r(2, 3), r(2, 3), r(4, 4)]);
    // Holm: 6 tests; 0.03 is the largest p and is compared with 0.05/2: not
    // significant, so 2 and 3 could swap.
    let holm = rank_ranges(&acc, &p, 0.05, Correction::Holm);
    assert_eq!(holm, [r(1, 1), r(2, 3), r(2, 4), r(3, 4)]);
}
