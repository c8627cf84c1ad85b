use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use super::*;
use crate::benchmark::Benchmark;
use crate::forensics::{Fingerprint, NEAR_AGREEMENT, Other, near_duplicate};
use crate::key::{AnswerKey, parse_key};
use crate::score::score_bytes;
use crate::stored_predictions::StoredPredictions;
use crate::synthetic::{synthetic_key, synthetic_predictions};
use crate::types::Letter;

fn key(rows: usize) -> AnswerKey {
    parse_key(Benchmark::MedAraBench, synthetic_key(rows, 11).csv.as_bytes()).unwrap().key
}

/// A synthetic model's sheet at 60% (a different one for each seed).
fn sheet_of(key: &AnswerKey, seed: u64) -> StoredPredictions {
    score_bytes(key, synthetic_predictions(key, 0.6, seed).as_bytes()).unwrap().predictions
}

/// `given` with `changes` distinct scoreable answers (among the first
/// `questions`) changed to another letter, chosen with `seed`.
fn changed(given: &[Given], questions: usize, changes: usize, seed: u64) -> Vec<Given> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = given.to_vec();
    let mut order: Vec<usize> = (0..questions).collect();
    for i in 0..changes {
        let j = i + (rng.next_u64() % (questions - i) as u64) as usize;
        order.swap(i, j);
        let q = order[i];
        out[q] = Given::Letter(if out[q] == Given::Letter(Letter::A) { Letter::B } else { Letter::A });
    }
    out
}

fn share_a_bucket(a: &[i64; BANDS], b: &[i64; BANDS]) -> bool {
    a.iter().zip(b).any(|(x, y)| x == y)
}

#[test]
fn bands_are_distinct_positions_drawn_from_the_secret() {
    let bands = Bands::draw(b"secret", 7, 4_928);
    assert_eq!(bands.positions().len(), BANDS);
    for band in bands.positions() {
        assert_eq!(band.len(), BAND_WIDTH);
        assert!(band.windows(2).all(|w| w[0] < w[1]), "distinct, ascending: {band:?}");
        assert!(band.iter().all(|&p| p < 4_928));
    }
    assert_eq!(Bands::draw(b"secret", 7, 4_928), bands, "the same arguments, the same bands");
    for other in [Bands::draw(b"secreT", 7, 4_928), Bands::draw(b"secret", 8, 4_928), Bands::draw(b"secret", 7, 4_929)]
    {
        assert_ne!(other, bands);
    }
    // A key smaller than a band: every band reads every question.
    let small = Bands::draw(b"secret", 7, 10);
    assert!(small.positions().iter().all(|band| *band == (0..10).collect::<Vec<u32>>()));
}

#[test]
fn equal_sheets_share_every_bucket_and_their_digest() {
    let key = key(300);
    let a = sheet_of(&key, 1);
    let bands = Bands::draw(b"s", 1, key.len());
    assert_eq!(bands.buckets(a.given()), bands.buckets(a.clone().given()));
    assert_eq!(sheet(a.given(), key.len()), sheet(a.given(), key.len()));
    let one_change = changed(a.given(), key.len(), 1, 3);
    assert_ne!(sheet(&one_change, key.len()), sheet(a.given(), key.len()));
    // The bands hash different answers into different buckets.
    let buckets = bands.buckets(a.given());
    let distinct: std::collections::HashSet<i64> = buckets.iter().copied().collect();
    assert_eq!(distinct.len(), BANDS, "a bucket per band");
}

/// The near-duplicate rule's limit: a copy with 2% of its answers changed
/// at random (still a near-duplicate by `forensics`) shares a bucket with
/// the original, whatever the secret.
#[test]
fn a_copy_with_two_percent_changed_at_random_is_found() {
    let key = key(2_000);
    let n = key.len();
    let changes = n - (NEAR_AGREEMENT * n as f64).ceil() as usize;
    assert!(changes >= n / 51, "2% of {n}: {changes}");
    for trial in 0..40 {
        let original = sheet_of(&key, 100 + trial);
        let copy = StoredPredictions::from_given(changed(original.given(), n, changes, trial));
        let (fa, fb) = (Fingerprint::of(&key, &original), Fingerprint::of(&key, &copy));
        let named = near_duplicate(&key, &fb, [Other { public_id: "original", fingerprint: &fa }]);
        assert_eq!(named, Some("original"), "a near-duplicate by the rule ({trial})");
        let bands = Bands::draw(format!("secret {trial}").as_bytes(), 3, n);
        assert!(share_a_bucket(&bands.buckets(original.given()), &bands.buckets(copy.given())), "found ({trial})");
    }
}

#[test]
fn unrelated_sheets_share_no_bucket() {
    let key = key(2_000);
    let bands = Bands::draw(b"secret", 1, key.len());
    let upload = bands.buckets(sheet_of(&key, 1).given());
    let sharing =
        (2..202).filter(|&seed| share_a_bucket(&upload, &bands.buckets(sheet_of(&key, seed).given()))).count();
    assert_eq!(sharing, 0);
}

#[test]
fn the_miss_probability_at_the_limit() {
    let n = 4_928;
    let limit = (NEAR_AGREEMENT * n as f64).ceil() as usize;
    let at_limit = miss_probability(n, limit);
    assert!((3e-7..4e-7).contains(&at_limit), "{at_limit}");
    assert!(miss_probability(n, n * 99 / 100) < 1e-11);
    assert_eq!(miss_probability(n, n), 0.0, "a copy is always found");
    // Unrelated sheets are rarely compared.
    assert!(1.0 - miss_probability(n, n * 7 / 10) < 3e-4);
    assert!(1.0 - miss_probability(n, n / 2) < 1e-8);
    // Without enough agreeing questions for a band, never found.
    assert_eq!(miss_probability(40, 31), 1.0);
}

/// The formula is what the draws give: over many secrets, two sheets
/// agreeing on 90% of a 1,000-question key share a bucket as often as
/// `1 - miss_probability` says (about half the time).
#[test]
fn the_miss_probability_is_what_the_draws_give() {
    let n = 1_000;
    let a: Vec<Given> = (0..n).map(|q| Given::Letter(Letter::ALL[q % 4])).collect();
    let b = changed(&a, n, 100, 9);
    let expected = 1.0 - miss_probability(n, 900);
    assert!((0.4..0.6).contains(&expected), "{expected}");
    let trials = 2_000;
    let found = (0..trials)
        .filter(|&t| {
            let bands = Bands::draw(b"secret", t, n);
            share_a_bucket(&bands.buckets(&a), &bands.buckets(&b))
        })
        .count();
    let rate = found as f64 / trials as f64;
    // Four standard deviations of the rate (0.011 each).
    assert!((rate - expected).abs() < 0.045, "found {rate}, formula {expected}");
}
