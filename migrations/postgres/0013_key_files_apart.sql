-- A key's file and its validation report move out of `answer_keys` into a
-- table of their own, as on SQLite (where reading a key's later columns
-- walked the file's pages); the schema stays the same on both databases.
-- Only the scorer and the key report read these two.
CREATE TABLE answer_key_files (
    key_id       BIGINT  PRIMARY KEY REFERENCES answer_keys (id) ON DELETE CASCADE,
    report_json  TEXT    NOT NULL,
    content      BYTEA   NOT NULL
);
INSERT INTO answer_key_files (key_id, report_json, content) SELECT id, report_json, content FROM answer_keys;
ALTER TABLE answer_keys DROP COLUMN report_json;
ALTER TABLE answer_keys DROP COLUMN content;
