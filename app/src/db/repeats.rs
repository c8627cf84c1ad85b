//! Repeat uploads: a client that sends the same upload again (a double
//! click, a retry after a dropped connection) gets the first submission
//! back, with no second row and no quota used. A repeat is the same
//! `Idempotency-Key` from the same team, or the same file (by SHA-256) for
//! the same model and benchmark from the same team within
//! [`REPEAT_WINDOW_SECS`].

use super::Result;

/// How long the same file for the same model counts as a repeat.
pub const REPEAT_WINDOW_SECS: i64 = 24 * 60 * 60;

/// What identifies an upload as a repeat of an earlier one.
#[derive(Debug, Clone, Copy)]
pub struct UploadIdentity<'a> {
    pub team_id: i64,
    pub idempotency_key: Option<&'a str>,
    pub file_sha256: &'a str,
    pub model_name: &'a str,
    pub benchmark: &'a str,
}

/// An earlier submission that an upload repeats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Repeat {
    /// The first submission's public id.
    Of(String),
    /// The `Idempotency-Key` was used before for a different upload.
    KeyReused { first: String },
}

/// What an earlier upload with the same `Idempotency-Key` was.
#[derive(sqlx::FromRow)]
struct KeyedUpload {
    public_id: String,
    file_sha256: String,
    model_name: String,
    benchmark: String,
}

/// The earlier submission `upload` repeats, if any, as of `now`.
pub async fn find(conn: &mut sqlx::AnyConnection, upload: &UploadIdentity<'_>, now: i64) -> Result<Option<Repeat>> {
    if let Some(key) = upload.idempotency_key {
        let earlier: Option<KeyedUpload> = sqlx::query_as(
            "SELECT public_id, file_sha256, model_name, benchmark FROM submissions
              WHERE team_id = $1 AND idempotency_key = $2",
        )
        .bind(upload.team_id)
        .bind(key)
        .fetch_optional(&mut *conn)
        .await?;
        if let Some(earlier) = earlier {
            let same = earlier.file_sha256 == upload.file_sha256
                && earlier.model_name == upload.model_name
                && earlier.benchmark == upload.benchmark;
            let first = earlier.public_id;
            return Ok(Some(if same { Repeat::Of(first) } else { Repeat::KeyReused { first } }));
        }
    }
    let first: Option<String> = sqlx::query_scalar(
        "SELECT public_id FROM submissions
          WHERE team_id = $1 AND file_sha256 = $2 AND model_name = $3 AND benchmark = $4 AND created_at > $5
          ORDER BY id LIMIT 1",
    )
    .bind(upload.team_id)
    .bind(upload.file_sha256)
    .bind(upload.model_name)
    .bind(upload.benchmark)
    .bind(now - REPEAT_WINDOW_SECS)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(first.map(Repeat::Of))
}
