-- 015: challenges (docs/bot-api.md, "Challenges"): one player asks another
-- to a table with the settings a table is made with (protocol.md 2.3).
--
-- settings: the settings object of the request as the server checked it
-- (JSON text). status: open, accepted, declined, canceled or expired; only an
-- open one changes, once (each change is an UPDATE ... WHERE status = 'open',
-- so two answers at once leave one). reason: a declined one's reason key.
-- table_id: an accepted one's table, made in the same transaction.
-- expires_ms: an open one past this is expired (by the first node that
-- looks, or by the answer that finds it so). answered_ms: 0 while open.
CREATE TABLE challenges (
  id @ID@,
  challenger BIGINT NOT NULL REFERENCES players (id),
  challenged BIGINT NOT NULL REFERENCES players (id),
  settings TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open',
  reason TEXT NOT NULL DEFAULT '',
  table_id TEXT NOT NULL DEFAULT '',
  created_ms BIGINT NOT NULL,
  expires_ms BIGINT NOT NULL,
  answered_ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX challenges_by_challenger ON challenges (challenger, status);
CREATE INDEX challenges_by_challenged ON challenges (challenged, status);
CREATE INDEX challenges_open_until ON challenges (status, expires_ms);
