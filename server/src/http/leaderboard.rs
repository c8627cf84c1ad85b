//! `GET /api/v1/leaderboard` and `GET /api/v1/leaderboard.csv`: the board
//! for scripts and spreadsheets, the same rows the page shows
//! (`app::db::board`): the paper's published results (`source:
//! "reported"`) and the public submissions scored here (`"verified"`),
//! best first, each with its 95% CI and rank range; the baselines on the
//! default key (`"reference"`) in the JSON's `reference` array, and in the
//! CSV with `?include=reference`.

use app::api::leaderboard::{BoardRow, RANK_ALPHA, RANKED_VERIFIED_LIMIT};
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use super::HttpError;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/v1/leaderboard", get(leaderboard_json))
        .route("/api/v1/leaderboard.csv", get(leaderboard_csv))
}

async fn leaderboard_json(State(state): State<AppState>) -> Result<Json<Value>, HttpError> {
    let board = app::db::board::board(&state.db).await?;
    Ok(Json(json!({
        "benchmark": "medarabench",
        "rows": board.rows.iter().map(row_json).collect::<Vec<_>>(),
        "reference": board.reference.iter().map(row_json).collect::<Vec<_>>(),
        "ranking": {
            "alpha": RANK_ALPHA,
            "correction": "holm",
            "verified_ranked": RANKED_VERIFIED_LIMIT,
            "tests": "exact McNemar for verified pairs on the same key, else a two-proportion z-test",
        },
        "board_version": board.version,
    })))
}

/// One row as the JSON and the CSV give it.
fn row_json(r: &BoardRow) -> Value {
    json!({
        "model": r.model,
        "team": r.team,
        "source": r.source.as_str(),
        "source_table": r.source_table,
        "category": r.category(),
        "submission_id": r.submission_id,
        "accuracy": r.accuracy,
        "ci95": r.ci95,
        "ci95_approximate": r.ci95_approximate,
        "correct": r.correct,
        "n": r.n,
        "params": r.params,
        "contamination": r.contamination,
        "key": r.key,
        "synthetic_key": r.synthetic_key,
        "submitted_at": r.submitted_at,
        "rank_best": r.rank.map(|x| x.best),
        "rank_worst": r.rank.map(|x| x.worst),
    })
}

/// The columns of the CSV export, in order (new ones go at the end).
const CSV_COLUMNS: &[&str] = &[
    "model",
    "team",
    "source",
    "source_table",
    "category",
    "params",
    "accuracy",
    "ci95_low",
    "ci95_high",
    "correct",
    "n",
    "contamination",
    "key",
    "synthetic_key",
    "submission_id",
    "submitted_at",
    "rank_best",
    "rank_worst",
    "ci95_approximate",
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

#[derive(Debug, Deserialize)]
struct CsvQuery {
    /// `reference` adds the baselines after the models.
    include: Option<String>,
}

async fn leaderboard_csv(
    State(state): State<AppState>,
    Query(q): Query<CsvQuery>,
) -> Result<impl IntoResponse, HttpError> {
    let board = app::db::board::board(&state.db).await?;
    let with_reference = q.include.as_deref().is_some_and(|i| i.split(',').any(|p| p.trim() == "reference"));
    let rows = board.rows.iter().chain(board.reference.iter().filter(|_| with_reference));
    let mut out = csv::Writer::from_writer(Vec::new());
    let io = |e: csv::Error| HttpError::Unexpected(e.into());
    out.write_record(CSV_COLUMNS).map_err(io)?;
    for row in rows.map(row_json) {
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
