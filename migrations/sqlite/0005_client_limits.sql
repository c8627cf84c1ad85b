-- Limits per client address (`serve --registrations-per-day`,
-- `--client-daily-quota`). A client is stored only as a keyed hash of its
-- address (HMAC-SHA-256 under the `client_key_secret` setting), never the
-- address itself; NULL where no client was known (teams made with the CLI,
-- seeded and demo rows).
--
-- A registration or an upload from a client first writes (and so locks)
-- the client's row here, then counts its teams or uploads of the day, then
-- inserts, all in one transaction: concurrent requests from one client,
-- on any number of app servers, are counted one after another.
CREATE TABLE clients (
    client_key  TEXT PRIMARY KEY,
    last_seen   INTEGER NOT NULL
);

ALTER TABLE teams ADD COLUMN client_key TEXT;
CREATE INDEX teams_client ON teams (client_key, created_at) WHERE client_key IS NOT NULL;

ALTER TABLE submissions ADD COLUMN client_key TEXT;
CREATE INDEX submissions_client ON submissions (client_key, utc_day) WHERE client_key IS NOT NULL;
