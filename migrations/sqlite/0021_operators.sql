-- What the operators of a public board do (`medarabench operator ...`,
-- `/operator`, `/api/v1/operator/...`). Every action is also an event of
-- `audit_log`, with who did it (`actor`) and why (`reason`).

-- A member marked by `operator grant EMAIL` (Unix time; NULL: not one).
ALTER TABLE members ADD COLUMN operator_since INTEGER;

-- A submission hidden by the operators: off every public surface, still
-- counted in quotas and attempts, shown to its team with the reason.
ALTER TABLE submissions ADD COLUMN hidden_at INTEGER;
ALTER TABLE submissions ADD COLUMN hidden_reason TEXT;

-- A banned team: its rows leave the board, its tokens and sessions stop,
-- and its members' addresses cannot register again.
ALTER TABLE teams ADD COLUMN banned_at INTEGER;
ALTER TABLE teams ADD COLUMN ban_reason TEXT;

ALTER TABLE audit_log ADD COLUMN actor TEXT NOT NULL DEFAULT '';
ALTER TABLE audit_log ADD COLUMN reason TEXT NOT NULL DEFAULT '';
CREATE INDEX audit_log_team ON audit_log (team_id, id);

-- Banners shown on every page, in both languages, until `ends_at` (NULL:
-- until removed) or `removed_at`.
CREATE TABLE announcements (
    id          INTEGER PRIMARY KEY,
    level       TEXT    NOT NULL CHECK (level IN ('info', 'warning')),
    text_en     TEXT    NOT NULL,
    text_ar     TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    ends_at     INTEGER,
    removed_at  INTEGER
);

-- The board's covering index (migration 0019) holds `hidden_at` too, so
-- that the board query still never touches the rows.
DROP INDEX submissions_board_rows;
CREATE INDEX submissions_board_rows ON submissions (
    benchmark, id, public_id, key_id, team_id, model_name, model_params, model_category, contamination,
    visibility, created_at, accuracy, correct, total, ci_low, ci_high, shown_accuracy, flags_json,
    file_format, withdrawn_at, public_correct, public_total, final_choice, ladder_floor, ladder_held, hidden_at
);
