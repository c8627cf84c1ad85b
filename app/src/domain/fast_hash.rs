//! A small, fast, non-cryptographic hasher (the multiply-rotate hash rustc
//! uses, "FxHash") for the key readers' internal maps: specialty names and
//! hashes of question texts, a few bytes each. It is several times faster
//! than the standard library's SipHash on such keys but, unlike SipHash, not
//! resistant to inputs crafted to collide, so it is only used on answer
//! keys (files the leaderboard's operators import), never on uploads.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// The hasher; build maps with [`FastMap`].
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct FastHasher(u64);

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    /// Eight bytes at a time; a short tail is read as the last eight bytes
    /// (overlapping) or assembled, then the length is mixed in.
    fn write(&mut self, bytes: &[u8]) {
        let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(word(chunk));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let tail = match bytes.len() {
                8.. => word(&bytes[bytes.len() - 8..]),
                _ => rest.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b)),
            };
            self.add(tail);
        }
        self.add(bytes.len() as u64);
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    /// Rotated so the well-mixed high bits land where hash tables take
    /// their bucket index from (as rustc-hash 2 does).
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

/// A `HashMap` using [`FastHasher`].
pub(crate) type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

#[cfg(test)]
mod tests {
    use std::hash::Hash;

    use super::*;

    fn hash(s: &str) -> u64 {
        let mut h = FastHasher::default();
        s.hash(&mut h);
        h.finish()
    }

    #[test]
    fn different_texts_hash_differently() {
        let texts = ["", "a", "a\0", "ab", "abcdefgh", "abcdefgh\0", "تشريح", "Anatomy", "Histology"];
        let mut hashes: Vec<u64> = texts.iter().map(|t| hash(t)).collect();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), texts.len());
    }
}
