//! `GET /api/v1/leaderboard`: the board as JSON for scripts: the paper's
//! published results (`source: "reported"`) and the public submissions
//! scored here (`source: "verified"`), best first.

use app::db::submissions;
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
    let verified = submissions::public_board(&state.db, "medarabench").await?;
    let mut rows: Vec<(f64, Value)> = models
        .iter()
        .map(|m| {
            (m.accuracy, json!({
                "model": m.model,
                "team": null,
                "source": "reported",
                "source_table": m.source_table,
                "category": m.category(),
                "accuracy": m.accuracy,
                "n": m.n,
            }))
        })
        .collect();
    rows.extend(verified.iter().map(|s| {
        (s.card.accuracy, json!({
            "model": s.meta.model_name,
            "team": s.team_name,
            "source": "verified",
            "submission_id": s.public_id,
            "accuracy": s.card.accuracy,
            "ci95": s.card.ci95,
            "correct": s.card.correct,
            "n": s.card.total,
            "params": s.meta.model_params,
            "contamination": s.meta.contamination,
            "key": s.key_name,
            "synthetic_key": s.key_synthetic,
            "submitted_at": s.created_at,
        }))
    }));
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    Ok(Json(json!({ "benchmark": "medarabench", "rows": rows.into_iter().map(|(_, v)| v).collect::<Vec<_>>() })))
}
