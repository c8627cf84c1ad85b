-- Withdrawals: a team may withdraw one of its submissions
-- (`DELETE /api/v1/submissions/{id}`). The row is never deleted: it keeps
-- counting against the team's quotas and its model's attempts, its owner
-- still reads it, and the audit log keeps the withdrawal. `withdrawn_at`
-- is the Unix time it was withdrawn (NULL: not withdrawn); the visibility
-- policy (`app::domain::visibility`) hides a withdrawn submission from
-- every other viewer and from every shared surface.
ALTER TABLE submissions ADD COLUMN withdrawn_at BIGINT;
