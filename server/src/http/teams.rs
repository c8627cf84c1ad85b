//! `POST /api/v1/teams` (register) and `POST /api/v1/tokens` (sign in and
//! get an API token, shown once).

use app::services::{accounts, members, registration};
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use utoipa::ToSchema;

use super::HttpError;
use super::extract::Client;
use super::json_body::JsonBody;
use super::views::{ErrorView, RegisteredView, TeamView, TokenView};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/v1/teams", post(register))
        .route("/api/v1/tokens", post(create_token))
        .route("/api/v1/password-reset", post(request_reset))
        .route("/api/v1/password-reset/confirm", post(confirm_reset))
}

/// A new team and its first member.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct RegisterBody {
    /// 2 to 60 characters, unique (case-insensitive).
    #[schema(min_length = 2, max_length = 60)]
    name: String,
    /// The first member's email, unique; used to sign in.
    #[schema(format = Email, max_length = 254)]
    email: String,
    /// 10 to 256 characters.
    #[schema(min_length = 10, max_length = 256)]
    password: String,
}

/// Registers a team with its first member (who signs in with the email).
#[utoipa::path(
    post, path = "/api/v1/teams", tag = "teams",
    request_body = RegisterBody,
    responses(
        (status = 201, body = RegisteredView),
        (status = 400, description = "a field is invalid (each named) or the body is not JSON", body = ErrorView),
        (status = 409, description = "the name or the email is taken, or the address once normalised \
            (case, `+tag`) registered another team (`address_taken`)", body = ErrorView),
        (status = 413, description = "the body is too large", body = ErrorView),
        (status = 429, description = "too many teams registered from this client address today \
            (`registration_limit`) or too many writes; see Retry-After", body = ErrorView),
        (status = 503, description = "`--registration email`: the verification mail could not be sent \
            (`mail_unavailable`); nothing was kept, try again", body = ErrorView),
    ),
)]
pub(super) async fn register(
    State(state): State<AppState>,
    Client(client): Client,
    JsonBody(body): JsonBody<RegisterBody>,
) -> Result<(StatusCode, Json<RegisteredView>), HttpError> {
    let client = client.as_ref().map(|c| c.limit(state.config.registrations_per_day));
    let registrar = &state.config.registrar;
    let registered =
        registration::register(&state.db, registrar, &body.name, &body.email, &body.password, client).await?;
    let team = TeamView { id: registered.team_id, name: body.name.trim().to_owned() };
    let email = body.email.trim().to_lowercase();
    Ok((StatusCode::CREATED, Json(RegisteredView { team, email, status: registered.status })))
}

/// A member's credentials, and a label for the new token.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct TokenBody {
    email: String,
    password: String,
    #[serde(default)]
    label: String,
}

/// Signs in and issues an API token for the member's team; the token is
/// in this answer only (the server keeps its hash).
#[utoipa::path(
    post, path = "/api/v1/tokens", tag = "teams",
    request_body = TokenBody,
    responses(
        (status = 201, body = TokenView),
        (status = 400, description = "the body is not valid JSON", body = ErrorView),
        (status = 401, description = "wrong email or password", body = ErrorView),
        (status = 413, description = "the body is too large", body = ErrorView),
        (status = 429, description = "too many failed sign-ins or writes; see Retry-After", body = ErrorView),
    ),
)]
pub(super) async fn create_token(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<TokenBody>,
) -> Result<(StatusCode, Json<TokenView>), HttpError> {
    let who = accounts::verify_credentials(&state.db, state.signin_throttle(), &body.email, &body.password).await?;
    let (id, token) = accounts::issue_token(&state.db, who.team_id, Some(who.member_id), &body.label).await?;
    Ok((StatusCode::CREATED, Json(TokenView { token, id, team_id: who.team_id })))
}

/// An address to send a password-reset link to.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct ResetBody {
    #[schema(format = Email, max_length = 254)]
    email: String,
}

/// The same answer whatever the address.
#[derive(Debug, serde::Serialize, ToSchema)]
pub(super) struct ResetRequestedView {
    /// Always `"requested"`: whether the address is a member's is never said.
    status: &'static str,
}

/// Asks for a password-reset link (mailed over the server's SMTP sender;
/// valid one hour, once). Answers 202 whether or not the address is a
/// member's, and whether or not the server sends mail.
#[utoipa::path(
    post, path = "/api/v1/password-reset", tag = "teams",
    request_body = ResetBody,
    responses(
        (status = 202, body = ResetRequestedView),
        (status = 400, description = "the body is not valid JSON", body = ErrorView),
        (status = 413, description = "the body is too large", body = ErrorView),
        (status = 429, description = "too many writes from this address; see Retry-After", body = ErrorView),
    ),
)]
pub(super) async fn request_reset(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<ResetBody>,
) -> Result<(StatusCode, Json<ResetRequestedView>), HttpError> {
    members::request_reset(&state.db, &state.config.registrar, &body.email).await?;
    Ok((StatusCode::ACCEPTED, Json(ResetRequestedView { status: "requested" })))
}

/// A reset link's secret (`token` of its address) and the new password.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct ResetConfirmBody {
    token: String,
    /// 10 to 256 characters.
    #[schema(min_length = 10, max_length = 256)]
    password: String,
}

/// Sets a new password with a reset link: the link is spent and every
/// session of the member ends (API tokens stay: revoke them on the team
/// page if they may have leaked).
#[utoipa::path(
    post, path = "/api/v1/password-reset/confirm", tag = "teams",
    request_body = ResetConfirmBody,
    responses(
        (status = 204, description = "the password is changed"),
        (status = 400, description = "the password is too short or too long, or the body is not JSON", body = ErrorView),
        (status = 404, description = "the link is unknown, used or expired", body = ErrorView),
        (status = 413, description = "the body is too large", body = ErrorView),
        (status = 429, description = "too many writes from this address; see Retry-After", body = ErrorView),
    ),
)]
pub(super) async fn confirm_reset(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<ResetConfirmBody>,
) -> Result<StatusCode, HttpError> {
    members::reset_password(&state.db, &body.token, &body.password).await?;
    Ok(StatusCode::NO_CONTENT)
}
