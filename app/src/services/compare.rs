//! Comparing two public submissions scored on the same key: side by side
//! by specialty and level, the paired difference (paired bootstrap 95% CI)
//! and the exact McNemar test; a submission or a published row with a
//! published row (`paper:<model>`): the unpaired difference (Newcombe's
//! hybrid score 95% CI); and the choices the page's pickers offer. Paired
//! outcomes are cached per process (see [`crate::db::compare`]); unpaired
//! ones are cheap and computed on every request.

use std::collections::{BTreeMap, BTreeSet};

use super::error::{Result, ServiceError};
use crate::db::Db;
use crate::db::compare::NotComparable;
use crate::db::submissions::SubmissionRecord;
use crate::domain::Breakdown;
use crate::domain::board::{Board, BoardRow, RowSource};
use crate::domain::compare::{
    COMPARE_REPLICATES, ChoiceOrigin, CompareCell, CompareChoice, CompareOutcome, CompareSide, Comparison,
    PublishedSide, UnpairedComparison, UnpairedSide, published_id, published_model,
};
use crate::domain::exposure::Exposure;

fn side(r: &SubmissionRecord) -> CompareSide {
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

/// Compares `a` and `b`: public submissions (public ids) or published
/// rows (`paper:<model>`). Paired outcomes are cached per process
/// ([`crate::db::compare`]); whether a submission is public is checked in
/// the database first, on every request.
pub async fn compare(db: &Db, a: &str, b: &str) -> Result<CompareOutcome> {
    let (a, b) = (a.trim().to_owned(), b.trim().to_owned());
    if a.is_empty() || b.is_empty() {
        return Ok(CompareOutcome::Incomplete);
    }
    if a == b {
        return Ok(CompareOutcome::Same);
    }
    if published_model(&a).is_some() || published_model(&b).is_some() {
        return unpaired(db, &a, &b).await;
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

/// The published row of `model` on the board.
fn published_side(board: &Board, model: &str) -> Option<PublishedSide> {
    let r = board.rows.iter().find(|r| r.source == RowSource::Reported && r.model == model)?;
    Some(PublishedSide {
        model: r.model.clone(),
        source_table: r.source_table.clone().unwrap_or_else(|| "Table 4".to_owned()),
        accuracy: r.accuracy,
        n: r.n as usize,
        ci95: r.ci95,
        ci95_approximate: r.ci95_approximate,
    })
}

/// Side `id` of an unpaired comparison, or the outcome that refuses it:
/// a published row must exist; a submission must be public, on a public
/// key (the same policy as a paired comparison) and on MedAraBench, the
/// published rows' benchmark.
async fn unpaired_side(db: &Db, board: &Board, id: &str) -> Result<std::result::Result<UnpairedSide, CompareOutcome>> {
    use crate::db::compare::public_record;
    if let Some(model) = published_model(id) {
        return Ok(published_side(board, model)
            .map(UnpairedSide::Published)
            .ok_or_else(|| CompareOutcome::NotPublished(model.to_owned())));
    }
    Ok(match public_record(db, id).await? {
        Err(NotComparable::Missing(id)) => Err(CompareOutcome::NotFound(id)),
        Err(NotComparable::HeldOut(id)) => Err(CompareOutcome::HeldOut(id)),
        Ok(r) if r.benchmark != crate::domain::Benchmark::MedAraBench.as_str() => {
            Err(CompareOutcome::OtherBenchmark(r.public_id))
        }
        Ok(r) => Ok(UnpairedSide::Submission(side(&r))),
    })
}

/// Two distinct ids of which one or both are published rows: the unpaired
/// comparison (not cached: it reads the board, itself cached, and
/// computes a formula).
async fn unpaired(db: &Db, a: &str, b: &str) -> Result<CompareOutcome> {
    // The published rows are the only ones read from the board.
    let board = crate::db::board::compare_rows(db, 0, &[]).await?;
    let a = match unpaired_side(db, &board, a).await? {
        Ok(side) => side,
        Err(refused) => return Ok(refused),
    };
    let b = match unpaired_side(db, &board, b).await? {
        Ok(side) => side,
        Err(refused) => return Ok(refused),
    };
    Ok(CompareOutcome::Unpaired(Box::new(UnpairedComparison::new(a, b))))
}

/// The comparison of two distinct public ids, computed.
async fn compute(db: &Db, a: String, b: String) -> Result<CompareOutcome> {
    use crate::db::compare::public_submission;
    use crate::domain::stats;
    let Some(sub_a) = public_submission(db, &a).await? else { return Ok(CompareOutcome::NotFound(a)) };
    let Some(sub_b) = public_submission(db, &b).await? else { return Ok(CompareOutcome::NotFound(b)) };
    if sub_a.key_id != sub_b.key_id || sub_a.correct.len() != sub_b.correct.len() {
        return Ok(CompareOutcome::DifferentKeys {
            a: Box::new(side(&sub_a.record)),
            b: Box::new(side(&sub_b.record)),
        });
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
        a: side(&sub_a.record),
        b: side(&sub_b.record),
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

/// Every published row, and the best `limit` public verified submissions
/// on public keys, in the board's order; then `a` and `b` if they are
/// such submissions and not among them. The page words the labels.
pub async fn choices(db: &Db, a: &str, b: &str, limit: usize) -> Result<Vec<CompareChoice>> {
    let board = crate::db::board::compare_rows(db, limit, &[a.trim(), b.trim()]).await?;
    let choice = |r: &std::sync::Arc<BoardRow>| {
        let (id, origin) = match r.source {
            RowSource::Reported => (
                published_id(&r.model),
                ChoiceOrigin::Published {
                    source_table: r.source_table.clone().unwrap_or_else(|| "Table 4".to_owned()),
                },
            ),
            // Rows on a held-out key are on the board, never in a comparison.
            RowSource::Verified if r.exposure == Some(Exposure::Public) => {
                (r.submission_id.clone()?, ChoiceOrigin::Submission { team: r.team.clone().unwrap_or_default() })
            }
            _ => return None,
        };
        Some(CompareChoice { id, model: r.model.clone(), accuracy: r.accuracy, origin })
    };
    let mut submissions = 0;
    let mut out: Vec<CompareChoice> = board
        .rows
        .iter()
        .filter_map(choice)
        .filter(|c| match c.origin {
            ChoiceOrigin::Published { .. } => true,
            ChoiceOrigin::Submission { .. } => {
                submissions += 1;
                submissions <= limit
            }
        })
        .collect();
    for id in [a.trim(), b.trim()].into_iter().filter(|id| !id.is_empty()) {
        if !out.iter().any(|c| c.id == id)
            && let Some(c) = board.rows.iter().find(|r| r.submission_id.as_deref() == Some(id)).and_then(choice)
        {
            out.push(c);
        }
    }
    Ok(out)
}
