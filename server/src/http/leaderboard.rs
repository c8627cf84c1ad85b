//! `GET /api/v1/leaderboard` and `GET /api/v1/leaderboard.csv`: the board
//! for scripts and spreadsheets: the paper's published results
//! (`source: "reported"`) and the public submissions scored here
//! (`source: "verified"`), best first.

use app::db::submissions;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use super::HttpError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/v1/leaderboard", get(leaderboard_json))
        .route("/api/v1/leaderboard.csv", get(leaderboard_csv))
}

async fn leaderboard_json(State(state): State<AppState>) -> Result<Json<Value>, HttpError> {
    Ok(Json(json!({ "benchmark": "medarabench", "rows": board_rows(&state).await? })))
}

/// The columns of the CSV export, in order.
const CSV_COLUMNS: &[&str] = &[
    "model", "team", "source", "source_table", "category", "params", "accuracy", "ci95_low", "ci95_high", "correct", "n",
    "contamination", "key", "synthetic_key", "submission_id", "submitted_at",
];

/// Spreadsheets run cells that start with these as formulas; such text is
/// prefixed with an apostrophe so a team name cannot become a formula.
fn csv_cell(v: &Value) -> String {
    let text = match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) && !matches!(v, Value::Number(_)) {
        format!("'{text}")
    } else {
        text
    }
}

async fn leaderboard_csv(State(state): State<AppState>) -> Result<impl IntoResponse, HttpError> {
    let rows = board_rows(&state).await?;
    let mut out = csv::Writer::from_writer(Vec::new());
    let io = |e: csv::Error| HttpError::Unexpected(e.into());
    out.write_record(CSV_COLUMNS).map_err(io)?;
    for row in &rows {
        let cells: Vec<String> = CSV_COLUMNS
            .iter()
            .map(|c| match *c {
                "ci95_low" => csv_cell(&row["ci95"][0]),
                "ci95_high" => csv_cell(&row["ci95"][1]),
                other => csv_cell(&row[other]),
            })
            .collect();
        out.write_record(&cells).map_err(io)?;
    }
    let body = out.into_inner().map_err(|e| HttpError::Unexpected(anyhow::anyhow!("{e}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"medarabench-leaderboard.csv\""),
        ],
        body,
    ))
}

/// Every public row of the board, best first.
async fn board_rows(state: &AppState) -> Result<Vec<Value>, HttpError> {
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
            "category": null,
            "key": s.key_name,
            "synthetic_key": s.key_synthetic,
            "submitted_at": s.created_at,
        }))
    }));
    rows.sort_by(|a, b| b.0.total_cmp(&a.0));
    Ok(rows.into_iter().map(|(_, v)| v).collect())
}

#[cfg(test)]
mod tests {
    use super::csv_cell;
    use serde_json::json;

    #[test]
    fn formulas_are_defused_numbers_kept() {
        assert_eq!(csv_cell(&json!("=HYPERLINK(\"x\")")), "'=HYPERLINK(\"x\")");
        assert_eq!(csv_cell(&json!("@cmd")), "'@cmd");
        assert_eq!(csv_cell(&json!("GPT-o3")), "GPT-o3");
        assert_eq!(csv_cell(&json!(-0.5)), "-0.5");
        assert_eq!(csv_cell(&json!(null)), "");
    }
}
