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
fn newcombe_hybrid_by_hand() {
    // p1 = 0.6 in [0.5, 0.7], p2 = 0.5 in [0.45, 0.55]: d = 0.1 and both
    // half-widths are √(0.1² + 0.05²) = √0.0125.
    let r = newcombe_hybrid(0.6, [0.5, 0.7], 0.5, [0.45, 0.55]);
    assert!(close(r.difference, 0.1, 1e-15), "{r:?}");
    assert!(close(r.ci95[0], 0.1 - 0.0125_f64.sqrt(), 1e-15), "{r:?}");
    assert!(close(r.ci95[1], 0.1 + 0.0125_f64.sqrt(), 1e-15), "{r:?}");
    assert!(close(r.ci95[0], -0.011_803_398_874_989_476, 1e-15) && close(r.ci95[1], 0.211_803_398_874_989_5, 1e-15));
    // Asymmetric intervals: the lower limit takes a's lower and b's upper
    // half-widths, the upper limit the other two.
    let r = newcombe_hybrid(0.6, [0.55, 0.8], 0.5, [0.2, 0.53]);
    assert!(close(r.ci95[0], 0.1 - (0.05_f64.powi(2) + 0.03_f64.powi(2)).sqrt(), 1e-15), "{r:?}");
    assert!(close(r.ci95[1], 0.1 + (0.2_f64.powi(2) + 0.3_f64.powi(2)).sqrt(), 1e-15), "{r:?}");
    // Swapping the sides mirrors the interval.
    let s = newcombe_hybrid(0.5, [0.2, 0.53], 0.6, [0.55, 0.8]);
    assert!(close(s.difference, -r.difference, 1e-15));
    assert!(close(s.ci95[0], -r.ci95[1], 1e-15) && close(s.ci95[1], -r.ci95[0], 1e-15), "{s:?}");
}

#[test]
fn newcombe_hybrid_with_wilson_matches_newcombe_1998() {
    // Newcombe (1998), Table II, method 10, from counts through `wilson`;
    // and the formula written out again here.
    let cases = [
        ((56, 70, 48, 80), [0.0524, 0.3339]),
        ((9, 10, 3, 10), [0.1705, 0.8090]),
        ((6, 7, 2, 7), [0.0582, 0.8062]),
        ((5, 56, 0, 29), [-0.0381, 0.1926]),
    ];
    for ((x1, n1, x2, n2), [lo, hi]) in cases {
        let (p1, p2) = (x1 as f64 / n1 as f64, x2 as f64 / n2 as f64);
        let ([l1, u1], [l2, u2]) = (wilson(x1, n1), wilson(x2, n2));
        let r = newcombe_hybrid(p1, [l1, u1], p2, [l2, u2]);
        let d = p1 - p2;
        let expected =
            [d - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt(), d + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt()];
        assert!(close(r.difference, d, 1e-15), "{x1}/{n1} − {x2}/{n2}: {r:?}");
        assert!(close(r.ci95[0], expected[0], 1e-15) && close(r.ci95[1], expected[1], 1e-15), "{r:?}");
        assert!(close(r.ci95[0], lo, 5e-5) && close(r.ci95[1], hi, 5e-5), "{x1}/{n1} − {x2}/{n2}: {r:?}");
    }
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
