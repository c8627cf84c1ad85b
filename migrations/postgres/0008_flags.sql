-- Key-copy forensics: the flags raised when a submission was stored
-- (`app::domain::forensics`), as a JSON array such as
-- [{"code": "reproduces_key_defects", "reproduced": 5, "known": 6},
--  {"code": "near_duplicate", "of": "x7Kp2"}]. Computed once, at upload;
-- a flag never hides a submission. Rows stored before this migration have
-- none (NULL, read as no flags).
ALTER TABLE submissions ADD COLUMN flags_json TEXT;
