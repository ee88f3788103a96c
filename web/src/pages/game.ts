// The game page `/g/<table>-<n>`: a finished game at any ply (buttons, arrow
// keys, Home/End, a click on a move), its players and result, the clock after
// each move, and its exact analysis (protocol 2.16): every legal move's score
// in words under its column at the shown ply, mistakes and slower moves told
// in the move list and counted per player. A twiceFour round is drawn as the
// table draws it (twice_view.ts: pieces, counted lines, the round's points).
// The board rows come from the server; the page decides no rule.
import './game.css';
import { gameAccuracy } from '../accuracy_view';
import { getGame, getGameAnalysis, type GameAnalysis, type GameInfo } from '../analysis_api';
import { ApiError } from '../api';
import { FourBoardView } from '../board_view';
import { clear, h } from '../dom';
import { DISCS, PIECE_SYMBOLS } from '../format';
import { errorMessage, t, type MessageKey } from '../i18n';
import { ta, type AnalysisKey } from '../i18n/analysis';
import { canPlayFrom, playFromBox, type PlayFrom } from '../play_from';
import { nameText, playerLink } from '../player_name';
import { analysisSection, boardBox, columnScores, reasonWords } from '../scores_view';
import type { Shell } from '../shell';
import { variantLabel } from '../variants';
import { computerName, reasonText } from '../table_text';
import { pieceIcon, TwiceBoardView } from '../twice_view';
import { judgementAt, mistakeCounts, movesBox, scoreBoardAt, whyAt, type MovesView } from './game_moves';

const SIDE_KEYS: MessageKey[] = ['side.red', 'side.yellow', 'side.green'];
const PIECE_KEYS: MessageKey[] = ['side.cross', 'side.circle'];
const POLL_MS = 2000;

class GamePage {
  private info: GameInfo | null = null;
  private analysis: GameAnalysis | null = null;
  private error: string | null = null;
  private ply = 0;
  private shell: Shell | null = null;
  private readonly board = new FourBoardView(() => undefined);
  private twiceBoard: TwiceBoardView | null = null;

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
      // A game lost unplayed with its match (protocol 2.7): said so.
      if (e instanceof ApiError && e.code === 'not_played') this.error = ta('game.not_played', { id: this.id });
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
    const st = this.analysis?.status;
    if (st === 'queued' || st === 'running') window.setTimeout(() => void this.refresh(), POLL_MS);
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

  private twice(): boolean {
    return this.info?.game === 'twicefour';
  }

  // Sides as the table names them: cross and circle in twiceFour.
  private sideName(side: number): string {
    return this.twice() ? t(PIECE_KEYS[side] ?? 'side.cross') : t(SIDE_KEYS[side] ?? 'side.red');
  }

  private sideMark(side: number): Node | string {
    return this.twice() ? pieceIcon(side) : (DISCS[side] ?? '');
  }

  private playerName(seat: number): string {
    const p = this.info?.players.find((x) => x.seat === seat);
    if (!p) return '';
    if (p.player) return nameText(p.player);
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
    // Measured on screen: offsetTop counts from the nearest positioned box,
    // which is not the list on every layout.
    const at = current.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    list.scrollTop = at - (list.clientHeight - current.offsetHeight) / 2;
  }

  private header(info: GameInfo): HTMLElement {
    const players = h('ul', { class: 'game-players' });
    for (const p of [...info.players].sort((a, b) => a.side - b.side)) {
      const name = p.player
        ? playerLink(p.player)
        : h('span', {}, p.computer ? computerName(String(p.computer.level)) : '—');
      players.append(h('li', { class: `side-${p.side}` }, this.sideMark(p.side), ` ${this.sideName(p.side)}: `, name));
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
      this.twice() ? h('p', { class: 'badge round-badge' }, ta('game.round', { n: info.number })) : null,
      players,
      h('p', { class: 'game-result' }, result),
    );
  }

  private boardColumn(): HTMLElement {
    const a = this.analysis;
    const col = h('div', { class: 'game-board-col' });
    if (a?.boards && this.twice()) col.append(...this.twiceBoardAt(a));
    else if (a?.boards && a.width && a.height) col.append(this.fourBoardAt(a));
    else if (!a) col.append(h('p', {}, t('loading')));
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
      ...this.shownMoveWhy(),
      h('p', { class: 'hint keys-hint' }, ta('game.keys')),
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

  private fourBoardAt(a: GameAnalysis): HTMLElement {
    const board = a.boards![Math.min(this.ply, a.boards!.length - 1)];
    const moves = this.info?.moves ?? [];
    const pos = a.positions?.[this.ply];
    // Each move's score under its column, for the player to move here.
    const scores =
      pos && pos.state !== 'unsupported'
        ? columnScores(pos, scoreBoardAt(a, this.ply), { width: a.width!, cylinder: !!a.cylinder }, a.budget_ms)
        : null;
    return boardBox(
      this.board,
      {
        width: a.width!,
        height: a.height!,
        cylinder: !!a.cylinder,
        board,
        legal: [],
        mySide: null,
        winning: this.ply === this.total() ? (a.winning ?? []) : [],
        lastMove: this.ply > 0 ? { move: moves[this.ply - 1], before: a.boards![this.ply - 1] } : null,
        lastCell: null,
        animate: false,
        still: true,
        noBand: true,
      },
      scores,
    );
  }

  // twiceFour: the board at the shown ply with the lines counted by then
  // (each round.lines entry carries the half-move that scored it), and the
  // round's points at that ply.
  private twiceBoardAt(a: GameAnalysis): HTMLElement[] {
    const board = a.boards![Math.min(this.ply, a.boards!.length - 1)];
    const lines = (a.round?.lines ?? []).filter((l) => l.ply <= this.ply);
    if (!this.twiceBoard) this.twiceBoard = new TwiceBoardView(() => undefined);
    this.twiceBoard.update({
      board,
      legal: [],
      mySide: null,
      counted: lines.map((l) => ({ line: l.line, side: l.side })),
      lastMove: this.ply > 0 ? (this.info?.moves[this.ply - 1] ?? null) : null,
    });
    const box = h('div', { class: 'game-board twice-board' }, this.twiceBoard.el);
    box.style.setProperty('--ar', this.twiceBoard.aspectRatio().toFixed(4));
    const points = [0, 1].map((side) => lines.filter((l) => l.side === side).length);
    const score = points.map((p, side) => `${PIECE_SYMBOLS[side]} ${p}`).join(' : ');
    const counted = h('ul', { class: 'counted-list game-counted' });
    for (const l of lines)
      counted.append(
        h(
          'li',
          { class: `side-${l.side ?? 'unknown'}`, 'data-line': l.line },
          l.side !== null ? pieceIcon(l.side) : null,
          ' ',
          t('table.counted_line', {
            line: l.line.replace('-', '–'),
            name: l.side !== null ? this.nameOfSide(l.side) : '?',
          }),
        ),
      );
    const parts: (HTMLElement | null)[] = [
      h('p', { class: 'round-points' }, ta('game.round_points', { score })),
      box,
      lines.length > 0 ? counted : null,
    ];
    return parts.filter((x): x is HTMLElement => x !== null);
  }

  // The player who played `side` in this game, else the side's name.
  private nameOfSide(side: number): string {
    const p = this.info?.players.find((x) => x.side === side);
    return (p && this.playerName(p.seat)) || this.sideName(side);
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

  // The shown move's mistake or slower move in words, under the buttons, so
  // a phone stepping through the game reads it beside the board.
  private shownMoveWhy(): HTMLElement[] {
    if (this.ply === 0 || !this.analysis) return [];
    const judged = judgementAt(this.analysis, this.ply - 1);
    const why = judged && judged !== 'best' ? whyAt(this.analysis, this.ply - 1) : null;
    return why ? [h('p', { class: `ply-why ${judged}` }, why)] : [];
  }

  private sideColumn(): HTMLElement {
    const moves = movesBox(this.movesView());
    // twiceFour's box only says there is no analysis: after the moves.
    if (this.twice()) return h('div', { class: 'game-side' }, moves, this.analysisBox());
    return h('div', { class: 'game-side' }, this.analysisBox(), moves);
  }

  private analysisBox(): HTMLElement {
    const box = analysisSection();
    const a = this.analysis;
    if (!a) return box;
    const wdl = a.scores === 'win_draw_loss';
    // twiceFour has no exact analysis, whatever the queue says: said in the
    // reader's language, not the server's words.
    if (this.twice()) {
      box.append(h('p', {}, ta('analysis.twice_none')));
      return box;
    }
    if (a.unsupported) {
      box.append(h('p', {}, ta('analysis.unsupported', { why: reasonWords(a.unsupported) })));
      return box;
    }
    if (a.status === 'failed') {
      box.append(h('p', { class: 'analysis-status' }, ta('analysis.failed', { n: a.attempts ?? 3 })));
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
    if (pos?.state === 'solved')
      box.append(
        h('p', { class: 'analysis-at' }, ta('analysis.at', { side: this.sideName(this.sideToMove(this.ply)) })),
      );
    else if (!pos && a.status === 'done' && this.ply === this.total()) box.append(h('p', {}, ta('analysis.final')));
    if (a.status === 'done') {
      box.append(h('p', { class: 'hint' }, ta(wdl ? 'analysis.legend_wdl' : 'analysis.legend')));
      box.append(...mistakeCounts(this.movesView(), (seat) => this.playerName(seat) || this.sideName(seat)));
    }
    const accuracy = gameAccuracy(
      a,
      this.ply,
      (seat) => this.playerName(seat) || this.sideName(this.info?.players.find((p) => p.seat === seat)?.side ?? seat),
    );
    if (accuracy) box.append(accuracy);
    return box;
  }

  // The side that made move i + 1: the server's replay says it (twiceFour's
  // first mover is either piece), else the analysis' seat, else alternation.
  private sideOf(i: number): number {
    const mover = this.analysis?.movers?.[i];
    if (mover != null) return mover;
    const seat = this.analysis?.positions?.[i]?.seat;
    const p = this.info?.players.find((x) => x.seat === seat);
    if (p) return p.side;
    const sides = Math.max(2, this.info?.players.length ?? 2);
    return i % sides;
  }

  // The side to move after `ply` moves.
  private sideToMove(ply: number): number {
    if (ply < this.total()) return this.sideOf(ply);
    const sides = Math.max(2, this.info?.players.length ?? 2);
    return (this.sideOf(ply - 1) + 1) % sides;
  }

  private movesView(): MovesView {
    return {
      info: this.info!,
      analysis: this.analysis,
      ply: this.ply,
      twice: this.twice(),
      sideOf: (i) => this.sideOf(i),
      go: (ply) => this.go(ply),
    };
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
