// The premove of a four-in-a-row table (src/pages/table/premove.ts) and the
// title that tells a hidden tab it is your turn (turn_notice.ts): when a
// premove may be chosen, and what becomes of it when the model changes.
import { describe, expect, it } from 'vitest';
import type { GameSnapshot, TableSummary } from '../../src/protocol';
import { emptyModel, type TableModel } from '../../src/table_model';
import { premoveOpen, premoveStep } from '../../src/pages/table/premove';
import { turnTitle } from '../../src/pages/table/turn_notice';

// A model of game `number`, seat `toMove` to move, this player in seat 0.
function model(toMove: number | null, opts: Partial<GameSnapshot> = {}, status = 'playing'): TableModel {
  const m = emptyModel();
  m.mySeat = 0;
  m.table = { status } as unknown as TableSummary;
  m.game = {
    number: 1,
    game: 'four',
    variant: 'classic',
    width: 7,
    height: 6,
    board: Array(6).fill('.......'),
    ply: 1,
    sides: [0, 1],
    to_move: toMove === null ? null : { side: toMove, seat: toMove },
    legal: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
    repetition_warning: false,
    outcome: null,
    winning_cells: [],
    ...opts,
  } as GameSnapshot;
  return m;
}

describe('premove', () => {
  it('is open on the other player turn only, seated, at a running four-in-a-row game', () => {
    expect(premoveOpen(model(1))).toBe(true);
    expect(premoveOpen(model(0))).toBe(false);
    const watching = model(1);
    watching.mySeat = null;
    expect(premoveOpen(watching)).toBe(false);
    expect(premoveOpen(model(1, { game: 'twicefour' }))).toBe(false);
    expect(premoveOpen(model(1, {}, 'between_games'))).toBe(false);
    expect(
      premoveOpen(model(1, { outcome: { status: 'draw', winner_side: null, winner_seats: [], reason: 'x' } })),
    ).toBe(false);
  });

  it('waits, then is sent when the turn comes and the column is legal', () => {
    expect(premoveStep(model(1), 'd', 1)).toEqual({ kind: 'keep' });
    expect(premoveStep(model(0), 'd', 1)).toEqual({ kind: 'send', move: 'd' });
  });

  it('is refused when the column is no longer legal, and dropped with its game', () => {
    expect(premoveStep(model(0, { legal: ['a', 'b'] }), 'd', 1)).toEqual({ kind: 'refused', move: 'd' });
    expect(premoveStep(model(0, { number: 2 }), 'd', 1)).toEqual({ kind: 'drop' });
    const over = model(null, { outcome: { status: 'win', winner_side: 1, winner_seats: [1], reason: 'line' } });
    expect(premoveStep(over, 'd', 1)).toEqual({ kind: 'drop' });
    expect(premoveStep(model(0, {}, 'between_games'), 'd', 1)).toEqual({ kind: 'drop' });
  });
});

describe('the title of a hidden tab', () => {
  it('leads with the turn only while hidden and on your turn', () => {
    expect(turnTitle('Classic — fourtable', true, true)).toBe('● Your turn — Classic — fourtable');
    expect(turnTitle('Classic — fourtable', true, false)).toBe('Classic — fourtable');
    expect(turnTitle('Classic — fourtable', false, true)).toBe('Classic — fourtable');
  });
});
