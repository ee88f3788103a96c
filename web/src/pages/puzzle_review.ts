// After a puzzle's attempt ends: its line (the solution, move by move) to
// step through, and for the position shown the score of every column, as the
// analysis board gives it (protocol 2.17), under the page's board. Each
// position is asked for once, when it is shown: the analysis board solves it
// and is rate-limited, so a player who never steps asks for one.
import { analyseBoard, type BoardAnswer } from '../analysis_api';
import { ApiError } from '../api';
import { h } from '../dom';
import { errorMessage, t } from '../i18n';
import { ta } from '../i18n/analysis';
import { tp } from '../i18n/puzzles';
import { formatMoveLine } from '../format';
import { columnScores } from '../scores_view';
import { discsOn } from '../score_words';
import type { Puzzle } from '../puzzles_api';
import { variantInfo } from '../variants';

export class PuzzleReview {
  // The step shown: 0 the puzzle's position, i after the line's first i moves.
  at = 0;
  private readonly answers = new Map<number, BoardAnswer>();
  private readonly errors = new Map<number, string>();
  private readonly asked = new Set<number>();

  constructor(
    readonly puzzle: Puzzle,
    readonly line: string[],
    private readonly redraw: () => void,
  ) {}

  // The moves from the empty board to the step shown.
  moves(step = this.at): string[] {
    return [...this.puzzle.moves, ...this.line.slice(0, step)];
  }

  answer(): BoardAnswer | null {
    return this.answers.get(this.at) ?? null;
  }

  go(step: number): void {
    this.at = Math.max(0, Math.min(this.line.length, step));
    this.redraw();
    void this.ask(this.at);
  }

  private async ask(step: number): Promise<void> {
    if (this.asked.has(step)) return;
    this.asked.add(step);
    const p = this.puzzle;
    try {
      const a = await analyseBoard({
        game: 'four',
        variant: p.variant,
        width: p.width,
        height: p.height,
        moves: this.moves(step),
      });
      this.answers.set(step, a);
    } catch (e) {
      // Asked again when the step is shown again.
      this.asked.delete(step);
      if (e instanceof ApiError && e.code === 'rate_limited') this.errors.set(step, ta('analysis.rate_limited'));
      else if (e instanceof ApiError && e.status === 503) this.errors.set(step, ta('analysis.busy'));
      else
        this.errors.set(
          step,
          ta('analysis.error', { error: e instanceof ApiError ? errorMessage(e.code, e.message) : String(e) }),
        );
    }
    if (step === this.at) this.redraw();
  }

  // The scores under the board for the step shown (a message while they come).
  scores(): HTMLElement | null {
    const a = this.answer();
    if (!a) {
      const err = this.errors.get(this.at);
      return err
        ? h('p', { class: 'error', role: 'alert' }, err)
        : h('p', { class: 'pending', id: 'review-thinking' }, ta('analysis.thinking'));
    }
    if (a.over || !a.analysis) return h('p', { class: 'hint' }, ta('analysis.final'));
    const info = variantInfo(this.puzzle.variant);
    return columnScores(
      a.analysis,
      { width: a.width, height: a.height, discs: discsOn(a.board), wdl: a.scores === 'win_draw_loss' },
      { width: a.width, cylinder: info?.cylinder ?? false },
    );
  }

  // The steps: the puzzle's position, then each move of the line, the
  // player's and the computer's; the shown one marked.
  section(): HTMLElement {
    const p = this.puzzle;
    const list = h('ol', { class: 'game-moves puzzle-line', id: 'puzzle-line', 'aria-label': tp('puzzles.solution') });
    const step = (i: number, text: string) => {
      const b = h('button', { type: 'button', class: 'move-btn', 'data-step': i, onclick: () => this.go(i) }, text);
      if (i === this.at) b.setAttribute('aria-current', 'step');
      return b;
    };
    list.append(h('li', {}, step(0, tp('puzzles.start'))));
    this.line.forEach((m, i) => {
      const side = (p.moves.length + i) % 2;
      const who = i % 2 === 0 ? tp('puzzles.you') : tp('puzzles.computer');
      list.append(
        h('li', { class: `side-${side}` }, step(i + 1, `${formatMoveLine(p.moves.length + i + 1, side, m)} · ${who}`)),
      );
    });
    const a = this.answer();
    const legend =
      a && !a.over && a.analysis?.state === 'solved'
        ? h('p', { class: 'hint' }, ta(a.scores === 'win_draw_loss' ? 'analysis.legend_wdl' : 'analysis.legend'))
        : null;
    return h(
      'section',
      { class: 'puzzle-solution', 'aria-labelledby': 'puzzle-solution-h' },
      h('h2', { id: 'puzzle-solution-h' }, tp('puzzles.solution')),
      h('p', { class: 'hint' }, tp('puzzles.solution_hint')),
      list,
      legend,
    );
  }

  // First, back, step n of N, forward, last: under the board, with the keys
  // that do the same.
  nav(): HTMLElement[] {
    const n = this.line.length;
    const btn = (label: string, sym: string, to: number, key: string) =>
      h(
        'button',
        {
          type: 'button',
          class: 'nav-btn',
          'data-key': key,
          'aria-label': label,
          title: label,
          disabled: to === this.at || to < 0 || to > n,
          onclick: () => this.go(to),
        },
        sym,
      );
    const buttons = h(
      'div',
      { class: 'game-nav', role: 'group', 'aria-label': ta('game.nav') },
      btn(ta('game.first'), '«', 0, 'first'),
      btn(ta('game.back'), '‹', this.at - 1, 'back'),
      h('span', { class: 'game-ply', id: 'review-step' }, tp('puzzles.step', { n: this.at, total: n })),
      btn(ta('game.forward'), '›', this.at + 1, 'forward'),
      btn(ta('game.last'), '»', n, 'last'),
    );
    return [buttons, h('p', { class: 'hint keys-hint' }, ta('game.keys'))];
  }

  // Arrow keys and Home/End step while the review is shown.
  onKey(e: KeyboardEvent): boolean {
    const to: Record<string, number> = {
      ArrowLeft: this.at - 1,
      ArrowRight: this.at + 1,
      Home: 0,
      End: this.line.length,
    };
    if (!(e.key in to)) return false;
    this.go(to[e.key]);
    return true;
  }
}

// The side words by side number, for the task line.
export const SIDE_WORDS = ['side.red', 'side.yellow'] as const;
export function sideWord(side: number): string {
  return t(SIDE_WORDS[side] ?? 'side.red');
}
