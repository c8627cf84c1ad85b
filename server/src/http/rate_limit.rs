//! A per-client limit on writes: every `POST`, `PUT`, `PATCH` and `DELETE`
//! outside the server functions (`/_fn/...`, which only read) spends a
//! token from its client's bucket; a bucket holds
//! [`ServerConfig::writes_per_minute`](crate::config::ServerConfig) tokens
//! and refills at that rate. An empty bucket is answered `429` with
//! `Retry-After`, before the handler runs, so nothing is stored. Reads are
//! never limited: the leaderboard must stay fast for everyone.
//!
//! This sits beside the finer limits: upload quotas per team and sign-in
//! throttling per account, and the daily limits per client address
//! counted in the database (`app::services::clients`). The client is
//! [`client_address`]: the connection's peer address, or behind trusted
//! proxies the `X-Forwarded-For` address they name. A request with neither
//! (in-process tests) is not limited.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::HttpError;
use super::extract::client_address;
use crate::state::AppState;

/// Buckets kept before idle (full) ones are dropped.
const MAX_CLIENTS: usize = 10_000;

/// Token buckets by client address.
#[derive(Debug)]
pub struct WriteLimiter {
    per_minute: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

impl WriteLimiter {
    /// At most `per_minute` writes a minute per client (bursts up to that
    /// many); 0 turns the limit off.
    pub fn new(per_minute: u32) -> Self {
        Self { per_minute, buckets: Mutex::new(HashMap::new()) }
    }

    /// Spends a token of `client` at `now`: `Err(seconds)` until the next
    /// one when none is left.
    pub fn spend(&self, client: IpAddr, now: Instant) -> Result<(), u64> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let capacity = f64::from(self.per_minute);
        let per_second = capacity / 60.0;
        let refilled =
            |b: &Bucket| (b.tokens + now.saturating_duration_since(b.updated).as_secs_f64() * per_second).min(capacity);
        let mut buckets = self.buckets.lock().expect("rate limit lock");
        if buckets.len() >= MAX_CLIENTS && !buckets.contains_key(&client) {
            // Forget the clients whose buckets have refilled: they are idle.
            buckets.retain(|_, b| refilled(b) < capacity);
            if buckets.len() >= MAX_CLIENTS {
                buckets.clear();
            }
        }
        let bucket = buckets.entry(client).or_insert(Bucket { tokens: capacity, updated: now });
        let tokens = refilled(bucket);
        if tokens < 1.0 {
            *bucket = Bucket { tokens, updated: now };
            return Err(((1.0 - tokens) / per_second).ceil().max(1.0) as u64);
        }
        *bucket = Bucket { tokens: tokens - 1.0, updated: now };
        Ok(())
    }
}

/// The middleware: refuses a write whose client has no token left.
pub async fn limit_writes(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let write = matches!(*req.method(), Method::POST | Method::PUT | Method::PATCH | Method::DELETE);
    if write
        && !req.uri().path().starts_with("/_fn/")
        && let Some(ip) = client_address(req.headers(), req.extensions(), state.config.proxies.as_ref())
        && let Err(retry_after) = state.writes.spend(ip, Instant::now())
    {
        tracing::warn!(client = %ip, path = %req.uri().path(), "write rate limit");
        return HttpError::WriteRate { limit: state.config.writes_per_minute, retry_after }.into_response();
    }
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_refills_at_its_rate() {
        let limiter = WriteLimiter::new(6); // one token every 10 s
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let t0 = Instant::now();
        for _ in 0..6 {
            assert_eq!(limiter.spend(a, t0), Ok(()));
        }
        assert_eq!(limiter.spend(a, t0), Err(10), "empty: the next token in 10 s");
        assert_eq!(limiter.spend(b, t0), Ok(()), "another client has its own bucket");
        assert_eq!(limiter.spend(a, t0 + Duration::from_secs(4)), Err(6));
        assert_eq!(limiter.spend(a, t0 + Duration::from_secs(10)), Ok(()), "one token back after 10 s");
        assert_eq!(limiter.spend(a, t0 + Duration::from_secs(10)), Err(10));
        for _ in 0..6 {
            assert_eq!(limiter.spend(a, t0 + Duration::from_secs(1000)), Ok(()), "never more than the burst");
        }
        assert!(limiter.spend(a, t0 + Duration::from_secs(1000)).is_err());
    }

    #[test]
    fn zero_turns_the_limit_off_and_idle_clients_are_forgotten() {
        let off = WriteLimiter::new(0);
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        assert!((0..1000).all(|_| off.spend(ip, Instant::now()).is_ok()));

        let limiter = WriteLimiter::new(60);
        let t0 = Instant::now();
        for i in 0..MAX_CLIENTS as u32 {
            limiter.spend(IpAddr::from(i.to_be_bytes()), t0).unwrap();
        }
        assert_eq!(limiter.buckets.lock().unwrap().len(), MAX_CLIENTS);
        // A minute later every bucket is full again: a new client makes room.
        limiter.spend("192.168.0.1".parse().unwrap(), t0 + Duration::from_secs(61)).unwrap();
        assert_eq!(limiter.buckets.lock().unwrap().len(), 1);
    }
}
