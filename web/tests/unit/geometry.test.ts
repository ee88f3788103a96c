import { describe, expect, it } from 'vitest';
import {
  cellName,
  columnLetter,
  FourGeometry,
  lineName,
  parseCell,
  TWICE_LINES,
  TWICE_POINTS,
  twiceNeighbours,
  twiceStep,
} from '../../src/geometry';

describe('four-in-a-row geometry (RULES.md A1)', () => {
  it('names columns by letters from the left and rows from the bottom', () => {
    const g = new FourGeometry(7, 6);
    expect(g.columns()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(cellName({ col: 3, row: 0 })).toBe('d1');
    expect(parseCell('d1', 7, 6)).toEqual({ col: 3, row: 0 });
    expect(parseCell('h1', 7, 6)).toBeNull();
    expect(parseCell('a7', 7, 6)).toBeNull();
    expect(parseCell('j10', 10, 10)).toEqual({ col: 9, row: 9 });
  });

  it('accepts every size 4..10 and refuses others with the size in the message', () => {
    for (let w = 4; w <= 10; w++) for (let h = 4; h <= 10; h++) expect(new FourGeometry(w, h).width).toBe(w);
    expect(() => new FourGeometry(3, 6)).toThrow(/width 3/);
    expect(() => new FourGeometry(7, 11)).toThrow(/height 11/);
  });

  it('stops arrow selection at the edges of a flat board', () => {
    const g = new FourGeometry(7, 6);
    expect(g.step(0, -1)).toBe(0);
    expect(g.step(6, 1)).toBe(6);
    expect(g.step(3, 1)).toBe(4);
  });

  it('wraps arrow selection on a cylinder (RULES.md A6 cylinder)', () => {
    const g = new FourGeometry(7, 6, true);
    expect(g.step(0, -1)).toBe(6);
    expect(g.step(6, 1)).toBe(0);
  });

  it('maps digits 1..W to columns, 0 to the tenth column, and nothing beyond W', () => {
    const g7 = new FourGeometry(7, 6);
    expect(g7.columnForDigit('1')).toBe(0);
    expect(g7.columnForDigit('7')).toBe(6);
    expect(g7.columnForDigit('8')).toBe(-1);
    expect(g7.columnForDigit('0')).toBe(-1);
    expect(g7.columnForDigit('x')).toBe(-1);
    expect(new FourGeometry(10, 8).columnForDigit('0')).toBe(9);
  });

  it('continues horizontal lines across the seam only on a cylinder', () => {
    const flat = new FourGeometry(7, 6);
    const cyl = new FourGeometry(7, 6, true);
    expect(flat.lineCells({ col: 5, row: 0 }, 1, 0, 4)).toBeNull();
    const wrapped = cyl.lineCells({ col: 5, row: 0 }, 1, 0, 4)!;
    expect(wrapped.map(cellName)).toEqual(['f1', 'g1', 'a1', 'b1']);
    expect(cyl.crossesSeam(wrapped)).toBe(true);
    expect(cyl.crossesSeam(cyl.lineCells({ col: 0, row: 0 }, 1, 0, 4)!)).toBe(false);
    expect(flat.crossesSeam(wrapped)).toBe(false);
    expect(cyl.lineCells({ col: 6, row: 0 }, 1, 1, 4)!.map(cellName)).toEqual(['g1', 'a2', 'b3', 'c4']);
  });

  it('letters columns a..j', () => {
    expect(Array.from({ length: 10 }, (_, i) => columnLetter(i)).join('')).toBe('abcdefghij');
  });
});

describe('twiceFour geometry (RULES.md B1)', () => {
  it('has 21 points: the 5x5 grid without its corners', () => {
    expect(TWICE_POINTS).toHaveLength(21);
    for (const corner of ['a1', 'e1', 'a5', 'e5']) expect(TWICE_POINTS).not.toContain(corner);
    expect(TWICE_POINTS).toContain('c3');
  });

  it('has the 16 lines of B1', () => {
    const names = TWICE_LINES.map(lineName).sort();
    expect(names).toEqual(
      [
        'a2-d2',
        'b2-e2',
        'a3-d3',
        'b3-e3',
        'a4-d4',
        'b4-e4',
        'b1-b4',
        'b2-b5',
        'c1-c4',
        'c2-c5',
        'd1-d4',
        'd2-d5',
        'a2-d5',
        'b1-e4',
        'a4-d1',
        'b5-e2',
      ].sort(),
    );
    for (const line of TWICE_LINES) for (const p of line) expect(TWICE_POINTS).toContain(p);
  });

  it('connects points horizontally and vertically only', () => {
    expect(twiceNeighbours('c3').sort()).toEqual(['b3', 'c2', 'c4', 'd3']);
    expect(twiceNeighbours('a2').sort()).toEqual(['a3', 'b2']);
    expect(twiceNeighbours('b1').sort()).toEqual(['b2', 'c1']);
    expect(twiceNeighbours('a1')).toEqual([]);
  });

  it('moves the keyboard cursor past missing corners', () => {
    expect(twiceStep('b1', -1, 0)).toBe('b1'); // a1 is no point and nothing lies beyond
    expect(twiceStep('a2', 0, -1)).toBe('a2');
    expect(twiceStep('c3', 1, 0)).toBe('d3');
    expect(twiceStep('d5', 1, 0)).toBe('d5');
  });
});
