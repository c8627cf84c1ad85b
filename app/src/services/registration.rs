//! Letting new teams in (`serve --registration open|email|approved`): a
//! registration from outside, the verification link sent by email over
//! SMTP, its use, and an operator's approval. A team that is not let in
//! may sign in and see its page but not upload (the upload's admission
//! checks it: `db::submissions`).

use std::sync::Arc;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message as Mail, Tokio1Executor};

use super::accounts;
use super::error::{Result, ServiceError};
use super::secrets::new_secret;
use crate::db::clients::ClientLimit;
use crate::db::sessions::secret_hash;
use crate::db::{Db, audit, now_unix, teams};
use crate::domain::Message;
use crate::domain::registration::{Registration, TeamStatus};

/// How long a verification link works.
pub const VERIFICATION_TTL_SECS: i64 = 2 * 24 * 3600;

/// The subject and plain-text body of a mail carrying a link
/// (`i18n::mail`: services render no text).
pub type Compose = fn(&str) -> (String, String);

/// The mails the server sends, each written by the server's words
/// (`i18n::mail`), handed in by whoever starts the server.
#[derive(Debug, Clone, Copy)]
pub struct Letters {
    /// The link that verifies an address (`--registration email`).
    pub verification: Compose,
    /// The link that sets a new password.
    pub reset: Compose,
    /// The link that joins a team, and the team's name.
    pub invitation: fn(&str, &str) -> (String, String),
}

/// Sends mail over SMTP (lettre), from one address, written by `letters`.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    pub(super) letters: Letters,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer").field("from", &self.from.to_string()).finish_non_exhaustive()
    }
}

impl Mailer {
    /// A mailer for an SMTP URL as lettre reads it: `smtp://host:port`
    /// (plain, for a relay on the same machine or network),
    /// `smtp://host:587?tls=required` (STARTTLS), `smtps://user:pass@host`
    /// (TLS); `from` is the sender's address, `letters` write the mail.
    pub fn new(url: &str, from: &str, letters: Letters) -> std::result::Result<Self, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("--smtp-url is not an SMTP URL lettre can use: {e}"))?
            .build();
        let from = from.parse::<Mailbox>().map_err(|e| format!("--mail-from {from:?} is not an address: {e}"))?;
        Ok(Self { transport, from, letters })
    }

    /// Sends one plain-text message.
    pub(super) async fn send(&self, to: &str, subject: &str, body: String) -> std::result::Result<(), String> {
        let to = to.parse::<Mailbox>().map_err(|e| e.to_string())?;
        let mail = Mail::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(lettre::message::header::ContentType::TEXT_PLAIN)
            .body(body)
            .map_err(|e| e.to_string())?;
        self.transport.send(mail).await.map(|_| ()).map_err(|e| e.to_string())
    }
}

/// How a server lets new teams in: its mode and, for `email`, the mailer
/// and the site's public address (the verification links point there;
/// never taken from a request's `Host`, which its sender writes).
#[derive(Debug, Clone, Default)]
pub struct Registrar {
    pub mode: Registration,
    pub mailer: Option<Arc<Mailer>>,
    pub public_url: String,
}

/// A team just registered from outside.
#[derive(Debug, Clone, Copy)]
pub struct Registered {
    pub team_id: i64,
    pub member_id: i64,
    pub status: TeamStatus,
}

/// Registers a team from outside (the API, the web form): let in at once
/// on an `open` server; otherwise waiting, and on an `email` server sent a
/// verification link (if the mail cannot be sent, the team is not kept
/// and the error says to try again).
pub async fn register(
    db: &Db,
    registrar: &Registrar,
    name: &str,
    email: &str,
    password: &str,
    client: Option<ClientLimit<'_>>,
) -> Result<Registered> {
    super::operator::ensure_writable(db).await?;
    let open = registrar.mode == Registration::Open;
    let (team_id, member_id) = accounts::register_as(db, name, email, password, client, open).await?;
    if registrar.mode == Registration::Email {
        let sent = send_verification(db, registrar, member_id, email).await;
        if let Err(cause) = sent {
            tracing::error!(%cause, "the verification mail was not sent; the registration is undone");
            teams::forget_unadmitted(db, team_id).await?;
            return Err(ServiceError::Unavailable {
                code: "mail_unavailable",
                message: Message::new("api-mail-unavailable"),
            });
        }
    }
    audit::record(db, "team_registered", Some(team_id), Some(member_id), registrar.mode.as_str()).await?;
    Ok(Registered { team_id, member_id, status: TeamStatus::of(open, registrar.mode) })
}

/// Stores a new link's hash and mails the link to `email`.
async fn send_verification(
    db: &Db,
    registrar: &Registrar,
    member_id: i64,
    email: &str,
) -> std::result::Result<(), String> {
    let mailer = registrar.mailer.as_ref().ok_or("no --smtp-url is set")?;
    let secret = new_secret("mbv_");
    teams::add_verification(db, member_id, &secret_hash(&secret), now_unix() + VERIFICATION_TTL_SECS)
        .await
        .map_err(|e| e.to_string())?;
    let link = format!("{}/auth/verify?token={secret}", registrar.public_url.trim_end_matches('/'));
    let (subject, body) = (mailer.letters.verification)(&link);
    mailer.send(email, &subject, body).await
}

/// Uses a verification link's secret: the address is verified and its
/// team let in. The team's name; `NotFound` for an unknown, used or
/// expired link (the three are not told apart).
pub async fn verify(db: &Db, secret: &str) -> Result<String> {
    let (team_id, name) = teams::verify(db, &secret_hash(secret)).await?.ok_or(ServiceError::NotFound)?;
    audit::record(db, "email_verified", Some(team_id), None, "").await?;
    Ok(name)
}

/// Lets the team named `name` in (`medarabench team approve NAME`). Its
/// name as stored, and whether it was waiting (`false`: already let in).
pub async fn approve(db: &Db, name: &str) -> Result<(String, bool)> {
    let (team, admitted) = teams::by_name(db, name).await?.ok_or(ServiceError::NotFound)?;
    if !admitted {
        teams::admit(db, team.id).await?;
        audit::record(db, "team_approved", Some(team.id), None, "").await?;
    }
    Ok((team.name, !admitted))
}
