//! `GET /api/v1/leaderboard` and `GET /api/v1/leaderboard.csv`: the board
//! for scripts and spreadsheets, the same rows the page shows
//! (`app::services::board`): the paper's published results (`source:
//! "reported"`) and the public submissions scored here (`"verified"`),
//! best first, each with its 95% CI and rank range; the baselines on the
//! default key (`"reference"`) in the JSON's `reference` array, and in the
//! CSV with `?include=reference`. With `limit` or `after`, the JSON is one
//! page of the rows ([`page`]).
//!
//! Each whole-board export is serialized and compressed (gzip, brotli)
//! once per board version and process ([`crate::exports`]) and sent in the
//! coding the request prefers. Every answer carries the board version in
//! its (weak) `ETag`: a client sending it back in `If-None-Match` gets
//! `304 Not Modified` until a submission or key changes the board.

mod csv;
mod page;

use app::domain::board::{Board, RANK_ALPHA, RANKED_VERIFIED_LIMIT};
use axum::extract::{Query, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::{Extension, Router};
use serde::Deserialize;

use super::HttpError;
use super::content_coding::{self, Negotiated};
use super::views::{BoardRowView, LeaderboardAnswer, LeaderboardView, RankingView};
use crate::state::AppState;
use page::PageRequest;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/v1/leaderboard", get(leaderboard_json))
        .route("/api/v1/leaderboard.csv", get(leaderboard_csv))
}

/// One whole-board export.
struct Export {
    /// Its name in the cache and its `ETag`.
    name: &'static str,
    content_type: &'static str,
    /// `Content-Disposition`.
    disposition: &'static str,
    make: fn(&Board) -> anyhow::Result<Vec<u8>>,
}

/// `ETag` and `Cache-Control` of an answer tagged `tag` (weak: the same
/// answer is sent in several codings), and whether the request already
/// has it (`If-None-Match`).
fn validators(headers: &HeaderMap, tag: &str) -> Result<([(header::HeaderName, HeaderValue); 2], bool), HttpError> {
    let etag = HeaderValue::from_str(&format!("W/{tag}")).map_err(|e| HttpError::Unexpected(e.into()))?;
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').map(str::trim).any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag));
    Ok(([(header::ETAG, etag), (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"))], fresh))
}

/// Export `export` of the current board, in the coding the request
/// prefers: from the cache, or made once for this board version (off the
/// async workers: it can take seconds); `304` when the client already has
/// this version.
async fn serve_export(state: &AppState, headers: &HeaderMap, export: &Export) -> Result<Response, HttpError> {
    let version = app::services::board::stored_version(&state.db).await?;
    let (cache_headers, fresh) = validators(headers, &format!("\"{}-{}\"", export.name, version))?;
    if fresh {
        return Ok((StatusCode::NOT_MODIFIED, cache_headers, [content_coding::vary()]).into_response());
    }
    let coding = content_coding::preferred(headers);
    let (make, db) = (export.make, state.db.clone());
    // Read only when this version's export is not made yet: every row, in
    // one snapshot (a newer version, if one was stored meanwhile).
    let made = async move {
        let board = app::services::board::current(&db).await?;
        tokio::task::spawn_blocking(move || make(&board)).await?
    };
    let encoded = state
        .exports
        .get_or_make(export.name, &version, made)
        .await
        .map_err(|e| HttpError::Unexpected(anyhow::anyhow!("export {}: {e:#}", export.name)))?;
    let content = [
        (header::CONTENT_TYPE, HeaderValue::from_static(export.content_type)),
        (header::CONTENT_DISPOSITION, HeaderValue::from_static(export.disposition)),
    ];
    let mut resp = (content, cache_headers, Extension(Negotiated), encoded.get(coding).clone()).into_response();
    resp.headers_mut().extend(content_coding::headers(coding));
    Ok(resp)
}

const JSON_EXPORT: Export = Export {
    name: "leaderboard.json",
    content_type: "application/json",
    disposition: "inline; filename=\"medarabench-leaderboard.json\"",
    make: board_json,
};

/// The rank ranges' method, as every JSON answer states it.
fn ranking() -> RankingView {
    RankingView {
        alpha: RANK_ALPHA,
        correction: "holm",
        verified_ranked: RANKED_VERIFIED_LIMIT,
        tests: "exact McNemar for verified pairs on the same key, else a two-proportion z-test",
    }
}

/// The board: published and verified rows, best first, each with its 95%
/// CI and rank range, and the baselines on the default key. Without
/// `limit` and `after`, the whole board (`LeaderboardView`), compressed
/// with gzip or brotli when `Accept-Encoding` asks. With either, one page
/// of the rows (`LeaderboardPageView`): up to `limit` rows after the row
/// `after` names, and `next`, the cursor of the following page (null on
/// the last). Sends an `ETag`; `If-None-Match` with it gets 304 until the
/// board changes.
#[utoipa::path(
    get, path = "/api/v1/leaderboard", tag = "leaderboard",
    params(
        ("limit" = Option<u32>, Query, minimum = 1, maximum = 1000,
            description = "rows per page, 1 to 1,000 (1,000 when only `after` is given); without `limit` and \
                           `after` the whole board"),
        ("after" = Option<String>, Query,
            description = "a cursor: the `next` of an earlier page, as it was given; the page starts at the \
                           first row of the current board that sorts after that page's last row"),
        ("If-None-Match" = Option<String>, Header, description = "an earlier answer's ETag"),
    ),
    responses(
        (status = 200, body = LeaderboardAnswer,
            description = "the whole board, or one page of it with `limit` or `after`"),
        (status = 304, description = "the board has not changed since that ETag"),
        (status = 400, description = "`limit` is not a whole number from 1 to 1,000 (`invalid_limit`) or \
            `after` is not a cursor from an earlier page (`invalid_cursor`)", body = super::views::ErrorView),
    ),
)]
pub(super) async fn leaderboard_json(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Result<Response, HttpError> {
    match PageRequest::from_query(query.as_deref())? {
        None => serve_export(&state, &headers, &JSON_EXPORT).await,
        Some(request) => serve_page(&state, &headers, &request).await,
    }
}

/// One page of the current board (small: compressed, if at all, by the
/// compression layer).
async fn serve_page(state: &AppState, headers: &HeaderMap, request: &PageRequest) -> Result<Response, HttpError> {
    let page = request.page(&state.db).await?;
    let (cache_headers, fresh) = validators(headers, &request.tag(&page.board_version))?;
    if fresh {
        return Ok((StatusCode::NOT_MODIFIED, cache_headers).into_response());
    }
    Ok((cache_headers, Json(LeaderboardAnswer::Page(page))).into_response())
}

fn board_json(board: &Board) -> anyhow::Result<Vec<u8>> {
    let doc = LeaderboardView {
        benchmark: "medarabench",
        rows: board.rows.iter().map(|r| BoardRowView::from(&**r)).collect(),
        reference: board.reference.iter().map(BoardRowView::from).collect(),
        ranking: ranking(),
        board_version: board.version.clone(),
    };
    Ok(serde_json::to_vec(&LeaderboardAnswer::Board(doc))?)
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
    make: |board| csv::board_csv(board, false),
};

/// The CSV with the baselines after the models.
const CSV_WITH_REFERENCE_EXPORT: Export =
    Export { name: "leaderboard-with-reference.csv", make: |board| csv::board_csv(board, true), ..CSV_EXPORT };

/// The same rows as CSV (`?include=reference` adds the baselines),
/// compressed with gzip or brotli when `Accept-Encoding` asks.
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
