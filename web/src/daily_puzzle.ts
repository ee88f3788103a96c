// The home page's daily puzzle card (protocol 2.21 `GET /api/puzzles/daily`):
// the day's classic puzzle drawn small, who is to move, its themes and how
// many moves it takes, leading to `/puzzles/daily`. A chunk of its own,
// loaded once the home page is drawn, so the table page's bundle does not
// carry it (scripts/size.mjs).
import './daily_puzzle.css';
import { call } from './api';
import { clear, h } from './dom';
import { themeName, tp, type PuzzleCardKey } from './i18n/puzzle_card';
import { miniBoard } from './mini_board';
import { array, int, object, str, type Infer } from './schema';

const readPuzzle = object({
  id: str,
  variant: str,
  width: int,
  height: int,
  moves: array(str),
  to_move: int,
  themes: array(str),
  solver_moves: int,
});
export type PuzzleSummary = Infer<typeof readPuzzle>;

// The board after `moves` from the empty board (site notation, protocol
// 2.21: `d` drops in column d, `d^` pops its bottom disc), as the rows top
// first that mini_board.ts draws: R for the first player, Y the second.
export function puzzleRows(width: number, height: number, moves: readonly string[]): string[] {
  const columns: string[][] = Array.from({ length: width }, () => []); // bottom first
  moves.forEach((m, ply) => {
    const col = columns[m.charCodeAt(0) - 97];
    if (!col) return;
    if (m.endsWith('^')) col.shift();
    else if (col.length < height) col.push(ply % 2 === 0 ? 'R' : 'Y');
  });
  const rows: string[] = [];
  for (let y = height - 1; y >= 0; y--) rows.push(columns.map((c) => c[y] ?? '.').join(''));
  return rows;
}

// Fetched once per page: a language switch draws the card again from it.
let daily: Promise<PuzzleSummary> | null = null;
function dailyPuzzle(): Promise<PuzzleSummary> {
  daily ??= call('GET', '/api/puzzles/daily').then((v) => readPuzzle(v, 'daily'));
  return daily;
}

function card(slot: HTMLElement, p: PuzzleSummary): void {
  const side = tp(`puzzles.to_move.${p.to_move === 0 ? 0 : 1}` as PuzzleCardKey);
  const length = p.solver_moves === 1 ? tp('puzzles.win_in_one') : tp('puzzles.win_in', { n: p.solver_moves });
  const board = miniBoard(puzzleRows(p.width, p.height, p.moves), false);
  slot.append(
    h(
      'a',
      { href: '/puzzles/daily', class: 'daily-link', id: 'daily-link', 'data-puzzle': p.id },
      h('span', { class: 'daily-board', role: 'img', 'aria-label': tp('puzzles.board', { side, length }) }, board),
      h(
        'span',
        { class: 'daily-text' },
        h('span', { class: 'daily-side' }, h('span', { class: `daily-disc p${p.to_move === 0 ? 0 : 1}` }), side),
        h('span', { class: 'daily-length' }, length),
        p.themes.length ? h('span', { class: 'daily-themes' }, p.themes.map(themeName).join(' · ')) : null,
        h('span', { class: 'button primary daily-solve' }, tp('puzzles.solve')),
      ),
    ),
  );
}

// Draws the card into `slot` (the home page's section, drawn again on a
// language switch): its heading at once, the puzzle when it is here.
export function fillDailyCard(slot: HTMLElement): void {
  clear(slot);
  const heading = h('h2', { id: 'daily-puzzle-h' }, tp('puzzles.daily'));
  slot.setAttribute('aria-labelledby', 'daily-puzzle-h');
  slot.append(heading);
  const body = h('div', { class: 'daily-body' });
  const more = h('p', { class: 'daily-more' }, h('a', { href: '/puzzles', id: 'puzzles-link' }, tp('puzzles.all')));
  slot.append(body, more);
  dailyPuzzle()
    .then((p) => card(body, p))
    .catch(() => body.append(h('p', { class: 'note' }, tp('puzzles.daily_error'))));
}
