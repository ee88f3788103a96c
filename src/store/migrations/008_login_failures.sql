-- 008: failed logins (docs/protocol.md 2.12), in the store rather than in a
-- node's memory: behind nginx a login may reach any node, and each would
-- otherwise count its own (three nodes: three times the attempts), and a
-- restart would forget them. One row a failure; a success forgets the name's
-- rows, and rows older than the window are deleted as new ones come in.
CREATE TABLE login_failures (
  name_key TEXT NOT NULL,
  address TEXT NOT NULL,
  at_ms BIGINT NOT NULL
);
CREATE INDEX login_failures_by_name ON login_failures (name_key, at_ms);
CREATE INDEX login_failures_by_address ON login_failures (address, at_ms);
CREATE INDEX login_failures_by_time ON login_failures (at_ms);
