//! Accepting an upload: validate the metadata, parse and score the file
//! against the benchmark's default key, and store it within the team's
//! quota and its client address's (across all teams) in one transaction.
//! A refused file stores nothing and does not count against a quota. An
//! upload that repeats an earlier one (the same `Idempotency-Key`, or the
//! same file for the same model within 24 hours: `app::db::repeats`) gets
//! the first submission back and uses no quota.
//! Shared by the API and the web form.

use std::sync::Arc;

use super::blocking;
use super::clients::ClientKey;
use super::error::{Result, ServiceError};
use super::keys::KeyCache;
use super::near_duplicates;
use super::secrets::new_public_id;
use crate::db::submissions::{
    self, InsertError, LadderRule, NewSubmission, QuotaDefaults, QuotaUse, Stored, SubmissionMeta, SubmissionRecord,
};
use crate::db::{Db, audit};
use crate::domain::exposure::{Exposure, as_drawn, chance_floor, default_noise, default_step, ladder_draws};
use crate::domain::forensics;
use crate::domain::registration::Registration;
use crate::domain::submission::RawMeta;
use crate::domain::{Benchmark, Message, read_and_score, read_permuted};

/// What accepting an upload needs besides the upload: the database, the
/// parsed keys, the server's quota defaults per team, the uploads a
/// client address may send a UTC day across all teams (0: no limit) and
/// the Ladder's step.
#[derive(Clone, Copy)]
pub struct Scoring<'a> {
    pub db: &'a Db,
    pub keys: &'a KeyCache,
    pub quota: QuotaDefaults,
    /// The Ladder's step on held-out keys (a fraction); `None`: 1/√n.
    pub ladder_step: Option<f64>,
    /// The scale of the Ladder's threshold noise (a fraction); `None`:
    /// half the step.
    pub ladder_noise: Option<f64>,
    /// The server's secret, which keys the Ladder's rounding.
    pub secret: &'a str,
    pub client_daily_quota: i64,
    /// How the server lets teams in (a team not let in uploads nothing).
    pub registration: Registration,
}

/// An upload as it arrives.
pub struct Upload {
    pub team_id: i64,
    pub benchmark: Benchmark,
    pub meta: RawMeta,
    pub file: Vec<u8>,
    /// lm-evaluation-harness's `results_<date>.json` of the same run, if
    /// sent: it fills the protocol card's run facts left empty.
    pub results: Option<Vec<u8>>,
    /// The permuted task's file of the same model (option-order
    /// robustness: `domain::robustness`), if sent.
    pub permuted: Option<Vec<u8>>,
    /// The client's `Idempotency-Key` header, if any.
    pub idempotency_key: Option<String>,
    /// Who sent it (`None`: not known, then only the team's quota applies).
    pub client: Option<ClientKey>,
    /// The API token it came with (its row id), checked again in the
    /// upload's transaction (`services::tokens`); `None` from a session.
    pub token_id: Option<i64>,
}

/// An accepted upload: the submission, the quota left, and whether the
/// upload repeated an earlier one (then `record` is that first submission).
pub struct Accepted {
    pub record: SubmissionRecord,
    pub quota: QuotaUse,
    pub repeat: bool,
}

/// Fills the run facts that `meta` leaves empty (shots, temperature,
/// model arguments, generation settings) from an lm-evaluation-harness
/// results file; what the team typed wins. A file that is not such a
/// results file is refused (nothing is stored).
pub fn fill_from_results(meta: &mut RawMeta, results: &[u8]) -> Result<()> {
    use crate::domain::Coded;
    let card = crate::domain::predictions::read_run_card(results)
        .map_err(|e| ServiceError::BadRequest { code: "invalid_results", message: e.message() })?;
    let facts = [
        ("shots", card.shots.map(|s| s.to_string())),
        ("temperature", card.temperature.map(|t| t.to_string())),
        ("model_args", Some(card.model_args).filter(|s| !s.is_empty())),
        ("generation", Some(card.generation).filter(|s| !s.is_empty())),
    ];
    for (name, value) in facts {
        if let Some(value) = value.filter(|_| meta.get(name).is_none_or(|typed| typed.trim().is_empty())) {
            meta.set(name, value);
        }
    }
    Ok(())
}

/// The longest `Idempotency-Key` accepted.
pub const MAX_IDEMPOTENCY_KEY: usize = 255;

/// Checks an `Idempotency-Key` header's value: 1-255 visible ASCII
/// characters.
pub fn idempotency_key(value: Option<&str>) -> Result<Option<String>> {
    let Some(key) = value else { return Ok(None) };
    if (1..=MAX_IDEMPOTENCY_KEY).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic()) {
        Ok(Some(key.to_owned()))
    } else {
        Err(ServiceError::BadRequest {
            code: "invalid_idempotency_key",
            message: Message::new("api-invalid-idempotency-key").arg("max", MAX_IDEMPOTENCY_KEY),
        })
    }
}

/// Scores and stores an upload, or finds the earlier submission it repeats.
pub async fn accept(ctx: Scoring<'_>, mut upload: Upload) -> Result<Accepted> {
    super::operator::ensure_writable(ctx.db).await?;
    if let Some(results) = upload.results.take().filter(|r| !r.is_empty()) {
        fill_from_results(&mut upload.meta, &results)?;
    }
    let meta = upload.meta.validate().map_err(ServiceError::InvalidFields)?;
    if upload.file.is_empty() {
        return Err(ServiceError::BadRequest { code: "missing_file", message: Message::new("api-missing-file") });
    }
    // Repeats and the quotas (the team's, and its client address's across
    // all teams) are checked in the insert's transaction, once the file is
    // scored: a repeat is answered with its first submission and uses no
    // quota, whoever is over theirs. So is the default key the file was
    // scored on (read from a cache): if it changed meanwhile, the file is
    // scored again on the key now the default.
    let file = Arc::new(std::mem::take(&mut upload.file));
    let mut attempt = 1;
    let stored = loop {
        let new = scored(ctx, &upload, meta.clone(), file.clone()).await?;
        match submissions::insert_within_quota(ctx.db, new, ctx.quota).await {
            Err(InsertError::KeyChanged) if attempt < KEY_ATTEMPTS => {
                ctx.keys.forget_default(upload.benchmark).await;
                attempt += 1;
            }
            stored => break stored?,
        }
    };
    match stored {
        Stored::New { record, quota } => Ok(Accepted { record: *record, quota, repeat: false }),
        // A repeat (found in the transaction): the first submission, no quota used.
        Stored::Repeat(first) => repeated(ctx, upload.team_id, &first).await,
    }
}

/// How many times an upload is scored while the default key keeps changing
/// under it (each time a key is imported or revealed in between) before it
/// is given up with an error.
const KEY_ATTEMPTS: u32 = 3;

/// `upload`'s `file` scored on its benchmark's default key, with its
/// forensic flags and, on a held-out key, the Ladder's rule: the new
/// submission to store.
async fn scored(ctx: Scoring<'_>, upload: &Upload, meta: SubmissionMeta, file: Arc<Vec<u8>>) -> Result<NewSubmission> {
    let (benchmark, team_id) = (upload.benchmark, upload.team_id);
    let stored_key = ctx.keys.default_key(ctx.db, benchmark).await?.ok_or(ServiceError::NoKey(benchmark))?;
    let key = ctx.keys.get(ctx.db, stored_key.id, benchmark).await?;
    let scoring_key = key.clone();
    let inline = file.len() + upload.permuted.as_ref().map_or(0, Vec::len) <= INLINE_FILE_BYTES;
    let permuted_file = upload.permuted.clone().filter(|p| !p.is_empty());
    if permuted_file.is_some() && benchmark != Benchmark::MedAraBench {
        return Err(ServiceError::BadRequest {
            code: "permuted_not_offered",
            message: Message::new("api-permuted-not-offered").arg("benchmark", benchmark),
        });
    }
    let (sha, scored, format, permuted) = blocking::run(inline, move || {
        let sha = crate::domain::input::sha256_hex(&file);
        let (file, scored) = read_and_score(&scoring_key, &file).map_err(ServiceError::InvalidFile)?;
        let Some(bytes) = permuted_file else { return Ok((sha, scored, file.format, None)) };
        let permuted = read_permuted(&scoring_key, &bytes).map_err(ServiceError::InvalidPermutedFile)?;
        // Both files' hashes: the same file sent again with a permuted
        // file, or with another, is a new upload, not a repeat.
        let sha = format!("{sha}+{}", crate::domain::input::sha256_hex(&bytes));
        Ok::<_, ServiceError>((sha, scored.with_permuted(&scoring_key, &permuted), file.format, Some(permuted.pack())))
    })
    .await??;
    let near = near_duplicates::check(ctx.db, ctx.keys, stored_key.id, &key, team_id, &scored.predictions).await?;
    let flags = forensics::flags(&key, &scored.predictions, near.of);
    // On a split key the public part is scored too (always: its counts are
    // shown beside the private part's once the key is revealed), and it is
    // all the Ladder sees: its comparison, rounding and draws read the
    // public questions' answers only, so nothing shown before the reveal
    // depends on a private one.
    let given = &scored.predictions.given()[..key.len()];
    let part = ctx.keys.public_part(ctx.db, &stored_key).await?;
    let public_card = part.as_ref().map(|part| part.score(given));
    let ladder = (stored_key.exposure == Exposure::HeldOut).then(|| {
        let secret = ctx.secret.as_bytes();
        let (answers, card) = match (&part, &public_card) {
            (Some(part), Some(card)) => (as_drawn(part.key(), &part.given(given)), card),
            _ => (as_drawn(&key, given), &scored.card),
        };
        let step = ctx.ladder_step.unwrap_or_else(|| default_step(card.total));
        let scale = ctx.ladder_noise.unwrap_or_else(|| default_noise(step));
        let (offset, noise) = ladder_draws(secret, stored_key.id, &answers, scale);
        let floor = chance_floor(card.random_baseline.expected_accuracy, step);
        LadderRule { accuracy: card.accuracy, floor, step, offset, noise }
    });
    Ok(NewSubmission {
        public_id: new_public_id(),
        team_id,
        key: stored_key,
        meta,
        file_sha256: sha,
        file_format: format.as_str(),
        predictions: scored.predictions.pack(),
        confidences: scored.predictions.confidence_bytes().map(<[u8]>::to_vec),
        permuted_predictions: permuted,
        card: scored.card,
        public_card,
        correctness: scored.correct,
        idempotency_key: upload.idempotency_key.clone(),
        flags,
        near_index: near.entry,
        ladder,
        client_key: upload.client.as_ref().map(|c| c.as_str().to_owned()),
        token_id: upload.token_id,
        client_per_day: ctx.client_daily_quota,
        registration: ctx.registration,
    })
}

/// Files up to this size are hashed, read and scored on the request's own
/// task (a 5,000-row CSV takes a fraction of a millisecond); larger ones on
/// the blocking pool (`services::blocking`).
pub const INLINE_FILE_BYTES: usize = 512 * 1024;

/// The answer to a repeat: the first submission and the quota as it is.
async fn repeated(ctx: Scoring<'_>, team_id: i64, first: &str) -> Result<Accepted> {
    audit::record(ctx.db, "submission_repeated", Some(team_id), None, first).await?;
    let record = submissions::get(ctx.db, first).await?.ok_or(ServiceError::NotFound)?;
    let quota = submissions::quota(ctx.db, team_id, ctx.quota).await?;
    Ok(Accepted { record, quota, repeat: true })
}
