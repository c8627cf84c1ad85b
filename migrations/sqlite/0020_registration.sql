-- How teams are let in (`serve --registration open|email|approved`).
-- `admitted_at` is when a team may start uploading: at registration on an
-- open server, once its address is verified (`email`) or an operator lets
-- it in (`approved`) otherwise. Teams registered before were let in then.
ALTER TABLE teams ADD COLUMN admitted_at INTEGER;
UPDATE teams SET admitted_at = created_at;

-- A member's address: when it was verified, and its normalised form (lower
-- case, no +tag: `domain::registration::address_key`), by which one
-- address registers one team. Members stored before have none.
ALTER TABLE members ADD COLUMN email_verified_at INTEGER;
ALTER TABLE members ADD COLUMN address_key TEXT;
CREATE INDEX members_address_key ON members (address_key);

-- The links sent to verify an address: only the SHA-256 of each link's
-- secret is stored, until it is used or expires.
CREATE TABLE email_verifications (
    token_hash  TEXT PRIMARY KEY,
    member_id   INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    expires_at  INTEGER NOT NULL
);
