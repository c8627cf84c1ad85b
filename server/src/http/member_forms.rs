//! The forms of members over time (they work without JavaScript): asking
//! for a reset link and setting a new password with it, inviting a member
//! and joining by invitation, leaving a team. Each answers `303 See
//! Other` to the page that shows the outcome, as the other forms do
//! (`super::forms`); a link's secret only ever travels in the address it
//! was mailed as.

use app::i18n::Lang;
use app::i18n::form_errors::FormErrorCode;
use app::services::ServiceError;
use app::services::members::{self, Invited};
use app::services::sessions::{self as session_store, Flash};
use axum::Router;
use axum::extract::rejection::FormRejection;
use axum::extract::{Form, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use serde::Deserialize;

use super::HttpError;
use super::extract::{SessionTeam, session_clear_cookie};
use super::forms::{back_with_error, see_other, start_session};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/reset", post(request_reset))
        .route("/auth/reset/confirm", post(confirm_reset))
        .route("/auth/join", post(join))
        .route("/team/invite", post(invite))
        .route("/team/leave", post(leave))
}

/// Every field these forms send (each reads its own).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct MemberForm {
    lang: Option<String>,
    email: String,
    token: String,
    password: String,
    confirm: Option<String>,
}

impl MemberForm {
    fn lang(&self) -> Lang {
        Lang::from_param(self.lang.as_deref())
    }
}

/// `path?token=...` (the page of a link), for a form sent back.
fn with_token(path: &str, token: &str) -> String {
    format!("{path}?{}", serde_urlencoded::to_string([("token", token)]).unwrap_or_default())
}

/// Asks for a reset link: the same answer whatever the address.
async fn request_reset(State(state): State<AppState>, Form(f): Form<MemberForm>) -> Result<Response, HttpError> {
    members::request_reset(&state.db, &state.config.registrar, &f.email).await?;
    Ok(see_other(&f.lang().href("/reset?sent=1"), None))
}

/// Sets the new password and signs this browser in (every other session
/// of the member ended).
async fn confirm_reset(
    State(state): State<AppState>,
    headers: HeaderMap,
    Form(f): Form<MemberForm>,
) -> Result<Response, HttpError> {
    let lang = f.lang();
    match members::reset_password(&state.db, &f.token, &f.password).await {
        Ok((_, member_id)) => {
            let cookie = start_session(&state, &headers, member_id).await?;
            Ok(see_other(&lang.href("/team?done=password"), Some(cookie)))
        }
        // The page then says the link no longer works.
        Err(ServiceError::NotFound) => Ok(see_other(&lang.href(&with_token("/reset", &f.token)), None)),
        Err(e @ ServiceError::InvalidFields(_)) => Ok(back_with_error(&with_token("/reset", &f.token), &e, lang)),
        Err(e) => Err(e.into()),
    }
}

/// Joins the invitation's team and signs the new member in.
async fn join(
    State(state): State<AppState>,
    headers: HeaderMap,
    Form(f): Form<MemberForm>,
) -> Result<Response, HttpError> {
    let lang = f.lang();
    match members::join(&state.db, &f.token, &f.password).await {
        Ok((_, member_id)) => {
            let cookie = start_session(&state, &headers, member_id).await?;
            Ok(see_other(&lang.href("/team?done=joined"), Some(cookie)))
        }
        Err(ServiceError::NotFound) => Ok(see_other(&lang.href(&with_token("/join", &f.token)), None)),
        Err(
            e @ (ServiceError::InvalidFields(_) | ServiceError::Conflict { .. } | ServiceError::Unavailable { .. }),
        ) => Ok(back_with_error(&with_token("/join", &f.token), &e, lang)),
        Err(e) => Err(e.into()),
    }
}

/// Invites an address into the signed-in member's team: mailed, or (no
/// mail sender) its link kept on the session for the team page to show once.
async fn invite(
    State(state): State<AppState>,
    SessionTeam(session): SessionTeam,
    Form(f): Form<MemberForm>,
) -> Result<Response, HttpError> {
    let lang = f.lang();
    let who = &session.principal;
    let invited = members::invite(&state.db, &state.config.registrar, who.team_id, who.member_id, &f.email).await;
    match invited {
        Ok(Invited::Mailed) => Ok(see_other(&lang.href("/team?done=invited#members"), None)),
        Ok(Invited::Link(path)) => {
            session_store::set_flash(&state.db, &session.hash, Flash::Invitation, &path).await?;
            Ok(see_other(&lang.href("/team#members"), None))
        }
        Err(ServiceError::QuotaExceeded { .. }) => {
            let query = format!("/team?error={}#members", FormErrorCode::TooManyInvitations.as_str());
            Ok(see_other(&lang.href(&query), None))
        }
        Err(e @ (ServiceError::InvalidFields(_) | ServiceError::Unavailable { .. })) => {
            Ok(back_with_error("/team", &e, lang))
        }
        Err(e) => Err(e.into()),
    }
}

/// Leaves the team (its box ticked); the last member cannot.
async fn leave(
    State(state): State<AppState>,
    SessionTeam(session): SessionTeam,
    form: Result<Form<MemberForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let f = form.map(|Form(f)| f).unwrap_or_default();
    let lang = f.lang();
    if f.confirm.as_deref() != Some("yes") {
        let query = format!("/team?error={}", FormErrorCode::LeaveUnconfirmed.as_str());
        return Ok(see_other(&lang.href(&query), None));
    }
    let Some(member_id) = session.principal.member_id else { return Err(ServiceError::NotFound.into()) };
    match members::leave(&state.db, member_id).await {
        Ok(()) => Ok(see_other(&lang.href("/"), Some(session_clear_cookie(state.config.secure_cookies)))),
        Err(e @ ServiceError::StateConflict { .. }) => Ok(back_with_error("/team", &e, lang)),
        Err(e) => Err(e.into()),
    }
}
