-- Key versions and errata, and the predictions that let a corrected key
-- score stored submissions again.
--
-- A corrected key (`keys import FILE --supersedes NAME`) is stored as the
-- next version of NAME: a row of its own in `answer_keys` (so submissions,
-- the board and the scorer keep using key ids) that names the first
-- version of its line (`lineage_id`, NULL on a first version) and its
-- number (`version`: 1, 2, ...). One number per line, enforced here.
ALTER TABLE answer_keys ADD COLUMN lineage_id INTEGER REFERENCES answer_keys (id);
ALTER TABLE answer_keys ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);
CREATE UNIQUE INDEX answer_keys_lineage_version ON answer_keys (COALESCE(lineage_id, id), version);

-- The errata of each version after the first: the question ids that changed
-- and why. Never the answers (the public quality page lists these rows).
CREATE TABLE key_changes (
    key_id       INTEGER NOT NULL REFERENCES answer_keys (id) ON DELETE CASCADE,
    question_id  INTEGER NOT NULL,
    reason       TEXT    NOT NULL CHECK (reason IN ('answer_changed', 'now_rejected', 'now_scoreable',
                                                    'details_changed', 'added', 'removed')),
    PRIMARY KEY (key_id, question_id)
);

-- What each submission's file gave per question of the key it was uploaded
-- on (`predictions_key_id`): 3 bits a question (missing, unparsed, A-F),
-- the key's scoreable items in key order, then its rejected ids ascending.
-- Never served. Rows stored before this migration have none (NULL): they
-- cannot be scored again and keep the score they have.
--
-- From now on `key_id` and the score columns of `submissions` hold the
-- score on the newest version the submission was scored on (what the board,
-- comparisons and exports show); `submission_scores` keeps every version's.
ALTER TABLE submissions ADD COLUMN predictions BLOB;
ALTER TABLE submissions ADD COLUMN predictions_key_id INTEGER REFERENCES answer_keys (id);

-- One score per submission and key version. The primary key is what makes
-- re-scoring resumable without double counting: a batch inserts its rows
-- and moves the submissions' current scores in one transaction, and a
-- rerun skips the submissions that already have a row for the version.
CREATE TABLE submission_scores (
    submission_id  INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    key_id         INTEGER NOT NULL REFERENCES answer_keys (id),
    accuracy       REAL    NOT NULL,
    correct        INTEGER NOT NULL,
    total          INTEGER NOT NULL,
    ci_low         REAL    NOT NULL,
    ci_high        REAL    NOT NULL,
    missing        INTEGER NOT NULL,
    unparsed       INTEGER NOT NULL,
    ignored        INTEGER NOT NULL,
    scored_at      INTEGER NOT NULL,  -- Unix seconds, UTC
    PRIMARY KEY (submission_id, key_id)
);
CREATE INDEX submission_scores_key ON submission_scores (key_id);

-- Every stored submission has its score on the key it was scored on.
INSERT INTO submission_scores (submission_id, key_id, accuracy, correct, total, ci_low, ci_high,
                               missing, unparsed, ignored, scored_at)
SELECT id, key_id, accuracy, correct, total, ci_low, ci_high, missing, unparsed, ignored, created_at
  FROM submissions;
