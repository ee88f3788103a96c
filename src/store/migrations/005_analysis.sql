-- 005: the exact analysis of finished games (docs/protocol.md 2.16), kept
-- once computed so a game is solved once, not at every visit of its page.
--   format        the version of analysis_json's layout and of the rules it
--                 was computed under; the server recomputes a game whose
--                 stored format is older than its own
--   analysis_json the server's JSON (scores per ply, "not solved" marks)
--   computed_ms   when it was stored
CREATE TABLE game_analyses (
  match_id BIGINT NOT NULL,
  game_number INTEGER NOT NULL,
  format INTEGER NOT NULL,
  analysis_json TEXT NOT NULL,
  computed_ms BIGINT NOT NULL,
  PRIMARY KEY (match_id, game_number),
  FOREIGN KEY (match_id, game_number) REFERENCES games (match_id, number)
);
