-- 014: personal API tokens and bot accounts (docs/bot-api.md).
--
-- api_tokens: the tokens an account made on its account page, for programs
-- that call the API with `Authorization: Bearer <token>`. Kept as the
-- BLAKE2b-256 hash of the token (ids.h token_hash), never the token, which
-- is shown once when it is made. scopes: the scope names it holds, separated
-- by one space ("bot:play challenge:write"). last_used_ms: 0 until first
-- used, then the time of a use, written at most once a minute. A revoked
-- token is deleted: it is then unknown, as one never made.
CREATE TABLE api_tokens (
  id @ID@,
  player_id BIGINT NOT NULL REFERENCES players (id),
  token_hash TEXT NOT NULL UNIQUE,
  description TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_ms BIGINT NOT NULL,
  last_used_ms BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX api_tokens_by_player ON api_tokens (player_id);

-- players.bot_ms: when the account became a bot (POST
-- /api/bot/account/upgrade), 0 for a person. Irreversible: nothing sets it
-- back.
ALTER TABLE players ADD COLUMN bot_ms BIGINT NOT NULL DEFAULT 0;
