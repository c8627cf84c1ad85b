-- Teams, their members and credentials, submissions with their scores, and
-- an audit log of security-relevant events. Times are Unix seconds (UTC).

CREATE TABLE teams (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL,
    -- Lower-cased, trimmed name: two teams may not differ only in case.
    name_key      TEXT    NOT NULL UNIQUE,
    -- Per-team overrides of the server's quotas (NULL: the server default).
    daily_quota   INTEGER,
    total_quota   INTEGER,
    created_at    INTEGER NOT NULL
);

CREATE TABLE members (
    id             INTEGER PRIMARY KEY,
    team_id        INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    email          TEXT    NOT NULL UNIQUE,  -- lower-cased
    password_hash  TEXT    NOT NULL,         -- argon2id, PHC string
    created_at     INTEGER NOT NULL
);
CREATE INDEX members_team ON members (team_id);

-- Browser sessions. Only the SHA-256 of the cookie value is stored; a new
-- id is issued at every sign-in. `flash_token` holds a freshly created API
-- token until the team page has shown it once.
CREATE TABLE sessions (
    id_hash      TEXT    PRIMARY KEY,
    member_id    INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    flash_token  TEXT
);
CREATE INDEX sessions_member ON sessions (member_id);

-- API tokens: only a hash is stored; the token is shown once.
CREATE TABLE api_tokens (
    id            INTEGER PRIMARY KEY,
    team_id       INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    member_id     INTEGER REFERENCES members (id) ON DELETE SET NULL,
    label         TEXT    NOT NULL DEFAULT '',
    token_hash    TEXT    NOT NULL UNIQUE,
    prefix        TEXT    NOT NULL,  -- the first characters, to recognise it
    created_at    INTEGER NOT NULL,
    last_used_at  INTEGER,
    revoked_at    INTEGER
);
CREATE INDEX api_tokens_team ON api_tokens (team_id);

-- Failed sign-ins, for throttling across every server process.
CREATE TABLE signin_failures (
    id         INTEGER PRIMARY KEY,
    email_key  TEXT    NOT NULL,
    at         INTEGER NOT NULL
);
CREATE INDEX signin_failures_email ON signin_failures (email_key, at);

-- Scored submissions. The per-question correctness vector is kept for
-- paired comparisons between submissions and is never served.
CREATE TABLE submissions (
    id                INTEGER PRIMARY KEY,
    public_id         TEXT    NOT NULL UNIQUE,
    team_id           INTEGER NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    key_id            INTEGER NOT NULL REFERENCES answer_keys (id),
    benchmark         TEXT    NOT NULL,
    model_name        TEXT    NOT NULL,
    model_url         TEXT    NOT NULL DEFAULT '',
    model_params      TEXT    NOT NULL DEFAULT '',   -- e.g. "8B"
    notes             TEXT    NOT NULL DEFAULT '',
    -- Protocol card.
    prompt_language   TEXT    NOT NULL DEFAULT 'unknown',
    shots             INTEGER,
    temperature       REAL,
    chain_of_thought  TEXT    NOT NULL DEFAULT 'unknown',
    extraction        TEXT    NOT NULL DEFAULT '',
    -- Contamination declaration: trained on MedAraBench train / test / neither / unknown.
    contamination     TEXT    NOT NULL DEFAULT 'unknown'
                      CHECK (contamination IN ('none', 'train', 'test', 'train_and_test', 'unknown')),
    visibility        TEXT    NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private')),
    file_sha256       TEXT    NOT NULL,
    file_format       TEXT    NOT NULL,
    created_at        INTEGER NOT NULL,
    utc_day           TEXT    NOT NULL,              -- YYYY-MM-DD, for the daily quota
    -- Scores (the full card with every breakdown is in scorecard_json).
    accuracy          REAL    NOT NULL,
    correct           INTEGER NOT NULL,
    total             INTEGER NOT NULL,
    ci_low            REAL    NOT NULL,
    ci_high           REAL    NOT NULL,
    missing           INTEGER NOT NULL,
    unparsed          INTEGER NOT NULL,
    ignored           INTEGER NOT NULL,
    scorecard_json    TEXT    NOT NULL,
    correctness       BLOB    NOT NULL
);
CREATE INDEX submissions_team_day ON submissions (team_id, utc_day);
CREATE INDEX submissions_board ON submissions (benchmark, visibility, accuracy);

CREATE TABLE audit_log (
    id         INTEGER PRIMARY KEY,
    at         INTEGER NOT NULL,
    event      TEXT    NOT NULL,
    team_id    INTEGER,
    member_id  INTEGER,
    detail     TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX audit_log_at ON audit_log (at);

-- Server-wide settings shared by every process, e.g. the secret that seeds
-- the paired bootstrap of comparisons (generated on first start).
CREATE TABLE settings (
    name   TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
