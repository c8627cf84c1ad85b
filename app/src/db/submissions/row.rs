//! A row of `submissions` as an upload writes it: [`SubmissionRow`], its
//! columns named once (by the macro below), written by [`SubmissionRow::insert`]
//! and read by the record statement (`records`), so the three cannot
//! disagree on a column's name, order or type.

use super::{AnyQuery, Ladder, NewSubmission, pack_bits};
use crate::db::{DbError, Result};

/// Declares the row's struct, the list of its columns (the fields' names,
/// in order) and the binding of its values in that same order.
macro_rules! submission_row {
    ($(#[$attr:meta])* pub struct $name:ident { $($(#[$field_attr:meta])* $field:ident: $ty:ty,)* }) => {
        $(#[$attr])*
        pub struct $name {
            $($(#[$field_attr])* pub $field: $ty,)*
        }

        impl $name {
            /// The columns, in the order [`Self::bind`] binds them.
            pub const COLUMNS: &'static [&'static str] = &[$(stringify!($field)),*];

            /// Binds every value, in the order of [`Self::COLUMNS`].
            fn bind(self, query: AnyQuery<'static>) -> AnyQuery<'static> {
                query$(.bind(self.$field))*
            }
        }
    };
}

submission_row! {
    /// Every column of `submissions` an upload writes. Enumerated values are
    /// stored by their names; a record read decodes them (`records`).
    #[derive(Debug, Clone, sqlx::FromRow)]
    pub struct SubmissionRow {
        public_id: String,
        team_id: i64,
        key_id: i64,
        benchmark: String,
        model_name: String,
        model_url: String,
        model_params: String,
        model_category: String,
        notes: String,
        prompt_language: String,
        shots: Option<i64>,
        temperature: Option<f64>,
        chain_of_thought: String,
        extraction: String,
        contamination: String,
        model_args: String,
        generation: String,
        visibility: String,
        file_sha256: String,
        file_format: String,
        created_at: i64,
        /// `YYYY-MM-DD` (UTC), the daily quota's bucket.
        utc_day: String,
        accuracy: f64,
        correct: i64,
        total: i64,
        ci_low: f64,
        ci_high: f64,
        missing: i64,
        unparsed: i64,
        ignored: i64,
        scorecard_json: String,
        /// Packed 8 items a byte (`pack_bits`). Not read with a record
        /// (large): empty there.
        #[sqlx(default)]
        correctness: Vec<u8>,
        idempotency_key: Option<String>,
        client_key: Option<String>,
        /// Packed predictions (`domain::stored_predictions`). Not read with a
        /// record (large): `None` there.
        #[sqlx(default)]
        predictions: Option<Vec<u8>>,
        predictions_key_id: Option<i64>,
        /// A confidence byte a question of the same layout
        /// (`domain::stored_predictions`); `None` when the file gave none.
        /// Not read with a record (large).
        #[sqlx(default)]
        confidences: Option<Vec<u8>>,
        /// The permuted task's predictions, mapped back and packed like
        /// `predictions`; `None` without one. Not read with a record (large).
        #[sqlx(default)]
        permuted_predictions: Option<Vec<u8>>,
        /// The calibration figures the board shows (`None`: no confidence).
        calibration_n: Option<i64>,
        ece: Option<f64>,
        ece_ci_low: Option<f64>,
        ece_ci_high: Option<f64>,
        brier: Option<f64>,
        /// `None`: stored before flags were computed.
        flags_json: Option<String>,
        /// The Ladder's shown accuracy and step, on a held-out key.
        shown_accuracy: Option<f64>,
        ladder_step: Option<f64>,
        /// The score on the key's public part, when the key is split
        /// (`domain::split`): its counts and its card's stored JSON.
        public_correct: Option<i64>,
        public_total: Option<i64>,
        public_scorecard_json: Option<String>,
        /// 1 when its team chose it to count in the final standing.
        final_choice: i64,
        /// The chance floor its Ladder started from, on a held-out key.
        ladder_floor: Option<f64>,
        /// 1 when it did not move its team's Ladder.
        ladder_held: i64,
    }
}

/// The columns a record read leaves out: large, and not shown.
pub(super) const LARGE_COLUMNS: [&str; 4] = ["correctness", "predictions", "confidences", "permuted_predictions"];

impl SubmissionRow {
    /// The row of `new` stored at `now` on the UTC `day`, with what the
    /// Ladder showed (on a held-out key).
    pub(super) fn new(new: &NewSubmission, now: i64, day: &str, shown: Option<Ladder>) -> Result<Self> {
        let (m, card) = (&new.meta, &new.card);
        let json = |e: serde_json::Error| DbError::Seed(e.to_string());
        let calibration = card.calibration.as_ref().map(|c| c.summary());

        Ok(Self {
            public_id: new.public_id.clone(),
            team_id: new.team_id,
            key_id: new.key.id,
            benchmark: new.key.benchmark.clone(),
            model_name: m.model_name.clone(),
            model_url: m.model_url.clone(),
            model_params: m.model_params.clone(),
            model_category: m.model_category.as_str().to_owned(),
            notes: m.notes.clone(),
            prompt_language: m.prompt_language.as_str().to_owned(),
            shots: m.shots,
            temperature: m.temperature,
            chain_of_thought: m.chain_of_thought.as_str().to_owned(),
            extraction: m.extraction.clone(),
            contamination: m.contamination.as_str().to_owned(),
            model_args: m.model_args.clone(),
            generation: m.generation.clone(),
            visibility: m.visibility.as_str().to_owned(),
            file_sha256: new.file_sha256.clone(),
            file_format: new.file_format.to_owned(),
            created_at: now,
            utc_day: day.to_owned(),
            accuracy: card.accuracy,
            correct: card.correct as i64,
            total: card.total as i64,
            ci_low: card.ci95[0],
            ci_high: card.ci95[1],
            missing: card.missing as i64,
            unparsed: card.unparsed as i64,
            ignored: card.ignored as i64,
            scorecard_json: card.to_stored_json().map_err(json)?,
            correctness: pack_bits(&new.correctness),
            idempotency_key: new.idempotency_key.clone(),
            client_key: new.client_key.clone(),
            predictions: Some(new.predictions.clone()),
            predictions_key_id: Some(new.key.id),
            confidences: new.confidences.clone(),
            permuted_predictions: new.permuted_predictions.clone(),
            calibration_n: calibration.map(|c| c.n as i64),
            ece: calibration.map(|c| c.ece),
            ece_ci_low: calibration.map(|c| c.ece_ci95[0]),
            ece_ci_high: calibration.map(|c| c.ece_ci95[1]),
            brier: calibration.map(|c| c.brier),
            flags_json: Some(serde_json::to_string(&new.flags).map_err(json)?),
            shown_accuracy: shown.map(|l| l.shown),
            ladder_step: shown.map(|l| l.step),
            public_correct: new.public_card.as_ref().map(|c| c.correct as i64),
            public_total: new.public_card.as_ref().map(|c| c.total as i64),
            public_scorecard_json: new.public_card.as_ref().map(|c| c.to_stored_json()).transpose().map_err(json)?,
            final_choice: 0,
            ladder_floor: shown.and_then(|l| l.floor),
            ladder_held: shown.map_or(0, |l| i64::from(l.held)),
        })
    }

    /// Inserts the row; its new row id.
    ///
    /// The statement is prepared afresh each time (not kept on the
    /// connection): PostgreSQL types a prepared statement's parameters by
    /// their first binding, and sqlx (0.8.6) binds a `None` of `f64`
    /// through `Any` as a `real` (`f32`), so a kept statement first run
    /// with no Ladder score would refuse the next row that has one.
    pub(super) async fn insert(self, conn: &mut sqlx::AnyConnection) -> Result<i64> {
        let query = self.bind(sqlx::query(&INSERT).persistent(false));
        Ok(query.fetch_one(conn).await.and_then(|row| sqlx::Row::try_get(&row, 0))?)
    }
}

/// [`SubmissionRow::insert`]'s statement: `$1`... in the order of the columns.
static INSERT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let columns = SubmissionRow::COLUMNS;
    format!(
        "INSERT INTO submissions ({}) VALUES ({}) RETURNING id",
        columns.join(", "),
        super::super::placeholders(1, columns.len())
    )
});

/// The columns a record read takes from `submissions s`: every column of
/// the row but the large ones, each as `s.<column>`.
pub(super) fn record_columns() -> String {
    let columns = SubmissionRow::COLUMNS.iter().filter(|c| !LARGE_COLUMNS.contains(c));
    columns.map(|c| format!("s.{c}")).collect::<Vec<_>>().join(", ")
}
