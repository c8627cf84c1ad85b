-- A submission's large values (its score card, packed predictions and
-- correctness, several kilobytes) are compressed with LZ4 rather than
-- PostgreSQL's default pglz: under a burst of uploads pglz took a sixth of
-- the database's CPU. Rows already stored keep their compression. Where
-- the server was built without LZ4 (or is older than PostgreSQL 14, which
-- has no per-column compression) pglz stays, with a notice.
DO $$
BEGIN
  EXECUTE 'ALTER TABLE submissions
             ALTER COLUMN scorecard_json SET COMPRESSION lz4,
             ALTER COLUMN predictions SET COMPRESSION lz4,
             ALTER COLUMN correctness SET COMPRESSION lz4';
EXCEPTION WHEN feature_not_supported OR syntax_error THEN
  RAISE NOTICE 'LZ4 compression is not available here; submissions keep pglz';
END
$$;
