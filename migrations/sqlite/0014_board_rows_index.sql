-- The board reads every submission of a benchmark, and the columns it
-- needs sit in the row after the score card, the correctness bits and the
-- stored predictions (some 18 KB): reading them walked those values'
-- overflow pages, row after row (1.1 s of the query at 100,000
-- submissions). This index holds every column the board query reads, so
-- the query never touches the rows (0.36 s). A column added to that query
-- must be added here too: `board::rows_come_from_the_covering_index`
-- checks the plan.
CREATE INDEX submissions_board_rows ON submissions (
    benchmark, id, public_id, key_id, team_id, model_name, model_params, model_category, contamination,
    visibility, created_at, accuracy, correct, total, ci_low, ci_high, shown_accuracy, flags_json,
    file_format, withdrawn_at
);
