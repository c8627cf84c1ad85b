//! What the team pages show: the signed-in team, its page (members,
//! tokens, quota, submissions), the upload page's facts and a submission's
//! result page. Shared by the services that fill them and the pages (in
//! the browser too) that show them.

use serde::{Deserialize, Serialize};

use crate::errata::VersionScore;
use crate::exposure::{Exposure, ShownScores};
use crate::forensics::ShownFlag;
use crate::submission::SubmissionMeta;
use crate::visibility::Visibility;

/// An API token as the team page lists it (never the secret).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TokenRow {
    pub id: i64,
    pub label: String,
    pub prefix: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

/// The signed-in team, for the header.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ViewerInfo {
    pub team_id: i64,
    pub team_name: String,
}

/// A submission as lists show it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionSummary {
    pub id: String,
    pub model_name: String,
    pub benchmark: String,
    /// Shown accuracy: the Ladder's on a held-out key.
    pub accuracy: f64,
    pub ci95: [f64; 2],
    /// Absent on a held-out key.
    pub correct: Option<usize>,
    pub total: usize,
    pub visibility: Visibility,
    pub exposure: Exposure,
    pub created_at: i64,
    pub key_synthetic: bool,
    /// When its team withdrew it (it is then off the board, kept for the audit log).
    #[serde(default)]
    pub withdrawn_at: Option<i64>,
}

/// Everything the team page shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamPageData {
    pub team_name: String,
    pub members: Vec<String>,
    pub tokens: Vec<TokenRow>,
    /// A token created just now, shown once.
    pub new_token: Option<String>,
    pub daily_remaining: i64,
    pub daily_limit: i64,
    pub total_remaining: i64,
    pub total_limit: i64,
    pub submissions: Vec<SubmissionSummary>,
    /// Whether it may upload, or what it waits for.
    pub status: crate::registration::TeamStatus,
    /// An invitation's link made just now on a server that sends no mail
    /// (its path), shown once for the member to pass on.
    #[serde(default)]
    pub invitation_link: Option<String>,
}

/// A submission's result page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionPageData {
    pub id: String,
    pub team_name: String,
    pub benchmark: String,
    pub key_name: String,
    pub key_synthetic: bool,
    pub meta: SubmissionMeta,
    pub file_sha256: String,
    pub file_format: String,
    pub created_at: i64,
    /// Everything, or on a held-out key the overall score only.
    pub scores: ShownScores,
    /// Once its split key is revealed: the public and private parts'
    /// scores (`crate::split`).
    #[serde(default)]
    pub parts: Option<(crate::split::PartScore, crate::split::PartScore)>,
    /// Chosen by its team to count in its held-out key's final standing.
    #[serde(default)]
    pub final_choice: bool,
    /// Whether the viewer's team owns it.
    pub own: bool,
    /// Whether its predictions are stored (a corrected key can score it again).
    pub rescorable: bool,
    /// Its score on each version of its key, oldest first.
    pub versions: Vec<VersionScore>,
    /// What key-copy forensics found, as shown to this viewer.
    pub flags: Vec<ShownFlag>,
    /// When its team withdrew it (only its team sees it then).
    #[serde(default)]
    pub withdrawn_at: Option<i64>,
    /// Why the operators hid it (only its team sees it then).
    #[serde(default)]
    pub hidden_reason: Option<String>,
    /// A refused change from the owner's form, shown once with what was typed.
    #[serde(default)]
    pub refused_change: Option<RefusedChange>,
    /// The site's public address (`serve --public-url`), for links that
    /// leave it: the badge's Markdown.
    #[serde(default)]
    pub site_url: String,
}

/// The owner's change form sent back: why (the coded reasons, as a refused
/// upload's) and what was typed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct RefusedChange {
    pub reasons: String,
    pub typed: crate::submission::RawMeta,
}

/// What the upload page needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UploadPageData {
    pub signed_in: bool,
    pub daily_remaining: i64,
    pub total_remaining: i64,
    /// The default MedAraBench key is the synthetic demo key.
    pub synthetic_key: bool,
    pub key_questions: i64,
    /// Why the last upload from this session was refused, shown once.
    pub refusal: Option<String>,
    /// What that refused upload's form held, to fill the form again.
    #[serde(default)]
    pub typed: crate::submission::RawMeta,
    /// The benchmark that form named.
    #[serde(default)]
    pub typed_benchmark: Option<String>,
}
