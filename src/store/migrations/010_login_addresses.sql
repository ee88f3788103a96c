-- 010: the failed-login policy that stops guessing without letting a
-- stranger lock the owner out (docs/protocol.md 2.12).
--
-- login_addresses: where a player's logins (and its setting or changing of
-- the password) succeeded, by client address, with the last time. The limit
-- on a name's failures from all addresses does not apply to an address the
-- owner used in the last 30 days; rows older than that are deleted as new
-- ones come in.
CREATE TABLE login_addresses (
  player_id BIGINT NOT NULL REFERENCES players (id),
  address TEXT NOT NULL,
  last_ms BIGINT NOT NULL,
  PRIMARY KEY (player_id, address)
);
CREATE INDEX login_addresses_by_time ON login_addresses (last_ms);

-- password_failures: wrong old passwords in a change of password, by the
-- session (the BLAKE2b-256 hash of its token, as in sessions). They count
-- against that session alone, never against the name's login limits, so
-- nobody else's failures can stop a logged-in owner from changing the
-- password. Rows older than the window are deleted as new ones come in.
CREATE TABLE password_failures (
  token_hash TEXT NOT NULL,
  at_ms BIGINT NOT NULL
);
CREATE INDEX password_failures_by_token ON password_failures (token_hash, at_ms);
CREATE INDEX password_failures_by_time ON password_failures (at_ms);

-- login_failures gets an index for the count per name and address.
CREATE INDEX login_failures_by_name_address ON login_failures (name_key, address, at_ms);
