//! Checking an email and password, with per-account throttling that holds
//! across server processes (failures are counted in the database).

use app::db::{Db, audit, teams};

use super::password;
use crate::http::HttpError;
use crate::state::AppState;

/// The signed-in member's ids.
#[derive(Debug, Clone, Copy)]
pub struct SignedIn {
    pub team_id: i64,
    pub member_id: i64,
}

/// Verifies credentials. After `signin_failures` failures for one account
/// within the window, further attempts are refused with 429 before the
/// password is even checked.
pub async fn verify_credentials(state: &AppState, email: &str, password: &str) -> Result<SignedIn, HttpError> {
    let cfg = &state.config;
    let since = app::db::now_unix() - cfg.signin_window_secs;
    if teams::recent_failures(&state.db, email, since).await? >= cfg.signin_failures {
        audit::record(&state.db, "signin_throttled", None, None, &teams::fold(email)).await?;
        return Err(HttpError::TooManyRequests {
            message: format!(
                "too many failed sign-ins for this account; try again in {} minutes",
                cfg.signin_window_secs / 60
            ),
            retry_after: Some(cfg.signin_window_secs),
        });
    }
    let creds = teams::credentials(&state.db, email).await?;
    let ok = match &creds {
        Some(c) => password::verify(password.to_owned(), c.password_hash.clone()).await,
        None => {
            // Same work for unknown accounts, so timing does not tell.
            let _ = password::verify(password.to_owned(), password::dummy_hash().await).await;
            false
        }
    };
    match creds.filter(|_| ok) {
        Some(c) => {
            audit::record(&state.db, "signin_ok", Some(c.team_id), Some(c.member_id), "").await?;
            Ok(SignedIn { team_id: c.team_id, member_id: c.member_id })
        }
        None => {
            teams::record_failure(&state.db, email).await?;
            audit::record(&state.db, "signin_failed", None, None, &teams::fold(email)).await?;
            Err(HttpError::Unauthorized("wrong email or password"))
        }
    }
}

/// Validates registration fields; every problem is named.
pub fn check_registration(name: &str, email: &str, password: &str) -> Result<(), HttpError> {
    let mut problems = Vec::new();
    let name_chars = name.trim().chars().count();
    if !(2..=60).contains(&name_chars) {
        problems.push(app::domain::submission::FieldError {
            field: "name",
            problem: "must have 2 to 60 characters".into(),
        });
    }
    let problem = if name.chars().any(char::is_control) {
        Some("contains control characters")
    } else if name.chars().any(app::domain::submission::is_bidi_control) {
        Some(app::domain::submission::BIDI_CONTROL_PROBLEM)
    } else {
        None
    };
    if let Some(problem) = problem {
        problems.push(app::domain::submission::FieldError { field: "name", problem: problem.into() });
    }
    let email = email.trim();
    let valid_email = email.len() <= 254
        && email.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && domain.contains('.'))
        && !email.chars().any(|c| c.is_whitespace() || c.is_control());
    if !valid_email {
        problems
            .push(app::domain::submission::FieldError { field: "email", problem: "is not an email address".into() });
    }
    if let Err(p) = password::check_strength(password) {
        problems.push(app::domain::submission::FieldError { field: "password", problem: p });
    }
    if problems.is_empty() { Ok(()) } else { Err(HttpError::invalid_fields(problems)) }
}

/// Registers a team with its first member; returns (team id, member id).
pub async fn register(db: &Db, name: &str, email: &str, password: &str) -> Result<(i64, i64), HttpError> {
    check_registration(name, email, password)?;
    let hash = password::hash(password.to_owned()).await?;
    let (team, member_id) = teams::create(db, name, email, &hash).await?;
    audit::record(db, "team_registered", Some(team.id), Some(member_id), "").await?;
    Ok((team.id, member_id))
}
