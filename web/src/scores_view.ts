// The score of every legal move of one position: a chip per move, the best
// ones marked, with a sentence for screen readers. Shared by the game page
// and the analysis board.
import type { FourBoardProps, FourBoardView } from './board_view';
import { h } from './dom';
import { resultWord, scoreClass, scoreText, type PositionAnalysis } from './analysis_api';
import { ta } from './i18n/analysis';

export function scoresList(a: PositionAnalysis, wdl: boolean, budgetMs: number | undefined): HTMLElement {
  if (a.state === 'pending') return h('p', { class: 'pending' }, ta('analysis.pending'));
  if (a.state === 'not_solved') {
    const secs = budgetMs ? String(Math.round(budgetMs / 100) / 10) : '?';
    return h('p', { class: 'not-solved' }, ta('analysis.not_solved', { s: secs }));
  }
  if (a.state !== 'solved' || !a.moves)
    return h('p', { class: 'not-solved' }, ta('analysis.unsupported', { why: a.why ?? '' }));
  const best = Math.max(...a.moves.map((m) => m.score));
  const list = h('ul', { class: 'scores', 'aria-label': ta('analysis.scores') });
  for (const m of a.moves) {
    const isBest = m.score === best;
    const label = `${m.move}: ${resultWord(m.score)}${wdl ? '' : ` (${scoreText(m.score, false)})`}${isBest ? `, ${ta('analysis.best')}` : ''}`;
    list.append(
      h(
        'li',
        { class: `mv-score ${scoreClass(m.score)}${isBest ? ' best' : ''}`, 'aria-label': label, 'data-move': m.move },
        h('span', { class: 'score-move', 'aria-hidden': 'true' }, m.move),
        h('span', { class: 'score-value', 'aria-hidden': 'true' }, scoreText(m.score, wdl)),
      ),
    );
  }
  return list;
}

// The section the scores stand in, headed "Exact analysis".
export function analysisSection(): HTMLElement {
  return h(
    'section',
    { class: 'analysis-box', 'aria-labelledby': 'analysis-h' },
    h('h2', { id: 'analysis-h' }, ta('analysis.heading')),
  );
}

// The board drawn with `props` in a box sized by its aspect (game.css).
export function boardBox(view: FourBoardView, props: FourBoardProps): HTMLElement {
  view.update(props);
  const box = h('div', { class: 'game-board' }, view.el);
  box.style.setProperty('--ar', view.aspectRatio().toFixed(4));
  return box;
}
