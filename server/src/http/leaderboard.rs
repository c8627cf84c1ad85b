//! `GET /api/v1/leaderboard`: the board as JSON for scripts.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use super::HttpError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/v1/leaderboard", get(leaderboard_json))
}

async fn leaderboard_json(State(state): State<AppState>) -> Result<Json<Value>, HttpError> {
    let models = app::db::published::list_models(&state.db).await?;
    let rows: Vec<Value> = models
        .iter()
        .map(|m| {
            json!({
                "model": m.model,
                "team": null,
                "source": "reported",
                "source_table": m.source_table,
                "category": m.category(),
                "accuracy": m.accuracy,
                "n": m.n,
            })
        })
        .collect();
    Ok(Json(json!({ "rows": rows })))
}
