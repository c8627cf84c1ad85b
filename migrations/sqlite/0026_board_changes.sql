-- The board's changes, one row per move of a version counter (issue 38):
-- every write that moves a counter of `board_version` (slot = team id mod
-- 16) records here, in its transaction, the counter's new value and the
-- team whose board rows it changed. Writes on one slot commit in counter
-- order (each holds the slot's row until its commit), so a server that
-- made its board from a snapshot with counters c[] finds the teams changed
-- since in the rows of each slot s with n > c[s], and knows it has them
-- all when every n up to the slot's counter is there; when one is missing
-- (written by an older build, or pruned) it makes the whole board again.
-- Team 0 stands for a write that may change any row (a key): the whole
-- board is made again; a negative team for one that changes no row (a
-- banner, the read-only switch).
CREATE TABLE board_changes (
    slot INTEGER NOT NULL,
    n INTEGER NOT NULL,
    team_id INTEGER NOT NULL,
    PRIMARY KEY (slot, n)
);
