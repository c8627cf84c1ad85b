//! The pure core of the leaderboard: the scoring engine and the model
//! types every layer shares, in plain Rust (no web, database or async code;
//! its Cargo.toml has no leptos, axum, sqlx or tokio), so that it runs the
//! same in the server, the CLI and the browser (WASM), and its tests run in
//! milliseconds. The app crate re-exports it as `app::domain`.
//!
//! It owns: reading answer keys ([`parse_key`]: the official MedAraBench
//! test-split CSV and the MedArabiQ CSV) into an [`AnswerKey`] and a
//! [`KeyReport`]; reading prediction files ([`PredictionFile`]) with the
//! letter-extraction protocol ([`extract`]); scoring ([`score()`]) into a
//! [`ScoreCard`]; the statistics ([`stats`]); and synthetic keys and
//! predictions for demos, tests and benchmarks ([`synthetic`]); and the
//! item analysis of a key from its submissions ([`item_analysis`]).
//! Parsers take bytes, never paths: file reading belongs to callers.
//!
//! The shared model: the leaderboard's rows, filters, rank ranges and
//! baselines ([`board`]), comparisons ([`compare`]), published figures
//! ([`figures`]), key summaries ([`key_summary`]), MedArabiQ pairs
//! ([`medarabiq`]), token listings ([`team`]) and the values a team declares
//! with a submission ([`declaration`], [`submission`], [`visibility`]).

// No unsafe code here, whatever the workspace allows elsewhere.
#![forbid(unsafe_code)]

pub mod benchmark;
pub mod board;
pub mod calibration;
pub mod compare;
pub mod confidence;
mod csv_records;
pub mod declaration;
pub mod demo;
pub mod errata;
pub mod exposure;
pub mod extract;
mod field_error;
pub mod figures;
pub mod forensics;
mod groups;
pub mod input;
pub mod item_analysis;
pub mod key;
mod key_builder;
pub mod key_reason;
pub mod key_summary;
pub mod letters;
mod medarabench_key;
pub mod medarabiq;
mod medarabiq_key;
pub mod message;
pub mod near_index;
pub mod operator;
pub mod predictions;
pub mod question_text;
pub mod registration;
pub mod report;
pub mod robustness;
pub mod sample_size;
pub mod score;
mod score_text;
pub mod split;
pub mod stats;
pub mod stored_predictions;
pub mod submission;
pub mod synthetic;
pub mod team;
pub mod types;
pub mod visibility;

#[cfg(test)]
mod golden_tests;
#[cfg(test)]
mod proptests;

pub use benchmark::{Benchmark, UnknownBenchmark};
pub use csv_records::spreadsheet_safe;
pub use extract::{Extraction, Rule, extract_letter};
pub use input::InputError;
pub use key::{AnswerKey, CheckedKey, KeyError, KeyItem, MAX_KEY_BYTES, parse_key, parse_key_for_scoring};
pub use key_reason::RejectReason;
pub use message::{Coded, Message};
pub use predictions::{MAX_PREDICTION_BYTES, Prediction, PredictionError, PredictionFile, PredictionFormat};
pub use report::{KeyReport, KeyWarning, Rejection, WarningKind};
pub use score::{
    Breakdown, FilesError, RandomBaseline, ScoreCard, Scored, read_and_score, read_permuted, score, score_bytes,
    score_files,
};
pub use stats::StatsError;
pub use stored_predictions::{Given, StoredPredictions, rescore};
pub use types::{Letter, Level, ParseError, QuestionId, Specialty};
