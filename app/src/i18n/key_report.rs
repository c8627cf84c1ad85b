//! Strings of the answer key's validation report, shown on `/quality` and
//! `/dataset`, and the sentences of the core's rejection reasons.

use super::Lang;
use crate::domain::{Coded, Message, Rejection};

crate::messages! {
    /// The texts of the report, in one language.
    pub struct KeyReportText {
        none = "key-report-none",
        /// "The default key is {name}, imported on {date}."
        intro(name, date) = "key-report-intro",
        synthetic = "key-report-synthetic",
        sha256 = "key-report-sha256",
        rows = "key-report-rows",
        scoreable = "key-report-scoreable",
        rejected = "key-report-rejected",
        normalized = "key-report-normalized",
        warnings = "key-report-warnings",
        summary_caption = "key-report-summary-caption",
        col_item = "key-report-col-item",
        col_count = "key-report-col-count",
        rejected_caption = "key-report-rejected-caption",
        /// A held-out key: why its hash is not shown.
        held_out = "key-report-held-out",
        /// Rejected rows whose reasons name the keyed answer (held out).
        withheld(count) = "key-report-withheld",
        col_line = "key-report-col-line",
        col_question = "key-report-col-question",
        col_reason = "key-report-col-reason",
        reasons_in_english = "key-report-reasons-in-english",
        no_rejected = "key-report-no-rejected",
        warnings_caption = "key-report-warnings-caption",
        col_rows = "key-report-col-rows",
        col_meaning = "key-report-col-meaning",
        no_warnings = "key-report-no-warnings",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> KeyReportText {
    KeyReportText(lang)
}

/// Why a key row is not scored, in `lang`: the sentence of each reason's
/// code (`key-reason-*`), joined. `None` for a rejection stored before
/// reasons had codes: the page shows its English `reason` instead.
pub fn reasons(lang: Lang, rejection: &Rejection) -> Option<String> {
    if rejection.reasons.is_empty() {
        return None;
    }
    let messages: Vec<Message> = rejection.reasons.iter().map(Coded::message).collect();
    Some(super::form_errors::sentences(lang, &messages))
}
