//! The charts as standalone SVG files, the same drawings the pages show
//! (`?lang=ar` for Arabic texts): `GET /charts/adapting.svg` (Table 5),
//! `GET /charts/leaderboard.svg` (the board, with the page's filters;
//! `?layout=narrow` for a phone),
//! `GET /charts/medarabiq.svg` (MedArabiQ against MedAraBench; 404 while no
//! model has a verified score on both) and
//! `GET /charts/submissions/{id}/heatmap.svg` (a submission's specialty ×
//! level heatmap, visible to whoever may see the submission), and its
//! calibration's `reliability.svg` and `risk-coverage.svg` (404 where it
//! has none, or where its key is held out).

use app::domain::visibility::Surface;
use app::i18n::Lang;
use app::services::Viewer;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::Result;
use super::extract::LangQuery;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/charts/adapting.svg", get(adapting))
        .route("/charts/leaderboard.svg", get(leaderboard))
        .route("/charts/medarabiq.svg", get(medarabiq))
        .route("/charts/submissions/{id}/heatmap.svg", get(heatmap))
        .route("/charts/submissions/{id}/reliability.svg", get(reliability))
        .route("/charts/submissions/{id}/risk-coverage.svg", get(risk_coverage))
}

async fn adapting(State(state): State<AppState>, Query(query): Query<LangQuery>) -> Result<Response> {
    let lang = query.lang();
    let figures = app::services::published::figures(&state.db, &[app::charts::adapting::SOURCE]).await?;
    let svg = app::charts::adapting::svg(&figures, lang).map_err(anyhow::Error::from)?;
    Ok(svg_file(&svg, "medarabench-table5.svg"))
}

/// The leaderboard chart, filtered like the page (`?source=&category=&q=`);
/// `?layout=narrow` draws it for a phone's width.
async fn leaderboard(
    State(state): State<AppState>,
    Query(query): Query<std::collections::HashMap<String, String>>,
) -> Result<Response> {
    let lang = Lang::from_param(query.get(Lang::PARAM).map(String::as_str));
    let filter = app::domain::board::BoardFilter::from_query(|name| query.get(name).cloned());
    let page = app::services::board::page(&state.db, &filter, app::charts::leaderboard::MAX_MODEL_ROWS).await?;
    let layout = app::charts::leaderboard::Layout::from_param(query.get("layout").map(String::as_str));
    let svg = app::charts::leaderboard::svg(&page, &filter, lang, layout).map_err(anyhow::Error::from)?;
    Ok(svg_file(&svg, "medarabench-leaderboard.svg"))
}

/// Each model's MedArabiQ score against its MedAraBench score, from verified
/// submissions; 404 while there is no such pair.
async fn medarabiq(State(state): State<AppState>, Query(query): Query<LangQuery>) -> Result<Response> {
    let lang = query.lang();
    let pairs = app::services::board::medarabiq_pairs(&state.db).await?;
    let svg = match app::charts::scatter::medarabiq_svg(&pairs, lang) {
        Ok(svg) => svg,
        Err(app::charts::ChartError::Empty) => return Err(super::HttpError::not_found()),
        Err(e) => return Err(anyhow::Error::from(e).into()),
    };
    Ok(svg_file(&svg, "medarabiq-vs-medarabench.svg"))
}

/// A submission's specialty × level heatmap: public ones for anyone,
/// private ones for their team only (404 otherwise, as for an unknown id)
/// and never stored by a cache.
async fn heatmap(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<LangQuery>,
    viewer: Viewer,
) -> Result<Response> {
    let lang = query.lang();
    let record = app::services::submissions::visible(&state.db, &viewer, &id, Surface::HeatmapChart).await?.record;
    let svg =
        app::charts::heatmap::svg(&record.card.by_cell, &record.meta.model_name, lang).map_err(anyhow::Error::from)?;
    Ok(submission_svg_file(&svg, &record, "heatmap"))
}

/// A submission's reliability diagram (see [`calibration_chart`]).
async fn reliability(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<LangQuery>,
    viewer: Viewer,
) -> Result<Response> {
    calibration_chart(&state, &viewer, &id, query.lang(), "reliability", app::charts::calibration::reliability_svg)
        .await
}

/// A submission's risk-coverage curve (see [`calibration_chart`]).
async fn risk_coverage(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<LangQuery>,
    viewer: Viewer,
) -> Result<Response> {
    calibration_chart(&state, &viewer, &id, query.lang(), "risk-coverage", app::charts::calibration::risk_coverage_svg)
        .await
}

/// One of a submission's calibration charts, seen as its heatmap is (and
/// cached alike); 404 when the scores shown hold no calibration: the file
/// gave no confidence, or the key is held out.
async fn calibration_chart(
    state: &AppState,
    viewer: &Viewer,
    id: &str,
    lang: Lang,
    name: &str,
    draw: fn(&app::domain::calibration::Calibration, &str, Lang) -> Result<String, app::charts::ChartError>,
) -> Result<Response> {
    let seen = app::services::submissions::visible(&state.db, viewer, id, Surface::HeatmapChart).await?;
    let Some(calibration) = seen.scores.calibration() else { return Err(super::HttpError::not_found()) };
    let svg = draw(calibration, &seen.record.meta.model_name, lang).map_err(anyhow::Error::from)?;
    Ok(submission_svg_file(&svg, &seen.record, name))
}

/// One of `record`'s charts as a file named after it and `name`: a public
/// submission's revalidated by every cache, a private one never stored.
fn submission_svg_file(svg: &str, record: &app::services::submissions::SubmissionRecord, name: &str) -> Response {
    let cache = if record.meta.visibility.is_shared() { "no-cache" } else { "private, no-store" };
    let mut resp = svg_file(svg, &format!("medarabench-{}-{name}.svg", record.public_id));
    resp.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    resp
}

/// A chart as a standalone SVG file named `filename` (shown inline).
fn svg_file(svg: &str, filename: &str) -> Response {
    let headers = [
        (header::CONTENT_TYPE, "image/svg+xml; charset=utf-8".to_owned()),
        (header::CONTENT_DISPOSITION, format!("inline; filename=\"{filename}\"")),
    ];
    (headers, format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{svg}")).into_response()
}
