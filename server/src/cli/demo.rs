//! `medarabench serve --demo`: fills a database that has no team yet with
//! the synthetic demo teams and submissions of `app::domain::demo`, scored
//! by the real upload service on synthetic keys only, so that a fresh board
//! has something to show. Every row says it is a demo: team names start
//! "Demo: ", notes say "synthetic demo submission", and the board marks
//! scores on a synthetic key. Never on by default; a database with any
//! team (a second start, or real teams) gets nothing.

use anyhow::Context;
use app::domain::demo::{self, Answers, KEY_COPY_NOTES, NOTES};
use app::domain::exposure::Exposure;
use app::domain::submission::RawMeta;
use app::domain::synthetic::{as_permuted, synthetic_medarabiq, synthetic_predictions, with_confidences};
use app::domain::{Benchmark, parse_key};
use app::services::key_store as keys;
use app::services::submissions::QuotaDefaults;
use app::services::submit::{Scoring, Upload, accept};
use app::services::{Db, ServiceError, accounts, secrets, teams};

use crate::state::AppState;

/// The synthetic MedArabiQ key stored for the demo when none is: its name,
/// size and seed.
pub const DEMO_MEDARABIQ_NAME: &str = "synthetic-demo-medarabiq";
pub const DEMO_MEDARABIQ_ROWS: usize = 300;
pub const DEMO_MEDARABIQ_SEED: u64 = 2026;

/// What a demo fill stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filled {
    pub teams: usize,
    pub submissions: usize,
}

/// Fills the database with the demo teams and their submissions when it
/// has no team; `None` (nothing stored) otherwise. Uploads on a benchmark
/// whose default key is a real (imported) key are left out: demo scores
/// only ever come from synthetic keys. `serve` stores the MedAraBench demo
/// key (`ensure_demo_key`) before it calls this.
pub async fn fill(state: &AppState) -> anyhow::Result<Option<Filled>> {
    let db = &state.db;
    if teams::count(db).await? > 0 {
        tracing::info!("--demo: the database already has teams; no demo data added");
        return Ok(None);
    }
    ensure_demo_medarabiq_key(db).await?;
    let scoring = Scoring { quota: QuotaDefaults { daily: 1000, total: 1000 }, ..state.scoring() };
    let mut filled = Filled { teams: 0, submissions: 0 };
    for team in demo::TEAMS {
        let password = secrets::new_secret("demo-");
        let registered = accounts::register(db, &team.full_name(), team.email, &password, None).await;
        let team_id = match registered {
            Ok((team_id, _)) => team_id,
            // Another process started with --demo at the same moment.
            Err(ServiceError::Conflict { .. }) if filled.teams == 0 => return Ok(None),
            Err(e) => return Err(e).with_context(|| format!("demo team {:?} not stored", team.full_name())),
        };
        filled.teams += 1;
        for upload in team.uploads {
            let Some((file, permuted)) = demo_file(state, upload).await? else { continue };
            let notes = if upload.answers == Answers::KeyCopy { KEY_COPY_NOTES } else { NOTES };
            let meta = RawMeta {
                model_name: Some(upload.model.to_owned()),
                notes: Some(notes.to_owned()),
                ..RawMeta::default()
            };
            let upload = Upload {
                team_id,
                benchmark: upload.benchmark,
                meta,
                file: file.into_bytes(),
                results: None,
                permuted,
                idempotency_key: None,
                client: None,
                token_id: None,
            };
            accept(scoring, upload).await.context("a demo submission was not stored")?;
            filled.submissions += 1;
        }
    }
    tracing::info!("--demo: stored {} demo teams and {} demo submissions", filled.teams, filled.submissions);
    Ok(Some(filled))
}

/// The prediction file of a demo upload, on its benchmark's default key,
/// and for a generated one its permuted task's file (the same model asked
/// again, a little differently); `None` when that key is not synthetic.
async fn demo_file(state: &AppState, upload: &demo::Upload) -> anyhow::Result<Option<(String, Option<Vec<u8>>)>> {
    let Some(stored) = keys::default_key(&state.db, upload.benchmark).await? else { return Ok(None) };
    if !stored.synthetic {
        tracing::warn!("--demo: the {} key {:?} is real; no demo upload on it", stored.benchmark, stored.name);
        return Ok(None);
    }
    Ok(Some(match upload.answers {
        Answers::Synthetic { accuracy, seed } => {
            let key = state.keys.get(&state.db, stored.id, upload.benchmark).await?;
            // With a confidence per answer and the permuted task's file,
            // so the demo shows calibration and option-order robustness.
            let file = with_confidences(&key, &synthetic_predictions(&key, accuracy, seed), seed);
            // (The permuted task is MedAraBench's.)
            let again = (upload.benchmark == Benchmark::MedAraBench)
                .then(|| as_permuted(&key, &synthetic_predictions(&key, accuracy * 0.95, seed + 7)).into_bytes());
            (file, again)
        }
        Answers::KeyCopy => {
            let content = keys::content_for_scoring(&state.db, stored.id).await?;
            (demo::key_copy(&String::from_utf8_lossy(&content)), None)
        }
    }))
}

/// Stores the synthetic MedArabiQ key when no MedArabiQ key is stored.
async fn ensure_demo_medarabiq_key(db: &Db) -> anyhow::Result<()> {
    if keys::default_key(db, Benchmark::MedArabiQ).await?.is_some() {
        return Ok(());
    }
    let csv = synthetic_medarabiq(DEMO_MEDARABIQ_ROWS, DEMO_MEDARABIQ_SEED);
    let checked = parse_key(Benchmark::MedArabiQ, csv.as_bytes())?;
    let key = keys::NewKey {
        benchmark: Benchmark::MedArabiQ,
        name: DEMO_MEDARABIQ_NAME,
        report: &checked.report,
        content: csv.as_bytes(),
        synthetic: true,
        exposure: Exposure::Public,
        split: None,
    };
    match keys::insert(db, key).await {
        Ok(_) | Err(keys::KeyStoreError::SameContent { .. } | keys::KeyStoreError::NameTaken { .. }) => Ok(()),
        Err(e) => Err(e.into()),
    }
}
