//! Teams and their credentials: registering a team, checking an email and
//! password (with per-account throttling that holds across server
//! processes: failures are counted in the database), and issuing API
//! tokens.

use super::error::{AuthProblem, Result, ServiceError};
use super::{password, secrets};
use crate::db::clients::{self, ClientLimit};
use crate::db::sessions::{self, secret_hash};
use crate::db::teams::CreateTeamError;
use crate::db::{Db, audit, now_unix, teams};
use crate::domain::Message;
use crate::domain::submission::{FieldError, FieldProblem, is_bidi_control, is_invisible};

/// The signed-in member's ids.
#[derive(Debug, Clone, Copy)]
pub struct SignedIn {
    pub team_id: i64,
    pub member_id: i64,
}

/// How many failed sign-ins one account may have within a window.
#[derive(Debug, Clone, Copy)]
pub struct SigninThrottle {
    pub failures: i64,
    pub window_secs: i64,
}

/// Verifies credentials. After `throttle.failures` failures for one account
/// within the window, further attempts are refused before the password is
/// even checked.
pub async fn verify_credentials(db: &Db, throttle: SigninThrottle, email: &str, password: &str) -> Result<SignedIn> {
    let since = now_unix() - throttle.window_secs;
    if teams::recent_failures(db, email, since).await? >= throttle.failures {
        audit::record(db, "signin_throttled", None, None, &teams::fold(email)).await?;
        return Err(ServiceError::SigninThrottled { retry_after: throttle.window_secs });
    }
    let creds = teams::credentials(db, email).await?;
    let ok = match &creds {
        Some(c) => password::verify(password.to_owned(), c.password_hash.clone()).await,
        None => {
            // Same work for unknown accounts, so timing does not tell.
            let _ = password::verify(password.to_owned(), password::dummy_hash().await).await;
            false
        }
    };
    match creds.filter(|_| ok) {
        // Told only to whoever knows the password.
        Some(c) if c.banned_at.is_some() => {
            audit::record(db, "signin_banned", Some(c.team_id), Some(c.member_id), "").await?;
            Err(banned(c.ban_reason.as_deref().unwrap_or("")))
        }
        Some(c) => {
            audit::record(db, "signin_ok", Some(c.team_id), Some(c.member_id), "").await?;
            Ok(SignedIn { team_id: c.team_id, member_id: c.member_id })
        }
        None => {
            teams::record_failure(db, email).await?;
            audit::record(db, "signin_failed", None, None, &teams::fold(email)).await?;
            Err(ServiceError::Unauthorized(AuthProblem::WrongCredentials))
        }
    }
}

/// The refusal of a banned team's sign-in or registration.
pub fn banned(reason: &str) -> ServiceError {
    ServiceError::Forbidden { code: "team_banned", message: Message::new("api-team-banned").arg("reason", reason) }
}

/// Validates registration fields; every problem is named.
pub fn check_registration(name: &str, email: &str, password: &str) -> Result<()> {
    let mut problems = team_name_problems(name);
    if let Err(problem) = check_email(email) {
        problems.push(problem);
    }
    if let Err(p) = password::check_strength(password) {
        problems.push(FieldError::new("password", p));
    }
    if problems.is_empty() { Ok(()) } else { Err(ServiceError::InvalidFields(problems)) }
}

/// An address as registration takes it: at most 254 characters, a local
/// part, an `@` and a domain with a dot, no spaces or control characters.
pub fn check_email(email: &str) -> std::result::Result<(), FieldError> {
    let email = email.trim();
    let valid = email.len() <= 254
        && email.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.'))
        && !email.chars().any(|c| c.is_whitespace() || c.is_control());
    if valid { Ok(()) } else { Err(FieldError::new("email", FieldProblem::NotEmail)) }
}

/// What is wrong with a team name (none: it may be used): 2 to 60
/// characters, no invisible or bidirectional control characters.
pub fn team_name_problems(name: &str) -> Vec<FieldError> {
    let mut problems = Vec::new();
    let name_chars = name.trim().chars().count();
    if !(2..=60).contains(&name_chars) {
        problems.push(FieldError::new("name", FieldProblem::Length { min: 2, max: 60 }));
    }
    let problem = if name.chars().any(is_invisible) {
        Some(FieldProblem::ControlCharacters)
    } else if name.chars().any(is_bidi_control) {
        Some(FieldProblem::BidiControl)
    } else {
        None
    };
    if let Some(problem) = problem {
        problems.push(FieldError::new("name", problem));
    }
    problems
}

/// Registers a team with its first member, let in at once; returns (team
/// id, member id). A registration from outside names its `client` and the
/// client's limit of registrations a UTC day (0: none); the operator's CLI
/// passes `None`. Registrations from outside go through
/// `services::registration`, which may keep the team waiting.
pub async fn register(
    db: &Db,
    name: &str,
    email: &str,
    password: &str,
    client: Option<ClientLimit<'_>>,
) -> Result<(i64, i64)> {
    let (team_id, member_id) = register_as(db, name, email, password, client, true).await?;
    audit::record(db, "team_registered", Some(team_id), Some(member_id), "").await?;
    Ok((team_id, member_id))
}

/// [`register`], the team let in (`admitted`) or left waiting, without the
/// audit record (the caller writes it once the registration is kept).
pub(super) async fn register_as(
    db: &Db,
    name: &str,
    email: &str,
    password: &str,
    client: Option<ClientLimit<'_>>,
    admitted: bool,
) -> Result<(i64, i64)> {
    check_registration(name, email, password)?;
    // Cheap early refusal, before the password is hashed; the binding
    // check is inside the transaction that creates the team.
    if let Some(client) = client.filter(ClientLimit::is_limited)
        && clients::registrations_today(db, client.key).await? >= client.per_day
    {
        return Err(CreateTeamError::RegistrationLimit { limit: client.per_day }.into());
    }
    let hash = password::hash(password.to_owned()).await?;
    let (team, member_id) = teams::create_as(db, name, email, &hash, client, admitted).await?;
    Ok((team.id, member_id))
}

/// The longest token label kept.
const MAX_TOKEN_LABEL: usize = 80;

/// Issues a new API token for the member's team; returns its id and the
/// token, which is shown once (only its hash is stored).
pub async fn issue_token(db: &Db, team_id: i64, member_id: Option<i64>, label: &str) -> Result<(i64, String)> {
    let label: String =
        label.trim().chars().filter(|c| !c.is_control() && !is_bidi_control(*c)).take(MAX_TOKEN_LABEL).collect();
    let token = secrets::new_secret("mbt_");
    let prefix: String = token.chars().take(12).collect();
    let id = sessions::create_token(db, team_id, member_id, &label, &secret_hash(&token), &prefix).await?;
    audit::record(db, "token_created", Some(team_id), member_id, &prefix).await?;
    Ok((id, token))
}

/// Revokes one of the team's tokens; `NotFound` when it is not theirs or
/// already revoked.
pub async fn revoke_token(db: &Db, team_id: i64, member_id: Option<i64>, token_id: i64) -> Result<()> {
    if !sessions::revoke_token(db, team_id, token_id).await? {
        return Err(ServiceError::NotFound);
    }
    audit::record(db, "token_revoked", Some(team_id), member_id, &token_id.to_string()).await?;
    Ok(())
}
