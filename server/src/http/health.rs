//! `GET /healthz`: 200 when the database answers, 503 otherwise.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz))
}

async fn healthz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, Json(json!({"status": "ok"}))),
        Err(err) => {
            tracing::warn!(error = %err, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, Json(json!({"status": "database unavailable"})))
        }
    }
}
