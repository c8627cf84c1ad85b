//! Repeat uploads: a client that sends the same upload again (a double
//! click, a retry after a dropped connection) gets the first submission
//! back, with no second row and no quota used. A repeat is the same
//! `Idempotency-Key` from the same team, or the same file (by SHA-256) for
//! the same model and benchmark from the same team within
//! [`REPEAT_WINDOW_SECS`]. Both are looked for inside the upload's write
//! transaction, after its team's uploads are locked out (SQLite:
//! `Db::write`; PostgreSQL: its batch's team locks, `submissions::batch`),
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
#[derive(Debug, sqlx::FromRow)]
pub(crate) struct KeyedUpload {
    pub public_id: String,
    pub file_sha256: String,
    pub model_name: String,
    pub benchmark: String,
}

impl KeyedUpload {
    /// What `upload`, sent with the same `Idempotency-Key`, is to it: a
    /// repeat when it is the same upload, else the key's reuse.
    pub(crate) fn judge(self, upload: &UploadIdentity<'_>) -> Repeat {
        let same = self.file_sha256 == upload.file_sha256
            && self.model_name == upload.model_name
            && self.benchmark == upload.benchmark;
        let first = self.public_id;
        if same { Repeat::Of(first) } else { Repeat::KeyReused { first } }
    }
}

/// The earlier submission sent with the same `Idempotency-Key` as
/// `upload` (none when it sent no key), or the refusal of a key used before
/// for a different upload.
pub async fn by_idempotency_key(conn: &mut sqlx::AnyConnection, upload: &UploadIdentity<'_>) -> Result<Option<Repeat>> {
    let Some(key) = upload.idempotency_key else { return Ok(None) };
    let earlier: Option<KeyedUpload> =
        sqlx::query_as(&keyed_sql("$1", "$2")).bind(upload.team_id).bind(key).fetch_optional(&mut *conn).await?;
    Ok(earlier.map(|earlier| earlier.judge(upload)))
}

/// The team's earlier upload with the same `Idempotency-Key` (the columns
/// of [`KeyedUpload`]; at most one, by the unique index): [`by_idempotency_key`]
/// on SQLite, and a batch's admission on PostgreSQL. Its arguments are the
/// SQL of the team and of the key.
pub(crate) fn keyed_sql(team: &str, key: &str) -> String {
    format!(
        "SELECT k.public_id, k.file_sha256, k.model_name, k.benchmark FROM submissions k
  WHERE k.team_id = {team} AND k.idempotency_key = {key}"
    )
}

/// The first submission of the same file for the same model and benchmark
/// from the same team within [`REPEAT_WINDOW_SECS`]: a subquery of the
/// upload's admission query (`submissions::quota`), one round trip with
/// the quota counts. Its arguments are the SQL of the team, the file's
/// SHA-256, the model, the benchmark and the start of the window
/// (parameters, or the columns of a batch's rows).
pub fn same_file_sql(team: &str, sha256: &str, model: &str, benchmark: &str, since: &str) -> String {
    format!(
        "SELECT r.public_id FROM submissions r
  WHERE r.team_id = {team} AND r.file_sha256 = {sha256} AND r.model_name = {model} AND r.benchmark = {benchmark}
    AND r.created_at > {since}
  ORDER BY r.id LIMIT 1"
    )
}
