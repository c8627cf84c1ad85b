//! The board's verified rows: for each team and model, the latest
//! submission the policy lets the board show, with the team's number of
//! attempts (every submission of the model, private and withdrawn ones
//! too: withdrawing a try does not take it back) and the date of the
//! first. Withdrawn rows are read for that count only; the policy never
//! lets one be a group's shown row. Showing the latest rather than the best means repeated
//! tries of one model earn nothing; the attempt count says how many there
//! were. On a held-out key a row shows the Ladder's accuracy only.

// Fx hashing: the keys are our own ids and names.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::super::shown::{PolicyColumns, ScoreColumns};
use super::super::submissions::read_flags;
use sqlx::AnyConnection;

use super::super::{Result, placeholders};
use super::{BENCHMARK, IN_LIST_AT_MOST};
use crate::domain::board::{BoardRow, RowSource};
use crate::domain::calibration::CalibrationSummary;
use crate::domain::exposure::Exposure;
use crate::domain::forensics::Flag;
use crate::domain::submission::{Contamination, ModelCategory};
use crate::domain::visibility::{Access, Surface, Viewer, access};

/// A verified row with what storing and ranking it needs.
pub(super) struct Verified {
    /// Without a rank.
    pub row: BoardRow,
    pub id: i64,
    pub key_id: i64,
    pub team_id: i64,
}

/// What the board reads of a submission (no per-question data).
#[derive(sqlx::FromRow)]
pub(super) struct SubmissionRow {
    pub(super) id: i64,
    pub(super) public_id: String,
    key_id: i64,
    team_name: String,
    key_name: String,
    /// 0 or 1: the `Any` driver decodes no `bool` from an integer column.
    key_synthetic: i64,
    model_name: String,
    model_params: String,
    #[sqlx(try_from = "String")]
    model_category: ModelCategory,
    #[sqlx(try_from = "String")]
    contamination: Contamination,
    #[sqlx(flatten)]
    policy: PolicyColumns,
    created_at: i64,
    #[sqlx(flatten)]
    scores: ScoreColumns,
    /// 0 or 1: a newer version of its key exists.
    key_superseded: i64,
    flags_json: Option<String>,
    /// When an operator cleared its flags, if one did: no flag is shown.
    flags_cleared_at: Option<i64>,
    file_format: String,
    /// 1: its team chose it to count in the final standing.
    final_choice: i64,
    /// When its key was revealed (`None`: public from the start, or not yet).
    key_revealed_at: Option<i64>,
    /// Its calibration's board figures (`None`: no confidence given).
    calibration_n: Option<i64>,
    ece: Option<f64>,
    ece_ci_low: Option<f64>,
    ece_ci_high: Option<f64>,
    brier: Option<f64>,
}

impl SubmissionRow {
    /// The row as the board shows it under `access` (`Full` or `Overall`);
    /// a near-duplicate flag names the other submission only when it is
    /// in `openable` (anyone may open its page).
    fn into_verified(
        self,
        access: Access,
        attempts: u64,
        first_submitted_at: i64,
        openable: &HashSet<String>,
    ) -> Result<Verified> {
        let shown_as = if access == Access::Overall { Exposure::HeldOut } else { Exposure::Public };
        let stored = if self.flags_cleared_at.is_some() { Vec::new() } else { read_flags(self.flags_json.as_deref())? };
        let flags = stored.iter().filter_map(|f| f.shown(shown_as, |id| openable.contains(id))).collect();
        let shown = self.scores.shown(access);
        let correct = shown.correct.map(|c| c.max(0) as u64);
        // Computed from per-question correctness: shown only where the
        // whole score is.
        let calibration = match (access, self.calibration_n, self.ece, self.ece_ci_low, self.ece_ci_high, self.brier) {
            (Access::Full, Some(n), Some(ece), Some(lo), Some(hi), Some(brier)) => {
                Some(CalibrationSummary { n: n.max(0) as u64, ece, ece_ci95: [lo, hi], brier })
            }
            _ => None,
        };
        Ok(Verified {
            id: self.id,
            key_id: self.key_id,
            team_id: self.policy.team_id,
            row: BoardRow {
                team: Some(self.team_name),
                submission_id: Some(self.public_id),
                params: Some(self.model_params).filter(|s| !s.trim().is_empty()),
                // The declared category, as the published rows carry theirs.
                access: self.model_category.access_focus().map(|(a, _)| a.to_owned()),
                focus: self.model_category.access_focus().map(|(_, f)| f.to_owned()),
                contamination: Some(self.contamination),
                accuracy: shown.accuracy,
                correct,
                n: shown.n.max(0) as u64,
                ci95: shown.ci95,
                part: shown.part,
                at_or_below_chance: shown.at_or_below_chance,
                not_above_team_best: shown.held,
                public: shown.parts.map(|[public, _]| public),
                private: shown.parts.map(|[_, private]| private),
                key: Some(self.key_name),
                synthetic_key: self.key_synthetic != 0,
                key_superseded: self.key_superseded != 0,
                submitted_at: Some(self.created_at),
                exposure: Some(self.policy.exposure),
                attempts: Some(attempts),
                first_submitted_at: Some(first_submitted_at),
                flags,
                format: Some(self.file_format),
                calibration,
                ..BoardRow::bare(&self.model_name, RowSource::Verified)
            },
        })
    }
}

/// Every submission of the benchmark, as the board reads it (bind the
/// benchmark). On SQLite it reads only the index `submissions_board_rows`
/// (migration 0014), never the rows with their large values: a column
/// added here goes into that index too (a test checks the plan).
pub const ROWS_SELECT: &str = "SELECT s.id, s.public_id, s.key_id, s.team_id, t.name AS team_name, k.name AS key_name,
                k.synthetic AS key_synthetic, s.model_name, s.model_params, s.model_category, s.contamination, s.visibility,
                k.exposure, s.created_at, s.accuracy, s.correct, s.total, s.ci_low, s.ci_high, s.shown_accuracy, s.flags_json, s.file_format,
                s.withdrawn_at, s.public_correct, s.public_total, s.final_choice, s.ladder_floor, s.ladder_held,
                s.hidden_at, s.flags_cleared_at, t.banned_at AS team_banned_at,
                k.revealed_at AS key_revealed_at, s.calibration_n, s.ece, s.ece_ci_low, s.ece_ci_high, s.brier,
                CAST(CASE WHEN EXISTS (SELECT 1 FROM answer_keys n
                                        WHERE COALESCE(n.lineage_id, n.id) = COALESCE(k.lineage_id, k.id)
                                          AND n.version > k.version)
                     THEN 1 ELSE 0 END AS BIGINT) AS key_superseded
           FROM submissions s JOIN teams t ON t.id = s.team_id JOIN answer_keys k ON k.id = s.key_id
          WHERE s.benchmark = $1
          ORDER BY s.id ASC";

/// [`ROWS_SELECT`] for `teams` teams' submissions only (bind the
/// benchmark, then the teams). On SQLite it reads the index
/// `submissions_board_rows` by team (migration 0028): a test checks the
/// plan.
pub fn team_rows_select(teams: usize) -> String {
    let (select, order) = ROWS_SELECT.split_once("ORDER BY").expect("ROWS_SELECT is ordered");
    format!("{select} AND s.team_id IN ({}) ORDER BY{order}", placeholders(2, teams))
}

/// The most teams whose rows a board regroups from their changes; past
/// it the whole board is made again (one query rather than a long list).
pub(super) const REGROUP_AT_MOST: usize = 500;

/// Every submission of the benchmark (`teams`: `None`), or of the given
/// teams, oldest first.
pub(super) async fn read_rows(conn: &mut AnyConnection, teams: Option<&[i64]>) -> Result<Vec<SubmissionRow>> {
    let Some(teams) = teams else {
        return Ok(sqlx::query_as(ROWS_SELECT).bind(BENCHMARK.as_str()).fetch_all(&mut *conn).await?);
    };
    if teams.is_empty() {
        return Ok(Vec::new());
    }
    let sql = team_rows_select(teams.len());
    let query = teams.iter().fold(sqlx::query_as(&sql).bind(BENCHMARK.as_str()), |q, team| q.bind(*team));
    Ok(query.persistent(false).fetch_all(&mut *conn).await?)
}

/// The public ids of every submission of the benchmark among `ids`
/// that anyone may open (bind the benchmark, then the ids).
fn named_rows_select(ids: usize) -> String {
    let (select, order) = ROWS_SELECT.split_once("ORDER BY").expect("ROWS_SELECT is ordered");
    format!("{select} AND s.public_id IN ({}) ORDER BY{order}", placeholders(2, ids))
}

/// The submissions among `ids` that anyone may open, which a
/// near-duplicate flag may name.
pub(super) async fn openable(conn: &mut AnyConnection, ids: &[String]) -> Result<HashSet<String>> {
    let mut out = HashSet::default();
    for chunk in ids.chunks(IN_LIST_AT_MOST) {
        let sql = named_rows_select(chunk.len());
        let query =
            chunk.iter().fold(sqlx::query_as::<_, SubmissionRow>(&sql).bind(BENCHMARK.as_str()), |q, id| q.bind(id));
        for row in query.persistent(false).fetch_all(&mut *conn).await? {
            if access(Viewer::Anonymous, row.policy.subject(), Surface::Page) != Access::Hidden {
                out.insert(row.public_id);
            }
        }
    }
    Ok(out)
}

impl SubmissionRow {
    /// The submissions its near-duplicate flags name (cleared or not).
    pub(super) fn named(&self) -> Result<Vec<String>> {
        Ok(read_flags(self.flags_json.as_deref())?
            .into_iter()
            .filter_map(|f| match f {
                Flag::NearDuplicate { of } => Some(of),
                _ => None,
            })
            .collect())
    }

    pub(super) fn team_id(&self) -> i64 {
        self.policy.team_id
    }
}

/// `rows` (oldest first) grouped one row per team and model, in no order;
/// a flag names another submission only if it is in `openable`.
pub(super) fn group(rows: Vec<SubmissionRow>, openable: &HashSet<String>) -> Result<Vec<Verified>> {
    // Oldest first: the last shown row of a group is its latest. A group
    // holds places in `rows`, not rows: at 100,000 groups a table of rows
    // was a hundred megabytes more at its peak.
    struct Group {
        attempts: u64,
        first_at: i64,
        latest: Option<(usize, Access)>,
        /// The ones its team chose for a revealed key's final standing.
        chosen: Vec<(usize, Access)>,
    }
    // Keyed by a name a team chose: the standard, randomly keyed hashing.
    let mut groups: std::collections::HashMap<(i64, &str), Group> = std::collections::HashMap::new();
    for (at, row) in rows.iter().enumerate() {
        let group = groups.entry((row.policy.team_id, row.model_name.as_str())).or_insert(Group {
            attempts: 0,
            first_at: row.created_at,
            latest: None,
            chosen: Vec::new(),
        });
        group.attempts += 1;
        group.first_at = group.first_at.min(row.created_at);
        let granted = access(Viewer::Anonymous, row.policy.subject(), Surface::Board);
        if granted == Access::Hidden {
            continue;
        }
        if row.final_choice != 0 && row.key_revealed_at.is_some() {
            group.chosen.push((at, granted));
        } else {
            group.latest = Some((at, granted));
        }
    }
    let groups: Vec<Group> = groups.into_values().collect();
    let mut rows: Vec<Option<SubmissionRow>> = rows.into_iter().map(Some).collect();
    let mut verified = |(at, granted): (usize, Access), g: &Group| {
        rows[at].take().map(|row| row.into_verified(granted, g.attempts, g.first_at, openable)).transpose()
    };
    let mut out = Vec::with_capacity(groups.len());
    for g in &groups {
        // Once a held-out key is revealed a group shows the best of the
        // submissions its team chose for the final standing (on a split
        // key, by the private part), or else its latest.
        let mut best: Option<Verified> = None;
        for &chosen in &g.chosen {
            let Some(v) = verified(chosen, g)? else { continue };
            if best.as_ref().is_none_or(|b| v.row.accuracy.total_cmp(&b.row.accuracy).then(b.id.cmp(&v.id)).is_gt()) {
                best = Some(v);
            }
        }
        let shown = match (best, g.latest) {
            (Some(best), _) => Some(best),
            (None, Some(latest)) => verified(latest, g)?,
            (None, None) => None,
        };
        out.extend(shown);
    }
    Ok(out)
}

/// Stored correctness of the submissions `ids`, in one query.
pub(super) async fn ranked_correctness(conn: &mut AnyConnection, ids: &[i64]) -> Result<HashMap<i64, Vec<u8>>> {
    if ids.is_empty() {
        return Ok(HashMap::default());
    }
    let sql = format!("SELECT id, correctness FROM submissions WHERE id IN ({})", placeholders(1, ids.len()));
    let query = ids.iter().fold(sqlx::query_as::<_, (i64, Vec<u8>)>(&sql), |q, id| q.bind(*id));
    let rows = query.persistent(false).fetch_all(&mut *conn).await?;
    Ok(rows.into_iter().collect())
}
