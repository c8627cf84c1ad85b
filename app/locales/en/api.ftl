# What is wrong with a request field (core's FieldProblem); the API puts
# them after the field's name, `name: must have 2 to 60 characters`.
field-required = is required
field-too-long = is longer than { $max } characters
field-length = must have { $min } to { $max } characters
field-control-characters = contains control or invisible characters (line breaks, tabs, zero-width characters)
field-bidi-control = contains bidirectional control characters (U+202A-U+202E, U+2066-U+2069)
field-one-of = must be one of { $allowed }
field-number = must be a number from { $min } to { $max }
field-not-web-address = must start with https:// or http://
field-not-email = is not an email address
field-password-too-short = the password must have at least { $min } characters
field-password-too-long = the password must have at most { $max } characters
field-in-the-past = must be a time in the future
field-problem = { $field }: { $problem }

# The `message` of the REST API's errors, by code (`api-` + the reason).
api-not-found = not found
api-missing-bearer = an `Authorization: Bearer TOKEN` header is required
api-malformed-bearer = the Authorization header must be `Bearer TOKEN`
api-unknown-token = the API token is unknown or revoked
api-signed-out = please sign in
api-session-ended = your session has ended; please sign in again
api-wrong-credentials = wrong email or password
api-cross-site = cross-site request refused: this form must be sent from the leaderboard's own pages
api-name-taken = a team with this name already exists
api-email-taken = this email address is already registered
api-idempotency-key-reused = this Idempotency-Key was already used for a different upload (submission { $first })
api-invalid-idempotency-key = the Idempotency-Key header must be 1 to { $max } visible ASCII characters
api-missing-file = the prediction file is missing or empty
api-permuted-file-refused = the permuted file was refused, and nothing was stored
api-permuted-not-offered = a permuted file is scored on MedAraBench only (its tasks have the permuted variant), not on { $benchmark }
api-no-file-field = the multipart form has no `file` field
api-invalid-multipart = the multipart form cannot be read: { $detail }
api-invalid-form = the form cannot be read: { $detail }
api-unreadable-body = the request body cannot be read: { $detail }
api-invalid-json = the JSON body is not valid: { $detail }
api-unknown-benchmark = unknown benchmark "{ $value }" (expected medarabench or medarabiq)
api-file-too-large = the file is larger than { $limit } bytes
api-upload-too-large = the upload is larger than the size limit
api-body-too-large = the request body is too large
api-daily-quota = daily submission quota of { $limit } reached; it resets at 00:00 UTC
api-total-quota = total submission quota of { $limit } reached
api-signin-throttled = too many failed sign-ins for this account; try again in { $minutes } minutes
api-write-rate = too many writes from your address: at most { $limit } a minute; try again in { $seconds } s
api-no-key = no { $benchmark } answer key is stored on this server yet
api-internal = internal error
api-invalid-limit = `limit` must be a whole number from 1 to { $max }, not "{ $value }"
api-cursor-not-base64 = `after` must be a cursor from an earlier page's `next`, passed as it was given: it is not base64url
api-cursor-not-key = `after` must be a cursor from an earlier page's `next`, passed as it was given: it does not hold a row's sort key ({ $detail })

# Changing and withdrawing a submission (`PATCH` / `DELETE /api/v1/submissions/{id}`).
api-unknown-fields = unknown fields: { $fields } (these can be changed: { $allowed })
api-model-name-immutable = the model name cannot be changed, since attempts and the final choice are counted per model name: upload the predictions again under the new name
api-field-types = these fields must be text, a number or null: { $fields }
api-withdrawn = submission { $id } was withdrawn by its team and can no longer be changed
api-invalid-final = final must be true or false
api-final-key-public = submission { $id } is on a public answer key (never held out, or already revealed): the final choice is made before the reveal
api-too-many-final = at most { $max } submissions of a model can count in the final standing: unchoose one first (PATCH with "final": false)
api-mail-unavailable = the verification email could not be sent, so the team was not kept: try again in a few minutes
api-address-taken = this address, ignoring case and +tags, already registered a team: one address registers one team
api-awaiting-email = your team can upload once its address is verified: open the link sent to it by email
api-awaiting-approval = your team can upload once an organiser lets it in

# Operators (`medarabench operator ...`, `/api/v1/operator/...`).
api-read-only = the board is read-only for maintenance: uploads and registrations are paused, browsing works; try again later
api-team-banned = this team is banned from the board by its operators: { $reason }
api-last-member = you are the team's only member: invite someone before you leave, so that someone can still sign in
api-invitation-limit = a team may have at most { $limit } invitations waiting at once: wait until some are used or expire (after seven days)
api-address-banned = this address belongs to a team the board's operators banned: it cannot register another
