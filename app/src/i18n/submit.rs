//! Strings of the `/submit` page.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct SubmitText {
        title = "submit-title",
        lede = "submit-lede",
        steps_heading = "submit-steps-heading",
        steps = ["submit-steps-1", "submit-steps-2", "submit-steps-3", "submit-steps-4"],
        web_intro = "submit-web-intro",
        web_register = "submit-web-register",
        web_upload = "submit-web-upload",
        formats_heading = "submit-formats-heading",
        csv_intro = "submit-csv-intro",
        jsonl_intro = "submit-jsonl-intro",
        letters_caption = "submit-letters-caption",
        col_letter = "submit-col-letter",
        col_arabic = "submit-col-arabic",
        /// The last rule names the size limit.
        /// The file rules; `size` is the upload limit ("16 MiB").
        rules(size) = ["submit-rules-1", "submit-rules-2", "submit-rules-3", "submit-rules-4", "submit-rules-5"],
        extraction_heading = "submit-extraction-heading",
        extraction_intro = "submit-extraction-intro",
        /// (name, what it matches) for rules 1-6, in priority order.
        extraction_rules = [("submit-extraction-rules-1-name", "submit-extraction-rules-1-text"), ("submit-extraction-rules-2-name", "submit-extraction-rules-2-text"), ("submit-extraction-rules-3-name", "submit-extraction-rules-3-text"), ("submit-extraction-rules-4-name", "submit-extraction-rules-4-text"), ("submit-extraction-rules-5-name", "submit-extraction-rules-5-text"), ("submit-extraction-rules-6-name", "submit-extraction-rules-6-text")],
        extraction_examples = "submit-extraction-examples",
        standalone = "submit-standalone",
        full_protocol = "submit-full-protocol",
        cli_heading = "submit-cli-heading",
        cli_intro = "submit-cli-intro",
        server_note = "submit-server-note",
        api_heading = "submit-api-heading",
        api_intro = "submit-api-intro",
        api_fields = "submit-api-fields",
        /// Before the link to the OpenAPI description.
        api_description = "submit-api-description",
        quota_heading = "submit-quota-heading",
        /// Daily and total quota of this server.
        quota(daily, total) = "submit-quota",
        /// The uploads one client address may send a UTC day (when limited).
        quota_client(n) = "submit-quota-client",
        /// The teams one client address may register a UTC day (when limited).
        quota_registrations(n) = "submit-quota-registrations",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> SubmitText {
    SubmitText(lang)
}
