//! What a model card takes from a public submission:
//! `GET /submissions/{id}/badge.svg` (its accuracy with n and 95% CI, in
//! English or with `?lang=ar` in Arabic) and
//! `GET /submissions/{id}/model-index.yaml` (a Hugging Face `model-index`
//! block with a link back to the submission's page).
//!
//! Both are shared surfaces: public submissions only, whoever asks (404
//! otherwise, as for an unknown id), and on a held-out key the numbers the
//! pages show, no others.

use app::charts::badge::Badge;
use app::domain::visibility::Surface;
use app::i18n::Lang;
use app::i18n::submission::value_label;
use app::services::Viewer;
use app::services::submissions::Seen;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::Result;
use super::extract::LangQuery;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/submissions/{id}/badge.svg", get(badge))
        .route("/submissions/{id}/model-index.yaml", get(model_index))
}

/// Revalidated at every use: a change of name, a withdrawal or a key's
/// reveal shows at once.
const CACHE: &str = "no-cache";

async fn badge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<LangQuery>,
    viewer: Viewer,
) -> Result<Response> {
    let lang = query.lang();
    let seen = app::services::submissions::visible(&state.db, &viewer, &id, Surface::ModelCard).await?;
    let svg = app::charts::badge::svg(&badge_of(&seen), lang);
    let headers = [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"), (header::CACHE_CONTROL, CACHE)];
    Ok((headers, svg).into_response())
}

async fn model_index(State(state): State<AppState>, Path(id): Path<String>, viewer: Viewer) -> Result<Response> {
    let seen = app::services::submissions::visible(&state.db, &viewer, &id, Surface::ModelCard).await?;
    let page = format!("{}/submissions/{}", state.site_url(), seen.record.public_id);
    let yaml = yaml(&badge_of(&seen), &seen.record.key_name, &page);
    let headers = [(header::CONTENT_TYPE, "application/yaml; charset=utf-8"), (header::CACHE_CONTROL, CACHE)];
    Ok((headers, yaml).into_response())
}

/// What the badge and the block show of a submission.
fn badge_of(seen: &Seen) -> Badge<'_> {
    Badge {
        scores: &seen.scores,
        model: &seen.record.meta.model_name,
        benchmark: &seen.record.benchmark,
        synthetic: seen.record.key_synthetic,
    }
}

/// The `model-index` block. Every string is written as a JSON string,
/// which is a YAML double-quoted scalar: names cannot break the block.
/// The metric's name states what the badge states (n, 95% CI, and on a
/// held-out key what the value is and whether it is a bound).
fn yaml(badge: &Badge, key: &str, page: &str) -> String {
    let q = |s: &str| serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned());
    let metric = format!("Accuracy: {}", app::charts::badge::value(badge, Lang::En));
    let name = q(&value_label(Lang::En, badge.benchmark));
    format!(
        "model-index:\n\
         - name: {model}\n\
         \x20 results:\n\
         \x20 - task:\n\
         \x20     type: multiple-choice\n\
         \x20     name: Multiple-choice question answering\n\
         \x20   dataset:\n\
         \x20     name: {name}\n\
         \x20     type: {benchmark}\n\
         \x20     split: test\n\
         \x20     config: {key}\n\
         \x20   metrics:\n\
         \x20   - type: accuracy\n\
         \x20     value: {value}\n\
         \x20     name: {metric}\n\
         \x20   source:\n\
         \x20     name: {source}\n\
         \x20     url: {page}\n",
        model = q(badge.model),
        benchmark = q(badge.benchmark),
        key = q(key),
        value = badge.scores.accuracy(),
        metric = q(&metric),
        source = q(&format!("{} leaderboard", value_label(Lang::En, badge.benchmark))),
        page = q(page),
    )
}
