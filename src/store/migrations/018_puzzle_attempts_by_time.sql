-- 018: a player's puzzle attempts in every variant, newest first (the
-- profile's puzzle history, docs/protocol.md 2.22), read a page at a time
-- by (at_ms, puzzle_id) without sorting all of the player's attempts.
CREATE INDEX puzzle_attempts_by_time ON puzzle_attempts (player_id, at_ms, puzzle_id);
