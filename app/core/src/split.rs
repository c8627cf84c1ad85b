//! A held-out key's two parts. At import a held-out key is divided once
//! into a public part (by default 30% of its scoreable questions) and a
//! private part, by a draw keyed by a secret seed the server keeps and
//! never shows. The draw is stratified: within every specialty × level
//! cell the same share of questions is public (up to rounding), so the
//! public score measures the same mix of questions as the private one.
//! Until the key is revealed every score shown is on the public part only;
//! at reveal the board ranks on the private part, which no shown number
//! has ever depended on, so nothing learned by probing the public scores
//! carries over to the final standing.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::key::AnswerKey;
use crate::score::{ScoreCard, tally};
use crate::stats::wilson;
use crate::stored_predictions::Given;

/// The public part's share of a held-out key's scoreable questions when
/// the operator does not choose one.
pub const DEFAULT_PUBLIC_SHARE: f64 = 0.3;

/// Checks a public share: a number strictly between 0 and 1 (each part
/// must hold questions).
pub fn check_share(share: f64) -> Result<f64, String> {
    if share.is_finite() && share > 0.0 && share < 1.0 {
        Ok(share)
    } else {
        Err(format!("the public share must be a number between 0 and 1 (both excluded), such as 0.3; got {share}"))
    }
}

/// Which scoreable questions of a key are public, and the public part as a
/// key of its own (to score an upload's answers on it).
#[derive(Debug, Clone, PartialEq)]
pub struct PublicPart {
    /// One flag per scoreable item of the whole key, in its order.
    public: Vec<bool>,
    key: AnswerKey,
}

impl PublicPart {
    /// The public part of `key` drawn with `seed`: `share` of its
    /// scoreable questions rounded to a whole number (at least one, and at
    /// least one left private), spread over its specialty × level cells in
    /// proportion to their sizes (the remainders going to the cells with
    /// the largest fractions), and within each cell the questions whose
    /// keyed hash of their id is lowest. The same seed, share and key give
    /// the same part. A corrected version of the key, drawn with the same
    /// seed, keeps almost every question where it was: within a cell the
    /// order is fixed by the seed and the ids, so only the cells' counts
    /// can move, by the rounding of their shares.
    pub fn draw(key: &AnswerKey, seed: &[u8], share: f64) -> Self {
        let n = key.len();
        let target = if n < 2 { n } else { ((share * n as f64).round() as usize).clamp(1, n - 1) };
        let mut cells: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
        for (i, cell) in key.strata().enumerate() {
            cells.entry(cell).or_default().push(i);
        }
        // Largest remainder: each cell's exact share, floored; the
        // questions still owed go to the largest fractions (ties: the
        // earlier cell).
        let exact: Vec<(u32, f64)> =
            cells.iter().map(|(&c, items)| (c, items.len() as f64 * target as f64 / n.max(1) as f64)).collect();
        let mut quota: BTreeMap<u32, usize> = exact.iter().map(|&(c, x)| (c, x.floor() as usize)).collect();
        let owed = target - quota.values().sum::<usize>();
        let mut by_fraction = exact.clone();
        by_fraction.sort_by(|a, b| (b.1 - b.1.floor()).total_cmp(&(a.1 - a.1.floor())).then(a.0.cmp(&b.0)));
        for (cell, _) in by_fraction.into_iter().take(owed) {
            *quota.get_mut(&cell).expect("every cell has a quota") += 1;
        }
        let mut public = vec![false; n];
        for (cell, mut items) in cells {
            items.sort_by_key(|&i| (rank(seed, key.items()[i].id.get()), i));
            for &i in items.iter().take(quota[&cell]) {
                public[i] = true;
            }
        }
        Self { key: key.part(&public), public }
    }

    /// One flag per scoreable item of the whole key: whether it is public.
    pub fn mask(&self) -> &[bool] {
        &self.public
    }

    /// The public part as a key.
    pub fn key(&self) -> &AnswerKey {
        &self.key
    }

    /// The public questions' share of `given` (one value per scoreable
    /// item of the whole key, in its order).
    pub fn given(&self, given: &[Given]) -> Vec<Given> {
        given.iter().zip(&self.public).filter(|(_, p)| **p).map(|(g, _)| *g).collect()
    }

    /// The score card of `given` (one value per scoreable item of the
    /// whole key) on the public part.
    pub fn score(&self, given: &[Given]) -> ScoreCard {
        tally(&self.key, &self.given(given), 0).0
    }
}

/// A question's place in its cell's draw: the first 8 bytes of
/// SHA-256(domain, seed, id).
fn rank(seed: &[u8], id: u32) -> u64 {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update(b"medarabench-public-part\0");
    h.update(seed);
    h.update(b"\0");
    h.update(id.to_le_bytes());
    let digest = h.finalize();
    let mut word = [0u8; 8];
    word.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(word)
}

/// A part of a split key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Part {
    /// Scored before the reveal.
    Public,
    /// Ranked on at the reveal.
    Private,
}

/// One part's score as the board shows it once its key is revealed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PartScore {
    /// correct / n.
    pub accuracy: f64,
    /// Wilson 95% interval of `accuracy`.
    pub ci95: [f64; 2],
    /// Scoreable questions in the part.
    pub n: usize,
}

impl PartScore {
    /// The score of `correct` right answers out of `n`.
    pub fn new(correct: usize, n: usize) -> Self {
        let accuracy = if n == 0 { 0.0 } else { correct as f64 / n as f64 };
        Self { accuracy, ci95: wilson(correct.min(n), n), n }
    }

    /// The public and private parts' scores of a submission with `correct`
    /// of `total` right on the whole key, `public_correct` of
    /// `public_total` of them on the public part.
    pub fn both(correct: usize, total: usize, public_correct: usize, public_total: usize) -> (Self, Self) {
        let private = (correct.saturating_sub(public_correct), total.saturating_sub(public_total));
        (Self::new(public_correct, public_total), Self::new(private.0, private.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benchmark::Benchmark;
    use crate::key::parse_key;
    use crate::synthetic::synthetic_key;
    use crate::types::Letter;

    fn key() -> AnswerKey {
        parse_key(Benchmark::MedAraBench, synthetic_key(3000, 7).csv.as_bytes()).unwrap().key
    }

    #[test]
    fn the_share_must_leave_both_parts_questions() {
        assert_eq!(check_share(0.3), Ok(0.3));
        for bad in [0.0, 1.0, -0.2, 1.5, f64::NAN, f64::INFINITY] {
            assert!(check_share(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_draw_is_stratified_by_cell_and_keyed_by_the_seed() {
        let key = key();
        let part = PublicPart::draw(&key, b"seed one", 0.3);
        let public = part.mask().iter().filter(|p| **p).count();
        assert_eq!(public, (0.3 * key.len() as f64).round() as usize);
        assert_eq!(part.key().len(), public);
        // Every cell is within one question of its exact share.
        let strata: Vec<u32> = key.strata().collect();
        let mut cells: BTreeMap<u32, (usize, usize)> = BTreeMap::new();
        for (cell, p) in strata.iter().zip(part.mask()) {
            let e = cells.entry(*cell).or_default();
            e.0 += usize::from(*p);
            e.1 += 1;
        }
        assert!(cells.len() > 10, "the synthetic key has many cells");
        for (cell, (p, n)) in cells {
            let exact = 0.3 * n as f64 * public as f64 / (0.3 * key.len() as f64);
            assert!((p as f64 - exact).abs() < 1.0 + 1e-9, "cell {cell}: {p} of {n}");
        }
        // The same seed draws the same part; another seed another one.
        assert_eq!(PublicPart::draw(&key, b"seed one", 0.3), part);
        let other = PublicPart::draw(&key, b"seed two", 0.3);
        let same = part.mask().iter().zip(other.mask()).filter(|(a, b)| a == b).count();
        assert!(same < key.len() * 9 / 10, "{same} of {} alike", key.len());
    }

    #[test]
    fn a_part_scores_only_its_questions() {
        let key = key();
        let part = PublicPart::draw(&key, b"s", 0.25);
        // Right on every public question, wrong on every private one.
        let given: Vec<Given> = key
            .items()
            .iter()
            .zip(part.mask())
            .map(|(it, p)| {
                if *p {
                    Given::Letter(it.answer)
                } else {
                    Given::Letter(if it.answer == Letter::A { Letter::B } else { Letter::A })
                }
            })
            .collect();
        let card = part.score(&given);
        assert_eq!((card.correct, card.total), (part.key().len(), part.key().len()));
        let (public, private) = PartScore::both(card.correct, key.len(), card.correct, part.key().len());
        assert_eq!(public.accuracy, 1.0);
        assert_eq!((private.accuracy, private.n), (0.0, key.len() - part.key().len()));
        // The part's chance level is its own questions'.
        let e = part.key().items().iter().map(|it| 1.0 / f64::from(it.options)).sum::<f64>() / card.total as f64;
        assert!((card.random_baseline.expected_accuracy - e).abs() < 1e-12);
    }
}
