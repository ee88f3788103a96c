-- 007: a player's unfinished tables read from the store (GET /api/me/tables
-- on one node of several, whose other tables run on other nodes): seats by
-- player, so the lookup does not scan every seat ever taken.
CREATE INDEX seats_by_player ON seats (player_id, table_id);
