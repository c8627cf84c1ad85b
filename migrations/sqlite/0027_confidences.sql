-- The confidence a prediction file gave each answer, where it gave any
-- (issue 35): one byte a question in the layout of `predictions` (0 for
-- none, else 1 + the probability in 254ths), so that a corrected key
-- recomputes the calibration as it re-scores. NULL: the file gave none.
ALTER TABLE submissions ADD COLUMN confidences BLOB;

-- What the permuted task's file sent beside gave (issue 35: option-order
-- robustness), its letters mapped back to the key's order and packed like
-- `predictions`, so that a corrected key recomputes the robustness figures
-- too. NULL: no permuted file was sent.
ALTER TABLE submissions ADD COLUMN permuted_predictions BLOB;

-- The calibration figures the board shows and sorts by (the whole
-- calibration is in `scorecard_json`): NULL where the file gave no
-- confidence.
ALTER TABLE submissions ADD COLUMN calibration_n INTEGER;
ALTER TABLE submissions ADD COLUMN ece REAL;
ALTER TABLE submissions ADD COLUMN ece_ci_low REAL;
ALTER TABLE submissions ADD COLUMN ece_ci_high REAL;
ALTER TABLE submissions ADD COLUMN brier REAL;

-- The board's covering index (migration 0023) holds them too, so that the
-- board query still never touches the rows.
DROP INDEX submissions_board_rows;
CREATE INDEX submissions_board_rows ON submissions (
    benchmark, id, public_id, key_id, team_id, model_name, model_params, model_category, contamination,
    visibility, created_at, accuracy, correct, total, ci_low, ci_high, shown_accuracy, flags_json,
    file_format, withdrawn_at, public_correct, public_total, final_choice, ladder_floor, ladder_held, hidden_at,
    flags_cleared_at, calibration_n, ece, ece_ci_low, ece_ci_high, brier
);
