//! The web forms' endpoints (they work without JavaScript): register, sign
//! in, sign out, create and revoke API tokens, upload, and a submission's
//! owner forms (change, withdraw). Each answers with a
//! `303 See Other` to the page that shows the outcome; a problem goes back
//! to the form as `?error=code[,code...]` (never text, never what was
//! typed: the page maps known codes to messages in its language), and a
//! refused upload's reasons go on the session for the upload page to show
//! once. Every form sends the page's language as a `lang` field, and every
//! redirect keeps it (`?lang=ar`).

use app::domain::submission::RawMeta;
use app::domain::{Benchmark, Coded, Message};
use app::i18n::Lang;
use app::i18n::form_errors::FormErrorCode;
use axum::Router;
use axum::extract::rejection::FormRejection;
use axum::extract::{Form, Multipart, Path, State};
use axum::http::header::{LOCATION, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;

use app::domain::team::RefusedChange;
use app::services::submit::{Upload, accept};
use app::services::{ServiceError, accounts, edits, registration, sessions, submissions};

use super::HttpError;
use super::extract::{Client, SESSION_TTL_SECS, SessionTeam, session_clear_cookie, session_cookie, session_set_cookie};
use crate::state::AppState;
use app::services::secrets::new_secret;

pub fn router(upload_limit: usize) -> Router<AppState> {
    Router::new()
        .route("/auth/register", post(register))
        .route("/auth/signin", post(sign_in))
        .route("/auth/signout", post(sign_out))
        .route("/team/tokens", post(new_token))
        .route("/team/tokens/{id}/revoke", post(revoke_token))
        .route("/upload", post(upload).layer(axum::extract::DefaultBodyLimit::max(upload_limit)))
        .route("/submissions/{id}/change", post(change_submission))
        .route("/submissions/{id}/withdraw", post(withdraw_submission))
        .route("/submissions/{id}/final", post(choose_final))
        .route("/auth/verify", get(verify_address))
}

/// A 303 to `location`, optionally setting a cookie.
pub(super) fn see_other(location: &str, cookie: Option<String>) -> Response {
    let mut resp = StatusCode::SEE_OTHER.into_response();
    if let Ok(v) = HeaderValue::from_str(location) {
        resp.headers_mut().insert(LOCATION, v);
    }
    if let Some(c) = cookie.and_then(|c| HeaderValue::from_str(&c).ok()) {
        resp.headers_mut().insert(SET_COOKIE, c);
    }
    resp
}

/// The `lang` field every form carries, for the forms that have no other
/// field (a missing or unreadable body is English).
#[derive(Debug, Deserialize)]
pub(super) struct LangForm {
    #[serde(default)]
    lang: Option<String>,
}

impl LangForm {
    pub(super) fn lang(form: Result<Form<LangForm>, FormRejection>) -> Lang {
        form.map_or(Lang::En, |Form(f)| Lang::from_param(f.lang.as_deref()))
    }
}

/// The codes that say why a form was refused.
fn form_codes(err: &ServiceError) -> Vec<FormErrorCode> {
    let field_code = |field: &str| match field {
        "name" => Some(FormErrorCode::InvalidName),
        "email" => Some(FormErrorCode::InvalidEmail),
        "password" => Some(FormErrorCode::InvalidPassword),
        _ => None,
    };
    match err {
        ServiceError::Unauthorized(_) => vec![FormErrorCode::WrongCredentials],
        ServiceError::SigninThrottled { .. } | ServiceError::QuotaExceeded { .. } => {
            vec![FormErrorCode::TooManyAttempts]
        }
        ServiceError::ClientLimit(limit) => vec![FormErrorCode::from(*limit)],
        ServiceError::Conflict { field: "email", .. } | ServiceError::StateConflict { code: "address_taken", .. } => {
            vec![FormErrorCode::EmailTaken]
        }
        ServiceError::Conflict { .. } => vec![FormErrorCode::NameTaken],
        ServiceError::StateConflict { code: "last_member", .. } => vec![FormErrorCode::LastMember],
        ServiceError::Unavailable { code: "read_only", .. } => vec![FormErrorCode::ReadOnly],
        ServiceError::Forbidden { code: "team_banned", .. } => vec![FormErrorCode::TeamBanned],
        ServiceError::InvalidFields(fields) => {
            let codes: Vec<_> = fields.iter().filter_map(|f| field_code(f.field)).collect();
            if codes.is_empty() { vec![FormErrorCode::ServerError] } else { codes }
        }
        _ => vec![FormErrorCode::ServerError],
    }
}

/// Back to a form with the codes of what was wrong, in the form's language.
pub(super) fn back_with_error(path: &str, err: &ServiceError, lang: Lang) -> Response {
    back_with_codes(path, &form_codes(err), err, lang)
}

/// Back to a form with `codes`. An internal cause is logged here: the page
/// only says that something went wrong.
fn back_with_codes(path: &str, codes: &[FormErrorCode], err: &ServiceError, lang: Lang) -> Response {
    if let Some(cause) = err.hidden_cause() {
        tracing::error!(error = %cause, form = path, "a form failed on the server");
    }
    let query = serde_urlencoded::to_string([("error", FormErrorCode::join(codes))]).unwrap_or_default();
    let mut resp = see_other(&lang.href(&format!("{path}?{query}")), None);
    match err {
        ServiceError::SigninThrottled { .. } | ServiceError::QuotaExceeded { .. } => {
            *resp.status_mut() = StatusCode::TOO_MANY_REQUESTS;
        }
        // A limit per client address stays a redirect, so that a browser
        // shows the form with the reason, and says when it resets.
        ServiceError::ClientLimit(limit) => {
            resp.headers_mut().insert(axum::http::header::RETRY_AFTER, HeaderValue::from(limit.retry_after()));
        }
        _ => {}
    }
    resp
}

/// Starts a fresh session for a member, ending the one the browser had:
/// the session id is rotated at every sign-in.
pub(super) async fn start_session(
    state: &AppState,
    headers: &HeaderMap,
    member_id: i64,
) -> Result<String, ServiceError> {
    let id = new_secret("mbs_");
    sessions::start(&state.db, session_cookie(headers).as_deref(), &id, member_id, SESSION_TTL_SECS).await?;
    Ok(session_set_cookie(&id, state.config.secure_cookies))
}

#[derive(Debug, Deserialize)]
struct RegisterForm {
    name: String,
    email: String,
    password: String,
    #[serde(default)]
    lang: Option<String>,
}

async fn register(
    State(state): State<AppState>,
    Client(client): Client,
    headers: HeaderMap,
    Form(f): Form<RegisterForm>,
) -> Response {
    let result = async {
        let client = client.as_ref().map(|c| c.limit(state.config.registrations_per_day));
        let registrar = &state.config.registrar;
        let registered = registration::register(&state.db, registrar, &f.name, &f.email, &f.password, client).await?;
        start_session(&state, &headers, registered.member_id).await
    }
    .await;
    let lang = Lang::from_param(f.lang.as_deref());
    match result {
        Ok(cookie) => see_other(&lang.href("/team"), Some(cookie)),
        Err(e) => back_with_error("/register", &e, lang),
    }
}

#[derive(Debug, Deserialize)]
struct SignInForm {
    email: String,
    password: String,
    #[serde(default)]
    lang: Option<String>,
}

async fn sign_in(State(state): State<AppState>, headers: HeaderMap, Form(f): Form<SignInForm>) -> Response {
    let result = async {
        let who = accounts::verify_credentials(&state.db, state.signin_throttle(), &f.email, &f.password).await?;
        start_session(&state, &headers, who.member_id).await
    }
    .await;
    let lang = Lang::from_param(f.lang.as_deref());
    match result {
        Ok(cookie) => see_other(&lang.href("/team"), Some(cookie)),
        Err(e) => back_with_error("/signin", &e, lang),
    }
}

async fn sign_out(
    State(state): State<AppState>,
    session: Option<SessionTeam>,
    form: Result<Form<LangForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let lang = LangForm::lang(form);
    if let Some(SessionTeam(s)) = session {
        sessions::end(&state.db, &s).await?;
    }
    Ok(see_other(&lang.href("/"), Some(session_clear_cookie(state.config.secure_cookies))))
}

#[derive(Debug, Deserialize)]
struct TokenForm {
    #[serde(default)]
    label: String,
    #[serde(default)]
    lang: Option<String>,
}

async fn new_token(
    State(state): State<AppState>,
    SessionTeam(session): SessionTeam,
    Form(f): Form<TokenForm>,
) -> Result<Response, HttpError> {
    let who = &session.principal;
    let (_, token) = accounts::issue_token(&state.db, who.team_id, who.member_id, &f.label).await?;
    sessions::set_flash(&state.db, &session.hash, sessions::Flash::Token, &token).await?;
    Ok(see_other(&Lang::from_param(f.lang.as_deref()).href("/team#tokens"), None))
}

async fn revoke_token(
    State(state): State<AppState>,
    SessionTeam(session): SessionTeam,
    Path(id): Path<i64>,
    form: Result<Form<LangForm>, FormRejection>,
) -> Result<Response, HttpError> {
    accounts::revoke_token(&state.db, session.principal.team_id, session.principal.member_id, id).await?;
    Ok(see_other(&LangForm::lang(form).href("/team#tokens"), None))
}

fn invalid_form(detail: String) -> ServiceError {
    ServiceError::BadRequest { code: "invalid_form", message: Message::new("api-invalid-form").arg("detail", detail) }
}

/// Whether the upload page's script sent the form (`X-Form-Client:
/// script`): it is answered with the address to go to, as JSON, instead of
/// a redirect that its XMLHttpRequest would follow by itself.
fn sent_by_script(headers: &HeaderMap) -> bool {
    headers.get("x-form-client").is_some_and(|v| v == "script")
}

/// A redirect, or for the page's script the same address as JSON.
fn go_to(resp: Response, script: bool) -> Response {
    if !script {
        return resp;
    }
    let location = resp.headers().get(LOCATION).and_then(|v| v.to_str().ok()).unwrap_or("/upload").to_owned();
    (StatusCode::OK, axum::Json(serde_json::json!({ "location": location }))).into_response()
}

async fn upload(
    State(state): State<AppState>,
    SessionTeam(session): SessionTeam,
    Client(client): Client,
    headers: HeaderMap,
    mut form: Multipart,
) -> Response {
    let script = sent_by_script(&headers);
    let team_id = session.principal.team_id;
    // The form sends `lang` first, so it is known even when a later field fails.
    let mut lang = Lang::En;
    // What was typed, kept on the session when the upload is refused.
    let mut typed = RawMeta::default();
    let mut typed_benchmark = None;
    let result = async {
        let mut meta = RawMeta::default();
        let mut benchmark = Benchmark::MedAraBench;
        let mut file = Vec::new();
        let (mut results, mut permuted) = (None, None);
        while let Some(field) = form.next_field().await.map_err(|e| invalid_form(e.body_text()))? {
            let name = field.name().unwrap_or_default().to_owned();
            let bytes = field.bytes().await.map_err(|e| {
                if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ServiceError::BadRequest {
                        code: "payload_too_large",
                        message: Message::new("api-upload-too-large"),
                    }
                } else {
                    invalid_form(e.body_text())
                }
            })?;
            match name.as_str() {
                "file" => file = bytes.to_vec(),
                "results" => results = Some(bytes.to_vec()),
                "permuted" => permuted = Some(bytes.to_vec()),
                "lang" => lang = Lang::from_param(Some(&String::from_utf8_lossy(&bytes))),
                "benchmark" => {
                    typed_benchmark = Some(String::from_utf8_lossy(&bytes).into_owned());
                    benchmark = String::from_utf8_lossy(&bytes).trim().parse().map_err(
                        |e: app::domain::UnknownBenchmark| ServiceError::BadRequest {
                            code: "unknown_benchmark",
                            message: e.message(),
                        },
                    )?;
                }
                other => {
                    meta.set(other, String::from_utf8_lossy(&bytes).into_owned());
                    typed.set(other, String::from_utf8_lossy(&bytes).into_owned());
                }
            }
        }
        let upload =
            Upload { team_id, benchmark, meta, file, results, permuted, idempotency_key: None, client, token_id: None };
        accept(state.scoring(), upload).await
    }
    .await;
    match result {
        // A repeat goes to the first submission, as a new upload to its own.
        Ok(accepted) => {
            go_to(see_other(&lang.href(&format!("/submissions/{}", accepted.record.public_id)), None), script)
        }
        Err(e) => {
            // The reasons name lines of the file: server text, kept on the
            // session, never in the URL.
            let code = match e {
                ServiceError::Db(_) | ServiceError::Internal(_) => FormErrorCode::ServerError,
                // Said in the page's language; nothing to keep on the session.
                ServiceError::ClientLimit(limit) => FormErrorCode::from(limit),
                _ => {
                    // The reasons keep their codes, so the page words them
                    // in its language.
                    let reasons = app::i18n::form_errors::refusal_to_flash(&e.messages());
                    let flash = sessions::Flash::UploadError;
                    if let Err(db) = sessions::set_flash(&state.db, &session.hash, flash, &reasons).await {
                        tracing::error!(error = %db, "cannot keep an upload's refusal on its session");
                    }
                    let fields = serde_json::to_string(&(&typed, &typed_benchmark)).unwrap_or_default();
                    let flash = sessions::Flash::UploadFields;
                    if let Err(db) = sessions::set_flash(&state.db, &session.hash, flash, &fields).await {
                        tracing::error!(error = %db, "cannot keep an upload's fields on its session");
                    }
                    FormErrorCode::UploadRefused
                }
            };
            go_to(back_with_codes("/upload", &[code], &e, lang), script)
        }
    }
}

/// The submission page of `id`, in `lang`, with `query` (e.g. `done=changed`)
/// and the owner section's anchor; a saved change has none: its
/// confirmation, beside the form, takes the focus (`autofocus`), which
/// brings it into view, and a browser skips `autofocus` on a page opened
/// at an anchor.
/// Only an id of the team's own submission gets here (each caller has
/// looked it up), so it is a public id: letters, digits, `-` and `_`.
fn submission_page(id: &str, lang: Lang, query: &str) -> String {
    let anchor = if query == "done=changed" { "" } else { "#owner" };
    format!("{}{anchor}", lang.href(&format!("/submissions/{id}?{query}")))
}

/// The owner form's changes: every changeable field it sent (the form
/// sends them all, so a field emptied is set to what an upload without
/// it gets); `lang` and anything else are left out.
fn form_changes(fields: &[(String, String)]) -> (edits::Changes, RawMeta) {
    let mut changes = edits::Changes::default();
    let mut typed = RawMeta::default();
    for (name, value) in fields.iter().filter(|(n, _)| edits::CHANGEABLE.contains(&n.as_str())) {
        changes.set(name.clone(), value.clone());
        typed.set(name, value.clone());
    }
    (changes, typed)
}

/// The submission page's change form: back to the page, which says the
/// change is saved, or shows why not with the form as typed.
async fn change_submission(
    State(state): State<AppState>,
    SessionTeam(session): SessionTeam,
    Path(id): Path<String>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Response {
    let lang = Lang::from_param(fields.iter().find(|(n, _)| n == Lang::PARAM).map(|(_, v)| v.as_str()));
    let (changes, typed) = form_changes(&fields);
    match edits::change(&state.db, &session.principal, &id, changes).await {
        Ok(_) => see_other(&submission_page(&id, lang, "done=changed"), None),
        Err(ServiceError::NotFound) => HttpError::from(ServiceError::NotFound).into_response(),
        Err(ServiceError::StateConflict { .. }) => see_other(&submission_page(&id, lang, "error=withdrawn"), None),
        Err(e @ (ServiceError::Db(_) | ServiceError::Internal(_))) => HttpError::from(e).into_response(),
        Err(e) => {
            let reasons = app::i18n::form_errors::refusal_to_flash(&e.messages());
            let refused = RefusedChange { reasons, typed };
            if let Err(db) = submissions::keep_refused_change(&state.db, &session.hash, &id, refused).await {
                tracing::error!(error = %db, "cannot keep a refused change on its session");
            }
            see_other(&submission_page(&id, lang, "error=change_refused"), None)
        }
    }
}

/// The link mailed to verify an address (`--registration email`).
#[derive(Debug, Deserialize)]
struct VerifyQuery {
    #[serde(default)]
    token: String,
}

/// Opens a verification link: the address is verified, its team may upload,
/// and the browser goes on to the team page (which says so, or asks to
/// sign in). An unknown, used or expired link answers 404.
async fn verify_address(
    State(state): State<AppState>,
    axum::extract::Query(q): axum::extract::Query<VerifyQuery>,
) -> Result<Response, HttpError> {
    registration::verify(&state.db, &q.token).await?;
    Ok(see_other("/team", None))
}

/// The final-standing form: `final=true` chooses, `final=false` unchooses.
async fn choose_final(
    State(state): State<AppState>,
    SessionTeam(session): SessionTeam,
    Path(id): Path<String>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Result<Response, HttpError> {
    let lang = Lang::from_param(fields.iter().find(|(n, _)| n == Lang::PARAM).map(|(_, v)| v.as_str()));
    let mut changes = edits::Changes::default();
    let chosen = fields.iter().find(|(n, _)| n == edits::FINAL).map_or("", |(_, v)| v.as_str());
    changes.set(edits::FINAL, chosen);
    match edits::change(&state.db, &session.principal, &id, changes).await {
        Ok(_) => Ok(see_other(&submission_page(&id, lang, "done=changed"), None)),
        Err(ServiceError::StateConflict { code: "too_many_final", .. }) => {
            Ok(see_other(&submission_page(&id, lang, "error=too_many_final"), None))
        }
        Err(e) => Err(e.into()),
    }
}

/// The withdraw form: its box must be ticked (`confirm=yes`).
#[derive(Debug, Deserialize)]
struct WithdrawForm {
    #[serde(default)]
    confirm: Option<String>,
    #[serde(default)]
    lang: Option<String>,
}

/// The submission page's withdraw form: back to the page, which then says
/// it was withdrawn.
async fn withdraw_submission(
    State(state): State<AppState>,
    SessionTeam(session): SessionTeam,
    Path(id): Path<String>,
    form: Result<Form<WithdrawForm>, FormRejection>,
) -> Result<Response, HttpError> {
    let (confirmed, lang) = match form {
        Ok(Form(f)) => (f.confirm.as_deref() == Some("yes"), Lang::from_param(f.lang.as_deref())),
        Err(_) => (false, Lang::En),
    };
    if !confirmed {
        // Checked before the id, which an unconfirmed form never reveals.
        edits::check_own(&state.db, &session.principal, &id).await?;
        return Ok(see_other(&submission_page(&id, lang, "error=withdraw_unconfirmed"), None));
    }
    edits::withdraw(&state.db, &session.principal, &id).await?;
    Ok(see_other(&submission_page(&id, lang, "done=withdrawn"), None))
}
