//! Scored submissions: the one way an upload is stored, on both databases
//! (here: one transaction an upload, its admission decided by [`decide`]),
//! the row it writes ([`SubmissionRow`]), the quota counts ([`quota`]),
//! the reads behind the team page, the result page and the API
//! ([`records`]), and an owner's changes and withdrawals ([`edits`]).

use serde::{Deserialize, Serialize};

use super::clients::{self, ClientLimit};
use super::keys::StoredKey;
use super::repeats::{Repeat, UploadIdentity};
use super::{Db, DbError, Result, audit, board, key_versions, near_duplicates, now_unix};
use crate::domain::ScoreCard;
use crate::domain::errata::VersionScore;
use crate::domain::exposure::{Exposure, ladder};
use crate::domain::forensics::Flag;
use crate::domain::registration::Registration;
pub use crate::domain::submission::SubmissionMeta;
use crate::domain::visibility::{Access, Subject, Surface, Viewer, access};

pub mod edits;
mod quota;
mod records;
mod row;

pub use quota::{ADMISSION, QuotaDefaults, QuotaUse, quota, seconds_to_utc_midnight, utc_day};
use quota::{Admission, COUNT_UPLOAD, admission_in};
pub(crate) use records::read_flags;
pub use records::{count_for_team, for_team, get};
pub use row::SubmissionRow;

/// Everything stored for a new submission (owned: it is stored by a task
/// of its own, [`insert_within_quota`]).
pub struct NewSubmission {
    pub public_id: String,
    pub team_id: i64,
    /// The key it was scored on (the benchmark's default key).
    pub key: StoredKey,
    pub meta: SubmissionMeta,
    pub file_sha256: String,
    pub file_format: &'static str,
    pub card: ScoreCard,
    /// Its score card on the key's public part, when the key is split.
    pub public_card: Option<ScoreCard>,
    pub correctness: Vec<bool>,
    /// What the file gave per question of the key, packed
    /// (`domain::stored_predictions`), so a corrected key can score it again.
    pub predictions: Vec<u8>,
    /// The confidence the file gave each of those questions, a byte each,
    /// when it gave any.
    pub confidences: Option<Vec<u8>>,
    /// What the permuted task's file gave, mapped back to the key's order
    /// and packed like `predictions`, when one was sent.
    pub permuted_predictions: Option<Vec<u8>>,
    /// The client's `Idempotency-Key`, if it sent one.
    pub idempotency_key: Option<String>,
    /// What key-copy forensics found (`domain::forensics`).
    pub flags: Vec<Flag>,
    /// Where its predictions are filed in the near-duplicate index, stored
    /// with it.
    pub near_index: near_duplicates::Entry,
    /// On a held-out key, the Ladder's step, chance floor and this
    /// upload's draws: the shown accuracy is decided in the insert's transaction,
    /// from the team's earlier submissions of the model on the key.
    pub ladder: Option<LadderRule>,
    /// The keyed hash of the sending client's address (`None`: not known).
    pub client_key: Option<String>,
    /// The uploads that client may send a UTC day across all teams (0: no limit).
    pub client_per_day: i64,
    /// The API token it was sent with (its row id), which must still be
    /// live when it is stored; `None` from a session.
    pub token_id: Option<i64>,
    /// How the server lets teams in: a team not let in uploads nothing,
    /// unless the server is open.
    pub registration: Registration,
}

/// How the Ladder decides and rounds one upload (see
/// `domain::exposure::ladder`): the accuracy it compares (on a split key,
/// the public part's), its step, rounding offset and threshold noise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LadderRule {
    pub accuracy: f64,
    /// Chance rounded down to the step (`domain::exposure::chance_floor`).
    pub floor: f64,
    pub step: f64,
    pub offset: f64,
    pub noise: f64,
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
    /// Its score card on the key's public part, when the key is split
    /// (`domain::split`): all a held-out key shows before it is revealed.
    pub public_card: Option<ScoreCard>,
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
    /// What the visibility policy needs of each submission its
    /// near-duplicate flags point at, read with the record
    /// ([`records::attach_near_duplicates`]): a flag names one only to a
    /// viewer who may open it ([`SubmissionRecord::may_name`]).
    pub near_duplicates: std::collections::BTreeMap<String, Subject>,
    /// Unix time its team withdrew it ([`edits::withdraw`]); `None` while
    /// it is not withdrawn.
    pub withdrawn_at: Option<i64>,
    /// Hidden by the operators (the submission, or its team banned).
    pub hidden: Option<Hidden>,
    /// Chosen by its team to count in its held-out key's final standing
    /// ([`edits::set_final`]).
    pub final_choice: bool,
}

impl SubmissionRecord {
    /// What the visibility policy knows of it.
    pub fn subject(&self) -> Subject {
        Subject {
            owner: self.team_id,
            visibility: self.meta.visibility,
            exposure: self.exposure,
            withdrawn: self.withdrawn_at.is_some(),
            hidden: self.hidden.is_some(),
        }
    }

    /// Whether a near-duplicate flag of this submission may name `id` to
    /// `viewer`: the policy lets that viewer open its page. An id not read
    /// with the record is never named.
    pub fn may_name(&self, viewer: Viewer, id: &str) -> bool {
        self.near_duplicates.get(id).is_some_and(|s| access(viewer, *s, Surface::Page) != Access::Hidden)
    }
}

/// Why a submission is off the public surfaces by the operators' hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hidden {
    /// Unix time of the hiding (or of the ban).
    pub at: i64,
    /// The reason the operators gave.
    pub reason: String,
    /// The whole team is banned (not this submission alone).
    pub team_banned: bool,
}

/// What the Ladder showed for a submission on a held-out key.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    pub shown: f64,
    pub step: f64,
    /// The chance floor the team's Ladder started from (`None`: stored
    /// before the floor existed): a score there is "at or below chance".
    pub floor: Option<f64>,
    /// It did not move the team's Ladder: its score is the team's best
    /// shown before it, an upper bound of its own.
    pub held: bool,
}

impl Ladder {
    /// Its score is the Ladder's floor: at or below chance.
    pub fn at_or_below_chance(&self) -> bool {
        crate::domain::exposure::at_floor(self.shown, self.floor)
    }
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
    /// The team is not let in yet (`--registration email` or `approved`).
    #[error("the team is not let in yet: {0}")]
    NotAdmitted(Registration),
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

    /// Its client, when that client's uploads are limited.
    fn client(&self) -> Option<ClientLimit<'_>> {
        let key = self.client_key.as_deref()?;
        Some(ClientLimit { key, per_day: self.client_per_day }).filter(ClientLimit::is_limited)
    }

    /// The record of this submission as stored at `created_at` by the team
    /// named `team_name`, with the Ladder's `shown` accuracy: what
    /// [`get`] reads back right after the insert, built without reading it.
    fn into_record(self, team_name: String, created_at: i64, shown: Option<Ladder>) -> SubmissionRecord {
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
            public_card: self.public_card,
            exposure: key.exposure,
            ladder: shown,
            key_version: key.version,
            hidden: None,
            rescorable: true,
            versions,
            flags: self.flags,
            near_duplicates: std::collections::BTreeMap::new(),
            withdrawn_at: None,
            final_choice: false,
        }
    }
}

/// Stores a scored submission if the team (and the client that sent it,
/// across all teams) has quota left and it repeats no earlier upload. The
/// one way an upload is stored, on both databases: one transaction, which
/// first locks out the team's other uploads (SQLite: `BEGIN IMMEDIATE`, one
/// writer at a time; PostgreSQL: the team's advisory lock, [`Db::begin_upload`])
/// and then the client's row ([`clients::lock`]), so the quotas hold and a
/// repeat sent at the same moment as its first is still found, however
/// many servers share the database. What the rules need is read in one
/// statement ([`ADMISSION`]) and decided by [`decide`]; a new submission
/// is written with its entries in the near-duplicate index, its score on
/// its key, its audit entry, its count on the team's row and, when public,
/// the board's next version, and comes back as [`get`] would read it. A
/// refusal or a failure stores nothing.
///
/// The transaction runs in a task of its own: a client that hangs up does
/// not stop it halfway, so what it decided is committed (and found as a
/// repeat when the client sends the upload again) or rolled back whole.
pub async fn insert_within_quota(db: &Db, new: NewSubmission, defaults: QuotaDefaults) -> Result<Stored, InsertError> {
    let db = db.clone();
    match tokio::spawn(async move { insert(&db, new, defaults).await }).await {
        Ok(outcome) => outcome,
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        // The runtime is shutting down.
        Err(_) => Err(InsertError::Db(DbError::Sqlx(sqlx::Error::PoolClosed))),
    }
}

/// [`insert_within_quota`]'s transaction.
async fn insert(db: &Db, new: NewSubmission, defaults: QuotaDefaults) -> Result<Stored, InsertError> {
    let mut tx = db.begin_upload(new.team_id).await?;
    let now = now_unix();
    let day = utc_day(now);
    if let Some(client) = new.client() {
        clients::lock(&mut tx, client.key, now).await?;
    }
    let admission = admission_in(&mut tx, &new, &day, now, defaults).await?;
    let shown = match decide(&new, &admission) {
        Ok(Decision::Store { shown }) => shown,
        // Nothing but the client's last-seen time was written.
        Ok(Decision::Repeat(first)) => {
            tx.commit().await?;
            return Ok(Stored::Repeat(first));
        }
        Err(refused) => {
            tx.commit().await?;
            return Err(refused);
        }
    };
    let id = SubmissionRow::new(&new, now, &day, shown)?.insert(&mut tx).await?;
    near_duplicates::insert(&mut tx, id, &new.near_index).await?;
    key_versions::insert_score(&mut *tx, id, new.key.id, &new.card, now).await?;
    audit::record_in(&mut *tx, "submission_accepted", Some(new.team_id), None, &new.public_id).await?;
    sqlx::query(COUNT_UPLOAD).bind(&day).bind(new.team_id).execute(&mut *tx).await?;
    // A private upload too: the board counts every attempt at a model.
    board::bump_version(&mut tx, new.team_id).await?;
    tx.commit().await?;
    let used = admission.used;
    let quota = QuotaUse { daily_used: used.daily_used + 1, total_used: used.total_used + 1, ..used };
    let mut record = new.into_record(admission.team_name, now, shown);
    // Stored and counted: a failure here must not report the upload as
    // failed. Without it, a near-copy's flag names no other submission.
    if let Err(e) = records::attach_near_duplicates(db, std::slice::from_mut(&mut record)).await {
        tracing::warn!(error = %e, "reading which near-duplicates an upload's flags may name");
    }
    Ok(Stored::New { record: Box::new(record), quota })
}

/// What the admission rules decided for an upload.
#[derive(Debug, Clone, PartialEq)]
enum Decision {
    /// It repeats this earlier submission: answer with it, store nothing.
    Repeat(String),
    /// Store it, with what the Ladder shows (on a held-out key).
    Store { shown: Option<Ladder> },
}

/// The admission rules, all of them and in this order, over what the
/// upload's transaction read: a revoked token is refused; so is a team not
/// let in (unless the server's registration is open); an
/// `Idempotency-Key` used before answers with its first upload (or is
/// refused, for a different upload); a key changed since the upload was
/// scored makes the caller score it again; the same file for the same
/// model within the repeat window answers with its first upload; then the
/// team's total and daily quotas, and its client's daily limit across all
/// teams. An upload admitted on a held-out key is shown by the team's
/// Ladder on the key (one per team, whatever the model name: a new name
/// resets nothing), started at the key's chance floor,
/// from the best it showed the team for the model on the key.
fn decide(new: &NewSubmission, admission: &Admission) -> Result<Decision, InsertError> {
    let Admission { used, repeat_of, keyed, default_key, token_live, best_shown, client_uploads, admitted, .. } =
        admission;
    if !token_live {
        return Err(InsertError::TokenRevoked);
    }
    if !admitted && new.registration != Registration::Open {
        return Err(InsertError::NotAdmitted(new.registration));
    }
    if let Some(keyed) = keyed {
        return Ok(Decision::Repeat(keyed.clone().judge(&new.identity()).first()?));
    }
    if default_key.as_ref().is_none_or(|(id, exposure)| *id != new.key.id || exposure != new.key.exposure.as_str()) {
        return Err(InsertError::KeyChanged);
    }
    if let Some(first) = repeat_of {
        return Ok(Decision::Repeat(first.clone()));
    }
    if used.total_remaining() == 0 {
        return Err(InsertError::TotalQuota { limit: used.total_limit });
    }
    if used.daily_remaining() == 0 {
        return Err(InsertError::DailyQuota { limit: used.daily_limit });
    }
    if let Some(client) = new.client()
        && *client_uploads >= client.per_day
    {
        return Err(InsertError::ClientQuota { limit: client.per_day });
    }
    let shown = new.ladder.map(|rule| {
        let start = best_shown.map_or(rule.floor, |best| best.max(rule.floor));
        let shown = ladder(Some(start), rule.accuracy, rule.step, rule.offset, rule.noise);
        let held = best_shown.is_some() && shown <= start;
        Ladder { shown, step: rule.step, floor: Some(rule.floor), held }
    });
    Ok(Decision::Store { shown })
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
