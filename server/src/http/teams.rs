//! `POST /api/v1/teams` (register) and `POST /api/v1/tokens` (sign in and
//! get an API token, shown once).

use app::db::{Db, audit, sessions};
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use super::HttpError;
use super::json_body::JsonBody;
use crate::auth::{new_secret, secret_hash, signin};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/v1/teams", post(register)).route("/api/v1/tokens", post(create_token))
}

#[derive(Debug, Deserialize)]
struct RegisterBody {
    name: String,
    email: String,
    password: String,
}

async fn register(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<RegisterBody>,
) -> Result<(StatusCode, Json<Value>), HttpError> {
    let (team_id, _) = signin::register(&state.db, &body.name, &body.email, &body.password).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({"team": {"id": team_id, "name": body.name.trim()}, "email": body.email.trim().to_lowercase()})),
    ))
}

#[derive(Debug, Deserialize)]
struct TokenBody {
    email: String,
    password: String,
    #[serde(default)]
    label: String,
}

/// Issues a new API token for the member's team. The token is returned
/// once; only its hash is stored.
pub async fn issue_token(
    db: &Db,
    team_id: i64,
    member_id: Option<i64>,
    label: &str,
) -> Result<(i64, String), HttpError> {
    let label: String = label
        .trim()
        .chars()
        .filter(|c| !c.is_control() && !app::domain::submission::is_bidi_control(*c))
        .take(80)
        .collect();
    let token = new_secret("mbt_");
    let prefix: String = token.chars().take(12).collect();
    let id = sessions::create_token(db, team_id, member_id, &label, &secret_hash(&token), &prefix).await?;
    audit::record(db, "token_created", Some(team_id), member_id, &prefix).await?;
    Ok((id, token))
}

async fn create_token(
    State(state): State<AppState>,
    JsonBody(body): JsonBody<TokenBody>,
) -> Result<(StatusCode, Json<Value>), HttpError> {
    let who = signin::verify_credentials(&state, &body.email, &body.password).await?;
    let (id, token) = issue_token(&state.db, who.team_id, Some(who.member_id), &body.label).await?;
    Ok((StatusCode::CREATED, Json(json!({"token": token, "id": id, "team_id": who.team_id}))))
}
