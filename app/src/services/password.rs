//! argon2id password hashing, run on the blocking thread pool so a hash
//! never stalls the async runtime.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};

use super::error::ServiceError;
use crate::domain::submission::FieldProblem;

/// Shortest password accepted.
pub const MIN_PASSWORD_CHARS: usize = 10;
/// Longest password accepted (argon2 cost does not depend on it, but a
/// bound keeps requests small).
pub const MAX_PASSWORD_CHARS: usize = 256;

fn hasher() -> Argon2<'static> {
    // OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Why a password is not acceptable.
pub fn check_strength(password: &str) -> Result<(), FieldProblem> {
    let n = password.chars().count();
    if n < MIN_PASSWORD_CHARS {
        return Err(FieldProblem::PasswordTooShort { min: MIN_PASSWORD_CHARS });
    }
    if n > MAX_PASSWORD_CHARS {
        return Err(FieldProblem::PasswordTooLong { max: MAX_PASSWORD_CHARS });
    }
    Ok(())
}

/// Hashes a password into a PHC string (argon2id, random salt).
pub async fn hash(password: String) -> Result<String, ServiceError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        hasher()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ServiceError::internal(format!("password hashing failed: {e}")))
    })
    .await
    .map_err(ServiceError::internal)?
}

/// Checks a password against a stored PHC string.
pub async fn verify(password: String, phc: String) -> bool {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&phc).is_ok_and(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .unwrap_or(false)
}

/// A hash of a random password, verified against when an email is unknown
/// so that unknown and known accounts take the same time.
pub async fn dummy_hash() -> String {
    static DUMMY: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    DUMMY.get_or_init(|| async { hash(super::secrets::new_secret("dummy_")).await.unwrap_or_default() }).await.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn argon2id_round_trip() {
        let phc = hash("correct horse battery".into()).await.unwrap();
        assert!(phc.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{phc}");
        assert!(verify("correct horse battery".into(), phc.clone()).await);
        assert!(!verify("wrong horse battery".into(), phc).await);
        assert!(check_strength("short").is_err());
        assert!(check_strength("long enough pass").is_ok());
    }
}
