//! Leaderboard data: one board for the page, the JSON and the CSV export.
//!
//! The board is assembled on the server by [`crate::db::board`] (published
//! results, verified public submissions and reference baselines, with rank
//! ranges) and cached per board version; this module holds the plain types
//! shared with the browser and the server function that serves them.

use leptos::prelude::*;
use serde::{Deserialize, Serialize};

use super::ApiError;

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
    /// Declared training on MedAraBench data.
    pub contamination: Option<String>,
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
    /// Name of the answer key it was scored on (verified, reference).
    pub key: Option<String>,
    /// That key is the synthetic demo key, not the real test split.
    pub synthetic_key: bool,
    /// Unix time of the upload (verified rows).
    pub submitted_at: Option<i64>,
    /// Rank range; `None` outside the ranked set.
    pub rank: Option<Ranks>,
    /// Which baseline (reference rows).
    pub baseline: Option<Baseline>,
}

impl BoardRow {
    /// "open, Arabic", or `None` when the source gives no category.
    pub fn category(&self) -> Option<String> {
        Some(format!("{}, {}", self.access.as_ref()?, self.focus.as_ref()?))
    }

    /// The category as a query-string value: `open-arabic`, or `none`.
    pub fn category_slug(&self) -> String {
        match (&self.access, &self.focus) {
            (Some(a), Some(f)) => format!("{}-{}", a.to_lowercase(), f.to_lowercase()),
            _ => "none".to_owned(),
        }
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
    /// Reported and verified rows, best accuracy first.
    pub rows: Vec<BoardRow>,
    /// Baselines on the default key, best first (empty without a key).
    pub reference: Vec<BoardRow>,
}

impl Board {
    /// Every row: models first, then baselines.
    pub fn all_rows(&self) -> impl Iterator<Item = &BoardRow> {
        self.rows.iter().chain(&self.reference)
    }
}

/// The published models, best first.
#[server(prefix = "/_fn")]
pub async fn published_models() -> Result<Vec<PublishedModel>, ApiError> {
    let db = expect_context::<crate::db::Db>();
    Ok(crate::db::published::list_models(&db).await?)
}

/// The board (cached per board version on the server).
#[server(prefix = "/_fn")]
pub async fn get_board() -> Result<Board, ApiError> {
    let db = expect_context::<crate::db::Db>();
    Ok((*crate::db::board::board(&db).await?).clone())
}

/// The board's filters as the page's query string carries them
/// (`?source=verified&category=open-arabic&q=llama`); the chart and the
/// page apply the same ones. Empty values mean "all".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoardFilter {
    pub source: Option<RowSource>,
    /// A [`BoardRow::category_slug`].
    pub category: Option<String>,
    /// Case-insensitive part of the model name.
    pub search: String,
}

impl BoardFilter {
    /// Query parameter names.
    pub const SOURCE: &'static str = "source";
    pub const CATEGORY: &'static str = "category";
    pub const SEARCH: &'static str = "q";

    /// Reads the filters from query values (`get(name)`); unknown values
    /// are ignored.
    pub fn from_query(get: impl Fn(&str) -> Option<String>) -> Self {
        let value = |name| get(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        Self {
            source: value(Self::SOURCE).and_then(|s| RowSource::parse(&s)),
            category: value(Self::CATEGORY).map(|c| c.to_lowercase()),
            search: value(Self::SEARCH).unwrap_or_default(),
        }
    }

    /// Whether a model row (reported or verified) is shown.
    pub fn shows(&self, row: &BoardRow) -> bool {
        self.source.is_none_or(|s| s == row.source)
            && self.category.as_ref().is_none_or(|c| *c == row.category_slug())
            && (self.search.is_empty() || row.model.to_lowercase().contains(&self.search.to_lowercase()))
    }

    /// Whether the baselines are shown: always, unless another source or a
    /// category is picked (baselines have none); the search does not hide
    /// them, they are the yardstick for whatever it finds.
    pub fn shows_reference(&self) -> bool {
        self.source.is_none_or(|s| s == RowSource::Reference) && self.category.is_none()
    }

    /// True when nothing is filtered.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(model: &str, source: RowSource, access: Option<&str>) -> BoardRow {
        BoardRow {
            source,
            model: model.into(),
            team: None,
            submission_id: None,
            source_table: None,
            access: access.map(Into::into),
            focus: access.map(|_| "Arabic".into()),
            params: None,
            contamination: None,
            accuracy: 0.5,
            correct: None,
            n: 10,
            ci95: [0.2, 0.8],
            ci95_approximate: false,
            key: None,
            synthetic_key: false,
            submitted_at: None,
            rank: None,
            baseline: None,
        }
    }

    #[test]
    fn filters_by_source_category_and_name() {
        let q = |pairs: &'static [(&'static str, &'static str)]| {
            BoardFilter::from_query(|name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned()))
        };
        let fanar = row("Fanar-C-1-8.7B", RowSource::Reported, Some("open"));
        let mine = row("My-Llama", RowSource::Verified, None);
        assert!(q(&[]).is_empty() && q(&[]).shows(&fanar) && q(&[]).shows_reference());
        let f = q(&[("source", "verified")]);
        assert!(!f.shows(&fanar) && f.shows(&mine) && !f.shows_reference());
        let f = q(&[("category", "Open-Arabic")]);
        assert!(f.shows(&fanar) && !f.shows(&mine) && !f.shows_reference());
        let f = q(&[("q", " llama ")]);
        assert!(!f.shows(&fanar) && f.shows(&mine) && f.shows_reference());
        assert_eq!(q(&[("source", "bogus"), ("q", "")]), BoardFilter::default());
        assert_eq!(mine.category_slug(), "none");
    }
}
