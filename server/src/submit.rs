//! Accepting an upload: validate the metadata, parse and score the file
//! against the benchmark's default key, and store it within the team's
//! quota in one transaction. A refused file stores nothing and does not
//! count against the quota. Shared by the API and the web form.

use app::db::submissions::{self, NewSubmission, QuotaDefaults, QuotaUse, SubmissionRecord};
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
}

impl AppState {
    /// The quota defaults of this server.
    pub fn quota_defaults(&self) -> QuotaDefaults {
        QuotaDefaults { daily: self.config.daily_quota, total: self.config.total_quota }
    }
}

/// Scores and stores an upload; returns the stored record and the quota
/// left after it.
pub async fn accept(state: &AppState, upload: Upload) -> Result<(SubmissionRecord, QuotaUse), HttpError> {
    let meta = upload.meta.validate().map_err(HttpError::invalid_fields)?;
    // Cheap early refusal; the binding check is inside the transaction.
    let used = submissions::quota(&state.db, upload.team_id, state.quota_defaults()).await?;
    if used.total_remaining() == 0 {
        return Err(submissions::InsertError::TotalQuota { limit: used.total_limit }.into());
    }
    if used.daily_remaining() == 0 {
        return Err(submissions::InsertError::DailyQuota { limit: used.daily_limit }.into());
    }
    if upload.file.is_empty() {
        return Err(HttpError::bad_request("missing_file", "the prediction file is missing or empty"));
    }
    let stored_key = keys::default_key(&state.db, upload.benchmark)
        .await?
        .ok_or_else(|| HttpError::NoKey(upload.benchmark.to_string()))?;
    let key = state.keys.get(&state.db, stored_key.id, upload.benchmark).await?;
    let bytes = upload.file;
    let (scored, format, sha) = tokio::task::spawn_blocking(move || {
        let sha = app::domain::input::sha256_hex(&bytes);
        let file = PredictionFile::parse(&bytes)?;
        let scored = score(&key, &file)?;
        Ok::<_, app::domain::PredictionError>((scored, file.format, sha))
    })
    .await
    .map_err(anyhow::Error::from)??;
    let public_id = new_public_id();
    let format = match format {
        app::domain::PredictionFormat::Csv => "csv",
        app::domain::PredictionFormat::Jsonl => "jsonl",
    };
    let quota = submissions::insert_within_quota(
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
        },
        state.quota_defaults(),
    )
    .await?;
    audit::record(&state.db, "submission_accepted", Some(upload.team_id), None, &public_id).await?;
    let record = submissions::get(&state.db, &public_id).await?.ok_or(HttpError::NotFound)?;
    Ok((record, quota))
}
