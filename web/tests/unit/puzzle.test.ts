import { describe, expect, it } from 'vitest';
import { B4_EXAMPLE, boardRows, crossSteps, judge } from '../../src/puzzle';

describe('the twiceFour puzzle is RULES.md B4', () => {
  it('places cross on b1, c2, d3, d4, d5 with d2 and e4 empty', () => {
    const rows = boardRows(B4_EXAMPLE);
    expect(rows).toHaveLength(5);
    expect(rows[4][1]).toBe('X'); // b1
    expect(rows[3][2]).toBe('X'); // c2
    expect(rows[3][3]).toBe('.'); // d2
    expect(rows[1][4]).toBe('.'); // e4
    expect(rows[0][0]).toBe(' '); // a5 is no point
  });

  it('d4-e4 completes b1-e4: the second point wins the round', () => {
    expect(judge(B4_EXAMPLE, 'd4-e4')).toEqual({ kind: 'win', newLines: ['b1-e4'] });
  });

  it('c2-d2 completes d2-d5 again and scores nothing', () => {
    expect(judge(B4_EXAMPLE, 'c2-d2')).toEqual({ kind: 'again', newLines: [] });
  });

  it('every other step of cross scores nothing', () => {
    const others = crossSteps(B4_EXAMPLE).filter((m) => m !== 'd4-e4' && m !== 'c2-d2');
    expect(others.length).toBeGreaterThan(3);
    for (const m of others) expect(judge(B4_EXAMPLE, m).kind).toBe('nothing');
  });

  it('refuses a move that is no step', () => {
    expect(() => judge(B4_EXAMPLE, 'b1-c3')).toThrow(/not a step/);
  });
});
