//! API tokens remembered by the process for uploads, the one request
//! scripts send many times a second: an upload that finds its token here
//! skips the token's own statement, and its transaction checks that the
//! token is still live in the statement that reads the quota
//! (`db::submissions::insert_within_quota`), so a token revoked meanwhile,
//! by this process or another, stores nothing and answers 401 as before.
//! Other requests look their token up every time (`services::viewer`).

use std::time::Duration;

use super::error::Result;
use crate::db::Db;
use crate::db::sessions::{self, LiveToken, secret_hash};

/// How long a token is remembered. Its last-used time is written when a
/// lookup finds it more than a minute old, so an uploading script's token
/// shows a last use at most this much later than that minute.
const REMEMBER: Duration = Duration::from_secs(30);

/// Tokens remembered, at most this many.
const CAPACITY: u64 = 10_000;

/// Live tokens by the hash of their secret.
#[derive(Clone)]
pub struct TokenCache(moka::future::Cache<String, LiveToken>);

impl Default for TokenCache {
    fn default() -> Self {
        Self(moka::future::Cache::builder().max_capacity(CAPACITY).time_to_live(REMEMBER).build())
    }
}

impl std::fmt::Debug for TokenCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenCache").field("tokens", &self.0.entry_count()).finish()
    }
}

impl TokenCache {
    /// The live token whose secret is `token`: remembered, or looked up
    /// (and then remembered); `None` for an unknown or revoked one.
    pub async fn live(&self, db: &Db, token: &str) -> Result<Option<LiveToken>> {
        let hash = secret_hash(token);
        if let Some(live) = self.0.get(&hash).await {
            return Ok(Some(live));
        }
        let found = sessions::live_token(db, &hash).await?;
        if let Some(live) = &found {
            self.0.insert(hash, live.clone()).await;
        }
        Ok(found)
    }

    /// Forgets `token` (found revoked).
    pub async fn forget(&self, token: &str) {
        self.0.invalidate(&secret_hash(token)).await;
    }
}
