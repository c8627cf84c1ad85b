-- The board's version is the sum of sixteen counters, and a write moves one
-- of them (an upload: its team's), not one shared row: on PostgreSQL every
-- public upload had updated the same `settings` row, so concurrent uploads
-- queued on its row lock, each until the one before it had committed (and
-- waited for its disk). The sum moves on at every commit that moves a
-- counter, as the one row did. It starts where the old row stood.
CREATE TABLE board_version (
  slot INTEGER PRIMARY KEY,
  n BIGINT NOT NULL
);
INSERT INTO board_version (slot, n)
  SELECT 0, COALESCE((SELECT CAST(value AS BIGINT) FROM settings WHERE name = 'board_version'), 0);
INSERT INTO board_version (slot, n) VALUES
  (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0),
  (9, 0), (10, 0), (11, 0), (12, 0), (13, 0), (14, 0), (15, 0);
DELETE FROM settings WHERE name = 'board_version';
