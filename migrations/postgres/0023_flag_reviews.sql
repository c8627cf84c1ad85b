-- A flagged submission is not ranked until an operator reviews its flags
-- (`medarabench operator clear-flags ID --reason ...`): when they are
-- cleared, no surface shows them and the row is ranked again. The stored
-- flags stay, and the audit log says who cleared them and why.
ALTER TABLE submissions ADD COLUMN flags_cleared_at BIGINT;
