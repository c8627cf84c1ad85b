//! `GET /api/v1/leaderboard` and `GET /api/v1/leaderboard.csv`: the board
//! for scripts and spreadsheets, the same rows the page shows
//! (`app::services::board`): the paper's published results (`source:
//! "reported"`) and the public submissions scored here (`"verified"`),
//! best first, each with its 95% CI and rank range; the baselines on the
//! default key (`"reference"`) in the JSON's `reference` array, and in the
//! CSV with `?include=reference`.
//!
//! Each export is serialized once per board version and process (see
//! [`crate::state::ExportCache`]) and carries the version as its (weak) `ETag`:
//! a client sending it back in `If-None-Match` gets `304 Not Modified`
//! until a submission or key changes the board.

use std::sync::Arc;

use app::domain::board::{Board, RANK_ALPHA, RANKED_VERIFIED_LIMIT};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::Value;

use super::HttpError;
use super::views::{BoardRowView, LeaderboardView, RankingView};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/v1/leaderboard", get(leaderboard_json))
        .route("/api/v1/leaderboard.csv", get(leaderboard_csv))
}

/// One serialized export.
struct Export {
    /// Its name in the cache and its `ETag`.
    name: &'static str,
    content_type: &'static str,
    /// `Content-Disposition`.
    disposition: &'static str,
    make: fn(&Board) -> Result<Vec<u8>, HttpError>,
}

/// Export `export` of the current board: from the cache, or made once for
/// this board version (off the async workers: it can take seconds); `304`
/// when the client already has this version.
async fn serve_export(state: &AppState, headers: &HeaderMap, export: &Export) -> Result<Response, HttpError> {
    let board = app::services::board::current(&state.db).await?;
    // Weak: the same export is sent gzipped or not (see `http::compression`).
    let tag = format!("\"{}-{}\"", export.name, board.version);
    let etag_value = HeaderValue::from_str(&format!("W/{tag}")).map_err(|e| HttpError::Unexpected(e.into()))?;
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').map(str::trim).any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag));
    let cache_headers = [(header::ETAG, etag_value), (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"))];
    if fresh {
        return Ok((StatusCode::NOT_MODIFIED, cache_headers).into_response());
    }
    let body = match state.exports.get(export.name, &board.version) {
        Some(body) => body,
        None => {
            let make = export.make;
            let for_task = Arc::clone(&board);
            let body = Bytes::from(
                tokio::task::spawn_blocking(move || make(&for_task))
                    .await
                    .map_err(|e| HttpError::Unexpected(e.into()))??,
            );
            state.exports.put(export.name, &board.version, body.clone());
            body
        }
    };
    let content = [
        (header::CONTENT_TYPE, HeaderValue::from_static(export.content_type)),
        (header::CONTENT_DISPOSITION, HeaderValue::from_static(export.disposition)),
    ];
    Ok((content, cache_headers, body).into_response())
}

const JSON_EXPORT: Export = Export {
    name: "leaderboard.json",
    content_type: "application/json",
    disposition: "inline; filename=\"medarabench-leaderboard.json\"",
    make: board_json,
};

/// The board: published and verified rows, best first, each with its
/// 95% CI and rank range, and the baselines on the default key. Sends an
/// `ETag`; `If-None-Match` with it gets 304 until the board changes.
#[utoipa::path(
    get, path = "/api/v1/leaderboard", tag = "leaderboard",
    params(("If-None-Match" = Option<String>, Header, description = "an earlier answer's ETag")),
    responses(
        (status = 200, body = LeaderboardView),
        (status = 304, description = "the board has not changed since that ETag"),
    ),
)]
pub(super) async fn leaderboard_json(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, HttpError> {
    serve_export(&state, &headers, &JSON_EXPORT).await
}

fn board_json(board: &Board) -> Result<Vec<u8>, HttpError> {
    let doc = LeaderboardView {
        benchmark: "medarabench",
        rows: board.rows.iter().map(BoardRowView::from).collect(),
        reference: board.reference.iter().map(BoardRowView::from).collect(),
        ranking: RankingView {
            alpha: RANK_ALPHA,
            correction: "holm",
            verified_ranked: RANKED_VERIFIED_LIMIT,
            tests: "exact McNemar for verified pairs on the same key, else a two-proportion z-test",
        },
        board_version: board.version.clone(),
    };
    serde_json::to_vec(&doc).map_err(|e| HttpError::Unexpected(e.into()))
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
    "exposure",
    "attempts",
    "first_submitted_at",
    "key_superseded",
    "flags",
    "format",
    "part",
    "at_or_below_chance",
    "not_above_team_best",
];

/// Spreadsheets run cells that start with these as formulas; such text is
/// prefixed with an apostrophe so a team name cannot become a formula.
fn csv_cell(v: &Value) -> String {
    let text = match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if matches!(v, Value::Number(_)) { text } else { app::domain::spreadsheet_safe(&text).into_owned() }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct CsvQuery {
    /// `reference` adds the baselines after the models.
    include: Option<String>,
}

const CSV_EXPORT: Export = Export {
    name: "leaderboard.csv",
    content_type: "text/csv; charset=utf-8",
    disposition: "attachment; filename=\"medarabench-leaderboard.csv\"",
    make: |board| board_csv(board, false),
};

/// The CSV with the baselines after the models.
const CSV_WITH_REFERENCE_EXPORT: Export =
    Export { name: "leaderboard-with-reference.csv", make: |board| board_csv(board, true), ..CSV_EXPORT };

/// The same rows as CSV (`?include=reference` adds the baselines).
#[utoipa::path(
    get, path = "/api/v1/leaderboard.csv", tag = "leaderboard",
    params(CsvQuery, ("If-None-Match" = Option<String>, Header, description = "an earlier answer's ETag")),
    responses(
        (status = 200, description = "the board as CSV", content_type = "text/csv", body = String),
        (status = 304, description = "the board has not changed since that ETag"),
    ),
)]
pub(super) async fn leaderboard_csv(
    State(state): State<AppState>,
    Query(q): Query<CsvQuery>,
    headers: HeaderMap,
) -> Result<Response, HttpError> {
    let with_reference = q.include.as_deref().is_some_and(|i| i.split(',').any(|p| p.trim() == "reference"));
    let export = if with_reference { &CSV_WITH_REFERENCE_EXPORT } else { &CSV_EXPORT };
    serve_export(&state, &headers, export).await
}

fn board_csv(board: &Board, with_reference: bool) -> Result<Vec<u8>, HttpError> {
    let rows = board.rows.iter().chain(board.reference.iter().filter(|_| with_reference));
    let mut out = csv::Writer::from_writer(Vec::new());
    let io = |e: csv::Error| HttpError::Unexpected(e.into());
    out.write_record(CSV_COLUMNS).map_err(io)?;
    for row in rows.map(|r| serde_json::to_value(BoardRowView::from(r))) {
        let row = row.map_err(|e| HttpError::Unexpected(e.into()))?;
        let cells: Vec<String> = CSV_COLUMNS
            .iter()
            .map(|c| match *c {
                "ci95_low" => csv_cell(&row["ci95"][0]),
                "ci95_high" => csv_cell(&row["ci95"][1]),
                // The codes, space-separated (empty: no flags).
                "flags" => flag_codes(&row["flags"]),
                other => csv_cell(&row[other]),
            })
            .collect();
        out.write_record(&cells).map_err(io)?;
    }
    out.into_inner().map_err(|e| HttpError::Unexpected(anyhow::anyhow!("{e}")))
}

/// A board row's flag codes for the CSV, separated by spaces.
fn flag_codes(flags: &Value) -> String {
    let codes: Vec<&str> = flags.as_array().into_iter().flatten().filter_map(|f| f["code"].as_str()).collect();
    codes.join(" ")
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
