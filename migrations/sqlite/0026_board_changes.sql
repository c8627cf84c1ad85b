-- Which teams' board rows changed, and when (issue 38): every write that
-- moves a board version counter (`board_version`, slot = team id mod 16)
-- records here, in its transaction, the team it changed and the slot's
-- counter it left. Writes on one slot commit in counter order (each
-- holds the slot's row until its commit), so a server that made its board
-- from a snapshot with counters c[] finds exactly the teams changed since
-- as those whose `n` exceeds c[their slot], and regroups only their rows.
-- Team 0 stands for a write of no team's (a key, a banner, the read-only
-- switch): the whole board is made again.
CREATE TABLE board_changes (
    team_id INTEGER PRIMARY KEY,
    n INTEGER NOT NULL
);
