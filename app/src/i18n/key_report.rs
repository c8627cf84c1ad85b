//! Strings of the answer key's validation report, shown on `/quality` and
//! `/dataset`, and the sentences of the core's rejection reasons.

use super::{Arg, Lang, bundle};
use crate::domain::{Coded, RejectReason, Rejection};

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
        col_line = "key-report-col-line",
        col_question = "key-report-col-question",
        col_reason = "key-report-col-reason",
        reasons_in_english = "key-report-reasons-in-english",
        no_rejected = "key-report-no-rejected",
        warnings_caption = "key-report-warnings-caption",
        col_kind = "key-report-col-kind",
        col_rows = "key-report-col-rows",
        col_meaning = "key-report-col-meaning",
        no_warnings = "key-report-no-warnings",
        reason_separator = "key-report-reason-separator",
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
    let sentences: Vec<String> = rejection.reasons.iter().map(|r| reason(lang, r)).collect();
    Some(sentences.join(&text(lang).reason_separator()))
}

/// One reason in `lang`. Its arguments are text; those written as plain
/// whole numbers (counts, lines, ids) are passed as numbers, which print
/// the same and let plural variants select on them.
pub fn reason(lang: Lang, reason: &RejectReason) -> String {
    let message = reason.message();
    let args: Vec<(&str, Arg)> =
        message.args.iter().map(|(name, value)| (name.as_str(), number_or_text(value))).collect();
    bundle::format(lang, &message.code, &args)
}

/// `value` as a number when it is written as one exactly ("12", not "012"
/// or "+12"), else as text.
fn number_or_text(value: &str) -> Arg {
    match value.parse::<u64>() {
        // Below 2^53 the f64 that Fluent holds prints as written.
        Ok(n) if n < 1 << 53 && n.to_string() == value => Arg::from(n),
        _ => Arg::from(value),
    }
}
