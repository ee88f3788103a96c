// The match result as the table page says it (src/pages/table/texts.ts): to
// a seated player in the second person, own points first; to a spectator
// with the winner's name, the winner's points first.
import { describe, expect, it } from 'vitest';
import type { MatchInfo, TableSummary } from '../../src/protocol';
import { emptyModel, type TableModel } from '../../src/table_model';
import { matchResultText } from '../../src/pages/table/texts';

function over(mySeat: number | null, results: ('win' | 'loss' | 'draw')[], score: number[]): TableModel {
  const m = emptyModel();
  m.mySeat = mySeat;
  m.table = {
    settings: { game: 'four', variant: 'classic' },
    seats: [
      { seat: 0, player: { id: 'p_1', name: 'Ada' }, computer: null },
      { seat: 1, player: { id: 'p_2', name: 'Bob' }, computer: null },
    ],
  } as unknown as TableSummary;
  m.match = { over: true, result: { score, results, reason: 'completed', ratings: [] } } as unknown as MatchInfo;
  return m;
}

describe('the match result', () => {
  it('is said to each player', () => {
    expect(matchResultText(over(0, ['loss', 'win'], [0, 2]))).toBe('You lose the match 0:2.');
    expect(matchResultText(over(1, ['loss', 'win'], [0, 2]))).toBe('You win the match 2:0.');
    expect(matchResultText(over(1, ['draw', 'draw'], [1, 1]))).toBe('The match is drawn 1:1.');
  });

  it('names the winner to a spectator', () => {
    expect(matchResultText(over(null, ['loss', 'win'], [0, 2]))).toBe('Bob wins the match 2:0.');
  });
});
