//! Option-order robustness: the same questions asked with their options in
//! a second order (the shipped tasks' permuted variant), answered by the
//! same model, and how much its answers depend on where an option stands.
//!
//! The second order is a rotation fixed by the question's number alone, so
//! building it needs no key: for question q with k options (A to the k-th
//! letter),
//!
//! ```text
//! r = 1 + ((q × 2654435761) mod 2³²) mod (k − 1)
//! ```
//!
//! and the option shown under the j-th letter (from 0) is the one the key
//! has under letter (j + r) mod k. As 1 ≤ r ≤ k − 1 every option moves, the
//! keyed one included. A permuted file's letters are mapped back through
//! it ([`to_original`]) before anything is compared.
//!
//! Over the key's `n` scoreable questions (a question the file does not
//! answer counts as wrong, as in the main score):
//! - `accuracy_permuted`: right in the second order;
//! - `consistent_accuracy`: right in both orders;
//! - `order_sensitivity`: of the `order_sensitivity_n` questions answered
//!   with a letter in both orders, the share whose chosen option (mapped
//!   back) differs.
//!
//! Each with its Wilson 95% interval. Computed from per-question
//! correctness: on a held-out key none of it is shown until the reveal.

use serde::{Deserialize, Serialize};

use crate::key::AnswerKey;
use crate::stats::wilson;
use crate::stored_predictions::Given;
use crate::types::{Letter, QuestionId};

/// The rotation of question `id` with `options` options; `None` with fewer
/// than two (nothing to move).
pub fn rotation(id: QuestionId, options: u8) -> Option<u8> {
    let k = u64::from(options);
    if k < 2 {
        return None;
    }
    let hash = (u64::from(id.get()) * 2_654_435_761) % (1 << 32);
    Some((1 + hash % (k - 1)) as u8)
}

/// The letter the key gives the option a permuted file shows under
/// `shown`; `None` for a letter past the question's options.
pub fn to_original(shown: Letter, id: QuestionId, options: u8) -> Option<Letter> {
    let r = usize::from(rotation(id, options)?);
    let k = usize::from(options);
    (shown.index() < k).then(|| Letter::from_index((shown.index() + r) % k)).flatten()
}

/// The letter the permuted order shows the key's option `original` under
/// (the inverse of [`to_original`]).
pub fn to_shown(original: Letter, id: QuestionId, options: u8) -> Option<Letter> {
    let r = usize::from(rotation(id, options)?);
    let k = usize::from(options);
    (original.index() < k).then(|| Letter::from_index((original.index() + k - r) % k)).flatten()
}

/// How a submission's answers depend on the order of the options.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Robustness {
    /// Scoreable questions of the key: the denominator of the accuracies.
    pub n: usize,
    /// Right in the second order.
    pub accuracy_permuted: f64,
    pub accuracy_permuted_ci95: [f64; 2],
    /// Right in both orders.
    pub consistent_accuracy: f64,
    pub consistent_accuracy_ci95: [f64; 2],
    /// Share of `order_sensitivity_n` whose chosen option changes.
    pub order_sensitivity: f64,
    pub order_sensitivity_ci95: [f64; 2],
    /// Questions answered with a letter in both orders.
    pub order_sensitivity_n: usize,
    /// Scoreable questions the permuted file does not answer (wrong).
    pub missing_permuted: usize,
}

impl Robustness {
    /// The figures of `original` and `permuted` (what each file gave for
    /// `key`'s scoreable items, in key order, the permuted one mapped back).
    pub fn of(key: &AnswerKey, original: &[Given], permuted: &[Given]) -> Self {
        let (mut right, mut both, mut answered, mut changed, mut missing) = (0, 0, 0, 0, 0);
        for ((item, a), b) in key.items().iter().zip(original).zip(permuted) {
            let keyed = Given::Letter(item.answer);
            right += usize::from(*b == keyed);
            both += usize::from(*a == keyed && *b == keyed);
            missing += usize::from(*b == Given::Missing);
            if let (Given::Letter(x), Given::Letter(y)) = (a, b) {
                answered += 1;
                changed += usize::from(x != y);
            }
        }
        let n = key.len();
        let share = |count: usize, of: usize| if of == 0 { 0.0 } else { count as f64 / of as f64 };
        Self {
            n,
            accuracy_permuted: share(right, n),
            accuracy_permuted_ci95: wilson(right, n),
            consistent_accuracy: share(both, n),
            consistent_accuracy_ci95: wilson(both, n),
            order_sensitivity: share(changed, answered),
            order_sensitivity_ci95: wilson(changed, answered),
            order_sensitivity_n: answered,
            missing_permuted: missing,
        }
    }
}

/// `given` (a permuted file's answers to `key`'s layout: scoreable items,
/// then rejected ids) with each scoreable item's letter mapped back to the
/// key's order. A letter past a question's options stays as it is (wrong
/// either way); a row the key rejects counts as not given, as its options
/// (and so its rotation) are not known: should a corrected key make it
/// scoreable, it is missing from the second order.
pub fn map_back(key: &AnswerKey, given: &[Given]) -> Vec<Given> {
    given
        .iter()
        .enumerate()
        .map(|(i, g)| match (g, key.items().get(i)) {
            (Given::Letter(l), Some(item)) => to_original(*l, item.id, item.options).map_or(*g, Given::Letter),
            (_, Some(_)) => *g,
            (_, None) => Given::Missing,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u32) -> QuestionId {
        QuestionId::new(n).unwrap()
    }

    #[test]
    fn the_rotation_matches_its_documented_formula_and_moves_every_option() {
        // Question 1 with 4 options: 2654435761 mod 3 = 1, so r = 2.
        assert_eq!(rotation(id(1), 4), Some(2));
        assert_eq!(rotation(id(1), 1), None);
        for q in 1..500 {
            for k in 2..=6u8 {
                let r = rotation(id(q), k).unwrap();
                assert!((1..k).contains(&r), "{q} {k}: {r}");
                for l in &Letter::ALL[..usize::from(k)] {
                    let shown = to_shown(*l, id(q), k).unwrap();
                    assert_ne!(shown, *l, "{q} {k}: every option moves");
                    assert_eq!(to_original(shown, id(q), k), Some(*l));
                }
            }
        }
        assert_eq!(to_original(Letter::E, id(1), 4), None);
    }
}
