-- 017: players waiting in a pool to be paired ("play someone now",
-- protocol.md 2.19), shared by every node so that players waiting on
-- different nodes meet.
--
-- One row per player: a player waits in one pool at a time, and a second
-- tab of the same player joins the same wait. rating: the player's rating
-- in the pool's rating pool when they joined (what pairing compares).
-- seen_ms: the last time a page of the player said it still waits; a wait
-- not seen for the grace period (10 s) is gone. table_id: '' while waiting,
-- then the started table both players were paired at (paired_ms), kept
-- for the grace period so every tab of both learns it. No foreign key on
-- table_id: the pairing write sets it before the same transaction creates
-- the table.
CREATE TABLE pool_waits (
  player_id BIGINT PRIMARY KEY REFERENCES players (id),
  pool TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  joined_ms BIGINT NOT NULL,
  seen_ms BIGINT NOT NULL,
  table_id TEXT NOT NULL DEFAULT '',
  paired_ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX pool_waits_by_seen ON pool_waits (seen_ms);
