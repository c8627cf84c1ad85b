//! Reading stored submissions: one by its public id, a team's own, with
//! their score on every key version; stored flags.

use std::sync::LazyLock;

use super::super::{Db, DbError, Result};
use super::row::SubmissionRow;
use super::{Hidden, Ladder, SubmissionRecord};
use crate::domain::Breakdown;
use crate::domain::errata::VersionScore;
use crate::domain::exposure::Exposure;
use crate::domain::forensics::Flag;
use crate::domain::submission::{ChainOfThought, Contamination, ModelCategory, PromptLanguage, SubmissionMeta};
use crate::domain::visibility::Visibility;

/// A stored submission as pages and the API read it: its row (but the
/// large columns, [`super::row::LARGE_COLUMNS`]) with its team's name and
/// its key's columns, from `submissions s` joined to `teams t` and
/// `answer_keys k`.
static RECORD_SELECT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {}, t.name AS team_name, k.name AS key_name, k.sha256 AS key_sha256, k.synthetic AS key_synthetic,
        k.exposure, k.version AS key_version,
        CAST(CASE WHEN s.predictions IS NULL THEN 0 ELSE 1 END AS BIGINT) AS rescorable, s.withdrawn_at,
        s.hidden_at, s.hidden_reason, s.flags_cleared_at, t.banned_at AS team_banned_at, t.ban_reason AS team_ban_reason
   FROM submissions s JOIN teams t ON t.id = s.team_id JOIN answer_keys k ON k.id = s.key_id",
        super::row::record_columns()
    )
});

/// A row of [`RECORD_SELECT`].
#[derive(sqlx::FromRow)]
struct RecordRow {
    #[sqlx(flatten)]
    row: SubmissionRow,
    team_name: String,
    key_name: String,
    key_sha256: String,
    /// 0 or 1: the `Any` driver decodes no `bool` from an integer column.
    key_synthetic: i64,
    #[sqlx(try_from = "String")]
    exposure: Exposure,
    key_version: i64,
    /// 0 or 1.
    rescorable: i64,
    withdrawn_at: Option<i64>,
    hidden_at: Option<i64>,
    hidden_reason: Option<String>,
    /// When an operator cleared its flags: none is shown, anywhere.
    flags_cleared_at: Option<i64>,
    team_banned_at: Option<i64>,
    team_ban_reason: Option<String>,
}

/// A stored enumerated value decoded, or an error naming its column.
fn decode<T: TryFrom<String, Error: std::fmt::Display>>(column: &str, value: String) -> Result<T> {
    T::try_from(value).map_err(|e| DbError::Seed(format!("stored {column}: {e}")))
}

impl SubmissionRow {
    /// The metadata the row holds.
    fn meta(&self) -> Result<SubmissionMeta> {
        let r = self.clone();
        Ok(SubmissionMeta {
            model_name: r.model_name,
            model_url: r.model_url,
            model_params: r.model_params,
            model_category: decode::<ModelCategory>("model_category", r.model_category)?,
            notes: r.notes,
            prompt_language: decode::<PromptLanguage>("prompt_language", r.prompt_language)?,
            shots: r.shots,
            temperature: r.temperature,
            chain_of_thought: decode::<ChainOfThought>("chain_of_thought", r.chain_of_thought)?,
            extraction: r.extraction,
            contamination: decode::<Contamination>("contamination", r.contamination)?,
            model_args: r.model_args,
            generation: r.generation,
            // Fails closed: an unreadable value is private.
            visibility: Visibility::parse(&r.visibility).unwrap_or(Visibility::Private),
        })
    }
}

impl TryFrom<RecordRow> for SubmissionRecord {
    type Error = DbError;

    fn try_from(r: RecordRow) -> Result<Self> {
        let meta = r.row.meta()?;
        let flags_cleared = r.flags_cleared_at.is_some();
        let s = r.row;
        Ok(Self {
            card: crate::domain::ScoreCard::from_stored_json(&s.scorecard_json)
                .map_err(|e| DbError::Seed(format!("stored score card: {e}")))?,
            public_card: s
                .public_scorecard_json
                .as_deref()
                .map(crate::domain::ScoreCard::from_stored_json)
                .transpose()
                .map_err(|e| DbError::Seed(format!("stored public score card: {e}")))?,
            flags: if flags_cleared { Vec::new() } else { read_flags(s.flags_json.as_deref())? },
            near_duplicates: std::collections::BTreeMap::new(),
            public_id: s.public_id,
            team_id: s.team_id,
            key_id: s.key_id,
            team_name: r.team_name,
            benchmark: s.benchmark,
            key_name: r.key_name,
            key_sha256: r.key_sha256,
            key_synthetic: r.key_synthetic != 0,
            meta,
            file_sha256: s.file_sha256,
            file_format: s.file_format,
            created_at: s.created_at,
            exposure: r.exposure,
            ladder: s.shown_accuracy.zip(s.ladder_step).map(|(shown, step)| Ladder {
                shown,
                step,
                floor: s.ladder_floor,
                held: s.ladder_held != 0,
            }),
            key_version: r.key_version,
            rescorable: r.rescorable != 0,
            versions: Vec::new(),
            withdrawn_at: r.withdrawn_at,
            hidden: match (r.hidden_at, r.team_banned_at) {
                (Some(at), _) => Some(Hidden { at, reason: r.hidden_reason.unwrap_or_default(), team_banned: false }),
                (None, Some(at)) => {
                    Some(Hidden { at, reason: r.team_ban_reason.unwrap_or_default(), team_banned: true })
                }
                (None, None) => None,
            },
            final_choice: s.final_choice != 0,
        })
    }
}

/// A stored `flags_json` (NULL: stored before flags, so none).
pub(crate) fn read_flags(json: Option<&str>) -> Result<Vec<Flag>> {
    json.map_or(Ok(Vec::new()), |j| serde_json::from_str(j).map_err(|e| DbError::Seed(format!("stored flags: {e}"))))
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
    let row: Option<RecordRow> = sqlx::query_as(&format!("{} WHERE s.public_id = $1", *RECORD_SELECT))
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
    attach_near_duplicates(db, std::slice::from_mut(&mut record)).await?;
    Ok(Some(record))
}

/// A team's submissions, newest first.
pub async fn for_team(db: &Db, team_id: i64) -> Result<Vec<SubmissionRecord>> {
    let rows: Vec<RecordRow> = sqlx::query_as(&format!("{} WHERE s.team_id = $1 ORDER BY s.id DESC", *RECORD_SELECT))
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
    attach_near_duplicates(db, &mut records).await?;
    Ok(records)
}

/// Fills each record's `near_duplicates`: what the visibility policy
/// needs of every submission its near-duplicate flags point at (one query
/// for all of them; none when no record has such a flag).
pub(crate) async fn attach_near_duplicates(db: &Db, records: &mut [SubmissionRecord]) -> Result<()> {
    use super::super::shown::PolicyColumns;
    #[derive(sqlx::FromRow)]
    struct Target {
        public_id: String,
        #[sqlx(flatten)]
        policy: PolicyColumns,
    }
    let targets: std::collections::BTreeSet<&str> = records
        .iter()
        .flat_map(|r| &r.flags)
        .filter_map(|f| match f {
            Flag::NearDuplicate { of } => Some(of.as_str()),
            Flag::ReproducesKeyDefects { .. } => None,
        })
        .collect();
    if targets.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "SELECT s.public_id, s.team_id, s.visibility, k.exposure, s.withdrawn_at, s.hidden_at,
                t.banned_at AS team_banned_at
           FROM submissions s JOIN teams t ON t.id = s.team_id JOIN answer_keys k ON k.id = s.key_id
          WHERE s.public_id IN ({})",
        super::super::placeholders(1, targets.len())
    );
    let query = targets.iter().fold(sqlx::query_as::<_, Target>(&sql), |q, id| q.bind(*id));
    let rows = query.persistent(false).fetch_all(db.pool()).await?;
    let subjects: std::collections::BTreeMap<String, _> =
        rows.into_iter().map(|t| (t.public_id, t.policy.subject())).collect();
    for record in records.iter_mut() {
        record.near_duplicates = record
            .flags
            .iter()
            .filter_map(|f| match f {
                Flag::NearDuplicate { of } => Some((of.clone(), *subjects.get(of)?)),
                Flag::ReproducesKeyDefects { .. } => None,
            })
            .collect();
    }
    Ok(())
}

/// How many submissions a team has stored.
pub async fn count_for_team(db: &Db, team_id: i64) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM submissions WHERE team_id = $1")
        .bind(team_id)
        .fetch_one(db.pool())
        .await?)
}
