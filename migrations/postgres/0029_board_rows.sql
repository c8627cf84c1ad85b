-- The board's rows kept in the database (issue 38): one row per board row
-- (published and verified), so a server holds none of them and reads a
-- page, an export or a chart by index. One server at a time (the lease in
-- `kept_board`) applies each change of `board_changes` to them, in one
-- transaction per version, so a reader's snapshot holds one complete
-- version. A whole board (at the first start, with a new build, after a
-- change that may touch any row) is written as a new generation `gen`
-- beside the served one and takes its place in one step.
CREATE TABLE board_state (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    -- The build that wrote the rows of `gen` (another build writes its own).
    build TEXT,
    gen BIGINT NOT NULL DEFAULT 0,
    -- The board version the rows of `gen` are at, and how many there are.
    version TEXT,
    models BIGINT NOT NULL DEFAULT 0,
    -- The `board_version` counters by slot at that version (JSON).
    counters TEXT,
    -- What a page shows beside the rows (JSON): the baselines, the
    -- categories, counts.
    head TEXT
);
INSERT INTO board_state (id) VALUES (1);
CREATE TABLE board_rows (
    gen BIGINT NOT NULL,
    -- `domain::board::sort_bytes`: the board's order, byte by byte.
    ord BYTEA NOT NULL,
    -- 0 published, 1 verified.
    source BIGINT NOT NULL,
    team_id BIGINT NOT NULL,
    submission_id BIGINT NOT NULL,
    public_id TEXT,
    key_id BIGINT NOT NULL,
    model TEXT NOT NULL,
    category TEXT NOT NULL,
    accuracy DOUBLE PRECISION NOT NULL,
    -- 1: may take a ranked place (verified, not held by the Ladder, no flag).
    rankable BIGINT NOT NULL,
    synthetic BIGINT NOT NULL,
    -- The row (`domain::board::BoardRow`, without its rank) as JSON.
    body TEXT NOT NULL,
    rank_best BIGINT,
    rank_worst BIGINT,
    PRIMARY KEY (gen, ord)
);
-- A page's best rows of one source, read in the board's order.
CREATE INDEX board_rows_order ON board_rows (gen, source, ord);
CREATE INDEX board_rows_team ON board_rows (gen, team_id);
CREATE INDEX board_rows_public_id ON board_rows (gen, public_id);
-- Also what a search reads: every name, without the rows.
CREATE INDEX board_rows_category ON board_rows (gen, source, category, ord, model);
CREATE INDEX board_rows_rankable ON board_rows (gen, rankable, accuracy DESC, submission_id);
CREATE INDEX board_rows_ranked ON board_rows (gen, rank_best) WHERE rank_best IS NOT NULL;
CREATE INDEX board_rows_synthetic ON board_rows (gen, synthetic);
-- The submissions each team's near-duplicate flags name: a change to
-- those submissions changes the naming team's rows.
CREATE TABLE board_flag_names (
    gen BIGINT NOT NULL,
    public_id TEXT NOT NULL,
    team_id BIGINT NOT NULL,
    PRIMARY KEY (gen, public_id, team_id)
);
CREATE INDEX board_flag_names_team ON board_flag_names (gen, team_id);
-- The whole board stored as one value is no longer read.
UPDATE kept_board SET version = NULL, body = NULL;
