-- The near-duplicate index (`domain::near_index`): every stored submission
-- with predictions is filed under one bucket per band of the key its
-- predictions were recorded on (`predictions_key_id`), and an upload is
-- compared only with the submissions of other teams sharing a bucket with
-- it, rather than with every stored sheet. Rows are written with their
-- submission, in the upload's transaction; a server builds the missing
-- ones (submissions stored before this migration, or added by SQL) at its
-- start (`services::near_duplicates::build`). A submission is indexed
-- when it has its rows; they are never served.
--
-- `team_id` and `sheet` (a digest of its answers) are copies kept here so
-- that a search skips the uploader's own submissions within the index and
-- reads one submission per distinct sheet.
CREATE TABLE near_duplicate_buckets (
    submission_id  INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    band           INTEGER NOT NULL,
    key_id         INTEGER NOT NULL REFERENCES answer_keys (id),
    team_id        INTEGER NOT NULL,
    sheet          INTEGER NOT NULL,
    bucket         INTEGER NOT NULL,
    PRIMARY KEY (submission_id, band)
) WITHOUT ROWID;

-- The search: a key's buckets, other teams first found by range, each
-- entry's sheet and submission read from the index alone.
CREATE INDEX near_duplicate_buckets_search ON near_duplicate_buckets (key_id, bucket, team_id, sheet, submission_id);
