//! `GET /api/v1/openapi.json`: the OpenAPI 3.1 description of the REST
//! API, generated from the handlers' annotations and the response views
//! (`super::views`), so it cannot drift from what the API sends.

use std::sync::OnceLock;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::{leaderboard, operator, submissions, teams};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/v1/openapi.json", get(openapi_json))
}

/// The API's description.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "MedAraBench leaderboard API",
        description = "Register a team, get an API token, upload predictions to be scored against the \
                       benchmark's answer key, read submissions and the leaderboard. Errors are \
                       `{\"error\": {\"code\", \"message\", \"details\"}}`.",
        license(name = "MIT OR Apache-2.0"),
    ),
    paths(
        teams::register,
        teams::create_token,
        teams::request_reset,
        teams::confirm_reset,
        submissions::upload,
        submissions::list_own,
        submissions::get_one,
        submissions::change,
        submissions::withdraw,
        leaderboard::leaderboard_json,
        leaderboard::leaderboard_csv,
        operator::grant,
        operator::revoke,
        operator::hide,
        operator::restore,
        operator::clear_flags,
        operator::restore_flags,
        operator::rename_model,
        operator::ban,
        operator::unban,
        operator::rename_team,
        operator::quotas,
        operator::announcements,
        operator::announce,
        operator::unannounce,
        operator::read_only,
        operator::set_read_only,
        operator::audit,
    ),
    modifiers(&BearerToken),
    tags(
        (name = "teams", description = "teams and API tokens"),
        (name = "submissions", description = "uploading and reading predictions' scores"),
        (name = "leaderboard", description = "the board for scripts and spreadsheets"),
        (name = "operator", description = "what the board's operators do, with an operator's token \
            (`medarabench operator grant EMAIL`); 404 for anyone else"),
    ),
)]
pub struct ApiDoc;

/// The `bearer` security scheme: `Authorization: Bearer TOKEN`.
struct BearerToken;

impl Modify for BearerToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme("bearer", SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)));
    }
}

/// The document as JSON, made once per process.
pub fn document() -> &'static str {
    static DOC: OnceLock<String> = OnceLock::new();
    DOC.get_or_init(|| ApiDoc::openapi().to_pretty_json().expect("the OpenAPI document serializes"))
}

async fn openapi_json() -> Response {
    ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], document()).into_response()
}
