// The worked example of RULES.md B4 as a puzzle: cross to move, one line
// (d2-d5) already counted. This is the only place in the client that judges a
// twiceFour move, and only for this fixed position on the rules page: a step
// to a neighbouring empty point, and which of the 16 lines it completes.
import { TWICE_LINES, TWICE_POINTS, TWICE_SIZE, lineName, parseCell, twiceNeighbours } from './geometry';

export interface PuzzlePosition {
  cross: string[];
  circle: string[];
  counted: string[];
  crossPoints: number;
}

export const B4_EXAMPLE: PuzzlePosition = {
  cross: ['b1', 'c2', 'd3', 'd4', 'd5'],
  circle: ['a4', 'b4', 'b5', 'c5', 'e2'],
  counted: ['d2-d5'],
  crossPoints: 1,
};

export function boardRows(p: PuzzlePosition): string[] {
  const rows: string[] = [];
  for (let row = TWICE_SIZE - 1; row >= 0; row--) {
    let line = '';
    for (let col = 0; col < TWICE_SIZE; col++) {
      const name = String.fromCharCode(97 + col) + String(row + 1);
      if (!TWICE_POINTS.includes(name)) line += ' ';
      else if (p.cross.includes(name)) line += 'X';
      else if (p.circle.includes(name)) line += 'O';
      else line += '.';
    }
    rows.push(line);
  }
  return rows;
}

export function crossSteps(p: PuzzlePosition): string[] {
  const taken = new Set([...p.cross, ...p.circle]);
  return p.cross.flatMap((from) =>
    twiceNeighbours(from)
      .filter((to) => !taken.has(to))
      .map((to) => `${from}-${to}`),
  );
}

export type PuzzleVerdict = { kind: 'win' | 'nothing' | 'again'; newLines: string[] };

export function judge(p: PuzzlePosition, move: string): PuzzleVerdict {
  const [from, to] = move.split('-');
  if (!crossSteps(p).includes(move) || !parseCell(to, TWICE_SIZE, TWICE_SIZE))
    throw new RangeError(`not a step of cross: ${move}`);
  const cross = new Set(p.cross.filter((x) => x !== from));
  cross.add(to);
  const completed = TWICE_LINES.filter((l) => l.includes(to) && l.every((pt) => cross.has(pt))).map(lineName);
  const newLines = completed.filter((l) => !p.counted.includes(l));
  if (p.crossPoints + newLines.length >= 2) return { kind: 'win', newLines };
  if (completed.length > 0) return { kind: 'again', newLines };
  return { kind: 'nothing', newLines };
}
