//! Scored submissions: the all-or-nothing insert under the team's quota,
//! and the reads behind the team page, the result page and the board.

use serde::{Deserialize, Serialize};

use super::clients::{self, ClientLimit};
use super::repeats::{self, Repeat, UploadIdentity};
use super::{Backend, Db, DbError, Result, now_unix};
use crate::domain::errata::VersionScore;
use crate::domain::exposure::{Exposure, ladder};
use crate::domain::forensics::Flag;
pub use crate::domain::submission::SubmissionMeta;
use crate::domain::submission::{ChainOfThought, Contamination, PromptLanguage};
use crate::domain::visibility::{Subject, Visibility};
use crate::domain::{Breakdown, ScoreCard};

/// Everything stored for a new submission.
pub struct NewSubmission<'a> {
    pub public_id: &'a str,
    pub team_id: i64,
    pub key_id: i64,
    pub benchmark: &'a str,
    pub meta: &'a SubmissionMeta,
    pub file_sha256: &'a str,
    pub file_format: &'a str,
    pub card: &'a ScoreCard,
    pub correctness: &'a [bool],
    /// What the file gave per question of the key, packed
    /// (`domain::stored_predictions`), so a corrected key can score it again.
    pub predictions: &'a [u8],
    /// The client's `Idempotency-Key`, if it sent one.
    pub idempotency_key: Option<&'a str>,
    /// What key-copy forensics found (`domain::forensics`).
    pub flags: &'a [Flag],
    /// On a held-out key, the Ladder's step and this upload's rounding
    /// offset: the shown accuracy is decided in the insert's transaction,
    /// from the team's earlier submissions of the model on the key.
    pub ladder: Option<LadderRule>,
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
}

impl SubmissionRecord {
    /// What the visibility policy knows of it.
    pub fn subject(&self) -> Subject {
        Subject { owner: self.team_id, visibility: self.meta.visibility, exposure: self.exposure }
    }
}

/// What the Ladder showed for a submission on a held-out key.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    pub shown: f64,
    pub step: f64,
}

/// Submissions used and allowed for a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotaUse {
    pub daily_limit: i64,
    pub daily_used: i64,
    pub total_limit: i64,
    pub total_used: i64,
}

impl QuotaUse {
    /// Uploads left today (never negative).
    pub fn daily_remaining(&self) -> i64 {
        (self.daily_limit - self.daily_used).max(0)
    }
    /// Uploads left in total.
    pub fn total_remaining(&self) -> i64 {
        (self.total_limit - self.total_used).max(0)
    }
    /// Uploads left now: the smaller of the two.
    pub fn remaining(&self) -> i64 {
        self.daily_remaining().min(self.total_remaining())
    }
}

/// The server's default quotas; a team's own columns override them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotaDefaults {
    pub daily: i64,
    pub total: i64,
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
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for InsertError {
    fn from(e: sqlx::Error) -> Self {
        Self::Db(DbError::Sqlx(e))
    }
}

/// The UTC date of a Unix time as `YYYY-MM-DD` (the daily quota's bucket).
pub fn utc_day(unix: i64) -> String {
    crate::format::utc_date(unix)
}

/// Seconds until the next 00:00 UTC (the daily quota's `Retry-After`).
pub fn seconds_to_utc_midnight(unix: i64) -> i64 {
    86_400 - unix.rem_euclid(86_400)
}

/// A team's own quotas (`None`: the default) and its submissions counted.
#[derive(sqlx::FromRow)]
struct QuotaRow {
    daily_quota: Option<i64>,
    total_quota: Option<i64>,
    daily_used: i64,
    total_used: i64,
}

async fn quota_in<'c, E>(exec: E, team_id: i64, day: &str, defaults: QuotaDefaults) -> Result<QuotaUse>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let row: QuotaRow = sqlx::query_as(
        "SELECT t.daily_quota AS daily_quota, t.total_quota AS total_quota,
                (SELECT COUNT(*) FROM submissions s WHERE s.team_id = t.id AND s.utc_day = $2) AS daily_used,
                (SELECT COUNT(*) FROM submissions s WHERE s.team_id = t.id) AS total_used
           FROM teams t WHERE t.id = $1",
    )
    .bind(team_id)
    .bind(day)
    .fetch_one(exec)
    .await?;
    Ok(QuotaUse {
        daily_limit: row.daily_quota.unwrap_or(defaults.daily),
        daily_used: row.daily_used,
        total_limit: row.total_quota.unwrap_or(defaults.total),
        total_used: row.total_used,
    })
}

/// A team's quota use right now.
pub async fn quota(db: &Db, team_id: i64, defaults: QuotaDefaults) -> Result<QuotaUse> {
    quota_in(db.pool(), team_id, &utc_day(now_unix()), defaults).await
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
    let mut out = vec![0u8; bits.len().div_ceil(8)];
    for (i, _) in bits.iter().enumerate().filter(|(_, b)| **b) {
        out[i / 8] |= 1 << (i % 8);
    }
    out
}

/// Unpacks a stored correctness vector of `len` items.
pub fn unpack_bits(bytes: &[u8], len: usize) -> Vec<bool> {
    (0..len).map(|i| bytes.get(i / 8).is_some_and(|b| b & (1 << (i % 8)) != 0)).collect()
}

/// What storing an upload did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// A new submission, and the quota used after it.
    New(QuotaUse),
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

impl NewSubmission<'_> {
    fn identity(&self) -> UploadIdentity<'_> {
        UploadIdentity {
            team_id: self.team_id,
            idempotency_key: self.idempotency_key,
            file_sha256: self.file_sha256,
            model_name: &self.meta.model_name,
            benchmark: self.benchmark,
        }
    }
}

/// Stores a scored submission if the team (and the `client` that sent it,
/// across all teams) has quota left and it repeats no earlier upload, in
/// one transaction that serialises concurrent uploads of the same team and
/// of the same client (SQLite: `BEGIN IMMEDIATE`; PostgreSQL: row locks on
/// the team, then on the client), so the quotas hold and a repeat sent at
/// the same moment as its first is still found. The submission is stored
/// with the client's key (`None`: no client known). A public submission
/// moves the board's version on in the same transaction.
pub async fn insert_within_quota(
    db: &Db,
    new: NewSubmission<'_>,
    defaults: QuotaDefaults,
    client: Option<ClientLimit<'_>>,
) -> Result<Stored, InsertError> {
    let now = now_unix();
    let day = utc_day(now);
    let mut tx = db.begin_write().await?;
    if db.backend() == Backend::Postgres {
        sqlx::query("SELECT id FROM teams WHERE id = $1 FOR UPDATE").bind(new.team_id).execute(&mut *tx).await?;
    }
    let limited = client.filter(ClientLimit::is_limited);
    if let Some(client) = limited {
        clients::lock(&mut tx, client.key, now).await?;
    }
    if let Some(repeat) = repeats::find(&mut tx, &new.identity(), now).await? {
        return Ok(Stored::Repeat(repeat.first()?));
    }
    let used = quota_in(&mut *tx, new.team_id, &day, defaults).await?;
    if used.total_remaining() == 0 {
        return Err(InsertError::TotalQuota { limit: used.total_limit });
    }
    if used.daily_remaining() == 0 {
        return Err(InsertError::DailyQuota { limit: used.daily_limit });
    }
    if let Some(client) = limited
        && clients::uploads_in(&mut tx, client.key, &day).await? >= client.per_day
    {
        return Err(InsertError::ClientQuota { limit: client.per_day });
    }
    let card_json = serde_json::to_string(new.card).map_err(|e| DbError::Seed(e.to_string()))?;
    let flags_json = serde_json::to_string(new.flags).map_err(|e| DbError::Seed(e.to_string()))?;
    let shown = match new.ladder {
        Some(rule) => Some(ladder(best_shown(&mut tx, &new).await?, new.card.accuracy, rule.step, rule.offset)),
        None => None,
    };
    let m = new.meta;
    let statement = sqlx::query(
        "INSERT INTO submissions (public_id, team_id, key_id, benchmark, model_name, model_url, model_params, notes,
            prompt_language, shots, temperature, chain_of_thought, extraction, contamination, visibility,
            file_sha256, file_format, created_at, utc_day, accuracy, correct, total, ci_low, ci_high,
            missing, unparsed, ignored, scorecard_json, correctness, idempotency_key, client_key, predictions,
            predictions_key_id, flags_json)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
                 $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34)
         RETURNING id",
    )
    .bind(new.public_id)
    .bind(new.team_id)
    .bind(new.key_id)
    .bind(new.benchmark)
    .bind(&m.model_name)
    .bind(&m.model_url)
    .bind(&m.model_params)
    .bind(&m.notes)
    .bind(m.prompt_language.as_str())
    .bind(m.shots)
    .bind(m.temperature)
    .bind(m.chain_of_thought.as_str())
    .bind(&m.extraction)
    .bind(m.contamination.as_str())
    .bind(m.visibility.as_str())
    .bind(new.file_sha256)
    .bind(new.file_format)
    .bind(now)
    .bind(&day);
    let inserted = bind_scores(statement, new.card)
        .bind(card_json)
        .bind(pack_bits(new.correctness))
        .bind(new.idempotency_key)
        .bind(client.map(|c| c.key))
        .bind(new.predictions.to_vec())
        .bind(new.key_id)
        .bind(flags_json)
        .fetch_one(&mut *tx)
        .await?;
    let id: i64 = sqlx::Row::try_get(&inserted, 0)?;
    super::key_versions::insert_score(&mut *tx, id, new.key_id, new.card, now).await?;
    // A separate statement rather than two nullable parameters: PostgreSQL
    // keeps a prepared statement's parameter types from its first use, and
    // through the `Any` driver a NULL there is not typed as a float.
    if let (Some(shown), Some(rule)) = (shown, new.ladder) {
        sqlx::query("UPDATE submissions SET shown_accuracy = $1, ladder_step = $2 WHERE id = $3")
            .bind(shown)
            .bind(rule.step)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    if m.visibility.is_shared() {
        super::board::bump_version(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(Stored::New(QuotaUse { daily_used: used.daily_used + 1, total_used: used.total_used + 1, ..used }))
}

/// The best accuracy the Ladder has shown for this team's submissions of
/// this model on this key (read inside the insert's transaction, which
/// serialises the team's uploads).
async fn best_shown(conn: &mut sqlx::AnyConnection, new: &NewSubmission<'_>) -> Result<Option<f64>> {
    Ok(sqlx::query_scalar(
        "SELECT MAX(shown_accuracy) FROM submissions WHERE team_id = $1 AND key_id = $2 AND model_name = $3",
    )
    .bind(new.team_id)
    .bind(new.key_id)
    .bind(&new.meta.model_name)
    .fetch_one(conn)
    .await?)
}

const RECORD_SELECT: &str =
    "SELECT s.public_id, s.team_id, s.key_id, t.name AS team_name, s.benchmark, k.name AS key_name,
        k.sha256 AS key_sha256, k.synthetic AS key_synthetic, s.model_name, s.model_url, s.model_params, s.notes,
        s.prompt_language, s.shots, s.temperature, s.chain_of_thought, s.extraction, s.contamination,
        s.visibility, s.file_sha256, s.file_format, s.created_at, s.scorecard_json, k.exposure,
        s.shown_accuracy, s.ladder_step, k.version AS key_version, s.flags_json,
        CAST(CASE WHEN s.predictions IS NULL THEN 0 ELSE 1 END AS BIGINT) AS rescorable
   FROM submissions s JOIN teams t ON t.id = s.team_id JOIN answer_keys k ON k.id = s.key_id";

/// A row of [`RECORD_SELECT`].
#[derive(sqlx::FromRow)]
struct RecordRow {
    public_id: String,
    team_id: i64,
    key_id: i64,
    team_name: String,
    benchmark: String,
    key_name: String,
    key_sha256: String,
    /// 0 or 1: the `Any` driver decodes no `bool` from an integer column.
    key_synthetic: i64,
    #[sqlx(flatten, try_from = "MetaRow")]
    meta: SubmissionMeta,
    file_sha256: String,
    file_format: String,
    created_at: i64,
    scorecard_json: String,
    #[sqlx(try_from = "String")]
    exposure: Exposure,
    shown_accuracy: Option<f64>,
    ladder_step: Option<f64>,
    key_version: i64,
    flags_json: Option<String>,
    /// 0 or 1.
    rescorable: i64,
}

/// The metadata columns of a submission; an enumerated column holding a
/// name its type does not know fails to decode, naming the column.
#[derive(sqlx::FromRow)]
struct MetaRow {
    model_name: String,
    model_url: String,
    model_params: String,
    notes: String,
    #[sqlx(try_from = "String")]
    prompt_language: PromptLanguage,
    shots: Option<i64>,
    temperature: Option<f64>,
    #[sqlx(try_from = "String")]
    chain_of_thought: ChainOfThought,
    extraction: String,
    #[sqlx(try_from = "String")]
    contamination: Contamination,
    visibility: String,
}

impl From<MetaRow> for SubmissionMeta {
    fn from(r: MetaRow) -> Self {
        Self {
            model_name: r.model_name,
            model_url: r.model_url,
            model_params: r.model_params,
            notes: r.notes,
            prompt_language: r.prompt_language,
            shots: r.shots,
            temperature: r.temperature,
            chain_of_thought: r.chain_of_thought,
            extraction: r.extraction,
            contamination: r.contamination,
            // Fails closed: an unreadable value is private.
            visibility: Visibility::parse(&r.visibility).unwrap_or(Visibility::Private),
        }
    }
}

impl TryFrom<RecordRow> for SubmissionRecord {
    type Error = DbError;

    fn try_from(r: RecordRow) -> Result<Self> {
        Ok(Self {
            card: serde_json::from_str(&r.scorecard_json)
                .map_err(|e| DbError::Seed(format!("stored score card: {e}")))?,
            public_id: r.public_id,
            team_id: r.team_id,
            key_id: r.key_id,
            team_name: r.team_name,
            benchmark: r.benchmark,
            key_name: r.key_name,
            key_sha256: r.key_sha256,
            key_synthetic: r.key_synthetic != 0,
            meta: r.meta,
            file_sha256: r.file_sha256,
            file_format: r.file_format,
            created_at: r.created_at,
            exposure: r.exposure,
            ladder: r.shown_accuracy.zip(r.ladder_step).map(|(shown, step)| Ladder { shown, step }),
            key_version: r.key_version,
            rescorable: r.rescorable != 0,
            versions: Vec::new(),
            flags: read_flags(r.flags_json.as_deref())?,
        })
    }
}

/// A stored `flags_json` (NULL: stored before flags, so none).
pub(crate) fn read_flags(json: Option<&str>) -> Result<Vec<Flag>> {
    json.map_or(Ok(Vec::new()), |j| serde_json::from_str(j).map_err(|e| DbError::Seed(format!("stored flags: {e}"))))
}

/// Other teams' submissions whose predictions were recorded on `key_id`
/// (the near-duplicate check's input): public id and packed predictions,
/// about 2 KB each on the real key, so a few thousand are a few megabytes.
pub async fn predictions_on_key(db: &Db, key_id: i64, except_team: i64) -> Result<Vec<(String, Vec<u8>)>> {
    Ok(sqlx::query_as(
        "SELECT public_id, predictions FROM submissions
          WHERE predictions_key_id = $1 AND team_id <> $2 AND predictions IS NOT NULL ORDER BY id",
    )
    .bind(key_id)
    .bind(except_team)
    .fetch_all(db.pool())
    .await?)
}

/// A submission's score on one version of its key, as [`VERSIONS_SELECT`] reads it.
#[derive(sqlx::FromRow)]
struct VersionRow {
    public_id: String,
    current_key_id: i64,
    key_id: i64,
    version: i64,
    name: String,
    imported_at: i64,
    correct: Option<i64>,
    total: Option<i64>,
}

/// Every version of each submission's key from the one it was uploaded on,
/// with its score there if it has one.
const VERSIONS_SELECT: &str = "SELECT s.public_id, s.key_id AS current_key_id, k.id AS key_id, k.version, k.name,
        k.imported_at, ss.correct, ss.total
   FROM submissions s
   JOIN answer_keys u ON u.id = COALESCE(s.predictions_key_id, s.key_id)
   JOIN answer_keys k ON COALESCE(k.lineage_id, k.id) = COALESCE(u.lineage_id, u.id) AND k.version >= u.version
   LEFT JOIN submission_scores ss ON ss.submission_id = s.id AND ss.key_id = k.id";

/// Fills in the `versions` of `records` from `rows`.
fn attach_versions(records: &mut [SubmissionRecord], rows: Vec<VersionRow>) {
    let mut by_id: std::collections::HashMap<String, Vec<VersionScore>> = std::collections::HashMap::new();
    for r in rows {
        let score = match (r.correct, r.total) {
            (Some(c), Some(t)) => Some(Breakdown::new(c.max(0) as usize, t.max(0) as usize)),
            _ => None,
        };
        by_id.entry(r.public_id).or_default().push(VersionScore {
            version: r.version,
            key: r.name,
            imported_at: r.imported_at,
            score,
            current: r.key_id == r.current_key_id,
        });
    }
    for record in records {
        record.versions = by_id.remove(&record.public_id).unwrap_or_default();
    }
}

/// One submission by its public id.
pub async fn get(db: &Db, public_id: &str) -> Result<Option<SubmissionRecord>> {
    let row: Option<RecordRow> = sqlx::query_as(&format!("{RECORD_SELECT} WHERE s.public_id = $1"))
        .bind(public_id)
        .fetch_optional(db.pool())
        .await?;
    let Some(mut record) = row.map(SubmissionRecord::try_from).transpose()? else { return Ok(None) };
    let versions: Vec<VersionRow> =
        sqlx::query_as(&format!("{VERSIONS_SELECT} WHERE s.public_id = $1 ORDER BY k.version"))
            .bind(public_id)
            .fetch_all(db.pool())
            .await?;
    attach_versions(std::slice::from_mut(&mut record), versions);
    Ok(Some(record))
}

/// A team's submissions, newest first.
pub async fn for_team(db: &Db, team_id: i64) -> Result<Vec<SubmissionRecord>> {
    let rows: Vec<RecordRow> = sqlx::query_as(&format!("{RECORD_SELECT} WHERE s.team_id = $1 ORDER BY s.id DESC"))
        .bind(team_id)
        .fetch_all(db.pool())
        .await?;
    let mut records = rows.into_iter().map(SubmissionRecord::try_from).collect::<Result<Vec<_>>>()?;
    let versions: Vec<VersionRow> =
        sqlx::query_as(&format!("{VERSIONS_SELECT} WHERE s.team_id = $1 ORDER BY s.id, k.version"))
            .bind(team_id)
            .fetch_all(db.pool())
            .await?;
    attach_versions(&mut records, versions);
    Ok(records)
}

/// How many submissions a team has stored.
pub async fn count_for_team(db: &Db, team_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM submissions WHERE team_id = $1")
        .bind(team_id)
        .fetch_one(db.pool())
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_days_and_midnight() {
        assert_eq!(utc_day(0), "1970-01-01");
        assert_eq!(utc_day(1_709_164_800), "2024-02-29");
        assert_eq!(utc_day(1_796_083_199), "2026-11-30");
        assert_eq!(seconds_to_utc_midnight(1_796_083_199), 1);
        assert_eq!(seconds_to_utc_midnight(0), 86_400);
    }

    #[test]
    fn bits_round_trip() {
        let bits: Vec<bool> = (0..21).map(|i| i % 3 == 0 || i == 20).collect();
        assert_eq!(unpack_bits(&pack_bits(&bits), bits.len()), bits);
    }
}
