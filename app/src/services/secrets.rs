//! Random secrets (session ids, API tokens) and submission ids. Secrets
//! are stored only as hashes (`db::sessions::secret_hash`).

use rand::RngCore;

/// A fresh 256-bit secret, hex-encoded, with a readable prefix
/// (`mbt_` for API tokens, `mbs_` for sessions).
pub fn new_secret(prefix: &str) -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    format!("{prefix}{}", hex::encode(bytes))
}

/// The public id of a submission: random, unguessable, URL-safe.
pub fn new_public_id() -> String {
    let mut bytes = [0u8; 12];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::sessions::secret_hash;

    #[test]
    fn secrets_are_random_prefixed_and_hashed() {
        let a = new_secret("mbt_");
        let b = new_secret("mbt_");
        assert!(a.starts_with("mbt_") && a.len() == 68);
        assert_ne!(a, b);
        assert_eq!(secret_hash(&a).len(), 64);
        assert_ne!(secret_hash(&a), secret_hash(&b));
        assert_ne!(new_public_id(), new_public_id());
    }
}
