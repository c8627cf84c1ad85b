//! Strings of the `/upload` form, including the messages of the in-browser
//! file check and of the upload with progress.

use super::Lang;

crate::messages! {
    /// The texts of the page, in one language.
    pub struct UploadText {
        title = "upload-title",
        /// "Please {sign in} to upload predictions."
        please = "upload-please",
        sign_in = "upload-sign-in",
        to_upload = "upload-to-upload",
        /// Around the demo key's question count.
        synthetic_before = "upload-synthetic-before",
        synthetic_after = "upload-synthetic-after",
        /// "Uploads left today: {n}; in total: {n}. A refused file does not count."
        quota_today = "upload-quota-today",
        quota_total = "upload-quota-total",
        quota_end = "upload-quota-end",
        legend_required = "upload-legend-required",
        /// Beside each of the two required fields.
        required = "upload-required",
        legend_optional = "upload-legend-optional",
        /// Our file control: its button, and what it says before a file is chosen.
        choose_file = "upload-choose-file",
        no_file = "upload-no-file",
        /// A required field left empty.
        fill_in = "upload-fill-in",
        optional_note = "upload-optional-note",
        legend_predictions = "upload-legend-predictions",
        file = "upload-file",
        benchmark = "upload-benchmark",
        legend_model = "upload-legend-model",
        model_name = "upload-model-name",
        model_url = "upload-model-url",
        model_params = "upload-model-params",
        model_category = "upload-model-category",
        params_placeholder = "upload-params-placeholder",
        notes = "upload-notes",
        legend_protocol = "upload-legend-protocol",
        prompt_language = "upload-prompt-language",
        shots = "upload-shots",
        temperature = "upload-temperature",
        chain_of_thought = "upload-chain-of-thought",
        extraction = "upload-extraction",
        extraction_placeholder = "upload-extraction-placeholder",
        model_args = "upload-model-args",
        model_args_placeholder = "upload-model-args-placeholder",
        generation = "upload-generation",
        generation_placeholder = "upload-generation-placeholder",
        /// The optional lm-evaluation-harness results file, and what it fills.
        results = "upload-results",
        results_note = "upload-results-note",
        /// The optional permuted task's file, and what it gives.
        permuted = "upload-permuted",
        permuted_note = "upload-permuted-note",
        legend_contamination = "upload-legend-contamination",
        contamination = "upload-contamination",
        visibility = "upload-visibility",
        submit = "upload-submit",
        progress = "upload-progress",
        /// "Checking {file name}…"
        checking(name) = "upload-checking",
        unreadable = "upload-unreadable",
        /// The row count and the format of a file that parses.
        looks_valid(rows, format) = "upload-looks-valid",
        /// The parser's reason (in English).
        refused(reason) = "upload-refused",
        /// Appended to the check when the form is sent with a bad file.
        choose_valid = "upload-choose-valid",
        network_error = "upload-network-error",
    }
}

/// The texts of `lang`.
pub fn text(lang: Lang) -> UploadText {
    UploadText(lang)
}
