-- 003: what a restart needs to replay each move exactly and to answer a
-- resent move (docs/protocol.md 4.2, 6):
--   elapsed_ms  the mover's turn as the server measured it (-1: unknown),
--               so a replay charges that and never the gap between two
--               stored times (an outage);
--   clocks_ms   every seat's time left after the move, comma-separated
--               ('' unknown), the reading a restore ends on;
--   client_id   the id the client gave the move ('' none);
--   version     the table event version of the move's `moved` event (0 unknown).
ALTER TABLE moves ADD COLUMN elapsed_ms BIGINT NOT NULL DEFAULT -1;
ALTER TABLE moves ADD COLUMN clocks_ms TEXT NOT NULL DEFAULT '';
ALTER TABLE moves ADD COLUMN client_id TEXT NOT NULL DEFAULT '';
ALTER TABLE moves ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
