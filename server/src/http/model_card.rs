//! What a model card takes from a public submission:
//! `GET /submissions/{id}/badge.svg` (its accuracy with n and 95% CI, in
//! English or with `?lang=ar` in Arabic) and
//! `GET /submissions/{id}/model-index.yaml` (a Hugging Face `model-index`
//! block with a link back to the submission's page).
//!
//! Both are shared surfaces: public submissions only, whoever asks (404
//! otherwise, as for an unknown id), and on a held-out key the numbers the
//! pages show, no others.

use app::domain::exposure::ShownScores;
use app::domain::visibility::Surface;
use app::i18n::Lang;
use app::services::Viewer;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;

use super::Result;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/submissions/{id}/badge.svg", get(badge))
        .route("/submissions/{id}/model-index.yaml", get(model_index))
}

#[derive(Debug, Deserialize)]
struct LangQuery {
    lang: Option<String>,
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
    let lang = Lang::from_param(query.lang.as_deref());
    let seen = app::services::submissions::visible(&state.db, &viewer, &id, Surface::ModelCard).await?;
    let svg = app::charts::badge::svg(&seen.scores, &seen.record.meta.model_name, lang);
    let headers = [(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"), (header::CACHE_CONTROL, CACHE)];
    Ok((headers, svg).into_response())
}

async fn model_index(State(state): State<AppState>, Path(id): Path<String>, viewer: Viewer) -> Result<Response> {
    let seen = app::services::submissions::visible(&state.db, &viewer, &id, Surface::ModelCard).await?;
    let page = format!("{}/submissions/{}", state.site_url(), seen.record.public_id);
    let yaml = yaml(&seen.record.meta.model_name, &seen.record.key_name, &seen.scores, &page);
    let headers = [(header::CONTENT_TYPE, "application/yaml; charset=utf-8"), (header::CACHE_CONTROL, CACHE)];
    Ok((headers, yaml).into_response())
}

/// The `model-index` block. Every string is written as a JSON string,
/// which is a YAML double-quoted scalar: names cannot break the block.
fn yaml(model: &str, key: &str, scores: &ShownScores, page: &str) -> String {
    let q = |s: &str| serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned());
    let [lo, hi] = scores.ci95();
    let held_out = match scores {
        ShownScores::Full(_) => "",
        ShownScores::Overall(_) => "held-out key, public part, ",
    };
    let metric = format!("Accuracy ({held_out}n = {}, 95% CI [{lo:.3}, {hi:.3}])", scores.total());
    format!(
        "model-index:\n\
         - name: {model}\n\
         \x20 results:\n\
         \x20 - task:\n\
         \x20     type: multiple-choice\n\
         \x20     name: Multiple-choice question answering\n\
         \x20   dataset:\n\
         \x20     name: MedAraBench\n\
         \x20     type: medarabench\n\
         \x20     split: test\n\
         \x20     config: {key}\n\
         \x20   metrics:\n\
         \x20   - type: accuracy\n\
         \x20     value: {value}\n\
         \x20     name: {metric}\n\
         \x20   source:\n\
         \x20     name: MedAraBench leaderboard\n\
         \x20     url: {page}\n",
        model = q(model),
        key = q(key),
        value = scores.accuracy(),
        metric = q(&metric),
        page = q(page),
    )
}
