-- 013: the exact analysis as a durable queue shared by every node and
-- worker (docs/operations.md, "Analysis workers"), and what each seat's play
-- was worth by that analysis (docs/protocol.md 2.16, accuracy).
--
-- analysis_jobs: one row per game ever queued; it stays, state 'done', once
-- its analysis is stored, so a game is analysed once however often it is
-- asked for.
--   priority       larger first: 3 a person waits on the game page, 2 a rated
--                  game just finished, 1 a casual one, 0 the rest (older
--                  games); asking again only ever raises it
--   state          'queued', 'running' (a worker holds the lease), 'done'
--   owner          the worker holding it ('' none)
--   lease_until_ms the running lease's end: past it, any worker may claim
--                  the job again (its worker died)
--   claim          counts the claims; a worker's completion names the claim
--                  it holds, so a worker whose job was claimed again after
--                  its lease stores nothing
--   attempts       claims so far (a job is claimed at most a few times)
CREATE TABLE analysis_jobs (
  match_id BIGINT NOT NULL,
  game_number INTEGER NOT NULL,
  priority INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done')),
  queued_ms BIGINT NOT NULL,
  owner TEXT NOT NULL DEFAULT '',
  lease_until_ms BIGINT NOT NULL DEFAULT 0,
  claim BIGINT NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (match_id, game_number),
  FOREIGN KEY (match_id, game_number) REFERENCES games (match_id, number)
);
CREATE INDEX analysis_jobs_next ON analysis_jobs (state, priority, queued_ms);

-- analysis_seats: per game and seat, from the stored analysis: the moves
-- where some move would have lost the result ('decisive'), how many of
-- those kept it, and the moves that changed it (mistakes). Written with the
-- analysis, in its transaction; the profile sums them per variant.
CREATE TABLE analysis_seats (
  match_id BIGINT NOT NULL,
  game_number INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  decisive INTEGER NOT NULL,
  kept INTEGER NOT NULL,
  mistakes INTEGER NOT NULL,
  PRIMARY KEY (match_id, game_number, seat),
  FOREIGN KEY (match_id, game_number) REFERENCES games (match_id, number)
);
