// The puzzle page's board rows from moves (puzzle_board.ts): drops stack,
// PopOut's pops take the bottom disc out, and the moves offered.
import { describe, expect, it } from 'vitest';
import { boardAfter, movesOn } from '../../src/puzzle_board';

describe('puzzle board', () => {
  it('stacks the two sides in turn, rows top first', () => {
    expect(boardAfter(4, 3, ['a', 'a', 'b', 'a'])).toEqual(['Y...', 'Y...', 'RR..']);
  });

  it('lets a column down after a pop and keeps the turn order', () => {
    // Red a, Yellow a, Red b, Yellow c, Red pops a: Yellow's disc falls to the bottom.
    expect(boardAfter(4, 3, ['a', 'a', 'b', 'c', 'a^'])).toEqual(['....', '....', 'YRY.']);
  });

  it('offers drops on columns with room and, with PopOut, pops of the side’s own bottom discs', () => {
    const board = boardAfter(3, 2, ['a', 'a', 'b', 'c']);
    expect(board).toEqual(['Y..', 'RRY']);
    expect(movesOn(board, 0, false)).toEqual(['b', 'c']);
    expect(movesOn(board, 0, true)).toEqual(['b', 'c', 'a^', 'b^']);
    expect(movesOn(board, 1, true)).toEqual(['b', 'c', 'c^']);
  });
});
