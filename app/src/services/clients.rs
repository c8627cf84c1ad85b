//! Who a request comes from, for the limits per client address (team
//! registrations a UTC day, uploads a UTC day across all teams): a keyed
//! hash of the address, so the database never holds an address itself;
//! and the refusal when a limit is reached.
//!
//! The key is HMAC-SHA-256 of the address under the server's
//! `client_key_secret` setting (`server::cli::serve::client_secret`), the
//! same in every process on one database. An IPv6 client is counted by its
//! /64 network (one subscriber's usual allocation, whose other addresses
//! are free to take), and an IPv4-mapped IPv6 address as its IPv4 address.
//! A keyed hash of an IPv4 address can still be found by trying every
//! address with the secret: whoever holds the database holds the secret
//! too, so the hash keeps addresses out of dumps and logs, not from the
//! database's owner.

use std::net::IpAddr;

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::db::clients::ClientLimit;
use crate::db::submissions::seconds_to_utc_midnight;
use crate::domain::Message;

/// The keyed hash of a client's address (hex).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientKey(String);

impl ClientKey {
    /// The key of `ip` under the server's `secret`.
    pub fn new(secret: &str, ip: IpAddr) -> Self {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
        match ip.to_canonical() {
            IpAddr::V4(v4) => mac.update(&v4.octets()),
            IpAddr::V6(v6) => {
                mac.update(b"v6/64:");
                mac.update(&v6.octets()[..8]);
            }
        }
        Self(hex::encode(mac.finalize().into_bytes()))
    }

    /// The hex digest, as stored.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// This client under a limit of `per_day` (0: none).
    pub fn limit(&self, per_day: i64) -> ClientLimit<'_> {
        ClientLimit { key: &self.0, per_day }
    }
}

/// A limit per client address that a request reached; both reset at
/// 00:00 UTC, `retry_after` seconds from when it was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClientLimitReached {
    /// `limit` teams registered from the address today.
    Registrations { limit: i64, retry_after: i64 },
    /// `limit` uploads from the address today, across all teams.
    Uploads { limit: i64, retry_after: i64 },
}

impl ClientLimitReached {
    /// The registration limit, reached now.
    pub fn registrations(limit: i64) -> Self {
        Self::Registrations { limit, retry_after: seconds_to_utc_midnight(crate::db::now_unix()) }
    }

    /// The upload quota, reached now.
    pub fn uploads(limit: i64) -> Self {
        Self::Uploads { limit, retry_after: seconds_to_utc_midnight(crate::db::now_unix()) }
    }

    /// The API's stable error code.
    pub fn code(self) -> &'static str {
        match self {
            Self::Registrations { .. } => "registration_limit",
            Self::Uploads { .. } => "client_quota_exceeded",
        }
    }

    /// Seconds until the limit resets (`Retry-After`).
    pub fn retry_after(self) -> i64 {
        match self {
            Self::Registrations { retry_after, .. } | Self::Uploads { retry_after, .. } => retry_after,
        }
    }

    /// What the API says, as a code with its arguments (`errors.ftl`).
    pub fn message(self) -> Message {
        match self {
            Self::Registrations { limit, .. } => Message::new("registration-limit").arg("limit", limit),
            Self::Uploads { limit, .. } => Message::new("quota-client-exceeded").arg("limit", limit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_keyed_hashes_of_the_address_an_ipv6_client_its_64() {
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        let a = ClientKey::new("secret", ip("203.0.113.7"));
        assert_eq!(a.as_str().len(), 64);
        assert!(!a.as_str().contains("203"), "no address in the key");
        assert_eq!(a, ClientKey::new("secret", ip("203.0.113.7")));
        assert_eq!(a, ClientKey::new("secret", ip("::ffff:203.0.113.7")), "IPv4-mapped is the IPv4 client");
        assert_ne!(a, ClientKey::new("secret", ip("203.0.113.8")));
        assert_ne!(a, ClientKey::new("another secret", ip("203.0.113.7")), "keyed by the server's secret");
        let v6 = ClientKey::new("secret", ip("2001:db8:1:2::1"));
        assert_eq!(v6, ClientKey::new("secret", ip("2001:db8:1:2:ffff:ffff:ffff:ffff")), "one /64, one client");
        assert_ne!(v6, ClientKey::new("secret", ip("2001:db8:1:3::1")));
    }

    #[test]
    fn refusals_have_stable_codes_and_english_sentences() {
        let r = ClientLimitReached::Registrations { limit: 3, retry_after: 60 };
        assert_eq!((r.code(), r.retry_after()), ("registration_limit", 60));
        let say = |m: &Message| crate::i18n::form_errors::say(crate::i18n::Lang::En, m);
        assert!(say(&r.message()).contains("at most 3 teams"), "{}", say(&r.message()));
        let u = ClientLimitReached::Uploads { limit: 1, retry_after: 5 };
        assert_eq!(u.code(), "client_quota_exceeded");
        assert!(say(&u.message()).contains("at most 1 upload a UTC day"), "{}", say(&u.message()));
        let now = ClientLimitReached::uploads(10).retry_after();
        assert!((1..=86_400).contains(&now));
    }
}
