//! A team's API tokens as its page lists them (never the secret).

use serde::{Deserialize, Serialize};

/// An API token as the team page lists it (never the secret).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TokenRow {
    pub id: i64,
    pub label: String,
    pub prefix: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}
