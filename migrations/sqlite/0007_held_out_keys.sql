-- Held-out answer keys. A key is 'public' (the test split everyone has:
-- every breakdown is shown) or 'held-out': until `keys reveal` sets
-- `revealed_at` and turns it public, no number derived from single
-- questions is shown anywhere, and the overall score follows the Ladder.
ALTER TABLE answer_keys ADD COLUMN exposure TEXT NOT NULL DEFAULT 'public'
    CHECK (exposure IN ('public', 'held-out'));
ALTER TABLE answer_keys ADD COLUMN revealed_at INTEGER;

-- The Ladder's shown accuracy of a submission on a held-out key, fixed
-- when it was stored (a later upload never changes an earlier one's), and
-- the step it was rounded to. NULL on a public key.
ALTER TABLE submissions ADD COLUMN shown_accuracy REAL;
ALTER TABLE submissions ADD COLUMN ladder_step REAL;
CREATE INDEX submissions_ladder ON submissions (team_id, key_id, model_name);
