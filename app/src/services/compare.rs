//! Comparing two public submissions scored on the same key: side by side
//! by specialty and level, the paired difference (paired bootstrap 95% CI)
//! and the exact McNemar test; and the choices the page's pickers offer.
//! Outcomes are cached per process (see [`crate::db::compare`]).

use std::collections::{BTreeMap, BTreeSet};

use super::error::{Result, ServiceError};
use crate::db::Db;
use crate::db::compare::NotComparable;
use crate::domain::Breakdown;
use crate::domain::board::BoardRow;
use crate::domain::compare::{COMPARE_REPLICATES, CompareCell, CompareChoice, CompareOutcome, CompareSide, Comparison};
use crate::domain::exposure::Exposure;

fn side(c: &crate::db::compare::Comparable) -> CompareSide {
    let r = &c.record;
    CompareSide {
        id: r.public_id.clone(),
        model: r.meta.model_name.clone(),
        team: r.team_name.clone(),
        key_name: r.key_name.clone(),
        key_synthetic: r.key_synthetic,
        accuracy: r.card.accuracy,
        correct: r.card.correct,
        n: r.card.total,
        ci95: r.card.ci95,
    }
}

fn cells(a: &BTreeMap<String, Breakdown>, b: &BTreeMap<String, Breakdown>) -> Vec<CompareCell> {
    let names: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    names.into_iter().map(|n| CompareCell { name: n.clone(), a: a.get(n).copied(), b: b.get(n).copied() }).collect()
}

/// Compares public submissions `a` and `b` (public ids). Outcomes are
/// cached per process ([`crate::db::compare`]); whether both ids are
/// public is checked in the database first, on every request.
pub async fn compare(db: &Db, a: &str, b: &str) -> Result<CompareOutcome> {
    let (a, b) = (a.trim().to_owned(), b.trim().to_owned());
    if a.is_empty() || b.is_empty() {
        return Ok(CompareOutcome::Incomplete);
    }
    if a == b {
        return Ok(CompareOutcome::Same);
    }
    let scoring = match crate::db::compare::public_pair(db, &a, &b).await? {
        Ok(scoring) => scoring,
        Err(NotComparable::Missing(id)) => return Ok(CompareOutcome::NotFound(id)),
        Err(NotComparable::HeldOut(id)) => return Ok(CompareOutcome::HeldOut(id)),
    };
    let comparisons = db.comparisons();
    let computed = compute(db, a.clone(), b.clone());
    let keep = |o: &CompareOutcome| !matches!(o, CompareOutcome::NotFound(_) | CompareOutcome::HeldOut(_));
    comparisons.get_or_compute((&a, &b), scoring, computed, keep).await
}

/// The comparison of two distinct public ids, computed.
async fn compute(db: &Db, a: String, b: String) -> Result<CompareOutcome> {
    use crate::db::compare::public_submission;
    use crate::domain::stats;
    let Some(sub_a) = public_submission(db, &a).await? else { return Ok(CompareOutcome::NotFound(a)) };
    let Some(sub_b) = public_submission(db, &b).await? else { return Ok(CompareOutcome::NotFound(b)) };
    if sub_a.key_id != sub_b.key_id || sub_a.correct.len() != sub_b.correct.len() {
        return Ok(CompareOutcome::DifferentKeys { a: Box::new(side(&sub_a)), b: Box::new(side(&sub_b)) });
    }
    let Some(secret) = crate::db::setting(db, "comparison_secret").await? else {
        return Err(ServiceError::internal("no comparison_secret in settings: start the server once with `serve`"));
    };
    let seed = stats::bootstrap_seed(secret.as_bytes(), &a, &b);
    let paired = tokio::task::spawn_blocking(move || {
        let (only_a, only_b) = stats::discordant(&sub_a.correct, &sub_b.correct)?;
        let diff = stats::paired_bootstrap(&sub_a.correct, &sub_b.correct, COMPARE_REPLICATES, seed)?;
        Ok::<_, stats::StatsError>((sub_a, sub_b, only_a, only_b, diff))
    })
    .await;
    let (sub_a, sub_b, only_a, only_b, diff) = paired
        .map_err(|e| ServiceError::internal(format!("comparison task: {e}")))?
        .map_err(|e| ServiceError::internal(format!("comparison statistics: {e}")))?;
    Ok(CompareOutcome::Compared(Box::new(Comparison {
        a: side(&sub_a),
        b: side(&sub_b),
        difference: diff.difference,
        difference_ci95: diff.ci95,
        replicates: diff.replicates,
        only_a,
        only_b,
        mcnemar_p: stats::mcnemar_exact(only_a, only_b),
        by_specialty: cells(&sub_a.record.card.by_specialty, &sub_b.record.card.by_specialty),
        by_level: cells(&sub_a.record.card.by_level, &sub_b.record.card.by_level),
    })))
}

/// The best `limit` public verified submissions on public keys, then `a`
/// and `b` if they are such and not among them.
pub async fn choices(db: &Db, a: &str, b: &str, limit: usize) -> Result<Vec<CompareChoice>> {
    let board = crate::db::board::board(db).await?;
    let choice = |r: &BoardRow| {
        // Rows on a held-out key are on the board, never in a comparison.
        if r.exposure != Some(Exposure::Public) {
            return None;
        }
        let id = r.submission_id.clone()?;
        let team = r.team.as_deref().unwrap_or_default();
        Some(CompareChoice { label: format!("{} — {team} ({:.3}, {id})", r.model, r.accuracy), id })
    };
    let mut out: Vec<CompareChoice> = board.rows.iter().filter_map(choice).take(limit).collect();
    for id in [a.trim(), b.trim()].into_iter().filter(|id| !id.is_empty()) {
        if !out.iter().any(|c| c.id == id)
            && let Some(c) = board.rows.iter().find(|r| r.submission_id.as_deref() == Some(id)).and_then(choice)
        {
            out.push(c);
        }
    }
    Ok(out)
}
