-- A flagged submission is not ranked until an operator reviews its flags
-- (`medarabench operator clear-flags ID --reason ...`): when they are
-- cleared, no surface shows them and the row is ranked again. The stored
-- flags stay, and the audit log says who cleared them and why.
ALTER TABLE submissions ADD COLUMN flags_cleared_at INTEGER;

-- The board's covering index (migration 0021) holds it too, so that the
-- board query still never touches the rows.
DROP INDEX submissions_board_rows;
CREATE INDEX submissions_board_rows ON submissions (
    benchmark, id, public_id, key_id, team_id, model_name, model_params, model_category, contamination,
    visibility, created_at, accuracy, correct, total, ci_low, ci_high, shown_accuracy, flags_json,
    file_format, withdrawn_at, public_correct, public_total, final_choice, ladder_floor, ladder_held, hidden_at,
    flags_cleared_at
);
