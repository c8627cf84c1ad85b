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
        formats_intro = "submit-formats-intro",
        formats_caption = "submit-formats-caption",
        col_format = "submit-col-format",
        col_tool = "submit-col-tool",
        col_question = "submit-col-question",
        col_choice = "submit-col-choice",
        /// Per format, in `PredictionFormat::ALL` order: which tool writes it,
        /// how the question is named, how the letter is read.
        format_tools = ["submit-format-csv-tool", "submit-format-jsonl-tool", "submit-format-lm-eval-tool", "submit-format-lighteval-tool", "submit-format-openai-tool", "submit-format-anthropic-tool"],
        format_questions = ["submit-format-csv-question", "submit-format-jsonl-question", "submit-format-lm-eval-question", "submit-format-lighteval-question", "submit-format-openai-question", "submit-format-anthropic-question"],
        format_choices = ["submit-format-csv-choice", "submit-format-jsonl-choice", "submit-format-lm-eval-choice", "submit-format-lighteval-choice", "submit-format-openai-choice", "submit-format-anthropic-choice"],
        csv_intro = "submit-csv-intro",
        jsonl_intro = "submit-jsonl-intro",
        letters_caption = "submit-letters-caption",
        col_letter = "submit-col-letter",
        col_arabic = "submit-col-arabic",
        /// The file rules; `size` is the limit after decompression ("64 MiB"),
        /// `problems` how many problems a refusal lists at most.
        rules(size, problems) = ["submit-rules-1", "submit-rules-2", "submit-rules-3", "submit-rules-4", "submit-rules-5", "submit-rules-6", "submit-rules-7", "submit-rules-8", "submit-rules-9", "submit-rules-10"],
        extraction_heading = "submit-extraction-heading",
        extraction_intro = "submit-extraction-intro",
        /// What happens before rule 1.
        reasoning_name = "submit-extraction-reasoning-name",
        reasoning_text = "submit-extraction-reasoning-text",
        /// (name, what it matches) for rules 1-7, in priority order.
        extraction_rules = [("submit-extraction-rules-1-name", "submit-extraction-rules-1-text"), ("submit-extraction-rules-2-name", "submit-extraction-rules-2-text"), ("submit-extraction-rules-3-name", "submit-extraction-rules-3-text"), ("submit-extraction-rules-4-name", "submit-extraction-rules-4-text"), ("submit-extraction-rules-5-name", "submit-extraction-rules-5-text"), ("submit-extraction-rules-6-name", "submit-extraction-rules-6-text"), ("submit-extraction-rules-7-name", "submit-extraction-rules-7-text")],
        /// The refusal guard between rules 2 and 3.
        refusal_name = "submit-extraction-refusal-name",
        refusal_text = "submit-extraction-refusal-text",
        /// How rules 1-3 and 4-7 decide.
        weak_name = "submit-extraction-weak-name",
        weak_text = "submit-extraction-weak-text",
        /// What is never read.
        unparsed_name = "submit-extraction-unparsed-name",
        unparsed_text = "submit-extraction-unparsed-text",
        extraction_examples = "submit-extraction-examples",
        /// After an example: the letter it gives.
        extraction_gives(letter) = "submit-extraction-gives",
        /// After an example that gives no letter.
        extraction_gives_nothing = "submit-extraction-gives-nothing",
        standalone = "submit-standalone",
        full_protocol = "submit-full-protocol",
        cli_heading = "submit-cli-heading",
        cli_intro = "submit-cli-intro",
        server_note = "submit-server-note",
        cli_format_note = "submit-cli-format-note",
        api_heading = "submit-api-heading",
        api_intro = "submit-api-intro",
        api_fields = "submit-api-fields",
        /// Before the link to the OpenAPI description.
        api_description = "submit-api-description",
        task_files_intro = "submit-task-files-intro",
        lm_eval_heading = "submit-lm-eval-heading",
        lm_eval_intro = "submit-lm-eval-intro",
        lm_eval_notes = ["submit-lm-eval-note-1", "submit-lm-eval-note-2", "submit-lm-eval-note-3", "submit-lm-eval-note-4"],
        lighteval_heading = "submit-lighteval-heading",
        lighteval_intro = "submit-lighteval-intro",
        lighteval_notes = ["submit-lighteval-note-1", "submit-lighteval-note-2"],
        batch_heading = "submit-batch-heading",
        batch_intro = "submit-batch-intro",
        batch_notes = ["submit-batch-note-1", "submit-batch-note-2"],
        /// Before the link to the task files' README.
        tasks_readme = "submit-tasks-readme",
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
