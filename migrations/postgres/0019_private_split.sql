-- A held-out key's private split. `public_share` is the share of its
-- scoreable questions in the public part (NULL: no split, as for public
-- keys and held-out keys imported before splits existed) and `split_seed`
-- the secret the part was drawn with (`domain::split`); neither is ever
-- served. A corrected version carries its line's share and seed.
ALTER TABLE answer_keys ADD COLUMN public_share DOUBLE PRECISION;
ALTER TABLE answer_keys ADD COLUMN split_seed TEXT;

-- A submission's score on its key's public part (NULL: its key has no
-- split): the counts the board reads, and the part's score card, whose
-- overall figures are all a held-out key shows before it is revealed.
ALTER TABLE submissions ADD COLUMN public_correct BIGINT;
ALTER TABLE submissions ADD COLUMN public_total BIGINT;
ALTER TABLE submissions ADD COLUMN public_scorecard_json TEXT;

-- A team's choice of the submissions that count in a held-out key's final
-- standing (at most 2 per model; none chosen: the latest counts).
ALTER TABLE submissions ADD COLUMN final_choice BIGINT NOT NULL DEFAULT 0 CHECK (final_choice IN (0, 1));
