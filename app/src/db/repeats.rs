//! Repeat uploads: a client that sends the same upload again (a double
//! click, a retry after a dropped connection) gets the first submission
//! back, with no second row and no quota used. A repeat is the same
//! `Idempotency-Key` from the same team, or the same file (by SHA-256) for
//! the same model and benchmark from the same team within
//! [`REPEAT_WINDOW_SECS`]. Both are looked for inside the upload's write
//! transaction, after its team's uploads are locked out
//! (`submissions::insert_within_quota`), so a repeat sent at the same
//! moment as its first is still found.

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
#[derive(Debug, Clone)]
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
