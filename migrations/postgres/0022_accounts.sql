-- Accounts that outlive a forgotten password and a single person:
-- password-reset links (one hour, one use) and invitations of further
-- members (seven days, one use). Only the SHA-256 of each link's secret
-- is stored.
CREATE TABLE password_resets (
    token_hash  TEXT    PRIMARY KEY,
    member_id   BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);
CREATE INDEX password_resets_member ON password_resets (member_id);

CREATE TABLE invitations (
    token_hash  TEXT    PRIMARY KEY,
    team_id     BIGINT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    email       TEXT    NOT NULL,  -- lower-cased: the address invited
    invited_by  BIGINT REFERENCES members (id) ON DELETE SET NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);
CREATE INDEX invitations_team ON invitations (team_id);

-- An invitation link made on a server that sends no mail, kept (as it is:
-- the one secret here not hashed) until the inviting member's team page
-- shows it, once.
ALTER TABLE sessions ADD COLUMN flash_invite TEXT;
