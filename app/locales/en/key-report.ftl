key-report-none = No answer key is stored yet, so there is no validation report to show.
key-report-intro = The default key is “{ $name }”, imported on { $date }.
key-report-synthetic = This is a synthetic key generated for demonstrations, not the real test split: scores against it say nothing about a model.
key-report-sha256 = SHA-256 of the key file
key-report-rows = Rows in the file
key-report-scoreable = Scored questions
key-report-rejected = Rejected rows (not scored)
key-report-normalized = Answers normalised (trimmed or case-folded)
key-report-warnings = Warnings (rows scored as written)
key-report-summary-caption = Validation report of the stored answer key.
key-report-col-item = Item
key-report-col-count = Count
key-report-rejected-caption = Rejected rows. Predictions for them are accepted and ignored.
key-report-col-line = Line
key-report-col-question = Question id
key-report-col-reason = Reason
key-report-reasons-in-english = {""}
key-report-no-rejected = No row is rejected.
key-report-warnings-caption = Warnings by kind.
key-report-col-rows = Rows
key-report-col-meaning = Warning
key-report-no-warnings = No warnings.
# Why a key row is not scored (the core's RejectReason codes). The
# English sentences are the ones `keys check` prints.
key-reason-duplicate-id = duplicate question id { $id } (also on line { $lines }{ $more ->
        [0] {""}
       *[other] {" "}and { $more } more
    })
key-reason-field-count = { $fields } fields, but the header has { $header }
key-reason-bad-question-id = question id "{ $value }" is not a positive whole number
key-reason-answer-blank = answer is blank
key-reason-answer-not-a-letter = answer "{ $value }" is not a single letter A-F
key-reason-answer-is-text = answer is text ({ $length } characters), not a single letter A-F
key-reason-answer-empty-option = answer { $letter } names an empty option (the question has { $span ->
        [none] no options
        [one] only option { $options }
       *[several] options { $options }
    })
key-reason-level-blank = level is blank
key-reason-bad-level = level "{ $value }" is not one of Y1-Y5
key-reason-specialty-blank = umbrella_specialty is blank
key-reason-category-blank = category is blank
key-reason-no-labelled-options = no labelled options (أ. ب. ج. ...) found in the question
key-reason-answer-not-labelled = answer does not start with an option label (أ/ب/ج/د/ه/و)
key-reason-answer-beyond-options = answer names option { $letter }, but the question has options A-{ $last }
key-report-held-out = This key is held out: its SHA-256 and the reasons that would name a keyed answer are shown when the key is revealed.
key-report-withheld = { PLURAL($count) ->
        [one] 1 more rejected row is not listed: its reason names the keyed answer, which stays hidden while the key is held out.
       *[other] { $count } more rejected rows are not listed: their reasons name keyed answers, which stay hidden while the key is held out.
    }
