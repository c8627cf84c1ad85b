# Why a web form was sent back (the codes of `?error=`).
form-error-wrong-credentials = Wrong email or password.
form-error-too-many-attempts = Too many failed sign-ins for this account. Wait a few minutes, then try again.
form-error-name-taken = A team with this name already exists.
form-error-email-taken = This email address is already registered.
form-error-invalid-name = The team name must have 2 to 60 characters, without control or bidirectional control characters.
form-error-invalid-email = That is not an email address.
form-error-invalid-password = The password must have 10 to 256 characters.
form-error-upload-refused = The upload was refused; nothing was stored.
form-error-server-error = Something went wrong on the server; nothing was stored. Try again.
form-error-registration-limit = Too many teams have been registered from your address today; no team was created. Try again after 00:00 UTC.
form-error-client-quota-exceeded = Your address has used today's upload quota, counted across all teams; nothing was stored. Try again after 00:00 UTC.
form-error-change-refused = The change was refused; nothing was changed.
form-error-withdraw-unconfirmed = Tick the box to confirm the withdrawal; nothing was withdrawn.
form-error-too-many-final = Two submissions of this model already count in the final standing: stop counting one of them first; nothing was changed.
form-error-withdrawn = This submission was withdrawn; it can no longer be changed.
form-error-last-member = You are the team's only member: invite someone before you leave, so that someone can still sign in.
form-error-leave-unconfirmed = Tick the box to confirm that you leave the team; nothing was changed.
form-error-read-only = The board is read-only for maintenance: nothing was stored. Try again later.
form-error-team-banned = This team is banned from the board by its operators.
form-error-too-many-invitations = Your team has ten invitations waiting already: wait until some are used or expire (after seven days); nothing was sent.

# Why a file cannot be read as text (core's InputError).
input-too-large = the file is { $size } bytes, over the limit of { $limit } bytes
input-empty = the file is empty
input-not-text = this is not a text file: upload the predictions as CSV or JSON Lines (save a spreadsheet as CSV first)
input-nul-byte = line { $line }: NUL byte (binary or UTF-16 file? save it as UTF-8)
input-invalid-utf8 = line { $line }: invalid UTF-8 (save the file as UTF-8)
input-line-too-long = line { $line }: longer than { $limit } bytes
input-too-large-decompressed = the file decompresses to more than { $limit } bytes
input-bad-gzip = the file looks gzip-compressed but cannot be decompressed ({ $detail })

# Why a prediction file is refused (core's PredictionError).
prediction-bad-header = line 1: the header must name question_id and answer (or response); found: { $found }
prediction-duplicate-column = line 1: the header names the column "{ $column }" twice
prediction-no-rows = no predictions in the file
prediction-malformed-csv = line { $line }: { $detail }
prediction-malformed-json = line { $line }: not a JSON object ({ $detail })
prediction-missing-field = line { $line }: missing { $field }
prediction-bad-question-id = line { $line }: question_id "{ $value }" is not a positive whole number
prediction-duplicate-question-id = line { $line }: duplicate question_id { $id } (first seen on line { $first_line })
prediction-not-a-letter = line { $line }: answer "{ $value }" is not a letter A-F (or أ ب ج د ه و); put free text in a response column
prediction-bad-confidence = line { $line }: { $column } "{ $value }" is not a number from 0 to 1
prediction-not-permuted = line { $line }: this row was not asked in the permuted order (it names no Permutation): send the medarabench_permuted task's output as the permuted file
prediction-permuted-as-main = line { $line }: this is the permuted task's output (its questions carry a Permutation): send it as the permuted file, beside the main task's
prediction-unknown-question-id = line { $line }: unknown question_id { $id } (not in the answer key)
prediction-malformed = line { $line }: { $detail }
prediction-unknown-question-text = line { $line }: no question of the answer key has the text "{ $text }"
prediction-ambiguous-question-text = line { $line }: the text "{ $text }" is the text of several questions ({ $ids }); give the question id instead
prediction-needs-server = a { $format } file is checked by the server when it is sent
prediction-wrong-file = this is { $what }; upload { $instead }
prediction-several = the file has { $count } problems, each listed with its line
prediction-results-not-json = the file is not JSON ({ $detail }); expected lm-eval's results_<date>.json, written next to the samples file
prediction-results-not-lm-eval = this is not an lm-evaluation-harness results file; expected lm-eval's results_<date>.json, written next to the samples file
prediction-results-samples-file = this is an lm-evaluation-harness samples file: it goes in the predictions field; here, give lm-eval's results_<date>.json, written next to it
prediction-results-tasks-differ = the results file holds tasks run with different settings ({ $tasks }: few-shot examples, output type or generation settings differ); give the results file of one run of one task
# A refusal whose code this version does not know: the server's own words.
error-unknown = { $text }
# A refused upload, before its reason.
prediction-refused = the prediction file was refused: { $reason }
# A refused lm-evaluation-harness results file (the upload's `results`), before its reason.
prediction-results-refused = the lm-evaluation-harness results file was refused (nothing was stored): { $reason }

# The limits per client address (`serve --registrations-per-day`,
# `--client-daily-quota`), as the API words them (codes `registration_limit`,
# `client_quota_exceeded`).
registration-limit = registration limit per client address reached: at most { $limit } { PLURAL($limit) ->
        [one] team
       *[other] teams
    } a UTC day from one address; no team was created; it resets at 00:00 UTC
quota-client-exceeded = daily upload quota per client address reached: at most { $limit } { PLURAL($limit) ->
        [one] upload
       *[other] uploads
    } a UTC day from one address, across all teams; nothing was stored; it resets at 00:00 UTC
