-- Answer keys: the held-out correct letters that submissions are scored
-- against. Several keys (and key versions) may coexist per benchmark; the
-- newest one is the default. `content` is the raw key file: it is read only
-- by the scorer and never joined into anything a page or API renders.
CREATE TABLE answer_keys (
    id           BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    benchmark    TEXT    NOT NULL CHECK (benchmark IN ('medarabench', 'medarabiq')),
    name         TEXT    NOT NULL,
    sha256       TEXT    NOT NULL,
    rows_total   BIGINT  NOT NULL,
    scoreable    BIGINT  NOT NULL CHECK (scoreable > 0),
    synthetic    BIGINT  NOT NULL DEFAULT 0 CHECK (synthetic IN (0, 1)),
    -- The validation report (counts, rejected ids, warnings; no question text).
    report_json  TEXT    NOT NULL,
    content      BYTEA   NOT NULL,
    imported_at  BIGINT  NOT NULL,  -- Unix seconds, UTC
    UNIQUE (benchmark, name),
    UNIQUE (benchmark, sha256)
);
CREATE INDEX answer_keys_newest ON answer_keys (benchmark, id);
