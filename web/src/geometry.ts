// Board geometry, a parameter of every view (architecture.md, web): any W x H
// four-in-a-row board, with or without the cylinder wrap, and the 21-point
// twiceFour board. Names follow RULES.md A1 and B1: columns are letters from
// the left, rows numbers from the bottom. Nothing here decides legality; the
// server sends the legal moves with every state.

import { SIZES, TWICEFOUR } from './variants';

const MIN_SIZE = SIZES.min;
const MAX_SIZE = SIZES.max;

export interface CellRef {
  col: number; // 0 = column a
  row: number; // 0 = row 1, the bottom
}

export function columnLetter(col: number): string {
  return String.fromCharCode(97 + col);
}

export function columnIndex(letter: string): number {
  if (letter.length !== 1) return -1;
  const c = letter.charCodeAt(0) - 97;
  return c >= 0 && c < 26 ? c : -1;
}

export function cellName(c: CellRef): string {
  return columnLetter(c.col) + String(c.row + 1);
}

export function parseCell(name: string, width: number, height: number): CellRef | null {
  const m = /^([a-z])(\d{1,2})$/.exec(name);
  if (!m) return null;
  const col = columnIndex(m[1]);
  const row = Number(m[2]) - 1;
  if (col < 0 || col >= width || row < 0 || row >= height) return null;
  return { col, row };
}

export class FourGeometry {
  readonly width: number;
  readonly height: number;
  readonly cylinder: boolean;

  constructor(width: number, height: number, cylinder = false) {
    if (!Number.isInteger(width) || width < MIN_SIZE || width > MAX_SIZE)
      throw new RangeError(`board width ${width} is out of range (${MIN_SIZE}..${MAX_SIZE})`);
    if (!Number.isInteger(height) || height < MIN_SIZE || height > MAX_SIZE)
      throw new RangeError(`board height ${height} is out of range (${MIN_SIZE}..${MAX_SIZE})`);
    this.width = width;
    this.height = height;
    this.cylinder = cylinder;
  }

  columns(): string[] {
    return Array.from({ length: this.width }, (_, i) => columnLetter(i));
  }

  // The column an arrow key moves to. On a cylinder the selection wraps like the
  // board does; on a flat board it stops at the edge.
  step(col: number, delta: number): number {
    const next = col + delta;
    if (this.cylinder) return ((next % this.width) + this.width) % this.width;
    return Math.max(0, Math.min(this.width - 1, next));
  }

  // Digit keys 1..9 name columns a..i; 0 names the tenth column (j) on a board
  // that has one. Returns -1 for a digit with no column.
  columnForDigit(digit: string): number {
    if (!/^[0-9]$/.test(digit)) return -1;
    const col = digit === '0' ? 9 : Number(digit) - 1;
    return col < this.width ? col : -1;
  }

  // Cells of a line written on the board as start cell, direction and length.
  // On a cylinder a horizontal or diagonal line continues across the edge.
  lineCells(start: CellRef, dCol: number, dRow: number, length: number): CellRef[] | null {
    const cells: CellRef[] = [];
    for (let i = 0; i < length; i++) {
      let col = start.col + dCol * i;
      const row = start.row + dRow * i;
      if (this.cylinder) col = ((col % this.width) + this.width) % this.width;
      if (col < 0 || col >= this.width || row < 0 || row >= this.height) return null;
      cells.push({ col, row });
    }
    return cells;
  }

  // Whether a set of cells (e.g. a highlighted winning line) crosses the
  // cylinder's seam between the last and the first column; the view then draws
  // the line in two pieces and marks the wrap.
  crossesSeam(cells: CellRef[]): boolean {
    if (!this.cylinder || cells.length < 2) return false;
    const cols = new Set(cells.map((c) => c.col));
    return cols.has(0) && cols.has(this.width - 1) && cols.size < this.width;
  }
}

// --- twiceFour (RULES.md B1) ---------------------------------------------
// The board's facts come from the rules library (variants.ts).

export const TWICE_SIZE = TWICEFOUR.size;

// The 21 points, a1..e5 without the corners.
export const TWICE_POINTS: readonly string[] = TWICEFOUR.points;

export function isTwicePoint(name: string): boolean {
  return TWICE_POINTS.includes(name);
}

// Horizontal and vertical neighbours only (no diagonal steps).
export function twiceNeighbours(name: string): string[] {
  return [...(TWICEFOUR.neighbours[name] ?? [])];
}

// The 16 lines of RULES.md B1, each four points from one end to the other.
export const TWICE_LINES: readonly (readonly string[])[] = TWICEFOUR.lines;

export function lineName(line: readonly string[]): string {
  return `${line[0]}-${line[line.length - 1]}`;
}

// Keyboard navigation over the 21 points: the nearest point in a direction,
// skipping the missing corners.
export function twiceStep(name: string, dCol: number, dRow: number): string {
  const c = parseCell(name, TWICE_SIZE, TWICE_SIZE);
  if (!c) return 'c3';
  let col = c.col + dCol;
  let row = c.row + dRow;
  while (col >= 0 && row >= 0 && col < TWICE_SIZE && row < TWICE_SIZE) {
    const n = cellName({ col, row });
    if (isTwicePoint(n)) return n;
    col += dCol;
    row += dRow;
  }
  return name;
}
