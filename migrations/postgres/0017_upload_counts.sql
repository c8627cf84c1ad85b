-- Each team's uploads are counted as they are stored, on the team's row,
-- and the quota check reads the counts instead of counting the team's
-- submissions at every upload (a count that grew with them: with a raised
-- quota, hundreds of index entries and rows visited per upload).
-- `uploads_on_day` counts the uploads of the UTC day `uploads_day`
-- (YYYY-MM-DD); an upload on a later day starts it again at 1. Submissions
-- are never deleted (a withdrawn one still counts), so the counts only grow.
ALTER TABLE teams ADD COLUMN uploads_total BIGINT NOT NULL DEFAULT 0;
ALTER TABLE teams ADD COLUMN uploads_day TEXT;
ALTER TABLE teams ADD COLUMN uploads_on_day BIGINT NOT NULL DEFAULT 0;
UPDATE teams SET
  uploads_total = (SELECT COUNT(*) FROM submissions s WHERE s.team_id = teams.id),
  uploads_day = (SELECT MAX(s.utc_day) FROM submissions s WHERE s.team_id = teams.id);
UPDATE teams SET
  uploads_on_day = (SELECT COUNT(*) FROM submissions s WHERE s.team_id = teams.id AND s.utc_day = teams.uploads_day);
