// The score of every legal move of one position, in words under the column
// it drops in ("wins in 5", "draws", "loses in 7"), the best ones starred;
// a played move judged in words; the board box. Shared by the game page and
// the analysis board.
import type { FourBoardProps, FourBoardView } from './board_view';
import { h } from './dom';
import type { PositionAnalysis } from './analysis_api';
import { ta, type AnalysisKey } from './i18n/analysis';
import { bestMoves, judge, resultOf, verdict, type MoveScore, type ScoreBoard } from './score_words';

export function scoreWords(score: number, b: ScoreBoard): string {
  const v = verdict(score, b);
  if (v.result === 'draw') return ta('score.draw');
  if (v.moves === null) return ta(v.result === 'win' ? 'score.win' : 'score.loss');
  if (v.result === 'win') return v.moves === 1 ? ta('score.win_now') : ta('score.win_in', { n: v.moves });
  return v.moves === 1 ? ta('score.loss_next') : ta('score.loss_in', { n: v.moves });
}

export function scoreClass(score: number): string {
  return `score-${resultOf(score)}`;
}

function orList(moves: string[]): string {
  return moves.reduce((a, b) => ta('score.or', { a, b }));
}

// "c let the win go: d wins in 9." for a mistake, "Slower: c wins in 12, d
// wins in 9." for a slower move; null for a best move or without scores.
export function whyText(moves: readonly MoveScore[], played: string, b: ScoreBoard): string | null {
  const kind = judge(moves, played, b.wdl);
  const mine = moves.find((m) => m.move === played);
  if (!kind || kind === 'best' || !mine) return null;
  const best = bestMoves(moves);
  const params = {
    move: played,
    played: scoreWords(mine.score, b),
    best: orList(best.map((m) => m.move)),
    words: scoreWords(best[0].score, b),
  };
  if (kind === 'mistake') return ta(best[0].score > 0 ? 'why.mistake_win' : 'why.mistake_draw', params);
  return ta(mine.score > 0 ? 'why.slower_win' : 'why.slower_loss', params);
}

// The server's reasons for no analysis (engine/solver) in the reader's
// language where they are known; another stays as the server wrote it.
const REASONS: [RegExp, AnalysisKey][] = [
  [/plays two sides, not three/, 'why.three'],
  [/position repeats/, 'why.repeats'],
  [/plays four in a row only/, 'analysis.twice_none'],
];

export function reasonWords(why: string): string {
  const known = REASONS.find(([re]) => re.test(why));
  return known ? ta(known[1]) : why;
}

// Where the board's columns are: the scores row uses the drawing's geometry
// (board_view.ts: a cylinder shows half a column of the wrap on each side).
export interface ColumnsOf {
  width: number;
  cylinder: boolean;
}

function scoreCell(m: MoveScore, best: number, b: ScoreBoard, label: string): HTMLElement {
  const words = scoreWords(m.score, b);
  const isBest = m.score === best;
  return h(
    'li',
    {
      class: `mv-score ${scoreClass(m.score)}${isBest ? ' best' : ''}`,
      'data-move': m.move,
      'aria-label': `${label}: ${words}${isBest ? `, ${ta('analysis.best')}` : ''}`,
    },
    isBest ? h('span', { class: 'best-mark', 'aria-hidden': 'true' }, '★') : null,
    h('span', { class: 'score-value', 'aria-hidden': 'true' }, words),
  );
}

// A row of words under the board, one per column (a full column has none);
// PopOut's pops in a second row. A message instead when there are no scores.
export function columnScores(a: PositionAnalysis, b: ScoreBoard, cols: ColumnsOf, budgetMs?: number): HTMLElement {
  if (a.state === 'pending') return h('p', { class: 'pending' }, ta('analysis.pending'));
  if (a.state === 'not_solved') {
    const secs = budgetMs ? String(Math.round(budgetMs / 100) / 10) : '?';
    return h('p', { class: 'not-solved' }, ta('analysis.not_solved', { s: secs }));
  }
  if (a.state !== 'solved' || !a.moves)
    return h('p', { class: 'not-solved' }, ta('analysis.unsupported', { why: reasonWords(a.why ?? '') }));
  const best = Math.max(...a.moves.map((m) => m.score));
  const rows = h('div', { class: 'col-scores-box' });
  // Through the CSSOM: the Content-Security-Policy refuses style attributes.
  rows.style.setProperty('--cols', String(cols.width));
  rows.style.setProperty('--ghost', cols.cylinder ? String(0.5 / (cols.width + 1)) : '0');
  for (const pops of [false, true]) {
    const moves = a.moves.filter((m) => m.move.endsWith('^') === pops);
    if (moves.length === 0) continue;
    const list = h('ul', {
      class: 'scores col-scores' + (pops ? ' pop-scores' : ''),
      'aria-label': ta('analysis.scores'),
    });
    for (const m of moves) {
      const col = m.move.charCodeAt(0) - 97;
      const cell = scoreCell(m, best, b, pops ? ta('score.pop', { col: m.move[0] }) : m.move);
      cell.style.setProperty('grid-column', String(col + 1));
      list.append(cell);
    }
    rows.append(list);
  }
  return rows;
}

// The section the side notes stand in, headed "Exact analysis".
export function analysisSection(): HTMLElement {
  return h(
    'section',
    { class: 'analysis-box', 'aria-labelledby': 'analysis-h' },
    h('h2', { id: 'analysis-h' }, ta('analysis.heading')),
  );
}

// The board drawn with `props` in a box sized by its aspect (game.css), with
// `under` (the column scores) below it, as wide as the drawing.
export function boardBox(view: FourBoardView, props: FourBoardProps, under?: HTMLElement | null): HTMLElement {
  view.update(props);
  const box = h('div', { class: 'game-board' }, view.el, under ?? null);
  box.style.setProperty('--ar', view.aspectRatio().toFixed(4));
  return box;
}
