-- The look for an earlier upload of the same file (the repeat check in every
-- upload's transaction) searches by the team, the file, the model and the
-- benchmark. Its index held only the team and the file, so a team sending
-- one file under many model names made each upload read every earlier one
-- of them in the last 24 hours.
-- The index by team and UTC day has had no reader since migration 0017
-- (the daily count is on the team's row) and only cost every upload a write.
DROP INDEX submissions_team_day;
DROP INDEX submissions_repeat;
CREATE INDEX submissions_repeat ON submissions (team_id, file_sha256, model_name, benchmark, created_at);
