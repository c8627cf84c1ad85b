//! How a server lets new teams in (`serve --registration`), and the form
//! of an email address that identities are counted by.
//!
//! A team registered on an `open` server uploads at once. On an `email`
//! server it uploads once its first member has opened the verification
//! link sent to the address; on an `approved` server once an operator has
//! let it in (`medarabench team approve NAME`). Every mode counts one team
//! per address, with the address normalised ([`address_key`]), so that
//! `Lead+2@Lab.example` is not a second identity beside `lead@lab.example`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::declaration::UnknownName;

/// How new teams are let in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Registration {
    /// A team uploads as soon as it is registered.
    #[default]
    Open,
    /// A team uploads once its address is verified by a link sent by email.
    Email,
    /// A team uploads once an operator lets it in.
    Approved,
}

impl Registration {
    /// Every name, as `--registration` takes them.
    pub const NAMES: &'static [&'static str] = &["open", "email", "approved"];

    /// The name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Email => "email",
            Self::Approved => "approved",
        }
    }
}

impl FromStr for Registration {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, UnknownName> {
        match s.trim().to_lowercase().as_str() {
            "open" => Ok(Self::Open),
            "email" => Ok(Self::Email),
            "approved" => Ok(Self::Approved),
            _ => Err(UnknownName { what: "registration", value: s.to_owned(), allowed: Self::NAMES }),
        }
    }
}

impl fmt::Display for Registration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a team stands: let in, or waiting for what.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum TeamStatus {
    /// It may upload.
    Active,
    /// Its address is not verified yet (`--registration email`).
    AwaitingEmail,
    /// An operator has not let it in yet (`--registration approved`).
    AwaitingApproval,
}

impl TeamStatus {
    /// A team's standing: `Active` once let in (`admitted`), otherwise
    /// waiting for what the server's `mode` asks.
    pub fn of(admitted: bool, mode: Registration) -> Self {
        match (admitted, mode) {
            (true, _) | (false, Registration::Open) => Self::Active,
            (false, Registration::Email) => Self::AwaitingEmail,
            (false, Registration::Approved) => Self::AwaitingApproval,
        }
    }

    /// The name the API sends.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::AwaitingEmail => "awaiting_email",
            Self::AwaitingApproval => "awaiting_approval",
        }
    }
}

/// The form of an email address that one identity is counted by: trimmed,
/// lower case, and without a `+tag` in its local part (`a+x@b` and `a@b`
/// reach the same mailbox at most providers).
pub fn address_key(email: &str) -> String {
    let email = email.trim().to_lowercase();
    match email.rsplit_once('@') {
        Some((local, domain)) => {
            let local = local.split_once('+').map_or(local, |(base, _)| base);
            format!("{local}@{domain}")
        }
        None => email,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_counted_without_case_or_tags() {
        assert_eq!(address_key(" Lead+Phase2@Lab.Example "), "lead@lab.example");
        assert_eq!(address_key("lead@lab.example"), "lead@lab.example");
        assert_eq!(address_key("a+b+c@x.example"), "a@x.example");
        assert_ne!(address_key("lead@lab.example"), address_key("lead@lab2.example"));
    }

    #[test]
    fn modes_and_standings_read_and_say_their_names() {
        for mode in [Registration::Open, Registration::Email, Registration::Approved] {
            assert_eq!(mode.as_str().parse::<Registration>(), Ok(mode));
        }
        assert!("closed".parse::<Registration>().is_err());
        assert_eq!(TeamStatus::of(false, Registration::Email), TeamStatus::AwaitingEmail);
        assert_eq!(TeamStatus::of(false, Registration::Approved), TeamStatus::AwaitingApproval);
        assert_eq!(TeamStatus::of(true, Registration::Approved), TeamStatus::Active);
        assert_eq!(TeamStatus::of(false, Registration::Open), TeamStatus::Active);
    }
}
