-- Nothing to do on PostgreSQL: SQLite's migration 0014 adds an index that
-- keeps its board query off the rows' large values, which PostgreSQL
-- already stores apart (TOAST). Kept so both have the same versions.
SELECT 1;
