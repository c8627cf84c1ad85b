-- Nothing to do on SQLite, which does not compress values: PostgreSQL's
-- migration 0015 moves a submission's large values to LZ4 compression.
-- Kept so both have the same versions.
SELECT 1;
