//! What the REST API sends, as types: each response body is one of these
//! views (never a hand-built JSON value), and the same types give the
//! OpenAPI description its schemas (`super::openapi`).

use app::domain::ScoreCard;
use app::domain::board::BoardRow;
use app::domain::errata::VersionScore;
use app::domain::exposure::{Exposure, OverallScore, ShownScores};
use app::domain::forensics::ShownFlag;
use app::domain::registration::TeamStatus;
use app::domain::split::{Part, PartScore};
use app::domain::visibility::{Surface, Viewer, Visibility, access};
use app::i18n::Lang;
use app::i18n::form_errors::say;
use app::services::submissions;
use app::services::submissions::{QuotaUse, SubmissionRecord};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A submission's scores as the policy lets them be shown: the whole score
/// card on a public key; on a held-out key the Ladder's overall score only
/// (no `correct`, no breakdowns: the fields are absent).
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ScoresView {
    Full(ScoreCard),
    Overall(OverallScore),
}

impl From<ShownScores> for ScoresView {
    fn from(s: ShownScores) -> Self {
        match s {
            ShownScores::Full(card) => Self::Full(card),
            ShownScores::Overall(overall) => Self::Overall(overall),
        }
    }
}

/// The API's submission object: identity, metadata, protocol card, and the
/// score card's fields at the top level (as `score --json` prints them) as
/// well as under `scores`.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubmissionView {
    #[serde(flatten)]
    pub card: ScoresView,
    /// The submission's public id.
    pub id: String,
    /// The submitting team's name.
    pub team: String,
    /// `medarabench` or `medarabiq`.
    pub benchmark: String,
    pub model_name: String,
    pub model_url: String,
    pub model_params: String,
    /// Declared: `open-arabic`, `proprietary-general`, ... or `unknown`
    /// (the board's category filter values).
    pub model_category: String,
    pub notes: String,
    pub protocol: ProtocolView,
    /// Declared training on MedAraBench data.
    pub contamination: String,
    pub visibility: Visibility,
    /// SHA-256 of the uploaded file.
    pub file_sha256: String,
    /// The detected input format (`csv`, `jsonl`).
    pub file_format: String,
    /// The same as `file_format`.
    pub format: String,
    /// The answer key's exposure: `public`, or `held-out` until revealed.
    pub exposure: Exposure,
    /// Unix time of the upload.
    pub created_at: i64,
    pub key: KeyRefView,
    pub scores: ScoresView,
    /// Whether its predictions are stored, so that a corrected version of
    /// its key scores it again; `false` for submissions stored before
    /// predictions were kept, which keep the score they have.
    pub rescorable: bool,
    /// Its score on every version of its key from the one it was uploaded
    /// on, oldest first; the `current` one is the score above. Empty on a
    /// held-out key (each version's correct count is per question).
    pub versions: Vec<VersionScore>,
    /// What key-copy forensics found when it was stored; empty for none
    /// (and for submissions stored before flags were computed).
    pub flags: Vec<FlagView>,
    /// Once its split key is revealed: the public part's score (all that
    /// was shown before the reveal) and the private part's (the final
    /// standing, which the board ranks on). Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public: Option<PartScore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub private: Option<PartScore>,
    /// Chosen by its team to count in its held-out key's final standing
    /// (`PATCH` with `final`); with none chosen, the model's latest counts.
    #[serde(rename = "final")]
    pub final_choice: bool,
    /// Withdrawn by its team (`DELETE /api/v1/submissions/{id}`): kept,
    /// and shown to its team only. Only its team ever sees `true`.
    pub withdrawn: bool,
    /// Unix time it was withdrawn; `null` while it is not (always present).
    #[schema(required = true)]
    pub withdrawn_at: Option<i64>,
    /// Hidden by the board's operators (the submission, or its whole team
    /// banned), and why: shown to its team only, as `withdrawn` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden: Option<HiddenView>,
}

/// Why the operators took a submission off the public surfaces.
#[derive(Debug, Serialize, ToSchema)]
pub struct HiddenView {
    /// Unix time.
    pub at: i64,
    pub reason: String,
    /// The whole team is banned (not this submission alone).
    pub team_banned: bool,
}

/// A flag on a submission (key-copy forensics): it never hides one.
#[derive(Debug, Serialize, ToSchema)]
pub struct FlagView {
    /// `reproduces_key_defects` or `near_duplicate`.
    pub code: String,
    /// In English, e.g. "reproduces 5 of 6 known key defects" or "nearly
    /// duplicates submission x7Kp2" (or "another team's submission" when
    /// that one is not for anyone to open). On a held-out key no flag is
    /// shown until the key is revealed.
    pub message: String,
}

impl FlagView {
    /// The flags of `r` as shown under `exposure`: a near-duplicate names
    /// the other submission only when anyone may open it.
    fn of(r: &SubmissionRecord, exposure: Exposure) -> Vec<Self> {
        r.flags
            .iter()
            .filter_map(|f| f.shown(exposure, |id| r.may_name(Viewer::Anonymous, id)))
            .map(|f| Self::shown(&f))
            .collect()
    }

    fn shown(f: &ShownFlag) -> Self {
        Self { code: f.code.clone(), message: say(Lang::En, &f.message) }
    }
}

/// How the predictions were made, as the team declared it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProtocolView {
    /// `ar`, `en`, `mixed` or `unknown`.
    pub prompt_language: String,
    pub shots: Option<i64>,
    pub temperature: Option<f64>,
    /// `yes`, `no` or `unknown`.
    pub chain_of_thought: String,
    /// How letters were extracted.
    pub extraction: String,
    /// The model's arguments as the run gave them (e.g.
    /// `hf: pretrained=org/model,dtype=bfloat16`), as declared or read
    /// from an lm-evaluation-harness results file.
    pub model_args: String,
    /// Generation settings: harness, task, output type, sampling.
    pub generation: String,
}

/// The answer key (version) a submission's scores are on.
#[derive(Debug, Serialize, ToSchema)]
pub struct KeyRefView {
    pub name: String,
    /// Absent for a held-out key: it would let an extracted key be checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
    /// The synthetic demo key, not the real test split.
    pub synthetic: bool,
    /// 1 for a key as first imported; 2, 3, ... for corrected versions.
    pub version: i64,
}

impl SubmissionView {
    /// `r` with `scores` as the policy lets the viewer see them.
    pub fn new(r: &SubmissionRecord, scores: ShownScores) -> Self {
        let m = &r.meta;
        let held_out = r.exposure == Exposure::HeldOut;
        let parts = submissions::parts(r, &scores);
        Self {
            card: scores.clone().into(),
            id: r.public_id.clone(),
            team: r.team_name.clone(),
            benchmark: r.benchmark.clone(),
            model_name: m.model_name.clone(),
            model_url: m.model_url.clone(),
            model_params: m.model_params.clone(),
            model_category: m.model_category.to_string(),
            notes: m.notes.clone(),
            protocol: ProtocolView {
                prompt_language: m.prompt_language.to_string(),
                shots: m.shots,
                temperature: m.temperature,
                chain_of_thought: m.chain_of_thought.to_string(),
                extraction: m.extraction.clone(),
                model_args: m.model_args.clone(),
                generation: m.generation.clone(),
            },
            contamination: m.contamination.to_string(),
            visibility: m.visibility,
            file_sha256: r.file_sha256.clone(),
            file_format: r.file_format.clone(),
            format: r.file_format.clone(),
            exposure: r.exposure,
            created_at: r.created_at,
            key: KeyRefView {
                name: r.key_name.clone(),
                sha256: (!held_out).then(|| r.key_sha256.clone()),
                synthetic: r.key_synthetic,
                version: r.key_version,
            },
            versions: if scores.card().is_some() { r.versions.clone() } else { Vec::new() },
            flags: FlagView::of(r, scores.exposure()),
            scores: scores.into(),
            rescorable: r.rescorable,
            public: parts.map(|(public, _)| public),
            private: parts.map(|(_, private)| private),
            final_choice: r.final_choice,
            withdrawn: r.withdrawn_at.is_some(),
            withdrawn_at: r.withdrawn_at,
            hidden: r.hidden.as_ref().map(|h| HiddenView {
                at: h.at,
                reason: h.reason.clone(),
                team_banned: h.team_banned,
            }),
        }
    }

    /// `r` as its own team sees it through the API.
    pub fn for_owner(r: &SubmissionRecord) -> Self {
        let granted = access(Viewer::Team(r.team_id), r.subject(), Surface::ApiObject);
        Self::new(r, submissions::shown(r, granted))
    }
}

/// A team's uploads used and left.
#[derive(Debug, Serialize, ToSchema)]
pub struct QuotaView {
    pub daily_limit: i64,
    pub daily_remaining: i64,
    pub total_limit: i64,
    pub total_remaining: i64,
    /// The smaller of the two.
    pub remaining: i64,
}

impl From<&QuotaUse> for QuotaView {
    fn from(q: &QuotaUse) -> Self {
        Self {
            daily_limit: q.daily_limit,
            daily_remaining: q.daily_remaining(),
            total_limit: q.total_limit,
            total_remaining: q.total_remaining(),
            remaining: q.remaining(),
        }
    }
}

/// The answer to an upload: the submission (the first one, for a repeat),
/// the quota left and whether it repeated an earlier upload.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadView {
    #[serde(flatten)]
    pub submission: SubmissionView,
    pub quota: QuotaView,
    /// The same file for the same model within 24 h, or a repeated
    /// `Idempotency-Key`: nothing was stored and no quota used.
    pub repeat: bool,
}

/// The team's own submissions, newest first, with the quota left.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubmissionListView {
    pub submissions: Vec<SubmissionView>,
    pub quota: QuotaView,
}

/// A team just registered.
#[derive(Debug, Serialize, ToSchema)]
pub struct RegisteredView {
    pub team: TeamView,
    /// The first member's email, as stored (trimmed, lower case).
    pub email: String,
    /// `active` (it may upload), `awaiting_email` (once the link mailed to
    /// the address is opened: `--registration email`) or
    /// `awaiting_approval` (once an operator lets it in).
    pub status: TeamStatus,
}

/// A team's id and name.
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamView {
    pub id: i64,
    pub name: String,
}

/// A new API token, shown once.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenView {
    /// The secret: send it as `Authorization: Bearer TOKEN`.
    pub token: String,
    pub id: i64,
    pub team_id: i64,
}

/// What `GET /api/v1/leaderboard` answers: the whole board, or one page of
/// its rows (with `limit` or `after`). Untagged: either object as it is.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LeaderboardAnswer {
    Board(LeaderboardView),
    Page(LeaderboardPageView),
}

/// The leaderboard for scripts: the rows the page shows, the baselines and
/// how rank ranges were computed. No other field (`next` makes a page).
#[derive(Debug, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderboardView {
    /// Always `medarabench`.
    pub benchmark: &'static str,
    /// Published (`reported`) and scored-here (`verified`) rows, best first.
    pub rows: Vec<BoardRowView>,
    /// Baselines on the default key (`reference`).
    pub reference: Vec<BoardRowView>,
    pub ranking: RankingView,
    /// Changes whenever a submission or key changes the board.
    pub board_version: String,
}

/// One page of the leaderboard's rows (`?limit=N&after=CURSOR`): the
/// fields of the whole board, `rows` cut to the page, and `next`.
#[derive(Debug, Serialize, ToSchema)]
pub struct LeaderboardPageView {
    /// Always `medarabench`.
    pub benchmark: &'static str,
    /// Up to `limit` rows in the board's order (best first; at one accuracy
    /// published before verified, then by model, team and submission id),
    /// starting after the row the `after` cursor names.
    pub rows: Vec<BoardRowView>,
    /// The cursor of the next page (send it as `after`), or null when this
    /// page ends the board. Opaque: the last row's sort key, encoded.
    #[schema(required = true)]
    pub next: Option<String>,
    /// Baselines on the default key (`reference`), on every page.
    pub reference: Vec<BoardRowView>,
    pub ranking: RankingView,
    /// The board version the page was cut from (it may differ from page
    /// to page while the board changes).
    pub board_version: String,
}

/// How rank ranges are computed.
#[derive(Debug, Serialize, ToSchema)]
pub struct RankingView {
    pub alpha: f64,
    /// Always `holm`.
    pub correction: &'static str,
    /// How many verified rows (the best) are ranked.
    pub verified_ranked: usize,
    pub tests: &'static str,
}

/// One row of the board, as the JSON and CSV exports give it.
#[derive(Debug, Serialize, ToSchema)]
pub struct BoardRowView {
    pub model: String,
    pub team: Option<String>,
    /// `reported`, `verified` or `reference`.
    pub source: &'static str,
    pub source_table: Option<String>,
    /// e.g. `open, Arabic`.
    pub category: Option<String>,
    pub submission_id: Option<String>,
    pub accuracy: f64,
    /// 95% interval (Wilson; approximate for reported rows).
    pub ci95: [f64; 2],
    pub ci95_approximate: bool,
    pub correct: Option<u64>,
    pub n: u64,
    /// On a split key, the part `accuracy`, `ci95`, `correct` and `n` are
    /// on: `public` before the reveal, `private` (the final standing) after.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<Part>,
    /// Once a split key is revealed, each part's score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public: Option<PartScore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub private: Option<PartScore>,
    /// On a held-out key: the accuracy is the Ladder's floor, chance
    /// rounded down to the step; the true score is at or below chance.
    pub at_or_below_chance: bool,
    /// On a held-out key: the submission did not beat its team's best
    /// shown score by more than the step (one Ladder per team), so the
    /// accuracy is that best, an upper bound of its own; not ranked.
    pub not_above_team_best: bool,
    pub params: Option<String>,
    pub contamination: Option<String>,
    pub key: Option<String>,
    pub synthetic_key: bool,
    /// A corrected version of its key exists and this score is not on it
    /// (stored before predictions were kept, so not scored again).
    pub key_superseded: bool,
    pub submitted_at: Option<i64>,
    pub rank_best: Option<usize>,
    pub rank_worst: Option<usize>,
    /// The answer key's exposure (verified rows): on `held-out`, the
    /// accuracy is the Ladder's and `correct` is null.
    pub exposure: Option<Exposure>,
    /// The team's submissions of this model (verified rows); the row shows
    /// the latest.
    pub attempts: Option<u64>,
    /// Unix time of the team's first submission of this model.
    pub first_submitted_at: Option<i64>,
    /// The detected input format of the shown submission (verified rows).
    pub format: Option<String>,
    /// What key-copy forensics found when the row's submission was stored
    /// (verified rows; empty otherwise). The CSV lists the codes.
    pub flags: Vec<FlagView>,
    /// Its calibration's ECE (with its bootstrap 95% CI), Brier score and
    /// n, where its file gave confidences and its key is public; null
    /// otherwise ("not given").
    pub calibration: Option<app::domain::calibration::CalibrationSummary>,
}

impl From<&BoardRow> for BoardRowView {
    fn from(r: &BoardRow) -> Self {
        Self {
            model: r.model.clone(),
            team: r.team.clone(),
            source: r.source.as_str(),
            source_table: r.source_table.clone(),
            category: r.category(),
            submission_id: r.submission_id.clone(),
            accuracy: r.accuracy,
            ci95: r.ci95,
            ci95_approximate: r.ci95_approximate,
            correct: r.correct,
            n: r.n,
            part: r.part,
            public: r.public,
            private: r.private,
            at_or_below_chance: r.at_or_below_chance,
            not_above_team_best: r.not_above_team_best,
            params: r.params.clone(),
            contamination: r.contamination.as_ref().map(ToString::to_string),
            key: r.key.clone(),
            synthetic_key: r.synthetic_key,
            key_superseded: r.key_superseded,
            submitted_at: r.submitted_at,
            rank_best: r.rank.map(|x| x.best),
            rank_worst: r.rank.map(|x| x.worst),
            exposure: r.exposure,
            attempts: r.attempts,
            first_submitted_at: r.first_submitted_at,
            format: r.format.clone(),
            flags: r.flags.iter().map(FlagView::shown).collect(),
            calibration: r.calibration,
        }
    }
}

/// Every error: `{"error": {"code", "message", "details"}}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorView {
    pub error: ErrorBodyView,
}

/// An error's stable code, its message for people and each problem.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBodyView {
    /// Stable and machine-readable, e.g. `invalid_predictions`.
    pub code: &'static str,
    pub message: String,
    pub details: Vec<ProblemView>,
}

/// One problem of a refused request: a field, or a line of the file.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ProblemView {
    Field {
        field: &'static str,
        problem: String,
    },
    Line {
        /// 1-based line of the file; `null` when the problem is the whole
        /// file. Always present, so a line problem is never read as a field
        /// problem.
        #[schema(required = true)]
        line: Option<usize>,
        problem: String,
    },
}

/// The upload as a multipart form: the file and the metadata fields.
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // Describes the form for the OpenAPI document only.
pub struct UploadForm {
    /// The prediction file in any accepted format (CSV, JSON Lines, a tool's
    /// output; gzip-compressed or not).
    #[schema(content_media_type = "application/octet-stream")]
    pub file: Vec<u8>,
    pub model_name: String,
    pub model_url: Option<String>,
    pub model_params: Option<String>,
    /// `proprietary-general`, `proprietary-arabic`, `proprietary-medical`,
    /// `open-general`, `open-arabic`, `open-medical` or `unknown` (default).
    pub model_category: Option<String>,
    pub notes: Option<String>,
    /// `ar`, `en`, `mixed` or `unknown`.
    pub prompt_language: Option<String>,
    pub shots: Option<i64>,
    pub temperature: Option<f64>,
    /// `yes`, `no` or `unknown`.
    pub chain_of_thought: Option<String>,
    pub extraction: Option<String>,
    /// `none`, `train`, `test`, `train_and_test` or `unknown`.
    pub contamination: Option<String>,
    /// `public` (default) or `private`.
    pub visibility: Option<String>,
    /// `medarabench` (default) or `medarabiq`.
    pub benchmark: Option<String>,
    /// The model's arguments (free text, at most 500 characters).
    pub model_args: Option<String>,
    /// Generation settings (free text, at most 500 characters).
    pub generation: Option<String>,
    /// lm-evaluation-harness's `results_<date>.json` of the same run
    /// (optional, gzip or not): fills `shots`, `temperature`, `model_args`
    /// and `generation` where the form leaves them empty.
    #[schema(content_media_type = "application/octet-stream")]
    pub results: Option<Vec<u8>>,
    /// The same model's output on the permuted task (`medarabench_permuted`:
    /// each question's options in a second order; optional, any accepted
    /// format): gives `robustness`.
    #[schema(content_media_type = "application/octet-stream")]
    pub permuted: Option<Vec<u8>>,
}

/// A change to a submission (`PATCH /api/v1/submissions/{id}`): any subset
/// of these fields, each validated as at upload; a field left out keeps
/// its value, `null` or `""` sets what an upload without it gets.
/// `model_name` cannot be changed, and any other name is refused.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // Describes the body for the OpenAPI document only.
pub struct SubmissionPatch {
    /// `public` or `private`.
    pub visibility: Option<String>,
    /// An `https://` or `http://` address, at most 500 characters.
    pub model_url: Option<String>,
    /// The parameter count as stated, e.g. `8B`; at most 40 characters.
    pub model_params: Option<String>,
    /// `proprietary-general`, `proprietary-arabic`, `proprietary-medical`,
    /// `open-general`, `open-arabic`, `open-medical` or `unknown`.
    pub model_category: Option<String>,
    /// Free text, at most 2,000 characters; never written to the audit log.
    pub notes: Option<String>,
    /// `ar`, `en`, `mixed` or `unknown`.
    pub prompt_language: Option<String>,
    /// 0 to 100.
    pub shots: Option<i64>,
    /// 0 to 2.
    pub temperature: Option<f64>,
    /// `yes`, `no` or `unknown`.
    pub chain_of_thought: Option<String>,
    /// How letters were extracted; at most 200 characters.
    pub extraction: Option<String>,
    /// `none`, `train`, `test`, `train_and_test` or `unknown`.
    pub contamination: Option<String>,
    /// The model's arguments; at most 500 characters.
    pub model_args: Option<String>,
    /// Generation settings; at most 500 characters.
    pub generation: Option<String>,
    /// On a held-out key, until it is revealed: `true` chooses the
    /// submission to count in the final standing (at most 2 per model; with
    /// none chosen, the latest counts), `false` unchooses it.
    #[serde(rename = "final")]
    pub final_choice: Option<bool>,
}
