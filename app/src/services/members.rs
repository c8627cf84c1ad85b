//! Members over time: a forgotten password reset by a mailed link, further
//! members invited by a mailed link, and leaving a team. The links go out
//! over the server's SMTP sender (`serve --smtp-url`, the one that
//! verifies addresses) and point to its public address, never to a
//! request's `Host`. Without a sender, an operator prints a reset link
//! (`medarabench operator reset-link EMAIL`) and an inviting member is
//! shown the invitation's link to pass on.

use super::error::{Result, ServiceError};
use super::registration::Registrar;
use super::secrets::new_secret;
use super::{accounts, password};
use crate::db::members::{self, JoinError};
use crate::db::sessions::secret_hash;
use crate::db::{Db, teams};
use crate::domain::submission::{FieldError, FieldProblem};

/// How long a reset link works.
pub const RESET_TTL_SECS: i64 = 3600;

/// How long an invitation works.
pub const INVITATION_TTL_SECS: i64 = 7 * 24 * 3600;

/// At most one reset link per member in this long, so the form cannot
/// fill a mailbox.
pub const RESET_GAP_SECS: i64 = 60;

/// The path of a reset link for `secret`.
pub fn reset_path(secret: &str) -> String {
    format!("/reset?token={secret}")
}

/// The path of an invitation for `secret`.
pub fn join_path(secret: &str) -> String {
    format!("/join?token={secret}")
}

/// `path` on the site's public address.
fn link(registrar: &Registrar, path: &str) -> String {
    format!("{}{path}", registrar.public_url.trim_end_matches('/'))
}

/// Asks for a reset link for `email`: mailed when the address is a
/// member's and the server has a mail sender. The answer is the same in
/// every case (unknown address, no sender, a link sent a moment ago, a
/// relay that failed: the last is logged), and the mail goes out after the
/// answer, so that neither the answer nor its time tells which addresses
/// are registered.
pub async fn request_reset(db: &Db, registrar: &Registrar, email: &str) -> Result<()> {
    let Some(mailer) = registrar.mailer.clone() else { return Ok(()) };
    let secret = new_secret("mbr_");
    if members::add_reset(db, email, &secret_hash(&secret), RESET_TTL_SECS, RESET_GAP_SECS).await?.is_none() {
        return Ok(());
    }
    let (subject, body) = (mailer.letters.reset)(&link(registrar, &reset_path(&secret)));
    let to = email.trim().to_owned();
    tokio::spawn(async move {
        if let Err(cause) = mailer.send(&to, &subject, body).await {
            tracing::error!(%cause, "a password-reset mail was not sent");
        }
    });
    Ok(())
}

/// A reset link for the member with `email`, made at the host's command
/// line to pass on by hand: its path (`/reset?token=...`). `NotFound` for
/// an address no member has.
pub async fn reset_link(db: &Db, email: &str) -> Result<String> {
    let secret = new_secret("mbr_");
    match members::add_reset(db, email, &secret_hash(&secret), RESET_TTL_SECS, 0).await? {
        Some(_) => Ok(reset_path(&secret)),
        None => Err(ServiceError::NotFound),
    }
}

/// Whether a reset link still works (for its page).
pub async fn reset_is_live(db: &Db, secret: &str) -> Result<bool> {
    Ok(members::reset_is_live(db, &secret_hash(secret)).await?)
}

/// Sets a new password with a reset link: the link is spent, every
/// session of the member ends. The member's (team, member) ids, for the
/// caller to start a new session; `NotFound` for an unknown, used or
/// expired link.
pub async fn reset_password(db: &Db, secret: &str, new_password: &str) -> Result<(i64, i64)> {
    if let Err(problem) = password::check_strength(new_password) {
        return Err(ServiceError::InvalidFields(vec![FieldError::new("password", problem)]));
    }
    let hash = password::hash(new_password.to_owned()).await?;
    members::use_reset(db, &secret_hash(secret), &hash).await?.ok_or(ServiceError::NotFound)
}

/// What an invitation was made into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invited {
    /// Mailed to the address.
    Mailed,
    /// No mail sender: the link's path, for the inviting member to pass on.
    Link(String),
}

/// Live invitations a team may have at once: the board's mail sender is
/// not a way to write to arbitrary addresses.
pub const MAX_LIVE_INVITATIONS: i64 = 10;

/// Invites `email` into the team of member `member_id`: a one-time link,
/// valid seven days, mailed when the server has a sender. An address that
/// is a member already gets the same answer (joining then fails), so that
/// inviting tells nobody which addresses are registered.
pub async fn invite(
    db: &Db,
    registrar: &Registrar,
    team_id: i64,
    member_id: Option<i64>,
    email: &str,
) -> Result<Invited> {
    super::operator::ensure_writable(db).await?;
    let email = email.trim();
    if accounts::check_email(email).is_err() {
        return Err(ServiceError::InvalidFields(vec![FieldError::new("email", FieldProblem::NotEmail)]));
    }
    let team = teams::get(db, team_id).await?.ok_or(ServiceError::NotFound)?;
    let secret = new_secret("mbi_");
    let stored = members::add_invitation(
        db,
        team_id,
        member_id,
        email,
        &secret_hash(&secret),
        INVITATION_TTL_SECS,
        MAX_LIVE_INVITATIONS,
    )
    .await?;
    if !stored {
        return Err(ServiceError::QuotaExceeded {
            message: crate::domain::Message::new("api-invitation-limit").arg("limit", MAX_LIVE_INVITATIONS),
            retry_after: None,
        });
    }
    let path = join_path(&secret);
    let Some(mailer) = registrar.mailer.as_ref() else { return Ok(Invited::Link(path)) };
    let (subject, body) = (mailer.letters.invitation)(&link(registrar, &path), &team.name);
    match mailer.send(email, &subject, body).await {
        Ok(()) => Ok(Invited::Mailed),
        Err(cause) => {
            tracing::error!(%cause, "an invitation mail was not sent; its link is shown instead");
            Ok(Invited::Link(path))
        }
    }
}

/// A live invitation's team name and invited address (for its page).
pub async fn invitation(db: &Db, secret: &str) -> Result<Option<(String, String)>> {
    Ok(members::invitation(db, &secret_hash(secret)).await?)
}

/// Joins the team of an invitation with a password: the invited address
/// becomes a member (its address verified by the link). The new member's
/// (team, member) ids.
pub async fn join(db: &Db, secret: &str, new_password: &str) -> Result<(i64, i64)> {
    super::operator::ensure_writable(db).await?;
    if let Err(problem) = password::check_strength(new_password) {
        return Err(ServiceError::InvalidFields(vec![FieldError::new("password", problem)]));
    }
    if members::invitation(db, &secret_hash(secret)).await?.is_none() {
        return Err(ServiceError::NotFound);
    }
    let hash = password::hash(new_password.to_owned()).await?;
    members::join(db, &secret_hash(secret), &hash).await.map_err(|e| match e {
        JoinError::Unknown => ServiceError::NotFound,
        JoinError::EmailTaken => ServiceError::Conflict { field: "email" },
        JoinError::Db(e) => ServiceError::Db(e),
    })
}

/// Member `member_id` leaves its team; the last member cannot
/// (`StateConflict` `last_member`).
pub async fn leave(db: &Db, member_id: i64) -> Result<()> {
    if members::leave(db, member_id).await? {
        Ok(())
    } else {
        Err(ServiceError::StateConflict {
            code: "last_member",
            message: crate::domain::Message::new("api-last-member"),
        })
    }
}
