// The puzzle page: `/puzzles` (a puzzle matched to the player's puzzle
// rating, filtered by variant and theme), `/puzzles/daily` (the day's) and
// `/puzzles/<id>` (protocol 2.21). The board is the table's (board_view.ts:
// mouse, touch, keys, PopOut's pops); each move is sent as an attempt, the
// server says right or wrong, and the computer's reply is played on the board
// after a short pause, as at a table. When the attempt ends: the rating's
// change, the streak, and the solution to step through with every column's
// score (puzzle_review.ts).
import './game.css';
import './puzzles.css';
import { ApiError } from '../api';
import { dropCell, FourBoardView } from '../board_view';
import { clear, h } from '../dom';
import { formatDelta } from '../format';
import { errorMessage, t } from '../i18n';
import { themeName } from '../i18n/puzzle_card';
import { tp, type PuzzlesKey } from '../i18n/puzzles';
import { boardAfter, movesOn } from '../puzzle_board';
import { attemptPuzzle, dailyPuzzle, getPuzzle, nextPuzzle, type AttemptAnswer, type Puzzle } from '../puzzles_api';
import { boardBox } from '../scores_view';
import type { Shell } from '../shell';
import { variantInfo, variantLabel } from '../variants';
import { oneTapOn, oneTapToggle } from './table/prefs';
import { PuzzleReview, sideWord } from './puzzle_review';

// The variants the repository's collection has (data/puzzles/<variant>.txt)
// and the themes it names; a theme a variant lacks is answered
// `unknown_theme`, which the page says.
const VARIANTS = ['classic', 'popout', 'misere', 'cylinder', 'small'];
const THEMES = ['win-now', 'block-and-win', 'zugzwang', 'stacked-threats', 'pop', 'avoid-four'];
// The pause before the computer's reply drops, so the player sees their own
// disc land first (a table's computer takes about as long).
const REPLY_MS = 450;
const STREAK_KEY = 'fourtable.puzzle_streak';

type Source = { kind: 'next' } | { kind: 'daily' } | { kind: 'id'; id: string };
type Mode = 'loading' | 'play' | 'wait' | 'done' | 'error';
type Ended = Extract<AttemptAnswer, { state: 'solved' | 'failed' }>;

export function sourceFromPath(path: string): Source {
  const m = /^\/puzzles\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  if (!m) return { kind: 'next' };
  return m[1] === 'daily' ? { kind: 'daily' } : { kind: 'id', id: m[1] };
}

function readStreak(): number {
  try {
    const n = Number(localStorage.getItem(STREAK_KEY));
    return Number.isInteger(n) && n > 0 ? n : 0;
  } catch {
    return 0;
  }
}

function saveStreak(n: number): void {
  try {
    localStorage.setItem(STREAK_KEY, String(n));
  } catch {
    // private mode: the streak lasts for this page
  }
}

class PuzzlePage {
  private shell: Shell | null = null;
  private source: Source;
  private variant = 'classic';
  private theme: string | null = null;
  private mode: Mode = 'loading';
  private puzzle: Puzzle | null = null;
  // The line's moves on the board so far (the player's and the replies) and
  // the player's own, which each attempt sends.
  private played: string[] = [];
  private mine: string[] = [];
  private lastMove: { move: string; before: string[] } | null = null;
  private animate = false;
  private status: { key: PuzzlesKey; params?: Record<string, string>; kind?: string } | null = null;
  private error: string | null = null;
  private ended: Ended | null = null;
  private review: PuzzleReview | null = null;
  // The player's puzzle rating per variant, as last answered.
  private readonly ratings = new Map<string, number>();
  private streak = readStreak();
  private readonly board = new FourBoardView((m) => void this.play(m));
  private request = 0;

  constructor(source: Source) {
    this.source = source;
    const q = new URLSearchParams(location.search);
    if (VARIANTS.includes(q.get('variant') ?? '')) this.variant = q.get('variant')!;
    if (THEMES.includes(q.get('theme') ?? '')) this.theme = q.get('theme');
    // Digits typed on the page outside any control go to the board, as at a
    // table; arrows step through the solution once it is shown.
    document.addEventListener('keydown', (e) => {
      const el = e.target;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const onPage = el === document.body || el === this.shell?.main;
      if (this.mode === 'done' && this.review && (onPage || el === this.board.el) && this.review.onKey(e))
        e.preventDefault();
      else if (onPage && this.mode === 'play' && /^[0-9]$/.test(e.key)) this.board.handleKey(e);
    });
  }

  async load(): Promise<void> {
    const mine = ++this.request;
    this.mode = 'loading';
    this.error = null;
    this.render();
    const src = this.source;
    try {
      const p =
        src.kind === 'daily'
          ? await dailyPuzzle()
          : src.kind === 'id'
            ? await getPuzzle(src.id)
            : await nextPuzzle(this.variant, this.theme);
      if (mine !== this.request) return;
      this.start(p);
    } catch (e) {
      if (mine !== this.request) return;
      this.mode = 'error';
      this.puzzle = null;
      if (e instanceof ApiError && e.code === 'unknown_theme') this.error = tp('puzzles.no_theme');
      else if (e instanceof ApiError && e.code === 'unknown_puzzle')
        this.error = tp('puzzles.not_found', { id: src.kind === 'id' ? src.id : '' });
      else
        this.error = tp('puzzles.error', {
          error: e instanceof ApiError ? errorMessage(e.code, e.message) : String(e),
        });
      this.render();
    }
  }

  private start(p: Puzzle): void {
    this.puzzle = p;
    this.variant = p.variant;
    if (p.player_rating !== undefined) this.ratings.set(p.variant, p.player_rating);
    this.played = [];
    this.mine = [];
    this.lastMove = null;
    this.animate = false;
    this.ended = null;
    this.review = null;
    this.mode = 'play';
    this.status = { key: 'puzzles.task', params: { side: sideWord(p.to_move) } };
    this.render();
    // The new board in view ("another one" sits under the board, on a
    // phone often below the screen) and in focus, for the keys.
    this.board.el.focus({ preventScroll: true });
    this.board.el.scrollIntoView({ block: 'nearest' });
    this.shell?.announce(tp('puzzles.task', { side: sideWord(p.to_move) }));
  }

  // "Another one": a puzzle of the filters, and the address says so (a
  // reload brings another, not the day's again).
  private another(): void {
    this.source = { kind: 'next' };
    const q = new URLSearchParams({ variant: this.variant });
    if (this.theme) q.set('theme', this.theme);
    history.replaceState(null, '', `/puzzles?${q.toString()}`);
    void this.load();
  }

  private boardNow(): string[] {
    const p = this.puzzle!;
    const moves = this.review ? this.review.moves() : [...p.moves, ...this.played];
    return boardAfter(p.width, p.height, moves);
  }

  private drop(move: string): void {
    const before = this.boardNow();
    this.played.push(move);
    this.lastMove = { move, before };
    this.animate = true;
  }

  private async play(move: string): Promise<void> {
    const p = this.puzzle;
    if (!p || this.mode !== 'play') return;
    this.drop(move);
    this.mine.push(move);
    this.mode = 'wait';
    this.error = null;
    this.status = { key: 'puzzles.checking' };
    this.render();
    let ans: AttemptAnswer;
    try {
      ans = await attemptPuzzle(p.id, this.mine);
    } catch (e) {
      // Not checked: the move is taken back and may be played again.
      this.played.pop();
      this.mine.pop();
      this.lastMove = null;
      this.mode = 'play';
      this.status = { key: 'puzzles.task', params: { side: sideWord(p.to_move) } };
      this.error = tp('puzzles.attempt_error', {
        error: e instanceof ApiError ? errorMessage(e.code, e.message) : String(e),
      });
      this.render();
      return;
    }
    // Another puzzle asked for meanwhile: this answer is no longer shown.
    if (p !== this.puzzle || this.mode !== 'wait') return;
    if (ans.state === 'continue') await this.reply(ans.reply);
    else this.finish(ans);
  }

  // Right so far: said at once, then the computer's reply drops.
  private async reply(move: string): Promise<void> {
    const p = this.puzzle!;
    this.status = { key: 'puzzles.right', kind: 'right' };
    this.render();
    this.shell?.announce(tp('puzzles.right_said', { move }));
    await new Promise((r) => setTimeout(r, REPLY_MS));
    if (p !== this.puzzle || this.mode !== 'wait') return;
    this.drop(move);
    this.mode = 'play';
    this.render();
    this.board.el.focus({ preventScroll: true });
  }

  private finish(ans: Ended): void {
    const p = this.puzzle!;
    this.ended = ans;
    this.mode = 'done';
    const solved = ans.state === 'solved';
    this.streak = solved ? this.streak + 1 : 0;
    saveStreak(this.streak);
    this.ratings.set(p.variant, ans.rating);
    const wrong = this.mine[this.mine.length - 1];
    const right = ans.solution[2 * ans.right] ?? '';
    this.status = solved
      ? { key: 'puzzles.solved', kind: 'right' }
      : { key: 'puzzles.failed', params: { move: wrong, right }, kind: 'wrong' };
    const said = [tp(this.status.key, this.status.params), this.ratingText()].join(' ');
    // The board stays on the last move a moment, then shows the puzzle's
    // position with every column's score.
    this.render();
    this.shell?.announce(said);
    setTimeout(() => {
      if (this.ended !== ans) return;
      this.review = new PuzzleReview(p, ans.solution, () => this.render());
      this.lastMove = null;
      this.review.go(0);
    }, REPLY_MS * 2);
  }

  private ratingText(): string {
    const r = this.ratings.get(this.variant);
    if (r === undefined) return '';
    const variant = t(variantLabel(this.variant));
    if (this.ended && this.ended.rated)
      return tp('puzzles.rating_new', { variant, rating: String(r), change: formatDelta(this.ended.change) });
    return tp('puzzles.rating', { variant, rating: String(r) });
  }

  render(shell?: Shell): void {
    if (shell) this.shell = shell;
    const main = this.shell?.main;
    if (!main) return;
    const focused = document.activeElement as HTMLElement | null;
    const keep = focused?.dataset?.key ?? (focused?.id || null);
    const boardFocused = focused === this.board.el;
    clear(main);
    const title =
      this.source.kind === 'daily'
        ? tp('puzzles.daily_title')
        : this.source.kind === 'id'
          ? tp('puzzles.one_title', { id: this.source.id })
          : tp('puzzles.title');
    document.title = `${title} · fourtable`;
    main.append(h('h1', {}, title), h('p', { class: 'intro' }, tp('puzzles.intro')));
    // data-mode: where the attempt stands (play, wait, done), for a test to wait on.
    main.append(
      h('div', { class: 'game-layout puzzle-layout', 'data-mode': this.mode }, this.boardColumn(), this.sideColumn()),
    );
    if (boardFocused) this.board.el.focus({ preventScroll: true });
    else if (keep) (main.querySelector<HTMLElement>(`[data-key="${keep}"]`) ?? document.getElementById(keep))?.focus();
  }

  private boardColumn(): HTMLElement {
    const col = h('div', { class: 'game-board-col' });
    const p = this.puzzle;
    if (!p) {
      col.append(
        this.mode === 'error' ? h('p', { class: 'error', role: 'alert' }, this.error ?? '') : h('p', {}, t('loading')),
      );
      return col;
    }
    const board = this.boardNow();
    const playing = this.mode === 'play';
    const review = this.review;
    const answer = review?.answer();
    const last = review ? null : (this.played[this.played.length - 1] ?? null);
    const band =
      this.mode === 'play'
        ? tp('puzzles.band_yours')
        : this.mode === 'wait'
          ? tp(this.status?.kind === 'right' ? 'puzzles.band_reply' : 'puzzles.checking')
          : this.ended
            ? tp(this.ended.state === 'solved' ? 'puzzles.band_solved' : 'puzzles.band_failed')
            : undefined;
    col.append(
      boardBox(
        this.board,
        {
          width: p.width,
          height: p.height,
          cylinder: variantInfo(p.variant)?.cylinder ?? false,
          board,
          legal: playing ? movesOn(board, p.to_move, variantInfo(p.variant)?.popout ?? false) : [],
          mySide: playing ? p.to_move : null,
          winning: answer?.winning ?? [],
          lastMove: this.animate ? this.lastMove : null,
          lastCell: last ? dropCell(last, board, p.width, p.height) : null,
          animate: this.animate,
          noBand: false,
          bandText: playing ? undefined : band,
          bandMine: this.mode === 'play',
          oneTap: oneTapOn(),
        },
        review ? review.scores() : null,
      ),
    );
    this.animate = false;
    // The input help while the player is to move; no room held after.
    const help = this.board.helpElement();
    help.classList.toggle('idle', this.mode === 'done');
    col.append(help);
    if (review) col.append(...review.nav());
    col.append(this.statusBox());
    return col;
  }

  // Right or wrong, the rating and its change, the streak, "another one".
  private statusBox(): HTMLElement {
    const box = h('div', { class: 'puzzle-status' });
    const s = this.status;
    if (s)
      box.append(h('p', { class: `puzzle-verdict ${s.kind ?? ''}`.trim(), id: 'puzzle-verdict' }, tp(s.key, s.params)));
    if (this.error && this.puzzle) box.append(h('p', { class: 'error', role: 'alert' }, this.error));
    const rating = this.ratingText();
    const facts = h('p', { class: 'puzzle-facts' });
    if (rating) facts.append(h('span', { id: 'puzzle-rating' }, rating));
    facts.append(h('span', { id: 'puzzle-streak' }, tp('puzzles.streak', { n: this.streak })));
    box.append(facts);
    if (this.ended && !this.ended.rated) box.append(h('p', { class: 'hint' }, tp('puzzles.not_rated')));
    else if (this.puzzle?.attempted && !this.ended) box.append(h('p', { class: 'hint' }, tp('puzzles.attempted')));
    else if (this.puzzle?.all_tried && !this.ended) box.append(h('p', { class: 'hint' }, tp('puzzles.all_tried')));
    const next = h(
      'button',
      {
        type: 'button',
        class: this.mode === 'done' ? 'primary' : '',
        id: 'puzzle-next',
        disabled: this.mode === 'wait' || this.mode === 'loading',
        onclick: () => this.another(),
      },
      tp('puzzles.another'),
    );
    box.append(
      h(
        'div',
        { class: 'game-actions' },
        next,
        oneTapToggle(() => this.render()),
      ),
    );
    return box;
  }

  private sideColumn(): HTMLElement {
    const side = h('div', { class: 'game-side' });
    if (this.review) side.append(this.review.section());
    const p = this.puzzle;
    if (p) side.append(this.about(p));
    side.append(this.filters());
    return side;
  }

  // The puzzle's rating, themes, how many moves to find, and its address.
  private about(p: Puzzle): HTMLElement {
    const themes = p.themes.map(themeName).join(', ');
    const rating = this.ended ? this.ended.puzzle_rating : p.rating;
    const row = (key: PuzzlesKey, value: string, id: string) => [h('dt', {}, tp(key)), h('dd', { id }, value)];
    return h(
      'section',
      { class: 'puzzle-about', 'aria-labelledby': 'puzzle-about-h' },
      h('h2', { id: 'puzzle-about-h' }, tp('puzzles.about')),
      h(
        'dl',
        { class: 'puzzle-dl' },
        row('puzzles.puzzle_rating', String(rating), 'puzzle-puzzle-rating'),
        row('puzzles.themes', themes || tp('puzzles.themes_none'), 'puzzle-themes'),
        row('puzzles.moves_to_find', String(p.solver_moves), 'puzzle-length'),
        row('puzzles.variant', t(variantLabel(p.variant)), 'puzzle-variant'),
      ),
      h('p', {}, h('a', { href: `/puzzles/${p.id}`, id: 'puzzle-link' }, tp('puzzles.link'))),
    );
  }

  // The variant and theme of "another one".
  private filters(): HTMLElement {
    const variant = h('select', { id: 'pz-variant', 'data-key': 'pz-variant' }) as HTMLSelectElement;
    for (const v of VARIANTS)
      variant.append(h('option', { value: v, selected: v === this.variant }, t(variantLabel(v))));
    const theme = h('select', { id: 'pz-theme', 'data-key': 'pz-theme' }) as HTMLSelectElement;
    theme.append(h('option', { value: '', selected: !this.theme }, tp('puzzles.theme_any')));
    for (const k of THEMES) theme.append(h('option', { value: k, selected: k === this.theme }, themeName(k)));
    const changed = () => {
      this.variant = variant.value;
      this.theme = theme.value || null;
      this.another();
    };
    variant.addEventListener('change', changed);
    theme.addEventListener('change', changed);
    return h(
      'section',
      { class: 'analysis-settings puzzle-filters', 'aria-labelledby': 'puzzle-filters-h' },
      h('h2', { id: 'puzzle-filters-h' }, tp('puzzles.filters')),
      h('label', { for: 'pz-variant' }, tp('puzzles.variant')),
      variant,
      h('label', { for: 'pz-theme' }, tp('puzzles.theme')),
      theme,
    );
  }
}

let page: PuzzlePage | null = null;

export function renderPuzzles(shell: Shell): void {
  if (!page) {
    page = new PuzzlePage(sourceFromPath(location.pathname));
    page.render(shell);
    void page.load();
    return;
  }
  page.render(shell);
}
