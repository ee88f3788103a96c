// The analysis board `/analysis`: set up a position by playing moves (for
// either side) and see every legal move's exact score (protocol 2.17). The
// server answers the board rows and the legal moves too, so the page decides
// no rule. The position lives in the address (?variant, width, height,
// moves), so a game page can open any of its positions here and a position
// can be shared.
import './game.css';
import { analyseBoard, type BoardAnswer } from '../analysis_api';
import { ApiError } from '../api';
import { FourBoardView } from '../board_view';
import { clear, h } from '../dom';
import { formatMoveLine } from '../format';
import { errorMessage, t, type MessageKey } from '../i18n';
import { ta } from '../i18n/analysis';
import { canPlayFrom, playFromBox } from '../play_from';
import { analysisSection, boardBox, columnScores } from '../scores_view';
import { discsOn } from '../score_words';
import type { Shell } from '../shell';
import { PRESETS, VARIANTS, variantInfo, variantLabel } from '../variants';

const SIDE_KEYS: MessageKey[] = ['side.red', 'side.yellow', 'side.green'];
// Variants the solver plays whose start is fixed (no drawn set-up), two colours.
const BOARD_VARIANTS = VARIANTS.filter(
  (v) => v.colours === 2 && v.blocks === 0 && v.opening_plies === 0 && v.key !== 'single',
);

interface Setup {
  variant: string;
  width: number;
  height: number;
  moves: string[];
}

function setupFromUrl(): Setup {
  const q = new URLSearchParams(location.search);
  const variant =
    variantInfo(q.get('variant') ?? '') && BOARD_VARIANTS.some((v) => v.key === q.get('variant'))
      ? q.get('variant')!
      : 'classic';
  const info = variantInfo(variant)!;
  const num = (key: string, fallback: number) => {
    const n = Number(q.get(key));
    return Number.isInteger(n) && n >= 4 && n <= 10 ? n : fallback;
  };
  const moves = (q.get('moves') ?? '').split(',').filter((m) => /^[a-j]\^?$/.test(m));
  return { variant, width: num('width', info.width), height: num('height', info.height), moves };
}

class AnalysisPage {
  private setup: Setup = setupFromUrl();
  private answer: BoardAnswer | null = null;
  private error: string | null = null;
  private busy = false;
  private shell: Shell | null = null;
  private readonly board = new FourBoardView((m) => this.play(m));
  private request = 0;

  async load(): Promise<void> {
    const mine = ++this.request;
    this.busy = true;
    this.error = null;
    this.render();
    try {
      const a = await analyseBoard({ game: 'four', ...this.setup });
      if (mine !== this.request) return;
      this.answer = a;
    } catch (e) {
      if (mine !== this.request) return;
      if (e instanceof ApiError && e.code === 'rate_limited') this.error = ta('analysis.rate_limited');
      else if (e instanceof ApiError && e.status === 503) this.error = ta('analysis.busy');
      else
        this.error = ta('analysis.error', {
          error: e instanceof ApiError ? errorMessage(e.code, e.message) : String(e),
        });
      // A move the server refused is taken back.
      if (e instanceof ApiError && e.code === 'bad_moves' && this.setup.moves.length > 0) this.setup.moves.pop();
    }
    this.busy = false;
    this.saveUrl();
    this.render();
    if (this.answer && !this.answer.over && this.answer.analysis?.state === 'solved')
      this.shell?.announce(ta('analysis.solved_now'));
  }

  private saveUrl(): void {
    const q = new URLSearchParams({
      variant: this.setup.variant,
      width: String(this.setup.width),
      height: String(this.setup.height),
      moves: this.setup.moves.join(','),
    });
    history.replaceState(null, '', `/analysis?${q.toString()}`);
  }

  private play(move: string): void {
    if (this.busy) return;
    this.setup.moves.push(move);
    void this.load();
  }

  private change(s: Partial<Setup>): void {
    this.setup = { ...this.setup, ...s };
    void this.load();
  }

  render(shell?: Shell): void {
    if (shell) this.shell = shell;
    const main = this.shell?.main;
    if (!main) return;
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.key;
    clear(main);
    document.title = `${ta('analysis.title')} · fourtable`;
    main.append(h('h1', {}, ta('analysis.title')), h('p', { class: 'intro' }, ta('analysis.intro')));
    main.append(h('div', { class: 'game-layout' }, this.boardColumn(), this.sideColumn()));
    if (focused) main.querySelector<HTMLElement>(`[data-key="${focused}"]`)?.focus();
  }

  private boardColumn(): HTMLElement {
    const col = h('div', { class: 'game-board-col' });
    const a = this.answer;
    if (a) {
      // Each move's score under its column, for the side to move.
      const scores =
        a.analysis && !this.busy && !a.over
          ? columnScores(
              a.analysis,
              { width: a.width, height: a.height, discs: discsOn(a.board), wdl: a.scores === 'win_draw_loss' },
              { width: a.width, cylinder: a.cylinder },
            )
          : null;
      col.append(
        boardBox(
          this.board,
          {
            width: a.width,
            height: a.height,
            cylinder: a.cylinder,
            board: a.board,
            legal: this.busy || a.over ? [] : a.legal,
            mySide: a.over ? null : a.to_move,
            winning: a.winning ?? [],
            lastMove: null,
            animate: false,
            noBand: false,
          },
          scores,
        ),
      );
      col.append(this.board.helpElement());
    } else {
      col.append(h('p', {}, t('loading')));
    }
    const undo = h(
      'button',
      {
        type: 'button',
        'data-key': 'undo',
        disabled: this.setup.moves.length === 0 || this.busy,
        onclick: () => this.change({ moves: this.setup.moves.slice(0, -1) }),
      },
      ta('analysis.undo'),
    );
    const reset = h(
      'button',
      {
        type: 'button',
        'data-key': 'reset',
        disabled: this.setup.moves.length === 0 || this.busy,
        onclick: () => this.change({ moves: [] }),
      },
      ta('analysis.reset'),
    );
    col.append(h('div', { class: 'game-nav' }, undo, reset));
    if (a && !a.over && !this.busy && canPlayFrom(this.setup.variant, this.setup.moves))
      col.append(h('div', { class: 'game-actions' }, playFromBox({ ...this.setup, moves: [...this.setup.moves] })));
    return col;
  }

  private settings(): HTMLElement {
    const variant = h('select', { id: 'an-variant', 'data-key': 'variant' }) as HTMLSelectElement;
    for (const v of BOARD_VARIANTS)
      variant.append(h('option', { value: v.key, selected: v.key === this.setup.variant }, t(variantLabel(v.key))));
    variant.addEventListener('change', () => {
      const info = variantInfo(variant.value)!;
      this.change({ variant: info.key, width: info.width, height: info.height, moves: [] });
    });
    const size = h('select', { id: 'an-size', 'data-key': 'size' }) as HTMLSelectElement;
    const sizes = [...PRESETS];
    if (!sizes.some(([w, hh]) => w === this.setup.width && hh === this.setup.height))
      sizes.push([this.setup.width, this.setup.height]);
    for (const [w, hh] of sizes)
      size.append(
        h(
          'option',
          { value: `${w}x${hh}`, selected: w === this.setup.width && hh === this.setup.height },
          `${w} × ${hh}`,
        ),
      );
    size.addEventListener('change', () => {
      const [w, hh] = size.value.split('x').map(Number);
      this.change({ width: w, height: hh, moves: [] });
    });
    return h(
      'div',
      { class: 'analysis-settings' },
      h('label', { for: 'an-variant' }, t('create.variant')),
      variant,
      h('label', { for: 'an-size' }, t('create.preset')),
      size,
    );
  }

  private sideColumn(): HTMLElement {
    const box = analysisSection();
    const a = this.answer;
    const status = h('p', { class: 'analysis-status', role: 'status' });
    box.append(status);
    if (this.error) box.append(h('p', { class: 'error', role: 'alert' }, this.error));
    if (this.busy) status.textContent = ta('analysis.thinking');
    else if (a?.over)
      status.textContent =
        a.winner != null && a.winner >= 0
          ? ta('analysis.over_win', { side: t(SIDE_KEYS[a.winner] ?? 'side.red') })
          : ta('analysis.over_draw');
    else if (a) status.textContent = ta('analysis.at', { side: t(SIDE_KEYS[a.to_move] ?? 'side.red') });
    if (a?.analysis && !this.busy && !a.over)
      box.append(
        h('p', { class: 'hint' }, ta(a.scores === 'win_draw_loss' ? 'analysis.legend_wdl' : 'analysis.legend')),
      );
    const moves = h('ol', { class: 'game-moves', 'aria-label': t('table.moves'), tabindex: 0 });
    this.setup.moves.forEach((m, i) =>
      moves.append(h('li', { class: `side-${i % 2}` }, formatMoveLine(i + 1, i % 2, m))),
    );
    if (this.setup.moves.length === 0) moves.append(h('li', { class: 'empty' }, t('table.no_moves')));
    return h(
      'div',
      { class: 'game-side' },
      // The scores first: on a phone they come right under the board.
      box,
      h('section', { class: 'moves-box game-moves-box' }, h('h2', {}, t('table.moves')), moves),
      this.settings(),
    );
  }
}

let page: AnalysisPage | null = null;

export function renderAnalysis(shell: Shell): void {
  if (!page) {
    page = new AnalysisPage();
    page.render(shell);
    void page.load();
    return;
  }
  page.render(shell);
}
