// The game page's move list and mistake counts: every move credited to the
// side that made it (the server's `movers`), its clock, and, from the exact
// analysis, each mistake and slower move told in words under it. One
// column, so a sentence has room; the list scrolls in its box and takes the
// keyboard (tabindex 0, named), as a scrolling region must.
import type { GameAnalysis, GameInfo } from '../analysis_api';
import { h } from '../dom';
import { formatClock, formatMoveLine } from '../format';
import { t } from '../i18n';
import { ta } from '../i18n/analysis';
import { whyText } from '../scores_view';
import { discsOn, judge, type Judgement, type ScoreBoard } from '../score_words';

export interface MovesView {
  info: GameInfo;
  analysis: GameAnalysis | null;
  ply: number;
  twice: boolean;
  sideOf: (moveIndex: number) => number; // the side that made move i + 1
  go: (ply: number) => void;
}

// The board the scores before move i + 1 are measured on.
export function scoreBoardAt(a: GameAnalysis, i: number): ScoreBoard {
  return {
    width: a.width ?? 0,
    height: a.height ?? 0,
    discs: discsOn(a.boards?.[i] ?? []),
    wdl: a.scores === 'win_draw_loss',
  };
}

// The judgement of move i + 1, when its position is solved.
export function judgementAt(a: GameAnalysis | null, i: number): Judgement | null {
  const pos = a?.positions?.[i];
  if (!a || pos?.state !== 'solved' || !pos.moves || pos.played == null) return null;
  return judge(pos.moves, pos.played, a.scores === 'win_draw_loss');
}

export function whyAt(a: GameAnalysis | null, i: number): string | null {
  const pos = a?.positions?.[i];
  if (!a || pos?.state !== 'solved' || !pos.moves || pos.played == null) return null;
  return whyText(pos.moves, pos.played, scoreBoardAt(a, i));
}

const MARKS: Record<string, string> = { mistake: '?', slower: '?!' };

function moveItem(v: MovesView, move: string, i: number): HTMLElement {
  const a = v.analysis;
  const side = v.sideOf(i);
  const clock = a?.clock_ms?.[i];
  const judged = judgementAt(a, i);
  const mark = judged ? MARKS[judged] : undefined;
  const why = mark ? whyAt(a, i) : null;
  const btn = h(
    'button',
    {
      type: 'button',
      class: 'move-btn' + (judged === 'mistake' ? ' mistake' : judged === 'slower' ? ' slower' : ''),
      'aria-current': v.ply === i + 1 ? 'step' : null,
      'data-key': `move-${i}`,
      onclick: () => v.go(i + 1),
    },
    h('span', { class: 'move-text' }, formatMoveLine(i + 1, side, move, v.twice)),
    mark ? h('span', { class: 'mistake-mark', 'aria-hidden': 'true' }, mark) : null,
    clock != null
      ? h(
          'span',
          { class: 'move-clock', title: ta('game.clock_left', { time: formatClock(clock) }) },
          formatClock(clock),
        )
      : null,
  );
  // The words are visible under the move, and read with it.
  if (why) btn.setAttribute('aria-describedby', `why-${i}`);
  return h(
    'li',
    { class: `side-${side}` },
    btn,
    why ? h('p', { class: `move-why ${judged ?? ''}`, id: `why-${i}` }, why) : null,
  );
}

export function movesBox(v: MovesView): HTMLElement {
  const list = h('ol', { class: 'game-moves', 'aria-label': t('table.moves'), tabindex: 0 });
  v.info.moves.forEach((move, i) => list.append(moveItem(v, move, i)));
  if (v.info.moves.length === 0) list.append(h('li', { class: 'empty' }, t('table.no_moves')));
  return h('section', { class: 'moves-box game-moves-box' }, h('h2', {}, t('table.moves')), list);
}

// Mistakes and slower moves per player, counted from the scores the list
// marks (so a player beaten by the perfect level sees its slower moves).
export function mistakeCounts(v: MovesView, nameOf: (seat: number) => string): HTMLElement[] {
  const a = v.analysis;
  const mistakes = new Map<number, number>();
  const slower = new Map<number, number>();
  v.info.moves.forEach((_, i) => {
    const seat = a?.positions?.[i]?.seat;
    const judged = judgementAt(a, i);
    if (seat == null) return;
    if (judged === 'mistake') mistakes.set(seat, (mistakes.get(seat) ?? 0) + 1);
    if (judged === 'slower') slower.set(seat, (slower.get(seat) ?? 0) + 1);
  });
  const list = h('ul', { class: 'mistake-counts', 'aria-label': ta('analysis.mistakes') });
  for (const p of [...v.info.players].sort((x, y) => x.side - y.side)) {
    list.append(
      h(
        'li',
        { class: `side-${p.side}` },
        h('span', { class: 'count-name' }, nameOf(p.seat)),
        h('span', { class: 'count-mistakes' }, ta('analysis.mistakes_n', { n: mistakes.get(p.seat) ?? 0 })),
        h('span', { class: 'count-slower' }, ta('analysis.slower_n', { n: slower.get(p.seat) ?? 0 })),
      ),
    );
  }
  return [h('h3', {}, ta('analysis.mistakes')), list, h('p', { class: 'hint' }, ta('analysis.slower_legend'))];
}
