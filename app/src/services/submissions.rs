//! Reading submissions: one submission as a viewer may see it on a
//! surface (the policy in `domain::visibility` decides, from the team's
//! visibility and the key's exposure), and a team's own.

use super::Viewer;
use super::error::{Result, ServiceError};
use crate::db::Db;
use crate::db::submissions;
pub use crate::db::submissions::{QuotaDefaults, QuotaUse, SubmissionRecord};
use crate::domain::exposure::{OverallScore, ShownScores, default_step, round_to_step};
use crate::domain::letters::LetterShares;
use crate::domain::split::{Part, PartScore};
use crate::domain::team::{RefusedChange, SubmissionPageData, SubmissionSummary};
use crate::domain::visibility::{Access, Surface, access};

/// A submission with what the viewer may see of its scores.
pub struct Seen {
    pub record: SubmissionRecord,
    pub scores: ShownScores,
}

/// The scores of `r` as `access` lets them be shown: everything, or the
/// Ladder's overall score, on a split key's public part. A submission
/// stored without a Ladder value (none is, on a held-out key) shows its
/// accuracy rounded to 1/√n.
pub fn shown(r: &SubmissionRecord, access: Access) -> ShownScores {
    match access {
        Access::Full | Access::Hidden => ShownScores::Full(r.card.clone()),
        Access::Overall => {
            let card = r.public_card.as_ref().unwrap_or(&r.card);
            let (value, step) = match r.ladder {
                Some(l) => (l.shown, l.step),
                None => {
                    let step = default_step(card.total);
                    (round_to_step(card.accuracy, step), step)
                }
            };
            let mut overall = OverallScore::new(card, value, step);
            overall.at_or_below_chance = r.ladder.is_some_and(|l| l.at_or_below_chance());
            overall.not_above_team_best = r.ladder.is_some_and(|l| l.held);
            // The file's own letters, over every question it answered (a
            // split key's part card counts none).
            overall.letter_shares = r.card.letter_shares.as_ref().map(LetterShares::without_key);
            ShownScores::Overall(if r.public_card.is_some() { overall.on(Part::Public) } else { overall })
        }
    }
}

/// Both parts' scores of `r` on a split key (`domain::split`), when
/// `scores` are shown in full (the key is public: revealed); `None`
/// otherwise. The private part is what the board ranks on.
pub fn parts(r: &SubmissionRecord, scores: &ShownScores) -> Option<(PartScore, PartScore)> {
    let (card, public) = (scores.card()?, r.public_card.as_ref()?);
    Some(PartScore::both(card.correct, card.total, public.correct, public.total))
}

/// Submission `id` as `viewer` may see it on `surface`; `NotFound` when the
/// policy hides it, exactly as for an unknown id.
pub async fn visible(db: &Db, viewer: &Viewer, id: &str, surface: Surface) -> Result<Seen> {
    let record = submissions::get(db, id).await?.ok_or(ServiceError::NotFound)?;
    match access(viewer.policy(), record.subject(), surface) {
        Access::Hidden => Err(ServiceError::NotFound),
        granted => Ok(Seen { scores: shown(&record, granted), record }),
    }
}

/// A refused change from the owner form, as its handler keeps it on the
/// session (see [`keep_refused_change`]).
#[derive(serde::Serialize, serde::Deserialize)]
struct KeptChange {
    id: String,
    #[serde(flatten)]
    change: RefusedChange,
}

/// Keeps a refused change of submission `id` on the session `session_hash`,
/// for the submission's page to show once with what was typed.
pub async fn keep_refused_change(db: &Db, session_hash: &str, id: &str, change: RefusedChange) -> Result<()> {
    let json = serde_json::to_string(&KeptChange { id: id.to_owned(), change }).map_err(ServiceError::internal)?;
    crate::db::sessions::set_flash(db, session_hash, crate::db::sessions::Flash::ChangeRefused, &json).await?;
    Ok(())
}

/// The result page of submission `id` for `viewer`; for its owner, takes
/// the session's refused change of it, if any.
pub async fn page(db: &Db, viewer: &Viewer, id: &str) -> Result<SubmissionPageData> {
    let Seen { record: r, scores } = visible(db, viewer, id, Surface::Page).await?;
    let own = viewer.team() == Some(r.team_id);
    let refused_change = match viewer.signed_in().filter(|_| own) {
        Some(session) => crate::db::sessions::take_flash(db, &session.hash, crate::db::sessions::Flash::ChangeRefused)
            .await?
            .and_then(|json| serde_json::from_str::<KeptChange>(&json).ok())
            .filter(|kept| kept.id == r.public_id)
            .map(|kept| kept.change),
        None => None,
    };
    // A near-duplicate names the other submission only when this viewer
    // could open it.
    let flags =
        r.flags.iter().filter_map(|f| f.shown(scores.exposure(), |id| r.may_name(viewer.policy(), id))).collect();
    let parts = parts(&r, &scores);
    // Each version's correct count is per question: not on a held-out key.
    let versions = if scores.card().is_some() { r.versions } else { Vec::new() };
    Ok(SubmissionPageData {
        id: r.public_id,
        team_name: r.team_name,
        benchmark: r.benchmark,
        key_name: r.key_name,
        key_synthetic: r.key_synthetic,
        meta: r.meta,
        file_sha256: r.file_sha256,
        file_format: r.file_format,
        created_at: r.created_at,
        own,
        rescorable: r.rescorable,
        versions,
        flags,
        withdrawn_at: r.withdrawn_at,
        hidden_reason: r.hidden.map(|h| h.reason),
        refused_change,
        parts,
        final_choice: r.final_choice,
        scores,
        site_url: String::new(),
    })
}

/// A team's own submissions, newest first, and its quota.
pub async fn own(db: &Db, team_id: i64, defaults: QuotaDefaults) -> Result<(Vec<SubmissionRecord>, QuotaUse)> {
    let records = submissions::for_team(db, team_id).await?;
    let quota = submissions::quota(db, team_id, defaults).await?;
    Ok((records, quota))
}

/// A submission as the team's own list shows it (its scores as the team's
/// own result page shows them).
pub fn summary(r: &SubmissionRecord) -> SubmissionSummary {
    let scores = shown(r, access(crate::domain::visibility::Viewer::Team(r.team_id), r.subject(), Surface::Page));
    SubmissionSummary {
        id: r.public_id.clone(),
        model_name: r.meta.model_name.clone(),
        benchmark: r.benchmark.clone(),
        accuracy: scores.accuracy(),
        ci95: scores.ci95(),
        correct: scores.card().map(|c| c.correct),
        total: scores.total(),
        visibility: r.meta.visibility,
        exposure: r.exposure,
        created_at: r.created_at,
        key_synthetic: r.key_synthetic,
        withdrawn_at: r.withdrawn_at,
    }
}
