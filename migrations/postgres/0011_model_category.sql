-- The model's category as its team declares it at upload (open or
-- proprietary; general, Arabic or medical), in the board's filter names
-- (`open-arabic`), so the category filter covers verified rows too.
-- Submissions stored before it say `unknown`.
ALTER TABLE submissions ADD COLUMN model_category TEXT NOT NULL DEFAULT 'unknown';
