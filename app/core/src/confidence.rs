//! Confidence: the probability a model gave the answer it chose, read from
//! the prediction file where it has one, and kept in one byte.
//!
//! Where it comes from (each reader documents its own fields):
//! - per-option log-likelihoods (lm-evaluation-harness `multiple_choice`
//!   samples, lighteval details): the chosen option's share of the softmax
//!   over the options ([`Confidence::of_choice`]);
//! - `logprobs` in OpenAI-style batch output: the chosen letter's token, its
//!   probability among the letter tokens of `top_logprobs`, else the token's
//!   own probability;
//! - a `confidence` column (0 to 1), or `prob_A`...`prob_F` columns (the
//!   chosen letter's probability over the sum of those given), in CSV and
//!   JSON Lines.
//!
//! A confidence is kept only beside a letter: a row without one has none.
//! Kept to 1/254 (a byte, 0 meaning none), far finer than the 15 bins and
//! the curves calibration is measured with.

use std::num::NonZeroU8;

/// A probability in [0, 1], to the nearest 1/254.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Confidence(NonZeroU8);

/// Steps between 0 and 1.
const STEPS: f64 = 254.0;

impl Confidence {
    /// The nearest kept value of `p`; `None` unless `p` is a number in [0, 1].
    pub fn from_probability(p: f64) -> Option<Self> {
        if !(0.0..=1.0).contains(&p) {
            return None;
        }
        let byte = 1 + (p * STEPS).round() as u8;
        NonZeroU8::new(byte).map(Self)
    }

    /// The probability.
    pub fn probability(self) -> f64 {
        f64::from(self.0.get() - 1) / STEPS
    }

    /// The stored byte (never 0).
    pub fn byte(self) -> u8 {
        self.0.get()
    }

    /// A stored byte: `None` for 0 (no confidence).
    pub fn from_byte(byte: u8) -> Option<Self> {
        NonZeroU8::new(byte).map(Self)
    }

    /// Option `chosen`'s probability under the softmax of the options'
    /// log-likelihoods (`-inf` is probability 0); `None` when a value is
    /// not a number or none is finite.
    pub fn of_choice(log_likelihoods: &[f64], chosen: usize) -> Option<Self> {
        if log_likelihoods.iter().any(|x| x.is_nan()) {
            return None;
        }
        let best = log_likelihoods.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        if !best.is_finite() {
            return None;
        }
        let sum: f64 = log_likelihoods.iter().map(|x| (x - best).exp()).sum();
        Self::from_probability((log_likelihoods.get(chosen)? - best).exp() / sum)
    }

    /// The chosen option's share of `weights` (probabilities, not
    /// necessarily summing to 1); `None` when a weight is negative, not a
    /// number, or all are 0.
    pub fn share_of(weights: &[f64], chosen: usize) -> Option<Self> {
        if weights.iter().any(|w| !(w.is_finite() && *w >= 0.0)) {
            return None;
        }
        let sum: f64 = weights.iter().sum();
        if sum <= 0.0 {
            return None;
        }
        Self::from_probability((weights.get(chosen)? / sum).min(1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_keeps_a_probability_to_the_nearest_step() {
        for p in [0.0, 0.25, 0.5, 0.999, 1.0] {
            let c = Confidence::from_probability(p).unwrap();
            assert!((c.probability() - p).abs() <= 0.5 / STEPS, "{p}");
            assert_eq!(Confidence::from_byte(c.byte()), Some(c));
        }
        assert_eq!(Confidence::from_byte(0), None);
        for bad in [-0.01, 1.01, f64::NAN, f64::INFINITY] {
            assert_eq!(Confidence::from_probability(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_softmax_of_log_likelihoods_sums_to_one() {
        let lls = [-1.2, -0.4, -3.0, f64::NEG_INFINITY];
        let total: f64 = (0..lls.len()).map(|i| Confidence::of_choice(&lls, i).unwrap().probability()).sum();
        assert!((total - 1.0).abs() < 4.0 / STEPS, "{total}");
        let by_hand = (-0.4f64).exp() / [-1.2f64, -0.4, -3.0].iter().map(|x| x.exp()).sum::<f64>();
        assert!((Confidence::of_choice(&lls, 1).unwrap().probability() - by_hand).abs() <= 0.5 / STEPS);
        // Large magnitudes do not overflow.
        assert_eq!(Confidence::of_choice(&[-1000.0, -1000.0], 0).unwrap().probability(), 127.0 / STEPS);
        assert_eq!(Confidence::of_choice(&[f64::NEG_INFINITY; 2], 0), None);
        assert_eq!(Confidence::of_choice(&[-1.0, f64::NAN], 0), None);
    }

    #[test]
    fn a_share_is_over_the_weights_given() {
        assert_eq!(Confidence::share_of(&[0.2, 0.6, 0.2], 1), Confidence::from_probability(0.6));
        assert_eq!(Confidence::share_of(&[0.1, 0.4], 1), Confidence::from_probability(0.8));
        assert_eq!(Confidence::share_of(&[0.0, 0.0], 1), None);
        assert_eq!(Confidence::share_of(&[-0.1, 0.5], 1), None);
    }
}
