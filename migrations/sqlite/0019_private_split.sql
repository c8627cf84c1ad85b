-- A held-out key's private split. `public_share` is the share of its
-- scoreable questions in the public part (NULL: no split, as for public
-- keys and held-out keys imported before splits existed) and `split_seed`
-- the secret the part was drawn with (`domain::split`); neither is ever
-- served. A corrected version carries its line's share and seed.
ALTER TABLE answer_keys ADD COLUMN public_share REAL;
ALTER TABLE answer_keys ADD COLUMN split_seed TEXT;

-- A submission's score on its key's public part (NULL: its key has no
-- split): the counts the board reads, and the part's score card, whose
-- overall figures are all a held-out key shows before it is revealed.
ALTER TABLE submissions ADD COLUMN public_correct INTEGER;
ALTER TABLE submissions ADD COLUMN public_total INTEGER;
ALTER TABLE submissions ADD COLUMN public_scorecard_json TEXT;

-- One Ladder per team and key (not per model name), started at the key's
-- chance level rounded down to the step: the floor an upload's Ladder used
-- (its score shows "at or below chance" there), and 1 when the upload did
-- not move the team's Ladder (its score is the team's best shown before).
ALTER TABLE submissions ADD COLUMN ladder_floor REAL;
ALTER TABLE submissions ADD COLUMN ladder_held INTEGER NOT NULL DEFAULT 0 CHECK (ladder_held IN (0, 1));

-- The team's best shown score on a key is read at every held-out upload:
-- by team and key (no longer by model), its maximum the index's last entry.
DROP INDEX submissions_ladder;
CREATE INDEX submissions_team_ladder ON submissions (team_id, key_id, shown_accuracy);

-- A team's choice of the submissions that count in a held-out key's final
-- standing (at most 2 per model; none chosen: the latest counts).
ALTER TABLE submissions ADD COLUMN final_choice INTEGER NOT NULL DEFAULT 0 CHECK (final_choice IN (0, 1));

-- The board reads the public counts too (the private part is the whole
-- key less the public one): the covering index of migration 0014 holds
-- them, so that the board query still never touches the rows.
DROP INDEX submissions_board_rows;
CREATE INDEX submissions_board_rows ON submissions (
    benchmark, id, public_id, key_id, team_id, model_name, model_params, model_category, contamination,
    visibility, created_at, accuracy, correct, total, ci_low, ci_high, shown_accuracy, flags_json,
    file_format, withdrawn_at, public_correct, public_total, final_choice, ladder_floor, ladder_held
);
