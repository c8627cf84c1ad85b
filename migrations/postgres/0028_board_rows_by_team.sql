-- SQLite's migration 0028 orders its board index by team (PostgreSQL
-- keeps large values apart and reads a team's submissions by the
-- `submissions_repeat` index, which leads with the team): nothing to do
-- here; the number keeps the two databases' migrations in step.
SELECT 1;
