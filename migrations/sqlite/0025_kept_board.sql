-- The board kept in the database (issue 38): one server makes each board
-- version and stores it here; every server serves the stored one, so a
-- version is computed once in all however many servers share the database,
-- and a restart starts from the last one made. `builder` and `lease_until`
-- are the lease of the one server making a newer version: another takes
-- over only once the lease ran out (its holder died or hung).
CREATE TABLE kept_board (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version TEXT,
    made_at INTEGER,
    -- The board (`domain::board::Board`) as gzipped JSON.
    body BLOB,
    builder TEXT,
    lease_until INTEGER
);
INSERT INTO kept_board (id) VALUES (1);
