//! Runtime configuration: the database URL, quotas and limits, and the
//! Leptos site options.

use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;
use std::time::Duration;

use ipnet::IpNet;
use leptos::config::Env;
use leptos::prelude::LeptosOptions;

pub use app::services::database::DEFAULT_DATABASE_URL;

/// Server settings that are not the database or the site.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Submissions per team per UTC day (a team's own setting overrides it).
    pub daily_quota: i64,
    /// Submissions per team in total.
    pub total_quota: i64,
    /// Largest request body for uploads, in bytes.
    pub upload_limit: usize,
    /// Largest body for every other request, in bytes.
    pub body_limit: usize,
    /// Requests taking longer are answered 408.
    pub request_timeout: Duration,
    /// Mark cookies `Secure` (always, except when explicitly turned off).
    pub secure_cookies: bool,
    /// Failed sign-ins per account allowed in `signin_window`.
    pub signin_failures: i64,
    pub signin_window_secs: i64,
    /// Server-wide secret (stored in the database) seeding comparisons.
    pub secret: String,
    /// Writes (POST, PUT, PATCH, DELETE) per client address per minute; 0
    /// turns the limit off (see `http::rate_limit`).
    pub writes_per_minute: u32,
    /// The proxies in front of the server, trusted to name the client in
    /// `X-Forwarded-For`; `None`: clients connect directly, and the header
    /// is anyone's to write and is ignored.
    pub proxies: Option<TrustedProxies>,
    /// The Ladder's step on held-out keys, as a fraction of the questions;
    /// `None`: 1/√n for a key of n scoreable questions.
    pub ladder_step: Option<f64>,
    /// The scale of the Ladder's threshold noise (Laplace), a fraction;
    /// `None`: half the step; 0: no noise.
    pub ladder_noise: Option<f64>,
    /// Teams a client address may register a UTC day; 0 turns the limit off.
    pub registrations_per_day: i64,
    /// Uploads a client address may send a UTC day, across all teams; 0
    /// turns the limit off.
    pub client_daily_quota: i64,
    /// Server-wide secret (stored in the database) keying the hashes of
    /// client addresses (`app::services::clients`).
    pub client_secret: String,
    /// How new teams are let in (`--registration`), with the mailer of
    /// `email`.
    pub registrar: app::services::registration::Registrar,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            daily_quota: 5,
            total_quota: 100,
            upload_limit: app::domain::MAX_PREDICTION_BYTES + 1024 * 1024,
            body_limit: 64 * 1024,
            request_timeout: Duration::from_secs(30),
            secure_cookies: true,
            signin_failures: 10,
            signin_window_secs: 300,
            writes_per_minute: 120,
            proxies: None,
            ladder_step: None,
            ladder_noise: None,
            registrations_per_day: 3,
            client_daily_quota: 10,
            secret: String::new(),
            client_secret: String::new(),
            registrar: app::services::registration::Registrar::default(),
        }
    }
}

impl ServerConfig {
    /// Whether the server is behind trusted proxies (whose
    /// `X-Forwarded-Proto` then says how clients reach it).
    pub fn behind_proxy(&self) -> bool {
        self.proxies.is_some()
    }
}

/// Which hops in front of the server are trusted (`--trusted-proxies`).
/// A request's client is the right-most address of its `X-Forwarded-For`
/// entries (every line of the header, in order) not added by a trusted
/// hop, so an address a client writes into the header never counts: each
/// trusted proxy appends the address it was connected from, whether to
/// the client's line (nginx, Caddy) or as a line of its own (HAProxy's
/// `option forwardfor`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrustedProxies {
    /// The last `n` hops (n ≥ 1): the server's peer and the `n - 1`
    /// proxies before it. The client is the `n`-th entry from the right;
    /// with fewer entries, the peer (such a request did not come through
    /// every proxy, and its header is not trusted).
    Hops(usize),
    /// Hops whose address is in one of these ranges: from the peer
    /// leftwards, the first address outside them is the client (the peer
    /// itself when it is outside them, the left-most entry when all are
    /// inside). An entry that is not an address stops the walk at the last
    /// trusted hop's address.
    Ranges(Vec<IpNet>),
}

impl TrustedProxies {
    /// The client of a request from `peer` carrying the `X-Forwarded-For`
    /// `entries` (in header order). IPv4-mapped IPv6 addresses are read as
    /// IPv4, so one client has one address whichever way it is written.
    pub fn client(&self, peer: Option<IpAddr>, entries: &[&str]) -> Option<IpAddr> {
        let peer = peer.map(|ip| ip.to_canonical());
        match self {
            Self::Hops(n) => entries.len().checked_sub(*n).and_then(|i| entry_address(entries[i])).or(peer),
            Self::Ranges(ranges) => {
                let trusted = |ip: &IpAddr| ranges.iter().any(|r| r.contains(ip));
                let mut client = peer?;
                for entry in entries.iter().rev() {
                    if !trusted(&client) {
                        return Some(client);
                    }
                    match entry_address(entry) {
                        Some(ip) => client = ip,
                        None => return Some(client),
                    }
                }
                Some(client)
            }
        }
    }
}

/// An `X-Forwarded-For` entry's address: `1.2.3.4`, `2001:db8::1`, or
/// either with a port (`1.2.3.4:80`, `[2001:db8::1]:443`) or in brackets.
fn entry_address(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    let ip = entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|a| a.ip()))
        .or_else(|| entry.strip_prefix('[')?.strip_suffix(']')?.parse().ok())?;
    Some(ip.to_canonical())
}

impl FromStr for TrustedProxies {
    type Err = String;

    /// `N` (a count of hops, at least 1) or comma-separated addresses and
    /// CIDR ranges (`10.0.0.0/8,::1`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if let Ok(n) = s.parse::<usize>() {
            return match n {
                0 => Err("the number of trusted proxies must be at least 1".to_owned()),
                n => Ok(Self::Hops(n)),
            };
        }
        let mut ranges = Vec::new();
        let mut bad = Vec::new();
        for part in s.split(',').map(str::trim) {
            match part.parse::<IpNet>().or_else(|_| part.parse::<IpAddr>().map(IpNet::from)) {
                Ok(range) => ranges.push(range),
                Err(_) => bad.push(format!("{part:?}")),
            }
        }
        if !bad.is_empty() {
            return Err(format!(
                "not a count, an address or a CIDR range: {} (give N, or ranges such as 10.0.0.0/8,::1)",
                bad.join(", ")
            ));
        }
        Ok(Self::Ranges(ranges))
    }
}

/// Leptos options for serving the site, from the environment variables that
/// cargo-leptos sets (`LEPTOS_SITE_ROOT`, `LEPTOS_SITE_PKG_DIR`,
/// `LEPTOS_ENV`, `LEPTOS_RELOAD_PORT`) with defaults that fit a plain
/// `cargo leptos build` tree (`target/site`, `pkg`).
pub fn leptos_options(addr: SocketAddr) -> LeptosOptions {
    let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let env = var("LEPTOS_ENV").and_then(|v| Env::try_from(v).ok()).unwrap_or(Env::PROD);
    let reload_port = var("LEPTOS_RELOAD_PORT").and_then(|v| v.parse().ok()).unwrap_or(3001);
    LeptosOptions::builder()
        .output_name(var("LEPTOS_OUTPUT_NAME").unwrap_or_else(|| "medarabench".into()))
        .site_root(var("LEPTOS_SITE_ROOT").unwrap_or_else(|| "target/site".into()))
        .site_pkg_dir(var("LEPTOS_SITE_PKG_DIR").unwrap_or_else(|| "pkg".into()))
        .env(env)
        .site_addr(addr)
        .reload_port(reload_port)
        .build()
}

/// The address to serve on when `--addr` is not given: `LEPTOS_SITE_ADDR`
/// (set by cargo-leptos) or 127.0.0.1:3000.
pub fn default_addr() -> String {
    std::env::var("LEPTOS_SITE_ADDR").unwrap_or_else(|_| "127.0.0.1:3000".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn a_count_of_hops_takes_the_entry_the_first_trusted_hop_added() {
        let peer = Some(ip("10.0.0.2"));
        let one = TrustedProxies::Hops(1);
        // The client wrote 1.1.1.1; the proxy appended what it saw.
        assert_eq!(one.client(peer, &["1.1.1.1", "6.6.6.6"]), Some(ip("6.6.6.6")));
        assert_eq!(one.client(peer, &["6.6.6.6"]), Some(ip("6.6.6.6")));
        let two = TrustedProxies::Hops(2);
        assert_eq!(two.client(peer, &["1.1.1.1", "6.6.6.6", "10.0.0.9"]), Some(ip("6.6.6.6")));
        // Fewer entries than hops, or no header: the peer.
        assert_eq!(two.client(peer, &["6.6.6.6"]), peer);
        assert_eq!(one.client(peer, &[]), peer);
        // Ports, brackets and IPv4 written as IPv6.
        assert_eq!(one.client(peer, &["[2001:db8::1]:443"]), Some(ip("2001:db8::1")));
        assert_eq!(one.client(peer, &["6.6.6.6:5000"]), Some(ip("6.6.6.6")));
        assert_eq!(one.client(peer, &["::ffff:6.6.6.6"]), Some(ip("6.6.6.6")));
        assert_eq!(one.client(peer, &["unknown"]), peer);
    }

    #[test]
    fn ranges_walk_left_from_the_peer_past_trusted_hops() {
        let trusted: TrustedProxies = "10.0.0.0/8, ::1".parse().unwrap();
        let proxy = Some(ip("10.0.0.2"));
        assert_eq!(trusted.client(proxy, &["1.1.1.1", "6.6.6.6", "10.1.1.1"]), Some(ip("6.6.6.6")));
        // A peer outside the ranges is the client, whatever it wrote.
        assert_eq!(trusted.client(Some(ip("7.7.7.7")), &["1.1.1.1"]), Some(ip("7.7.7.7")));
        // All trusted: the left-most; garbage stops at the last trusted hop.
        assert_eq!(trusted.client(proxy, &["10.3.3.3"]), Some(ip("10.3.3.3")));
        assert_eq!(trusted.client(proxy, &["1.1.1.1", "garbage", "10.4.4.4"]), Some(ip("10.4.4.4")));
        assert_eq!(trusted.client(Some(ip("::1")), &["6.6.6.6"]), Some(ip("6.6.6.6")));
    }

    #[test]
    fn the_flag_reads_a_count_or_ranges_and_names_what_it_cannot() {
        assert_eq!("2".parse::<TrustedProxies>(), Ok(TrustedProxies::Hops(2)));
        assert!("0".parse::<TrustedProxies>().unwrap_err().contains("at least 1"));
        assert_eq!(
            "192.168.0.0/16,::1".parse::<TrustedProxies>(),
            Ok(TrustedProxies::Ranges(vec!["192.168.0.0/16".parse().unwrap(), "::1/128".parse().unwrap()]))
        );
        let err = "10.0.0.0/8,nope,300.1.1.1".parse::<TrustedProxies>().unwrap_err();
        assert!(err.contains("\"nope\"") && err.contains("\"300.1.1.1\""), "{err}");
    }
}
