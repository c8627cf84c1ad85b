-- What a refused web upload's form held (model name, URL, notes, protocol
-- card, benchmark), as JSON, kept on the session until the upload page has
-- filled the form with it once: a refusal never makes a team type its
-- metadata again. The file itself is never kept.
ALTER TABLE sessions ADD COLUMN flash_fields TEXT;
