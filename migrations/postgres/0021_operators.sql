-- What the operators of a public board do (`medarabench operator ...`,
-- `/operator`, `/api/v1/operator/...`). Every action is also an event of
-- `audit_log`, with who did it (`actor`) and why (`reason`).

-- A member marked by `operator grant EMAIL` (Unix time; NULL: not one).
ALTER TABLE members ADD COLUMN operator_since BIGINT;

-- A submission hidden by the operators: off every public surface, still
-- counted in quotas and attempts, shown to its team with the reason.
ALTER TABLE submissions ADD COLUMN hidden_at BIGINT;
ALTER TABLE submissions ADD COLUMN hidden_reason TEXT;

-- A banned team: its rows leave the board, its tokens and sessions stop,
-- and its members' addresses cannot register again.
ALTER TABLE teams ADD COLUMN banned_at BIGINT;
ALTER TABLE teams ADD COLUMN ban_reason TEXT;

ALTER TABLE audit_log ADD COLUMN actor TEXT NOT NULL DEFAULT '';
ALTER TABLE audit_log ADD COLUMN reason TEXT NOT NULL DEFAULT '';
CREATE INDEX audit_log_team ON audit_log (team_id, id);

-- Banners shown on every page, in both languages, until `ends_at` (NULL:
-- until removed) or `removed_at`.
CREATE TABLE announcements (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    level       TEXT   NOT NULL CHECK (level IN ('info', 'warning')),
    text_en     TEXT   NOT NULL,
    text_ar     TEXT   NOT NULL,
    created_at  BIGINT NOT NULL,
    ends_at     BIGINT,
    removed_at  BIGINT
);
