-- A refused web upload's reasons, kept on the session until the upload
-- page has shown them once. The form's redirect carries only an error
-- code (`/upload?error=upload_refused`): a URL is anyone's to write, so
-- no page shows text taken from one.
ALTER TABLE sessions ADD COLUMN flash_error TEXT;

-- Repeat uploads. A client retrying a request (a double click, a dropped
-- connection) gets the first submission back instead of a second row:
-- `Idempotency-Key` headers are unique per team, and the same file for the
-- same model from the same team within 24 hours is found by this index.
ALTER TABLE submissions ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX submissions_idempotency ON submissions (team_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
CREATE INDEX submissions_repeat ON submissions (team_id, file_sha256, created_at);
