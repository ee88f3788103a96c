// A small picture of a position for the home page's live matches: the board
// rows as the server sends them (protocol 5.3 `board`), one circle per cell.
// No labels, no input: the card around it says what it is and leads to it.
import { s } from './dom';

// Four in a row: R Y G discs and # blocks; twiceFour: X cross and O circle.
const CELL_CLASS: Record<string, string> = { R: 'p0', Y: 'p1', G: 'p2', '#': 'block', X: 'p0', O: 'p1b' };

export function miniBoard(rows: readonly string[], twice: boolean): SVGElement {
  const height = rows.length;
  const width = Math.max(0, ...rows.map((r) => r.length));
  const svg = s('svg', {
    class: 'mini-board' + (twice ? ' twice' : ''),
    viewBox: `0 0 ${width * 10} ${height * 10}`,
    'aria-hidden': 'true',
    focusable: 'false',
  });
  svg.append(s('rect', { class: 'mini-frame', width: width * 10, height: height * 10, rx: 3 }));
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      const ch = row[x];
      if (ch === ' ') continue; // twiceFour: outside the board
      svg.append(s('circle', { cx: x * 10 + 5, cy: y * 10 + 5, r: 4, class: CELL_CLASS[ch] ?? 'empty' }));
    }
  });
  return svg;
}
