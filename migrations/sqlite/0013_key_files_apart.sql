-- A key's file and its validation report move out of `answer_keys` into a
-- table of their own. SQLite keeps a row's columns together, and the
-- columns added later (version, lineage, exposure) came after the file:
-- reading them walked the file's overflow pages (a megabyte or more) on
-- every query that joins a submission to its key. Only the scorer and the
-- key report read these two.
CREATE TABLE answer_key_files (
    key_id       INTEGER PRIMARY KEY REFERENCES answer_keys (id) ON DELETE CASCADE,
    report_json  TEXT    NOT NULL,
    content      BLOB    NOT NULL
);
INSERT INTO answer_key_files (key_id, report_json, content) SELECT id, report_json, content FROM answer_keys;
ALTER TABLE answer_keys DROP COLUMN report_json;
ALTER TABLE answer_keys DROP COLUMN content;
