-- 016: puzzle ratings and attempts (docs/protocol.md 2.19).
--
-- The puzzles themselves are files of the repository (data/puzzles/), read
-- by the server at start; the store keeps only what players did with them.
--
-- puzzle_ratings: a player's Glicko-2 puzzle rating per variant, a pool of
-- its own (a player's game rating in `ratings` is never touched by puzzles).
-- attempts: rated attempts counted.
CREATE TABLE puzzle_ratings (
  player_id BIGINT NOT NULL REFERENCES players (id),
  variant TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  last_rated_ms BIGINT NOT NULL,
  attempts INTEGER NOT NULL,
  PRIMARY KEY (player_id, variant)
);

-- puzzle_scores: a puzzle's own Glicko-2 rating, by its id (the collection's
-- hash of variant and position); no row until its first rated attempt (the
-- server starts it from the line's length). solved: attempts that solved it.
CREATE TABLE puzzle_scores (
  puzzle_id TEXT PRIMARY KEY,
  variant TEXT NOT NULL,
  rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL,
  volatility DOUBLE PRECISION NOT NULL,
  last_rated_ms BIGINT NOT NULL,
  attempts INTEGER NOT NULL,
  solved INTEGER NOT NULL
);

-- puzzle_attempts: a player's first attempt at a puzzle, the one that was
-- rated (later ones change nothing and are not kept). solved: 0 or 1;
-- rating_before/after: the player's puzzle rating around it.
CREATE TABLE puzzle_attempts (
  player_id BIGINT NOT NULL REFERENCES players (id),
  puzzle_id TEXT NOT NULL,
  variant TEXT NOT NULL,
  solved INTEGER NOT NULL,
  at_ms BIGINT NOT NULL,
  rating_before DOUBLE PRECISION NOT NULL,
  rating_after DOUBLE PRECISION NOT NULL,
  PRIMARY KEY (player_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_by_player ON puzzle_attempts (player_id, variant, at_ms);
