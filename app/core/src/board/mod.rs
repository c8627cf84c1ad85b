//! The board's model: the rows of the leaderboard (published results,
//! verified submissions, reference baselines), the page a filter cuts from
//! it, and the pure computations behind them: filters ([`filter`]), rank
//! ranges from pairwise tests ([`rank`]), the baselines a key implies
//! ([`reference`]), the index a page is cut from ([`index`]) and the
//! board's total order ([`board_order`], [`order`]). Assembled
//! on the server from the database, shown by the pages and the exports.

pub mod filter;
pub mod order;
pub mod rank;
pub mod reference;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use filter::{BoardFilter, folded};
pub use order::{OrderKey, board_order, rows_after, sort_bytes};

use crate::declaration::Contamination;
use crate::exposure::Exposure;
use crate::forensics::ShownFlag;

/// Whether board version `a` comes before `b`. A version is the sum of
/// the version counters, then the number of ended banners (`"12.1"`); both
/// only grow. Versions that do not read compare as different.
pub fn version_is_older(a: &str, b: &str) -> bool {
    fn parts(v: &str) -> Option<(u64, u64)> {
        let (sum, ended) = v.split_once('.').unwrap_or((v, "0"));
        Some((sum.parse().ok()?, ended.parse().ok()?))
    }
    match (parts(a), parts(b)) {
        (Some(a), Some(b)) => a < b,
        _ => a != b,
    }
}

/// One published model result (Table 4 of the paper).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PublishedModel {
    /// Model name as printed in the paper.
    pub model: String,
    /// `proprietary` or `open`.
    pub access: String,
    /// `general`, `Arabic` or `medical`.
    pub focus: String,
    /// Zero-shot accuracy on the test split, as published (3 decimals).
    pub accuracy: f64,
    /// Questions the accuracy was measured on (the paper's test split).
    pub n: i64,
    /// Where the figure comes from, e.g. `Table 4`.
    pub source_table: String,
}

impl PublishedModel {
    /// Human-readable category, e.g. "open, Arabic".
    pub fn category(&self) -> String {
        format!("{}, {}", self.access, self.focus)
    }
}

/// Where a row of the board comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RowSource {
    /// Published in the paper (Table 4); not re-scored here.
    Reported,
    /// A public submission scored by this server.
    Verified,
    /// A baseline computed from the answer key (guessing, a constant
    /// letter): not a model.
    Reference,
}

impl RowSource {
    /// The value used in JSON, CSV and query strings.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Reported => "reported",
            Self::Verified => "verified",
            Self::Reference => "reference",
        }
    }

    /// Parses [`RowSource::as_str`].
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "reported" => Some(Self::Reported),
            "verified" => Some(Self::Verified),
            "reference" => Some(Self::Reference),
            _ => None,
        }
    }
}

/// Which baseline a reference row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "letter")]
pub enum Baseline {
    /// Uniform random guessing among each question's options.
    Random,
    /// Answering the same letter to every question.
    Always(char),
}

/// The places a model could hold (1 is first), from pairwise tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ranks {
    pub best: usize,
    pub worst: usize,
}

/// One row of the board, whatever its source. Fields a source does not
/// have are `None` (shown as "not reported" / "not stated").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardRow {
    pub source: RowSource,
    /// Model name (reported, verified) or the baseline's English name.
    pub model: String,
    /// The submitting team (verified rows only).
    pub team: Option<String>,
    /// The submission's public id (verified rows only).
    pub submission_id: Option<String>,
    /// The paper's table (reported rows only).
    pub source_table: Option<String>,
    /// `proprietary`/`open` and `general`/`Arabic`/`medical` (reported rows).
    pub access: Option<String>,
    pub focus: Option<String>,
    /// Parameter count as the team states it.
    pub params: Option<String>,
    /// Declared training on MedAraBench data (verified rows only).
    pub contamination: Option<Contamination>,
    pub accuracy: f64,
    /// Correct answers; `None` for reported rows (the paper gives only the
    /// rounded accuracy) and for random guessing (an expectation).
    pub correct: Option<u64>,
    /// Questions scored.
    pub n: u64,
    /// 95% interval: Wilson for verified and constant-letter rows; for
    /// reported rows Wilson from the rounded accuracy and n (approximate);
    /// for random guessing the central 95% of a guesser's accuracy.
    pub ci95: [f64; 2],
    /// The interval is reconstructed from a rounded published accuracy.
    pub ci95_approximate: bool,
    /// On a split key (`crate::split`), the part `accuracy`, `correct`,
    /// `n` and `ci95` are on: `public` before the reveal, `private` (the
    /// final standing) after it. `None`: the whole key.
    #[serde(default)]
    pub part: Option<crate::split::Part>,
    /// Once a split key is revealed, each part's score (verified rows).
    #[serde(default)]
    pub public: Option<crate::split::PartScore>,
    #[serde(default)]
    pub private: Option<crate::split::PartScore>,
    /// On a held-out key: the accuracy is the Ladder's floor, at or below
    /// chance (see [`crate::exposure::chance_floor`]).
    #[serde(default)]
    pub at_or_below_chance: bool,
    /// On a held-out key: the submission did not move its team's Ladder,
    /// so the accuracy is the team's best shown before it, an upper bound
    /// of its own; such a row is not ranked.
    #[serde(default)]
    pub not_above_team_best: bool,
    /// Name of the answer key it was scored on (verified, reference).
    pub key: Option<String>,
    /// That key is the synthetic demo key, not the real test split.
    pub synthetic_key: bool,
    /// A corrected version of that key exists and this score is not on it:
    /// the submission was stored before predictions were kept, so it could
    /// not be scored again (verified rows).
    #[serde(default)]
    pub key_superseded: bool,
    /// Unix time of the upload (verified rows).
    pub submitted_at: Option<i64>,
    /// Rank range; `None` outside the ranked set.
    pub rank: Option<Ranks>,
    /// Which baseline (reference rows).
    pub baseline: Option<Baseline>,
    /// The exposure of the key (verified rows): on a held-out key the
    /// accuracy is the Ladder's and `correct` is absent.
    pub exposure: Option<Exposure>,
    /// The team's submissions of this model on this benchmark (verified
    /// rows; the row shows the latest the board may show).
    pub attempts: Option<u64>,
    /// Unix time of the team's first submission of the model.
    pub first_submitted_at: Option<i64>,
    /// What key-copy forensics found when the shown submission was stored,
    /// as the row may show it (verified rows; see [`crate::forensics`]): on
    /// a held-out key without its counts, which never leave the server.
    #[serde(default)]
    pub flags: Vec<ShownFlag>,
    /// The detected input format of the shown submission (verified rows).
    pub format: Option<String>,
    /// Its calibration, where its file gave confidences and its key is
    /// public (verified rows; see [`crate::calibration`]).
    #[serde(default)]
    pub calibration: Option<crate::calibration::CalibrationSummary>,
}

impl BoardRow {
    /// A row of `source` named `model` with every optional field empty
    /// (accuracy 0.5 of n = 10): fill in the rest with struct update syntax.
    pub fn bare(model: &str, source: RowSource) -> Self {
        Self {
            source,
            model: model.into(),
            team: None,
            submission_id: None,
            source_table: None,
            access: None,
            focus: None,
            params: None,
            contamination: None,
            accuracy: 0.5,
            correct: None,
            n: 10,
            ci95: [0.2, 0.8],
            ci95_approximate: false,
            part: None,
            public: None,
            private: None,
            at_or_below_chance: false,
            not_above_team_best: false,
            key: None,
            synthetic_key: false,
            key_superseded: false,
            submitted_at: None,
            rank: None,
            baseline: None,
            exposure: None,
            attempts: None,
            first_submitted_at: None,
            flags: Vec::new(),
            format: None,
            calibration: None,
        }
    }

    /// "open, Arabic", or `None` when the source gives no category.
    pub fn category(&self) -> Option<String> {
        Some(format!("{}, {}", self.access.as_ref()?, self.focus.as_ref()?))
    }

    /// The category as a query-string value: `open-arabic`, or `none`.
    pub fn category_slug(&self) -> String {
        category_slug(self.access.as_deref().zip(self.focus.as_deref()))
    }
}

/// The category slug of a row with this access and focus
/// ([`BoardRow::category_slug`]).
pub fn category_slug(access_focus: Option<(&str, &str)>) -> String {
    match access_focus {
        Some((a, f)) => format!("{}-{}", a.to_lowercase(), f.to_lowercase()),
        None => "none".to_owned(),
    }
}

/// How many verified submissions (the best ones) join the published rows
/// in the ranked set: pairwise tests grow with the square of the set.
pub const RANKED_VERIFIED_LIMIT: usize = 200;

/// Significance level of the pairwise tests behind rank ranges (Holm).
pub const RANK_ALPHA: f64 = 0.05;

/// The whole board: every row, best first within each source group.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Board {
    /// The `board_version` setting it was computed at.
    pub version: String,
    /// Reported and verified rows, best accuracy first. The REST API's
    /// pages need them in [`board_order`]. Shared: a board made from the
    /// last one's changes holds the same rows wherever they did not change.
    pub rows: Vec<Arc<BoardRow>>,
    /// Baselines on the default key, best first (empty without a key).
    pub reference: Vec<BoardRow>,
}

impl Board {
    /// Every row: models first, then baselines.
    pub fn all_rows(&self) -> impl Iterator<Item = &BoardRow> {
        self.rows.iter().map(|r| &**r).chain(&self.reference)
    }
}

/// At most this many verified rows (the best the filter keeps) go to the
/// page: a page of 100,000 rows would be megabytes of HTML and of
/// hydration data on every visit. The CSV and JSON exports have them all.
pub const PAGE_VERIFIED_LIMIT: usize = RANKED_VERIFIED_LIMIT;

/// A category of the board, for the filter's choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CategoryChoice {
    /// The query value, a [`BoardRow::category_slug`].
    pub slug: String,
    /// `proprietary`/`open` and `general`/`Arabic`/`medical`; `None` for
    /// rows without a category (submissions).
    pub access_focus: Option<(String, String)>,
}

/// What the leaderboard page shows for one filter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardPage {
    /// The board version it was cut from.
    pub version: String,
    /// The published rows the filter keeps and the best verified ones (at
    /// most [`PAGE_VERIFIED_LIMIT`]), in the board's order (best first).
    pub rows: Vec<BoardRow>,
    /// Every baseline (the page shows them when
    /// [`BoardFilter::shows_reference`]).
    pub reference: Vec<BoardRow>,
    /// Verified rows in `rows`.
    pub verified_shown: usize,
    /// Verified rows of the whole board the filter keeps.
    pub verified_matching: usize,
    /// Models (published and verified) on the whole board, unfiltered.
    pub models_total: usize,
    /// Some row of the whole board was scored on the synthetic demo key.
    pub synthetic: bool,
}

impl BoardPage {
    /// Whether verified rows the filter keeps were left out.
    pub fn is_limited(&self) -> bool {
        self.verified_shown < self.verified_matching
    }
}
