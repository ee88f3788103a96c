-- 011: records that are true (docs/protocol.md 2.7, 2.13).
--   unplayed  1 for a game lost with the match before it began (resign match,
--             a timeout, claim or abandonment ended the match first): it has
--             no moves and no record, and no page or export lists it;
--   sides     the side each seat played in the game, by name in seat order
--             ('yellow red'; '' for games stored before this migration), so
--             an export can say who had which colour.
ALTER TABLE games ADD COLUMN unplayed INTEGER NOT NULL DEFAULT 0 CHECK (unplayed IN (0, 1));
ALTER TABLE games ADD COLUMN sides TEXT NOT NULL DEFAULT '';

-- Games stored unplayed before this migration: started and finished in the
-- same millisecond with no move, never game 1 (the match's start begins
-- it). They were stored with another game's moves as their record.
UPDATE games SET unplayed = 1, result = 'unplayed', record = ''
WHERE finished = 1 AND number > 1 AND started_ms = finished_ms
  AND NOT EXISTS (SELECT 1 FROM moves mv
                  WHERE mv.match_id = games.match_id AND mv.game_number = games.number);

-- The game a match was resigned (or lost on time, claimed, abandoned) in was
-- written with colour names ('1. red a') instead of the discs of RULES.md A1
-- ('1. ● a'). Its ply numbers are right where no set-up moves come before
-- the first move, so only those are mended.
UPDATE games
SET record = REPLACE(REPLACE(REPLACE(record, '. red ', '. ● '), '. yellow ', '. ○ '),
                     '. green ', '. ◆ ')
WHERE variant NOT IN ('twicefour', 'drawn-opening') AND record LIKE '1. %'
  AND match_id IN (SELECT m.id FROM matches m JOIN tables t ON t.id = m.table_id
                   WHERE t.settings_json NOT LIKE '%"start"%');
