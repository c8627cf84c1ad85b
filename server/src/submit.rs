//! Accepting an upload: validate the metadata, parse and score the file
//! against the benchmark's default key, and store it within the team's
//! quota in one transaction. A refused file stores nothing and does not
//! count against the quota. An upload that repeats an earlier one (the same
//! `Idempotency-Key`, or the same file for the same model within 24 hours:
//! `app::db::repeats`) gets the first submission back and uses no quota.
//! Shared by the API and the web form.

use app::db::repeats::{self, UploadIdentity};
use app::db::submissions::{self, NewSubmission, QuotaDefaults, QuotaUse, Stored, SubmissionRecord};
use app::db::{audit, keys};
use app::domain::submission::RawMeta;
use app::domain::{Benchmark, PredictionFile, score};

use crate::auth::new_public_id;
use crate::http::HttpError;
use crate::state::AppState;

/// An upload as it arrives.
pub struct Upload {
    pub team_id: i64,
    pub benchmark: Benchmark,
    pub meta: RawMeta,
    pub file: Vec<u8>,
    /// The client's `Idempotency-Key` header, if any.
    pub idempotency_key: Option<String>,
}

/// An accepted upload: the submission, the quota left, and whether the
/// upload repeated an earlier one (then `record` is that first submission).
pub struct Accepted {
    pub record: SubmissionRecord,
    pub quota: QuotaUse,
    pub repeat: bool,
}

/// The longest `Idempotency-Key` accepted.
pub const MAX_IDEMPOTENCY_KEY: usize = 255;

/// Checks an `Idempotency-Key` header: 1-255 visible ASCII characters.
pub fn idempotency_key(value: Option<&axum::http::HeaderValue>) -> Result<Option<String>, HttpError> {
    let Some(value) = value else { return Ok(None) };
    match value.to_str() {
        Ok(key) if (1..=MAX_IDEMPOTENCY_KEY).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic()) => {
            Ok(Some(key.to_owned()))
        }
        _ => Err(HttpError::bad_request(
            "invalid_idempotency_key",
            format!("the Idempotency-Key header must be 1 to {MAX_IDEMPOTENCY_KEY} visible ASCII characters"),
        )),
    }
}

impl AppState {
    /// The quota defaults of this server.
    pub fn quota_defaults(&self) -> QuotaDefaults {
        QuotaDefaults { daily: self.config.daily_quota, total: self.config.total_quota }
    }
}

/// Scores and stores an upload, or finds the earlier submission it repeats.
pub async fn accept(state: &AppState, upload: Upload) -> Result<Accepted, HttpError> {
    let meta = upload.meta.validate().map_err(HttpError::invalid_fields)?;
    if upload.file.is_empty() {
        return Err(HttpError::bad_request("missing_file", "the prediction file is missing or empty"));
    }
    let bytes = upload.file;
    let (bytes, sha) = tokio::task::spawn_blocking(move || {
        let sha = app::domain::input::sha256_hex(&bytes);
        (bytes, sha)
    })
    .await
    .map_err(anyhow::Error::from)?;
    let identity = UploadIdentity {
        team_id: upload.team_id,
        idempotency_key: upload.idempotency_key.as_deref(),
        file_sha256: &sha,
        model_name: &meta.model_name,
        benchmark: upload.benchmark.as_str(),
    };
    // A repeat is answered before the quota is checked: it uses none.
    if let Some(repeat) = repeats::find_now(&state.db, &identity).await? {
        return repeated(state, upload.team_id, &repeat.first()?).await;
    }
    // Cheap early refusal; the binding check is inside the transaction.
    let used = submissions::quota(&state.db, upload.team_id, state.quota_defaults()).await?;
    if used.total_remaining() == 0 {
        return Err(submissions::InsertError::TotalQuota { limit: used.total_limit }.into());
    }
    if used.daily_remaining() == 0 {
        return Err(submissions::InsertError::DailyQuota { limit: used.daily_limit }.into());
    }
    let stored_key = keys::default_key(&state.db, upload.benchmark)
        .await?
        .ok_or_else(|| HttpError::NoKey(upload.benchmark.to_string()))?;
    let key = state.keys.get(&state.db, stored_key.id, upload.benchmark).await?;
    let (scored, format) = tokio::task::spawn_blocking(move || {
        let file = PredictionFile::parse(&bytes)?;
        let scored = score(&key, &file)?;
        Ok::<_, app::domain::PredictionError>((scored, file.format))
    })
    .await
    .map_err(anyhow::Error::from)??;
    let public_id = new_public_id();
    let format = match format {
        app::domain::PredictionFormat::Csv => "csv",
        app::domain::PredictionFormat::Jsonl => "jsonl",
    };
    let stored = submissions::insert_within_quota(
        &state.db,
        NewSubmission {
            public_id: &public_id,
            team_id: upload.team_id,
            key_id: stored_key.id,
            benchmark: upload.benchmark.as_str(),
            meta: &meta,
            file_sha256: &sha,
            file_format: format,
            card: &scored.card,
            correctness: &scored.correct,
            idempotency_key: upload.idempotency_key.as_deref(),
        },
        state.quota_defaults(),
    )
    .await?;
    let quota = match stored {
        Stored::New(quota) => quota,
        // Sent at the same moment as its first: found inside the transaction.
        Stored::Repeat(first) => return repeated(state, upload.team_id, &first).await,
    };
    audit::record(&state.db, "submission_accepted", Some(upload.team_id), None, &public_id).await?;
    let record = submissions::get(&state.db, &public_id).await?.ok_or(HttpError::NotFound)?;
    Ok(Accepted { record, quota, repeat: false })
}

/// The answer to a repeat: the first submission and the quota as it is.
async fn repeated(state: &AppState, team_id: i64, first: &str) -> Result<Accepted, HttpError> {
    audit::record(&state.db, "submission_repeated", Some(team_id), None, first).await?;
    let record = submissions::get(&state.db, first).await?.ok_or(HttpError::NotFound)?;
    let quota = submissions::quota(&state.db, team_id, state.quota_defaults()).await?;
    Ok(Accepted { record, quota, repeat: true })
}
