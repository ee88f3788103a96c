// The daily puzzle card's board (daily_puzzle.ts): the rows mini_board.ts
// draws, replayed from the puzzle's moves (protocol 2.21), drops and pops.
import { describe, expect, it } from 'vitest';
import { puzzleRows } from '../../src/daily_puzzle';

describe('puzzleRows', () => {
  it('stacks drops from the bottom, the first player red', () => {
    expect(puzzleRows(4, 3, ['b', 'b', 'c', 'b'])).toEqual(['.Y..', '.Y..', '.RR.']);
  });

  it('a pop takes the bottom disc and the column falls', () => {
    expect(puzzleRows(3, 3, ['a', 'a', 'a', 'a^'])).toEqual(['...', 'R..', 'Y..']);
  });

  it('an empty puzzle is an empty board of its size', () => {
    expect(puzzleRows(7, 6, [])).toEqual(Array(6).fill('.......'));
  });
});
