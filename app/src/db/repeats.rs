//! Repeat uploads: a client that sends the same upload again (a double
//! click, a retry after a dropped connection) gets the first submission
//! back, with no second row and no quota used. A repeat is the same
//! `Idempotency-Key` from the same team, or the same file (by SHA-256) for
//! the same model and benchmark from the same team within
//! [`REPEAT_WINDOW_SECS`]. Both are looked for inside the upload's write
//! transaction, after its team's uploads are locked out (`Db::write_for_team`),
//! so a repeat sent at the same moment as its first is still found.

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

/// The earlier submission sent with the same `Idempotency-Key` as
/// `upload` (none when it sent no key), or the refusal of a key used before
/// for a different upload.
pub async fn by_idempotency_key(conn: &mut sqlx::AnyConnection, upload: &UploadIdentity<'_>) -> Result<Option<Repeat>> {
    let Some(key) = upload.idempotency_key else { return Ok(None) };
    let earlier: Option<KeyedUpload> = sqlx::query_as(
        "SELECT public_id, file_sha256, model_name, benchmark FROM submissions
          WHERE team_id = $1 AND idempotency_key = $2",
    )
    .bind(upload.team_id)
    .bind(key)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(earlier.map(|earlier| {
        let same = earlier.file_sha256 == upload.file_sha256
            && earlier.model_name == upload.model_name
            && earlier.benchmark == upload.benchmark;
        let first = earlier.public_id;
        if same { Repeat::Of(first) } else { Repeat::KeyReused { first } }
    }))
}

/// The first submission of the same file for the same model and benchmark
/// from the same team within [`REPEAT_WINDOW_SECS`]: a subquery of the
/// upload's admission query (`submissions::quota`), one round trip with
/// the quota counts, whose parameters it uses: `$1` the team, `$3` the
/// file's SHA-256, `$4` the model, `$5` the benchmark and `$6` the start
/// of the window.
pub const SAME_FILE: &str = "SELECT r.public_id FROM submissions r
  WHERE r.team_id = $1 AND r.file_sha256 = $3 AND r.model_name = $4 AND r.benchmark = $5 AND r.created_at > $6
  ORDER BY r.id LIMIT 1";
