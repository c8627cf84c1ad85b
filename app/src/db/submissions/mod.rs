//! Scored submissions: the all-or-nothing insert under the team's and the
//! client's quotas (here), the quota counts ([`quota`]), the reads
//! behind the team page, the result page and the API ([`records`]), and
//! an owner's changes and withdrawals ([`edits`]).

use serde::{Deserialize, Serialize};

use super::clients::{self, ClientLimit};
use super::keys::StoredKey;
use super::repeats::{self, Repeat, UploadIdentity};
use super::{Db, DbError, Result, now_unix};
use crate::domain::ScoreCard;
use crate::domain::errata::VersionScore;
use crate::domain::exposure::{Exposure, ladder};
use crate::domain::forensics::Flag;
pub use crate::domain::submission::SubmissionMeta;
use crate::domain::visibility::Subject;

pub(crate) mod batch;
pub use batch::store_all_sql;
pub mod edits;
mod quota;
mod records;

use quota::{Admission, admission_in, count_uploads_sql};
pub use quota::{BATCH_ADMISSION, QuotaDefaults, QuotaUse, quota, seconds_to_utc_midnight, utc_day};
pub(crate) use records::read_flags;
pub use records::{RECORDED_SINCE, RecordedRow, count_for_team, for_team, get, predictions_of, recorded_since};

/// Everything stored for a new submission (owned: the write may run on
/// the database's writer thread, `Db::write`).
pub struct NewSubmission {
    pub public_id: String,
    pub team_id: i64,
    /// The key it was scored on (the benchmark's default key).
    pub key: StoredKey,
    pub meta: SubmissionMeta,
    pub file_sha256: String,
    pub file_format: &'static str,
    pub card: ScoreCard,
    pub correctness: Vec<bool>,
    /// What the file gave per question of the key, packed
    /// (`domain::stored_predictions`), so a corrected key can score it again.
    pub predictions: Vec<u8>,
    /// The client's `Idempotency-Key`, if it sent one.
    pub idempotency_key: Option<String>,
    /// What key-copy forensics found (`domain::forensics`).
    pub flags: Vec<Flag>,
    /// On a held-out key, the Ladder's step and this upload's rounding
    /// offset: the shown accuracy is decided in the insert's transaction,
    /// from the team's earlier submissions of the model on the key.
    pub ladder: Option<LadderRule>,
    /// The keyed hash of the sending client's address (`None`: not known).
    pub client_key: Option<String>,
    /// The uploads that client may send a UTC day across all teams (0: no limit).
    pub client_per_day: i64,
    /// The API token it was sent with (its row id), which must still be
    /// live when it is stored; `None` from a session.
    pub token_id: Option<i64>,
}

/// How the Ladder rounds one upload (see `domain::exposure::ladder`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LadderRule {
    pub step: f64,
    pub offset: f64,
}

/// A stored submission with its scores, as the API and pages show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionRecord {
    pub public_id: String,
    pub team_id: i64,
    /// The key (version) its shown score is on.
    pub key_id: i64,
    pub team_name: String,
    pub benchmark: String,
    pub key_name: String,
    pub key_sha256: String,
    pub key_synthetic: bool,
    pub meta: SubmissionMeta,
    pub file_sha256: String,
    pub file_format: String,
    pub created_at: i64,
    pub card: ScoreCard,
    /// The exposure of the key it is scored on (now, not at upload).
    pub exposure: Exposure,
    /// The Ladder's shown accuracy and step, for an upload on a held-out key.
    pub ladder: Option<Ladder>,
    /// The version of its key the shown score is on (1, 2, ...).
    pub key_version: i64,
    /// Whether its predictions are stored, so that a corrected key can
    /// score it again (not for rows stored before predictions were kept).
    pub rescorable: bool,
    /// Its score on every version of its key from the one it was uploaded
    /// on, oldest first.
    pub versions: Vec<VersionScore>,
    /// Raised when it was stored (`domain::forensics`); none for rows
    /// stored before flags were computed.
    pub flags: Vec<Flag>,
    /// Unix time its team withdrew it ([`edits::withdraw`]); `None` while
    /// it is not withdrawn.
    pub withdrawn_at: Option<i64>,
}

impl SubmissionRecord {
    /// What the visibility policy knows of it.
    pub fn subject(&self) -> Subject {
        Subject {
            owner: self.team_id,
            visibility: self.meta.visibility,
            exposure: self.exposure,
            withdrawn: self.withdrawn_at.is_some(),
        }
    }
}

/// What the Ladder showed for a submission on a held-out key.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    pub shown: f64,
    pub step: f64,
}

/// Why a submission was not stored.
#[derive(Debug, thiserror::Error)]
pub enum InsertError {
    #[error("daily submission quota of {limit} reached; it resets at 00:00 UTC")]
    DailyQuota { limit: i64 },
    #[error("total submission quota of {limit} reached")]
    TotalQuota { limit: i64 },
    /// The client's uploads today, across all teams, reached `limit`.
    #[error("daily upload quota of {limit} per client address reached; it resets at 00:00 UTC")]
    ClientQuota { limit: i64 },
    #[error("this Idempotency-Key was already used for a different upload (submission {first})")]
    IdempotencyKeyReused { first: String },
    /// The benchmark's default key changed (a new key or version, or a
    /// reveal) after the upload was scored: score it again.
    #[error("the default key changed while the upload was scored")]
    KeyChanged,
    /// The API token it was sent with was revoked before it was stored.
    #[error("the API token was revoked")]
    TokenRevoked,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for InsertError {
    fn from(e: sqlx::Error) -> Self {
        Self::Db(DbError::Sqlx(e))
    }
}

/// A statement of the `Any` driver being given its arguments.
pub(crate) type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Binds a score card's columns as `submissions` and `submission_scores`
/// store them, in their order: accuracy, correct, total, ci_low, ci_high,
/// missing, unparsed, ignored.
pub(crate) fn bind_scores<'q>(query: AnyQuery<'q>, card: &ScoreCard) -> AnyQuery<'q> {
    query
        .bind(card.accuracy)
        .bind(card.correct as i64)
        .bind(card.total as i64)
        .bind(card.ci95[0])
        .bind(card.ci95[1])
        .bind(card.missing as i64)
        .bind(card.unparsed as i64)
        .bind(card.ignored as i64)
}

/// Packs a correctness vector 8 items a byte (item i is bit i % 8 of byte i / 8).
pub(crate) fn pack_bits(bits: &[bool]) -> Vec<u8> {
    // A byte at a time, without a branch per item: item 0 of each eight
    // ends in the lowest bit.
    bits.chunks(8).map(|byte| byte.iter().rev().fold(0u8, |packed, &bit| packed << 1 | u8::from(bit))).collect()
}

/// Unpacks a stored correctness vector of `len` items.
pub fn unpack_bits(bytes: &[u8], len: usize) -> Vec<bool> {
    (0..len).map(|i| bytes.get(i / 8).is_some_and(|b| b & (1 << (i % 8)) != 0)).collect()
}

/// What storing an upload did.
#[derive(Debug, Clone, PartialEq)]
pub enum Stored {
    /// A new submission as stored, and the quota used after it.
    New { record: Box<SubmissionRecord>, quota: QuotaUse },
    /// The upload repeats this earlier submission (see [`super::repeats`]):
    /// nothing was stored and no quota used.
    Repeat(String),
}

impl Repeat {
    /// The first submission a repeat answers with, or the refusal of an
    /// `Idempotency-Key` reused for another upload.
    pub fn first(self) -> Result<String, InsertError> {
        match self {
            Self::Of(first) => Ok(first),
            Self::KeyReused { first } => Err(InsertError::IdempotencyKeyReused { first }),
        }
    }
}

impl NewSubmission {
    fn identity(&self) -> UploadIdentity<'_> {
        UploadIdentity {
            team_id: self.team_id,
            idempotency_key: self.idempotency_key.as_deref(),
            file_sha256: &self.file_sha256,
            model_name: &self.meta.model_name,
            benchmark: &self.key.benchmark,
        }
    }

    fn client(&self) -> Option<ClientLimit<'_>> {
        let key = self.client_key.as_deref()?;
        Some(ClientLimit { key, per_day: self.client_per_day }).filter(ClientLimit::is_limited)
    }

    /// What storing it at `now` did, with the Ladder's `shown` accuracy.
    fn stored(self, admission: Admission, now: i64, shown: Option<f64>) -> Stored {
        let used = admission.used;
        let quota = QuotaUse { daily_used: used.daily_used + 1, total_used: used.total_used + 1, ..used };
        Stored::New { record: Box::new(self.into_record(admission.team_name, now, shown)), quota }
    }

    /// The record of this submission as stored at `created_at` by the team
    /// named `team_name`, with the Ladder's `shown` accuracy: what
    /// [`get`] reads back right after the insert, built without reading it.
    fn into_record(self, team_name: String, created_at: i64, shown: Option<f64>) -> SubmissionRecord {
        let key = self.key;
        let versions = vec![VersionScore {
            version: key.version,
            key: key.name.clone(),
            imported_at: key.imported_at,
            score: Some(crate::domain::Breakdown::new(self.card.correct, self.card.total)),
            current: true,
        }];
        SubmissionRecord {
            public_id: self.public_id,
            team_id: self.team_id,
            key_id: key.id,
            team_name,
            benchmark: key.benchmark,
            key_name: key.name,
            key_sha256: key.sha256,
            key_synthetic: key.synthetic,
            meta: self.meta,
            file_sha256: self.file_sha256,
            file_format: self.file_format.to_owned(),
            created_at,
            card: self.card,
            exposure: key.exposure,
            ladder: shown.zip(self.ladder).map(|(shown, rule)| Ladder { shown, step: rule.step }),
            key_version: key.version,
            rescorable: true,
            versions,
            flags: self.flags,
            withdrawn_at: None,
        }
    }
}

/// Stores a scored submission if the team (and the client that sent it,
/// across all teams) has quota left and it repeats no earlier upload, in
/// one write transaction that serialises concurrent uploads of the same
/// team and of the same client (SQLite: one writer at a time, `Db::write`;
/// PostgreSQL: the teams' advisory locks of its batch, then the clients'
/// row locks, [`batch`]), so the quotas hold and a repeat sent at the same
/// moment as its first is still found.
/// The submission is stored with the client's key (`None`: no client
/// known). A public submission moves the board's version on, and the
/// audit log records the upload, in the same transaction. A new
/// submission comes back as [`get`] would read it.
pub async fn insert_within_quota(db: &Db, new: NewSubmission, defaults: QuotaDefaults) -> Result<Stored, InsertError> {
    // PostgreSQL: in a batch with the uploads sent beside it; on its own
    // when the batch fails.
    if let Some(batches) = db.upload_batches() {
        return match batches.store(new, defaults).await? {
            batch::Outcome::Done(outcome) => outcome,
            batch::Outcome::Alone(new) => batch::store_alone(db.writer(), *new, defaults).await,
        };
    }
    let outcome = db
        .write(move |conn| {
            Box::pin(async move {
                match insert_in(conn, new, defaults).await {
                    // A failure: nothing of it (or of its group) is committed.
                    Err(InsertError::Db(e)) => Err(e),
                    // Stored, or refused before anything but the client's
                    // last-seen time was written.
                    stored_or_refused => Ok(stored_or_refused),
                }
            })
        })
        .await;
    outcome?
}

/// [`insert_within_quota`]'s statements on SQLite, on the write
/// transaction's connection.
async fn insert_in(
    conn: &mut sqlx::AnyConnection,
    new: NewSubmission,
    defaults: QuotaDefaults,
) -> Result<Stored, InsertError> {
    let now = now_unix();
    let day = utc_day(now);
    if let Some(client) = new.client() {
        clients::lock(conn, client.key, now).await?;
    }
    let admission = admission_in(conn, &new.identity(), new.token_id, &day, now, defaults).await?;
    let keyed = repeats::by_idempotency_key(conn, &new.identity()).await?;
    if let Some(first) = admit(&new, &admission, keyed)? {
        return Ok(Stored::Repeat(first));
    }
    if let Some(client) = new.client() {
        within_client_limit(client, clients::uploads_in(conn, client.key, &day).await?)?;
    }
    let shown = match new.ladder {
        Some(_) => shown(&new, best_shown(conn, &new).await?),
        None => None,
    };
    store(conn, &new, now, &day, shown).await?;
    Ok(new.stored(admission, now, shown))
}

/// What an upload's transaction found decides, before its client's limit:
/// a refusal; the earlier submission it repeats (`Some`, by its
/// `Idempotency-Key`, whose earlier upload is `keyed`, or by its file); or
/// that it may be stored (`None`). The same rules for one upload
/// ([`insert_in`]) and for a batch's (`batch`).
fn admit(new: &NewSubmission, admission: &Admission, keyed: Option<Repeat>) -> Result<Option<String>, InsertError> {
    let Admission { used, repeat_of, default_key, token_live, .. } = admission;
    if !token_live {
        return Err(InsertError::TokenRevoked);
    }
    if let Some(repeat) = keyed {
        return Ok(Some(repeat.first()?));
    }
    // Scored on a key that is no longer the default one as it was read: the
    // caller reads the key again and scores the file again.
    if default_key.as_ref().is_none_or(|(id, exposure)| *id != new.key.id || exposure != new.key.exposure.as_str()) {
        return Err(InsertError::KeyChanged);
    }
    if let Some(first) = repeat_of {
        return Ok(Some(first.clone()));
    }
    if used.total_remaining() == 0 {
        return Err(InsertError::TotalQuota { limit: used.total_limit });
    }
    if used.daily_remaining() == 0 {
        return Err(InsertError::DailyQuota { limit: used.daily_limit });
    }
    Ok(None)
}

/// Refuses an upload whose client has sent `uploads` today, across all teams.
fn within_client_limit(client: ClientLimit<'_>, uploads: i64) -> Result<(), InsertError> {
    if uploads >= client.per_day {
        return Err(InsertError::ClientQuota { limit: client.per_day });
    }
    Ok(())
}

/// The Ladder's shown accuracy for an upload on a held-out key, given the
/// best it showed before (`None`: not on a held-out key).
fn shown(new: &NewSubmission, best_before: Option<f64>) -> Option<f64> {
    new.ladder.map(|rule| ladder(best_before, new.card.accuracy, rule.step, rule.offset))
}

/// The columns of `submissions` an upload writes, in the order of
/// [`store`]'s parameters `$1`-`$39` (and of `batch`'s rows).
const SUBMISSION_COLUMNS: &str = "public_id, team_id, key_id, benchmark, model_name, model_url, model_params, notes,
    prompt_language, shots, chain_of_thought, extraction, contamination, visibility,
    file_sha256, file_format, created_at, utc_day, accuracy, correct, total, ci_low, ci_high,
    missing, unparsed, ignored, scorecard_json, correctness, idempotency_key, client_key, predictions,
    predictions_key_id, flags_json, model_category, model_args, generation, temperature, shown_accuracy, ladder_step";

/// Writes a new submission, its score on its key, its audit entry, its
/// count on the team's row and (a shared one) the board's next version, as
/// one script on SQLite's worker thread, where each had cost every upload a
/// round trip (PostgreSQL stores uploads in batches: [`batch`]). `shown`
/// is the Ladder's shown accuracy, on a held-out key.
async fn store(
    conn: &mut sqlx::AnyConnection,
    new: &NewSubmission,
    now: i64,
    day: &str,
    shown: Option<f64>,
) -> Result<(), InsertError> {
    let m = &new.meta;
    let card_json = new.card.to_stored_json().map_err(|e| DbError::Seed(e.to_string()))?;
    let flags_json = serde_json::to_string(&new.flags).map_err(|e| DbError::Seed(e.to_string()))?;
    let values = "$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
         $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39";
    // The score on the key it was uploaded on: key $3, the card's columns
    // $19-$26, scored at $17. The audit entry: at $17, team $2, detail $1.
    let score = super::key_versions::INSERT_SCORE;
    let audit = format!("{} VALUES ($17, 'submission_accepted', $2, NULL, $1)", super::audit::INSERT_EVENT);
    let scores = "$3, $19, $20, $21, $22, $23, $24, $25, $26, $17";
    // The team's count: team $2, on day $18. The board's version: slot $40.
    let counted = count_uploads_sql("$18", "= $2");
    let bump = m.visibility.is_shared().then(|| super::board::bump_version_sql("$40"));
    let sql = format!(
        "INSERT INTO submissions ({SUBMISSION_COLUMNS}) VALUES ({values});
         {score} VALUES (last_insert_rowid(), {scores});
         {audit};
         {counted};{}",
        bump.map(|b| format!("\n {b};")).unwrap_or_default()
    );
    let shown_rule = shown.zip(new.ladder);
    let statement = sqlx::query(&sql)
        .bind(&new.public_id)
        .bind(new.team_id)
        .bind(new.key.id)
        .bind(&new.key.benchmark)
        .bind(&m.model_name)
        .bind(&m.model_url)
        .bind(&m.model_params)
        .bind(&m.notes)
        .bind(m.prompt_language.as_str())
        .bind(m.shots)
        .bind(m.chain_of_thought.as_str())
        .bind(&m.extraction)
        .bind(m.contamination.as_str())
        .bind(m.visibility.as_str())
        .bind(&new.file_sha256)
        .bind(new.file_format)
        .bind(now)
        .bind(day);
    let mut statement = bind_scores(statement, &new.card)
        .bind(card_json)
        .bind(pack_bits(&new.correctness))
        .bind(new.idempotency_key.as_deref())
        .bind(new.client_key.as_deref())
        .bind(new.predictions.as_slice())
        .bind(new.key.id)
        .bind(flags_json)
        .bind(m.model_category.as_str())
        .bind(&m.model_args)
        .bind(&m.generation)
        .bind(m.temperature)
        .bind(shown_rule.map(|(shown, _)| shown))
        .bind(shown_rule.map(|(_, rule)| rule.step));
    if m.visibility.is_shared() {
        statement = statement.bind(super::board::version_slot(new.team_id));
    }
    statement.execute(&mut *conn).await?;
    Ok(())
}

/// The best accuracy the Ladder has shown for this team's submissions of
/// this model on this key (read inside the insert's transaction, which
/// serialises the team's uploads).
async fn best_shown(conn: &mut sqlx::AnyConnection, new: &NewSubmission) -> Result<Option<f64>> {
    Ok(sqlx::query_scalar(&best_shown_sql("$1", "$2", "$3"))
        .bind(new.team_id)
        .bind(new.key.id)
        .bind(&new.meta.model_name)
        .fetch_one(conn)
        .await?)
}

/// [`best_shown`]'s statement, also a subquery of a batch's admission: its
/// arguments are the SQL of the team, the key and the model.
fn best_shown_sql(team: &str, key: &str, model: &str) -> String {
    format!(
        "SELECT MAX(b.shown_accuracy) FROM submissions b
  WHERE b.team_id = {team} AND b.key_id = {key} AND b.model_name = {model}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip() {
        let bits: Vec<bool> = (0..21).map(|i| i % 3 == 0 || i == 20).collect();
        assert_eq!(unpack_bits(&pack_bits(&bits), bits.len()), bits);
    }

    #[test]
    fn bits_keep_the_stored_layout() {
        // Item i is bit i % 8 of byte i / 8, as rows already stored have it.
        let mut bits = vec![false; 11];
        (bits[0], bits[3], bits[9]) = (true, true, true);
        assert_eq!(pack_bits(&bits), vec![0b0000_1001, 0b0000_0010]);
        assert_eq!(pack_bits(&[]), Vec::<u8>::new());
    }
}
