//! The near-duplicate index: which stored submissions an upload must be
//! compared with ([`forensics::near_duplicate`](super::forensics::near_duplicate)
//! decides), found without reading every stored sheet of predictions.
//!
//! Locality-sensitive hashing by bit sampling. A key has [`BANDS`] bands,
//! each [`BAND_WIDTH`] distinct positions among its scoreable questions,
//! drawn from a secret the server never shows ([`Bands::draw`]): a team
//! cannot learn which answers to change to leave every band. A sheet's
//! bucket in a band is a hash of the band's number and the sheet's 3-bit
//! codes at its positions ([`Bands::buckets`]); a server files every
//! stored sheet under its buckets and compares an upload only with the
//! sheets sharing one of its buckets.
//!
//! What this guarantees: two sheets giving the same letter on at least
//! `agreeing` of the key's `n` questions share a band's bucket whenever
//! the band's positions all fall among those questions, which each band
//! does with probability `C(agreeing, w) / C(n, w)` (`w` the band's
//! width), independently of the others; so a pair is missed with
//! probability [`miss_probability`] at most, and never when the two
//! sheets are the same. At the near-duplicate limit (98% agreement) on a
//! key of 4,928 questions that is 3.5e-7 a pair (1 in 3 million); at 99%,
//! 6e-12. Sheets agreeing on 70% share a bucket with probability 2e-4,
//! on 50% with 4e-9: an upload is compared with close sheets only. A
//! sheet's buckets are a pure function of the secret, the key's id, the
//! key's size and the sheet: a server rebuilds them from the stored
//! predictions at any time. Changing [`BANDS`], [`BAND_WIDTH`] or the
//! draw means emptying the stored buckets (a migration), which the server
//! builds again at its next start.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use sha2::{Digest, Sha256};

use super::stored_predictions::Given;

/// Bands a key has: buckets filed for each sheet.
pub const BANDS: usize = 20;

/// Questions a band reads (all of them on a smaller key).
pub const BAND_WIDTH: usize = 32;

/// What the draw and the hashes are keyed with besides the secret, so
/// that a change to them gives other buckets rather than mixing old and
/// new ones.
const SCHEME: &[u8] = b"medarabench near-duplicate bands v1";

/// The bands of one key: for each, the positions (among the key's
/// scoreable questions, in key order) whose answers it hashes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bands {
    positions: Vec<Vec<u32>>,
}

impl Bands {
    /// The bands of key `key_id`, of `questions` scoreable questions,
    /// drawn with `secret`: each band [`BAND_WIDTH`] distinct positions
    /// (every question, on a smaller key) drawn uniformly and
    /// independently of the other bands. The same arguments give the same
    /// bands, on every machine and with every version of the dependencies
    /// (ChaCha8's stream is fixed; the draw is written here).
    pub fn draw(secret: &[u8], key_id: i64, questions: usize) -> Self {
        let seed: [u8; 32] = Sha256::new()
            .chain_update(SCHEME)
            .chain_update((secret.len() as u64).to_le_bytes())
            .chain_update(secret)
            .chain_update(key_id.to_le_bytes())
            .chain_update((questions as u64).to_le_bytes())
            .finalize()
            .into();
        let mut rng = ChaCha8Rng::from_seed(seed);
        let width = BAND_WIDTH.min(questions);
        let mut order: Vec<u32> = (0..questions as u32).collect();
        let positions = (0..BANDS)
            .map(|_| {
                // The first `width` steps of a Fisher-Yates shuffle: a
                // uniform sample without repetition (the modulo's bias,
                // under questions / 2^64, is negligible).
                for i in 0..width {
                    let j = i + (rng.next_u64() % (questions - i) as u64) as usize;
                    order.swap(i, j);
                }
                let mut band = order[..width].to_vec();
                band.sort_unstable();
                band
            })
            .collect();
        Self { positions }
    }

    /// The bucket of `given` (a sheet's answers in its key's layout: the
    /// scoreable questions first) in each band, in band order. Equal codes
    /// at a band's positions give the band's bucket; other codes another
    /// one, but for a 64-bit hash's collisions (which only make a sheet
    /// compared that need not be).
    pub fn buckets(&self, given: &[Given]) -> [i64; BANDS] {
        let mut buckets = [0; BANDS];
        for (band, (bucket, positions)) in buckets.iter_mut().zip(&self.positions).enumerate() {
            let codes: Vec<u8> =
                positions.iter().map(|&p| given.get(p as usize).copied().unwrap_or_default().code()).collect();
            let digest = Sha256::new().chain_update(SCHEME).chain_update([band as u8]).chain_update(&codes).finalize();
            *bucket = first_word(&digest);
        }
        buckets
    }

    /// Each band's positions, ascending.
    pub fn positions(&self) -> &[Vec<u32>] {
        &self.positions
    }
}

/// A 64-bit digest of a sheet's answers to the key's first `questions`
/// (scoreable) questions: sheets giving the same answers have the same
/// one, so a server compares a sheet stored by many submissions once.
/// Two different sheets share it with probability 2^-64.
pub fn sheet(given: &[Given], questions: usize) -> i64 {
    let codes: Vec<u8> = (0..questions).map(|q| given.get(q).copied().unwrap_or_default().code()).collect();
    first_word(&Sha256::new().chain_update(SCHEME).chain_update(b"sheet").chain_update(&codes).finalize())
}

fn first_word(digest: &[u8]) -> i64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&digest[..8]);
    i64::from_le_bytes(word)
}

/// The probability that two sheets giving the same letter on exactly
/// `agreeing` of a key's `questions` share no bucket: every band holds a
/// position outside the agreeing ones, `(1 - C(agreeing, w) / C(questions, w))`
/// to the power [`BANDS`]. Fewer agreeing questions only make it larger.
pub fn miss_probability(questions: usize, agreeing: usize) -> f64 {
    let width = BAND_WIDTH.min(questions);
    let clean: f64 = (0..width).map(|i| agreeing.saturating_sub(i) as f64 / (questions - i) as f64).product();
    (1.0 - clean).powi(BANDS as i32)
}

#[cfg(test)]
#[path = "near_index_tests.rs"]
mod tests;
