//! Cochran's sample-size formula, as the paper used it to size the expert
//! review: the site recomputes the published 384 and 378 from the stored
//! inputs (z, p, e, N) instead of printing them, so a transcription error
//! in either shows up as a mismatch.

use serde::{Deserialize, Serialize};

/// The inputs of Cochran's formula.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CochranInputs {
    /// z of the confidence level (1.96 for 95%).
    pub z: f64,
    /// Expected proportion (0.5 is the most conservative).
    pub p: f64,
    /// Margin of error.
    pub e: f64,
    /// Population size (questions in the dataset).
    pub population: u64,
}

/// Each step of the computation, unrounded and rounded.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Cochran {
    /// z² p (1 − p) / e², before rounding (384.16 for the paper's inputs).
    pub n0_exact: f64,
    /// `n0_exact` rounded to the nearest whole question, as the paper does.
    pub n0: u64,
    /// n0 / (1 + (n0 − 1) / N), from the rounded n0.
    pub n_exact: f64,
    /// `n_exact` rounded to the nearest whole question.
    pub n: u64,
}

impl CochranInputs {
    /// Works the formula through. `None` when an input is out of range
    /// (p outside (0, 1), e not positive, or an empty population).
    pub fn compute(self) -> Option<Cochran> {
        let valid =
            self.z.is_finite() && self.z > 0.0 && self.p > 0.0 && self.p < 1.0 && self.e > 0.0 && self.population > 0;
        if !valid {
            return None;
        }
        let n0_exact = self.z.powi(2) * self.p * (1.0 - self.p) / self.e.powi(2);
        let n0 = n0_exact.round() as u64;
        let n_exact = n0 as f64 / (1.0 + (n0 as f64 - 1.0) / self.population as f64);
        Some(Cochran { n0_exact, n0, n_exact, n: n_exact.round() as u64 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproduces_the_papers_expert_sample() {
        let c = CochranInputs { z: 1.96, p: 0.5, e: 0.05, population: 24_883 }.compute().unwrap();
        assert!((c.n0_exact - 384.16).abs() < 1e-9, "{}", c.n0_exact);
        assert_eq!(c.n0, 384);
        assert!((c.n_exact - 378.18).abs() < 0.01, "{}", c.n_exact);
        assert_eq!(c.n, 378);
    }

    #[test]
    fn a_small_population_shrinks_the_sample() {
        let c = CochranInputs { z: 1.96, p: 0.5, e: 0.05, population: 500 }.compute().unwrap();
        assert_eq!(c.n0, 384);
        assert_eq!(c.n, 217);
    }

    #[test]
    fn out_of_range_inputs_give_nothing() {
        let ok = CochranInputs { z: 1.96, p: 0.5, e: 0.05, population: 10 };
        assert!(CochranInputs { p: 0.0, ..ok }.compute().is_none());
        assert!(CochranInputs { p: 1.0, ..ok }.compute().is_none());
        assert!(CochranInputs { e: 0.0, ..ok }.compute().is_none());
        assert!(CochranInputs { population: 0, ..ok }.compute().is_none());
        assert!(CochranInputs { z: f64::NAN, ..ok }.compute().is_none());
    }
}
