-- 006: a name to keep (docs/protocol.md 2.12). A guest may set a password;
-- then it can log in from another browser, which gets a session token of
-- its own for the same player.
--
-- sessions: every cookie token that identifies a player, as its BLAKE2b-256
-- hash (ids.h token_hash), never the token. The guests made before this
-- migration keep working: their players.token_hash becomes their first
-- session. players.token_hash stays as the hash of the token the player was
-- created with (UNIQUE, so a token is never handed out twice); lookups go
-- through sessions, so a logged-out token identifies nobody any more.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  player_id BIGINT NOT NULL REFERENCES players (id),
  created_ms BIGINT NOT NULL
);
CREATE INDEX sessions_by_player ON sessions (player_id);
INSERT INTO sessions (token_hash, player_id, created_ms)
  SELECT token_hash, id, created_ms FROM players;

-- accounts: the players who set a password. name_key is the display name
-- folded for comparison (ids.h name_key), unique among them; the name itself
-- stays players.display_name. password_hash is libsodium's crypto_pwhash_str
-- (argon2id, its own salt and cost inside the string).
CREATE TABLE accounts (
  player_id BIGINT PRIMARY KEY REFERENCES players (id),
  name_key TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_ms BIGINT NOT NULL,
  changed_ms BIGINT NOT NULL
);

