//! The pairs behind the MedArabiQ comparison: the same model (same team,
//! same name) scored here on both benchmarks, from the submissions the
//! policy lets the board show (on a held-out key, the Ladder's accuracy;
//! never a withdrawn one, which the query already leaves out).

use super::shown::{PolicyColumns, ScoreColumns};
use super::{Db, Result};
use crate::domain::medarabiq::{BenchmarkPair, BenchmarkScore};
use crate::domain::visibility::{Access, Surface, Viewer, access};

/// A submission of either benchmark.
#[derive(sqlx::FromRow)]
struct ScoreRow {
    team_name: String,
    model_name: String,
    benchmark: String,
    public_id: String,
    #[sqlx(flatten)]
    policy: PolicyColumns,
    #[sqlx(flatten)]
    scores: ScoreColumns,
    /// 0 or 1: its key is a synthetic demo key.
    key_synthetic: i64,
}

impl ScoreRow {
    /// The score the board may show, or `None`.
    fn shown(&self) -> Option<BenchmarkScore> {
        let granted = access(Viewer::Anonymous, self.policy.subject(), Surface::Board);
        if granted == Access::Hidden {
            return None;
        }
        let shown = self.scores.shown(granted);
        Some(BenchmarkScore {
            submission_id: self.public_id.clone(),
            accuracy: shown.accuracy,
            correct: shown.correct,
            total: shown.n,
            ci95: shown.ci95,
            synthetic_key: self.key_synthetic != 0,
        })
    }
}

/// For every (team, model) with a public submission on both benchmarks,
/// its newest score on each; best MedAraBench accuracy first.
pub async fn pairs(db: &Db) -> Result<Vec<BenchmarkPair>> {
    let rows: Vec<ScoreRow> = sqlx::query_as(
        "SELECT s.team_id, t.name AS team_name, s.model_name, s.benchmark, s.public_id, s.visibility, k.exposure,
                s.accuracy, s.correct, s.total, s.ci_low, s.ci_high, s.shown_accuracy,
                s.public_correct, s.public_total, s.ladder_floor, s.ladder_held, s.withdrawn_at,
                s.hidden_at, t.banned_at AS team_banned_at, k.synthetic AS key_synthetic
           FROM submissions s JOIN teams t ON t.id = s.team_id JOIN answer_keys k ON k.id = s.key_id
          WHERE s.benchmark IN ('medarabench', 'medarabiq') AND s.withdrawn_at IS NULL
          ORDER BY s.id DESC",
    )
    .fetch_all(db.pool())
    .await?;
    let mut pairs: Vec<BenchmarkPair> = Vec::new();
    // (team, model) -> position in `pairs`: one lookup per row, not a scan.
    let mut index: std::collections::HashMap<(i64, String), usize> = std::collections::HashMap::new();
    for r in rows {
        let Some(score) = r.shown() else { continue };
        let (team_id, model) = (r.policy.team_id, r.model_name);
        let idx = match index.get(&(team_id, model.clone())) {
            Some(&i) => i,
            None => {
                index.insert((team_id, model.clone()), pairs.len());
                pairs.push(BenchmarkPair { team_id, team: r.team_name, model, medarabench: None, medarabiq: None });
                pairs.len() - 1
            }
        };
        // Rows come newest first: keep the first seen per benchmark.
        let slot = if r.benchmark == "medarabiq" { &mut pairs[idx].medarabiq } else { &mut pairs[idx].medarabench };
        if slot.is_none() {
            *slot = Some(score);
        }
    }
    pairs.retain(|p| p.medarabench.is_some() && p.medarabiq.is_some());
    pairs.sort_by(|a, b| {
        let acc = |p: &BenchmarkPair| p.medarabench.as_ref().map_or(0.0, |s| s.accuracy);
        acc(b).total_cmp(&acc(a)).then_with(|| a.model.cmp(&b.model))
    });
    Ok(pairs)
}
