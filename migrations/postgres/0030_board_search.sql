-- A search matches in the database (issue 38): each board row keeps its
-- model name lower-cased by the server (`domain::board::folded`: Unicode,
-- where SQLite's own `lower` is ASCII-only), and the two indexes a search
-- reads hold it in the board's order, so a search reads no whole row it
-- does not show and returns only the rows it keeps.
ALTER TABLE board_rows ADD COLUMN model_folded TEXT NOT NULL DEFAULT '';
-- The rows stored before have no folded names. A new build never serves
-- another build's rows; they are deleted here, and the next start writes
-- the board whole, as it would anyway.
TRUNCATE board_rows, board_flag_names;
UPDATE board_state SET build = NULL, version = NULL;
DROP INDEX board_rows_order;
CREATE INDEX board_rows_order ON board_rows (gen, source, ord, model_folded);
DROP INDEX board_rows_category;
CREATE INDEX board_rows_category ON board_rows (gen, source, category, ord, model_folded);
