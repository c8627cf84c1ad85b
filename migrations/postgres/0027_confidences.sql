-- The confidence a prediction file gave each answer, where it gave any
-- (issue 35): one byte a question in the layout of `predictions` (0 for
-- none, else 1 + the probability in 254ths), so that a corrected key
-- recomputes the calibration as it re-scores. NULL: the file gave none.
ALTER TABLE submissions ADD COLUMN confidences BYTEA;

-- What the permuted task's file sent beside gave (issue 35: option-order
-- robustness), its letters mapped back to the key's order and packed like
-- `predictions`, so that a corrected key recomputes the robustness figures
-- too. NULL: no permuted file was sent.
ALTER TABLE submissions ADD COLUMN permuted_predictions BYTEA;

-- The calibration figures the board shows and sorts by (the whole
-- calibration is in `scorecard_json`): NULL where the file gave no
-- confidence.
ALTER TABLE submissions ADD COLUMN calibration_n BIGINT;
ALTER TABLE submissions ADD COLUMN ece DOUBLE PRECISION;
ALTER TABLE submissions ADD COLUMN ece_ci_low DOUBLE PRECISION;
ALTER TABLE submissions ADD COLUMN ece_ci_high DOUBLE PRECISION;
ALTER TABLE submissions ADD COLUMN brier DOUBLE PRECISION;
