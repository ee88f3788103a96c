// The game page `/g/<table>-<n>`: a finished game at any ply (buttons, arrow
// keys, Home/End, a click on a move), its players and result, the clock after
// each move, and its exact analysis (protocol 2.16): every legal move's score
// at the shown ply, mistakes marked in the move list and counted per player.
// The board rows come from the server; the page decides no rule.
import './game.css';
import { gameAccuracy } from '../accuracy_view';
import { getGame, getGameAnalysis, type GameAnalysis, type GameInfo } from '../analysis_api';
import { ApiError } from '../api';
import { FourBoardView } from '../board_view';
import { clear, h } from '../dom';
import { DISCS, formatClock, formatMoveLine } from '../format';
import { errorMessage, t, type MessageKey } from '../i18n';
import { ta, type AnalysisKey } from '../i18n/analysis';
import { canPlayFrom, playFromBox, type PlayFrom } from '../play_from';
import { analysisSection, boardBox, scoresList } from '../scores_view';
import type { Shell } from '../shell';
import { variantLabel } from '../variants';
import { computerName, reasonText } from '../table_text';

const SIDE_KEYS: MessageKey[] = ['side.red', 'side.yellow', 'side.green'];
const POLL_MS = 2000;

class GamePage {
  private info: GameInfo | null = null;
  private analysis: GameAnalysis | null = null;
  private error: string | null = null;
  private ply = 0;
  private shell: Shell | null = null;
  private readonly board = new FourBoardView(() => undefined);

  constructor(private readonly id: string) {
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  async start(): Promise<void> {
    try {
      this.info = await getGame(this.id);
      this.ply = this.info.moves.length;
      await this.refresh();
    } catch (e) {
      this.error = e instanceof ApiError ? errorMessage(e.code, e.message) : String(e);
      if (e instanceof ApiError && e.status === 404) this.error = ta('game.not_found', { id: this.id });
      this.render();
    }
  }

  // The analysis until it is done: queued and running answers are polled.
  private async refresh(): Promise<void> {
    try {
      this.analysis = await getGameAnalysis(this.id);
    } catch (e) {
      this.error = e instanceof ApiError ? errorMessage(e.code, e.message) : String(e);
    }
    this.render();
    if (this.analysis && this.analysis.status !== 'done') window.setTimeout(() => void this.refresh(), POLL_MS);
  }

  private total(): number {
    return this.info?.moves.length ?? 0;
  }

  private go(ply: number): void {
    const next = Math.max(0, Math.min(this.total(), ply));
    if (next === this.ply) return;
    this.ply = next;
    this.render();
    this.shell?.announce(this.plyText());
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey || !this.info) return;
    const to: Record<string, number> = {
      ArrowLeft: this.ply - 1,
      ArrowRight: this.ply + 1,
      Home: 0,
      End: this.total(),
    };
    if (!(e.key in to)) return;
    e.preventDefault();
    this.go(to[e.key]);
  }

  private plyText(): string {
    if (this.ply === 0) return ta('game.start');
    return ta('game.ply', { n: this.ply, total: this.total() });
  }

  private sideName(side: number): string {
    return t(SIDE_KEYS[side] ?? 'side.red');
  }

  private playerName(seat: number): string {
    const p = this.info?.players.find((x) => x.seat === seat);
    if (!p) return '';
    if (p.player) return p.player.name;
    return p.computer ? computerName(String(p.computer.level)) : '';
  }

  render(shell?: Shell): void {
    if (shell) this.shell = shell;
    const main = this.shell?.main;
    if (!main) return;
    // The page is drawn again at each step: the focused control keeps focus.
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.key;
    clear(main);
    document.title = `${ta('game.title', { id: this.id })} · fourtable`;
    main.append(h('h1', {}, ta('game.title', { id: this.id })));
    if (this.error && !this.info) {
      main.append(h('p', { class: 'error', role: 'alert' }, this.error));
      return;
    }
    if (!this.info) {
      main.append(h('p', {}, t('loading')));
      return;
    }
    main.append(this.header(this.info), h('div', { class: 'game-layout' }, this.boardColumn(), this.sideColumn()));
    if (focused) main.querySelector<HTMLElement>(`[data-key="${focused}"]`)?.focus();
    this.showCurrentMove(main);
  }

  // The list scrolls within its box (a long game), and is drawn anew at each
  // step and poll: the shown move is brought into the middle of the box,
  // never by scrolling the page (a phone reading the board stays there).
  private showCurrentMove(main: HTMLElement): void {
    const list = main.querySelector<HTMLElement>('.game-moves');
    const current = list?.querySelector<HTMLElement>('[aria-current="step"]')?.parentElement;
    if (!list || !current) return;
    list.scrollTop = current.offsetTop - list.offsetTop - (list.clientHeight - current.offsetHeight) / 2;
  }

  private header(info: GameInfo): HTMLElement {
    const players = h('ul', { class: 'game-players' });
    for (const p of [...info.players].sort((a, b) => a.side - b.side)) {
      const name = p.player
        ? h('a', { href: `/p/${p.player.id}` }, p.player.name)
        : h('span', {}, p.computer ? computerName(String(p.computer.level)) : '—');
      players.append(h('li', { class: `side-${p.side}` }, `${DISCS[p.side] ?? ''} ${this.sideName(p.side)}: `, name));
    }
    const o = info.outcome;
    let result = info.result;
    if (o?.status === 'win' && o.winner_side != null)
      result = ta('game.result.win', { side: this.sideName(o.winner_side), reason: reasonText(o.reason ?? '') });
    else if (o?.status === 'draw') result = ta('game.result.draw', { reason: reasonText(o.reason ?? '') });
    return h(
      'div',
      { class: 'game-head' },
      h('p', { class: 'badge' }, t(variantLabel(info.variant))),
      players,
      h('p', { class: 'game-result' }, result),
    );
  }

  private boardColumn(): HTMLElement {
    const a = this.analysis;
    const col = h('div', { class: 'game-board-col' });
    if (a?.boards && a.width && a.height) {
      const board = a.boards[Math.min(this.ply, a.boards.length - 1)];
      const moves = this.info?.moves ?? [];
      col.append(
        boardBox(this.board, {
          width: a.width,
          height: a.height,
          cylinder: !!a.cylinder,
          board,
          legal: [],
          mySide: null,
          winning: this.ply === this.total() ? (a.winning ?? []) : [],
          lastMove: this.ply > 0 ? { move: moves[this.ply - 1], before: a.boards[this.ply - 1] } : null,
          animate: false,
          still: true,
          noBand: true,
        }),
      );
    } else if (!a) {
      col.append(h('p', {}, t('loading')));
    }
    const button = (key: AnalysisKey, label: string, to: number, disabled: boolean) =>
      h(
        'button',
        {
          type: 'button',
          class: 'nav-btn',
          'aria-label': ta(key),
          title: ta(key),
          disabled,
          'data-key': key,
          onclick: () => this.go(to),
        },
        label,
      );
    const atStart = this.ply === 0;
    const atEnd = this.ply === this.total();
    col.append(
      h(
        'div',
        { class: 'game-nav', role: 'group', 'aria-label': ta('game.nav') },
        button('game.first', '«', 0, atStart),
        button('game.back', '‹', this.ply - 1, atStart),
        h('span', { class: 'game-ply', 'aria-hidden': 'true' }, this.plyText()),
        button('game.forward', '›', this.ply + 1, atEnd),
        button('game.last', '»', this.total(), atEnd),
      ),
      h('p', { class: 'hint' }, ta('game.keys')),
    );
    // The ways on from the shown position, under the board like its buttons.
    const link = this.analyseLink();
    const from = this.playFrom();
    if (link || from)
      col.append(
        h(
          'div',
          { class: 'game-actions' },
          link ? h('a', { href: link, class: 'analyse-link' }, ta('game.analyse_here')) : null,
          from ? playFromBox(from) : null,
        ),
      );
    return col;
  }

  // The shown position on the analysis board (variants without a drawn set-up).
  private analyseLink(): string | null {
    const a = this.analysis;
    if (!this.info || !a?.width || !a.height || this.info.game !== 'four') return null;
    if (/^(obstacles|drawn-opening)$/.test(this.info.variant)) return null;
    const moves = this.info.moves.slice(0, this.ply).join(',');
    const q = new URLSearchParams({
      variant: this.info.variant,
      width: String(a.width),
      height: String(a.height),
      moves,
    });
    return `/analysis?${q.toString()}`;
  }

  // The shown position as the start of a new game against the computer: not
  // a position the board ended (the server refuses a start that ends it).
  private playFrom(): PlayFrom | null {
    const a = this.analysis;
    if (!this.info || !a?.width || !a.height || this.info.game !== 'four') return null;
    const moves = this.info.moves.slice(0, this.ply);
    if (!canPlayFrom(this.info.variant, moves)) return null;
    const reason = this.info.outcome?.reason ?? '';
    if (this.ply === this.total() && (reason === 'line' || reason === 'full')) return null;
    return { variant: this.info.variant, width: a.width, height: a.height, moves };
  }

  private sideColumn(): HTMLElement {
    return h('div', { class: 'game-side' }, this.analysisBox(), this.movesBox());
  }

  private analysisBox(): HTMLElement {
    const box = analysisSection();
    const a = this.analysis;
    if (!a) return box;
    const wdl = a.scores === 'win_draw_loss';
    if (a.unsupported) {
      box.append(h('p', {}, ta('analysis.unsupported', { why: a.unsupported })));
      return box;
    }
    if (a.status === 'queued')
      box.append(h('p', { class: 'analysis-status' }, ta('analysis.queued', { n: a.queue_position ?? 1 })));
    if (a.status === 'running')
      box.append(
        h(
          'p',
          { class: 'analysis-status' },
          ta('analysis.running', {
            done: a.positions?.filter((p) => p.state !== 'pending').length ?? 0,
            total: a.positions?.length ?? this.total(),
          }),
        ),
      );
    const pos = a.positions?.[this.ply];
    if (pos) {
      // "Score of each move:" only over scores.
      if (pos.state === 'solved')
        box.append(h('p', { class: 'analysis-at' }, ta('analysis.at', { side: this.sideName(this.sideAt(this.ply)) })));
      box.append(scoresList(pos, wdl, a.budget_ms));
    } else if (a.status === 'done' && this.ply === this.total()) {
      box.append(h('p', {}, ta('analysis.final')));
    }
    if (a.status === 'done') {
      box.append(h('p', { class: 'hint' }, ta(wdl ? 'analysis.legend_wdl' : 'analysis.legend')));
      const counts = a.mistakes_by_seat ?? [];
      const list = h('ul', { class: 'mistake-counts', 'aria-label': ta('analysis.mistakes') });
      for (const p of this.info?.players ?? [])
        list.append(
          h(
            'li',
            { class: `side-${p.side}` },
            ta('analysis.mistakes_of', {
              name: this.playerName(p.seat) || this.sideName(p.side),
              n: counts[p.seat] ?? 0,
            }),
          ),
        );
      box.append(h('h3', {}, ta('analysis.mistakes')), list);
    }
    const accuracy = gameAccuracy(
      a,
      this.ply,
      (seat) => this.playerName(seat) || this.sideName(this.info?.players.find((p) => p.seat === seat)?.side ?? seat),
    );
    if (accuracy) box.append(accuracy);
    return box;
  }

  // The side to move after `ply` moves: the mover of the next move, else the
  // one after the last mover.
  private sideAt(ply: number): number {
    const seat = this.analysis?.positions?.[ply]?.seat;
    const p = this.info?.players.find((x) => x.seat === seat);
    if (p) return p.side;
    const sides = Math.max(2, this.info?.players.length ?? 2);
    return ply % sides;
  }

  private movesBox(): HTMLElement {
    const info = this.info!;
    const a = this.analysis;
    const list = h('ol', { class: 'game-moves', 'aria-label': t('table.moves') });
    info.moves.forEach((move, i) => {
      const pos = a?.positions?.[i];
      const side = this.sideAt(i);
      const clock = a?.clock_ms?.[i];
      const mistake = pos?.mistake ? a?.mistakes?.find((m) => m.ply === i) : undefined;
      const current = this.ply === i + 1;
      // The visible text is the accessible name (no aria-label): the
      // mistake's words and the clock's "left" are there for screen readers.
      const why = mistake
        ? ta('game.mistake', { from: ta(`analysis.${mistake.from}`), to: ta(`analysis.${mistake.to}`) })
        : '';
      const btn = h(
        'button',
        {
          type: 'button',
          class: 'move-btn' + (mistake ? ' mistake' : ''),
          'aria-current': current ? 'step' : null,
          'data-key': `move-${i}`,
          onclick: () => this.go(i + 1),
        },
        h('span', { class: 'move-text' }, formatMoveLine(i + 1, side, move)),
        mistake ? h('span', { class: 'mistake-mark', title: why, 'aria-hidden': 'true' }, '?') : null,
        mistake ? h('span', { class: 'sr-only' }, `, ${why}`) : null,
        clock != null
          ? h(
              'span',
              { class: 'move-clock', title: ta('game.clock_left', { time: formatClock(clock) }) },
              formatClock(clock),
            )
          : null,
      );
      list.append(h('li', { class: `side-${side}` }, btn));
    });
    if (info.moves.length === 0) list.append(h('li', { class: 'empty' }, t('table.no_moves')));
    return h('section', { class: 'moves-box game-moves-box' }, h('h2', {}, t('table.moves')), list);
  }
}

let page: GamePage | null = null;

export function renderGame(shell: Shell, id: string): void {
  if (!page) {
    page = new GamePage(id);
    page.render(shell);
    void page.start();
    return;
  }
  page.render(shell);
}
