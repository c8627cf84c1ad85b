-- The board's covering index (migrations 0014, 0023, 0027) with the team
-- second: a board version made from the changes reads the changed teams'
-- submissions (`benchmark = ? AND team_id IN (...)`) from the index
-- alone, by team, instead of stepping over every submission of the
-- benchmark in it (which made each version cost the whole board's rows,
-- and slowed every upload beside it). A whole board, read by id, sorts the
-- index's entries once.
DROP INDEX submissions_board_rows;
CREATE INDEX submissions_board_rows ON submissions (
    benchmark, team_id, id, public_id, key_id, model_name, model_params, model_category, contamination,
    visibility, created_at, accuracy, correct, total, ci_low, ci_high, shown_accuracy, flags_json,
    file_format, withdrawn_at, public_correct, public_total, final_choice, ladder_floor, ladder_held, hidden_at,
    flags_cleared_at, calibration_n, ece, ece_ci_low, ece_ci_high, brier
);
