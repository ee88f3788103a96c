-- 004: leaderboards (docs/protocol.md 2.15). A pool's best players are read
-- in rating order; the index holds that order and the columns the filter
-- reads (deviation, last rated match), so the top 100 and a player's place
-- are read from the index alone and stop where the answer is complete
-- instead of scanning every rating of the pool.
CREATE INDEX ratings_by_pool ON ratings (variant, rating DESC, player_id, deviation, last_rated_ms);
