-- The protocol card's run facts, as an lm-evaluation-harness results file
-- (or the team) states them: the model's arguments (`hf: pretrained=...`)
-- and the generation settings (harness, task, output type, sampling).
-- Submissions stored before them have neither.
ALTER TABLE submissions ADD COLUMN model_args TEXT NOT NULL DEFAULT '';
ALTER TABLE submissions ADD COLUMN generation TEXT NOT NULL DEFAULT '';
-- A refused change from a submission page's owner form (its id, the coded
-- reasons and what was typed, as JSON), kept on the session until that
-- page has shown it once.
ALTER TABLE sessions ADD COLUMN flash_change TEXT;
