// The table page: the board, seats with clocks, score, move list, the buttons
// of RULES.md A3/A4 and the results, all drawn from the TableModel that the
// table's WebSocket keeps current. The page never decides a rule: it offers
// the server's `legal` moves and shows the server's outcomes.
import { dropCell, FourBoardView } from '../board_view';
import { Connection, wsUrl, type ConnStatus } from '../connection';
import { clear, h } from '../dom';
import { clockIsLow, DISCS, formatClock, formatDelta, formatMoveLine, formatScore, PIECE_SYMBOLS } from '../format';
import { errorMessage, t, type MessageKey } from '../i18n';
import type { GameSnapshot, ServerMessage, TableEvent } from '../protocol';
import type { Shell } from '../shell';
import { applyMessage, clockNow, emptyModel, isMyTurn, seatName, sideOfSeat, type TableModel } from '../table_model';
import { inviteBox } from '../invite';
import { autoNext, autoNextToggle, rematchBox, type RematchFrame } from '../rematch_view';
import { pieceIcon, TWICE_START, TwiceBoardView } from '../twice_view';
import { variantInfo, variantLabel } from '../variants';
import { playSound, soundOn, setSoundOn } from '../sound';
import { computerName, reasonText, variantKey } from '../table_text';

const SIDE_KEYS: MessageKey[] = ['side.red', 'side.yellow', 'side.green'];
const PIECE_KEYS: MessageKey[] = ['side.cross', 'side.circle'];

class TablePage {
  private readonly id: string;
  private readonly watch: boolean;
  private readonly model: TableModel = emptyModel();
  private shell: Shell | null = null;
  private conn: Connection | null = null;
  private connStatus: ConnStatus = { state: 'connecting' };
  private wasDisconnected = false;
  private notFound = false;
  private lastError: string | null = null;
  private pendingMove: string | null = null;
  private pieceSent = false;
  private moveCounter = 0;
  // Move ids unique per page load (protocol 4.2): a random prefix and a counter.
  private readonly idPrefix = Math.random().toString(36).slice(2, 8) + '-';
  private confirmUntil: Record<string, number> = {};
  private four: FourBoardView | null = null;
  private twice: TwiceBoardView | null = null;
  private animateNext = false;
  private clockEls: HTMLElement[] = [];
  private bannerEl: HTMLElement | null = null;
  // twiceFour: the point(s) the last move scored, shown until the next move.
  private pointNote: string | null = null;
  private tick: ReturnType<typeof setInterval> | null = null;
  private playEl: HTMLElement | null = null;
  // The low-time sound rings once per turn of mine.
  private lowWarned = false;
  // Rematch: the offer's last frame; Ready sent by itself vs the computer.
  private rematch: RematchFrame | null = null;
  private autoNextOn = autoNext();
  private autoReadyFor = 0;

  constructor(id: string, watch: boolean) {
    this.id = id;
    this.watch = watch;
  }

  start(shell: Shell): void {
    this.shell = shell;
    this.conn = new Connection({
      url: wsUrl(this.id),
      onOpen: () => [
        { type: 'hello', table: this.id, since: this.model.version, ...(this.watch ? { watch: true } : {}) },
        { type: 'ping', t: Date.now() },
      ],
      onMessage: (m) => this.onMessage(m),
      onStatus: (s) => {
        if (s.state === 'waiting') this.wasDisconnected = true;
        this.connStatus = s;
        this.renderBanner();
      },
      onProtocolError: (e) => {
        this.lastError = t('table.error', { error: e.message });
        this.render();
      },
    });
    this.conn.start();
    this.tick = setInterval(() => this.updateClocks(), 100);
    window.addEventListener('resize', () => this.fitPlay());
  }

  stop(): void {
    this.conn?.stop();
    if (this.tick) clearInterval(this.tick);
  }

  private onMessage(msg: ServerMessage): void {
    const now = Date.now();
    if (msg.type === 'error') {
      if (msg.code === 'no_such_table') this.notFound = true;
      if (msg.id && this.pendingMove) this.pendingMove = null;
      this.pieceSent = false;
      if (msg.code === 'stale_version') {
        // Our view is behind: catch up, then the player can move again.
        this.conn?.send({ type: 'hello', table: this.id, since: this.model.version });
      }
      this.lastError = errorMessage(msg.code, msg.message);
      this.render();
      return;
    }
    if (msg.type === 'ack') return;
    if (msg.type === 'rematch') return this.onRematch(msg);
    if (msg.type === 'state') {
      this.pendingMove = null;
      this.lastError = null;
    }
    const beforeTurn = isMyTurn(this.model);
    const r = applyMessage(this.model, msg, now);
    if (r.kind === 'gap') {
      this.conn?.send({ type: 'hello', table: this.id, since: this.model.version });
      return;
    }
    if (r.kind !== 'changed') return;
    if (msg.type === 'state' && this.wasDisconnected) {
      this.wasDisconnected = false;
      this.shell?.announce(t('conn.back'));
    }
    if (r.event) this.onEvent(r.event, beforeTurn);
    if (msg.type === 'presence' || msg.type === 'state') this.scheduleClaimCheck();
    this.render();
    this.autoReady();
  }

  // An accepted rematch takes the players to the new table.
  private onRematch(msg: RematchFrame): void {
    this.rematch = msg;
    if (msg.state === 'accepted' && msg.table && this.model.mySeat !== null) location.assign(`/t/${msg.table}`);
    else this.render();
  }

  // Against the computer the next game starts without Ready when the player asked so.
  private autoReady(): void {
    const m = this.model;
    const n = m.match?.game_number ?? 0;
    if (!this.autoNextOn || m.mySeat === null || m.table?.settings.opponent.kind !== 'computer') return;
    if (m.table.status !== 'between_games' || m.match?.over || m.match?.ready[m.mySeat] || this.autoReadyFor === n)
      return;
    this.autoReadyFor = n;
    this.action('ready');
  }

  private onEvent(ev: TableEvent, wasMyTurn: boolean): void {
    const m = this.model;
    const name = (seat: number) => this.nameOf(seat);
    if (ev.kind === 'moved') {
      this.pendingMove = null;
      this.lastError = null;
      this.animateNext = true;
      // The cell, not only the column: "Bob played d3".
      const g = ev.game;
      const cell = this.isTwice() ? null : dropCell(ev.move, g.board, g.width ?? 0, g.height ?? 0);
      let text = t('announce.move', { name: name(ev.seat), move: cell ?? ev.move });
      this.pointNote = this.scoredText(ev.game, ev.ply, ev.seat);
      if (this.pointNote) text += ' ' + this.pointNote;
      const nowMine = !wasMyTurn && isMyTurn(m);
      if (nowMine) text += ' ' + t('announce.your_turn');
      this.shell?.announce(text);
      playSound(nowMine ? 'turn' : 'move');
    } else if (ev.kind === 'game_over') {
      const detail = this.roundEndText();
      this.shell?.announce(
        this.gameResultText() +
          ' ' +
          t('result.by', { reason: reasonText(ev.outcome.reason) }) +
          (detail ? ' ' + detail : ''),
      );
    } else if (ev.kind === 'game_started') {
      this.pointNote = null;
      if (isMyTurn(m)) {
        this.shell?.announce(t('announce.your_turn'));
        playSound('turn');
      }
    } else if (ev.kind === 'match_over') {
      this.shell?.announce(this.matchResultText());
    }
  }

  // twiceFour round points as `✕ 1 : ◯ 0` (RULES.md B3).
  private sidesText(values: readonly number[]): string {
    return values.map((v, side) => `${this.sideSymbol(side)} ${v}`).join(' : ');
  }

  // The point(s) the move at `ply` scored, as a sentence; null if none.
  private scoredText(g: GameSnapshot, ply: number, seat: number): string | null {
    const r = g.round;
    if (!r) return null;
    const lines = r.lines.filter((l) => l.ply === ply).map((l) => l.line.replace('-', '–'));
    if (lines.length === 0) return null;
    const key = lines.length > 1 ? 'announce.points2' : 'announce.point';
    return t(key, { name: this.nameOf(seat), lines: lines.join(', '), score: this.sidesText(r.points) });
  }

  // Why a twiceFour round ended (RULES.md B3, B5): the points and, when a
  // limit ended it, the placement sums.
  private roundEndText(): string | null {
    const g = this.model.game;
    const o = g?.outcome;
    const r = g?.round;
    if (!o || !r) return null;
    const score = this.sidesText(r.points);
    const keys: Record<string, MessageKey> = {
      points: 'result.twice.points',
      move_limit: 'result.twice.limit',
      repetition: 'result.twice.repetition',
      no_moves: 'result.twice.no_moves',
    };
    const key = keys[o.reason];
    if (!key) return null;
    let text = t(key, { score });
    if (r.placement) {
      const placement = this.sidesText(r.placement);
      const decided = r.points[0] === r.points[1];
      text += ' ' + t(decided ? 'result.twice.placement' : 'result.twice.placement_info', { placement });
    }
    return text;
  }

  private claimTimer: ReturnType<typeof setTimeout> | null = null;

  private scheduleClaimCheck(): void {
    if (this.claimTimer) clearTimeout(this.claimTimer);
    this.claimTimer = null;
    const at = this.model.presence?.claim_at;
    if (at === null || at === undefined) return;
    const wait = at - (Date.now() + this.model.serverOffset);
    if (wait > 0) this.claimTimer = setTimeout(() => this.render(), wait + 50);
  }

  private nameOf(seat: number): string {
    return seatName(this.model, seat, computerName);
  }

  private isTwice(): boolean {
    return (this.model.game?.game ?? this.model.table?.settings.game) === 'twicefour';
  }

  private sideName(side: number): string {
    return t(this.isTwice() ? PIECE_KEYS[side] : SIDE_KEYS[side]) ?? '?';
  }

  private sideSymbol(side: number): string {
    return this.isTwice() ? (PIECE_SYMBOLS[side] ?? '?') : (DISCS[side] ?? '?');
  }

  private sendMove(move: string): void {
    const m = this.model;
    if (!isMyTurn(m) || this.pendingMove || !m.game?.legal.includes(move)) return;
    const id = `${this.idPrefix}${++this.moveCounter}`;
    const sent = this.conn?.send({
      type: 'move',
      id,
      move,
      version: m.version,
      think_ms: Math.max(0, Math.round(Date.now() - m.shownAt)),
    });
    if (sent) {
      this.pendingMove = move;
      this.render();
    }
  }

  private action(type: 'ready' | 'resign_game' | 'resign_match' | 'claim'): void {
    this.conn?.send({ type });
  }

  // Resigning asks twice: the first click arms the button for four seconds.
  private confirmed(key: string, button: HTMLButtonElement, label: string): boolean {
    const now = Date.now();
    if ((this.confirmUntil[key] ?? 0) > now) {
      this.confirmUntil[key] = 0;
      return true;
    }
    this.confirmUntil[key] = now + 4000;
    button.textContent = `${label} — ${t('table.confirm')}`;
    button.classList.add('armed');
    setTimeout(() => {
      if ((this.confirmUntil[key] ?? 0) <= Date.now()) {
        button.textContent = label;
        button.classList.remove('armed');
      }
    }, 4100);
    return false;
  }

  private gameResultText(): string {
    const g = this.model.game;
    const o = g?.outcome;
    if (!o) return '';
    // twiceFour plays rounds (RULES.md B5, B6), four in a row plays games.
    const round = this.isTwice();
    if (o.status === 'draw') return t(round ? 'result.round_draw' : 'result.draw');
    const mine = this.model.mySeat;
    if (mine !== null) {
      if (o.winner_seats.includes(mine)) return t(round ? 'result.round_win_you' : 'result.win_you');
      return t(round ? 'result.round_loss_you' : 'result.loss_you');
    }
    const names = o.winner_seats.map((s) => this.nameOf(s)).join(' & ');
    return t(round ? 'result.round_win' : 'result.win', { name: names || this.sideName(o.winner_side ?? 0) });
  }

  private matchResultText(): string {
    const r = this.model.match?.result;
    if (!r) return '';
    const winners = r.results.map((x, i) => (x === 'win' ? i : -1)).filter((i) => i >= 0);
    if (winners.length === 0) return t('result.match_draw', { score: this.scoreText(r.score) });
    // The winner's points first ("Bob wins the match 1½:½"), whatever the seat.
    return t('result.match_win', {
      name: winners.map((s) => this.nameOf(s)).join(' & '),
      score: this.scoreText(r.score, winners[0]),
    });
  }

  // Two vs two: team s % 2 (seats 0 and 2, 1 and 3); null at other tables.
  private teams(): number[][] | null {
    const t = this.model.table;
    // Teams: more seats than colours (variants.ts), seat s playing colour s % 2.
    const info = t ? variantInfo(t.settings.variant) : undefined;
    if (!t || !info || info.seats <= info.colours || t.seats.length !== 4) return null;
    return [
      [0, 2],
      [1, 3],
    ];
  }

  private teamName(team: number[]): string {
    return t('table.team', { names: team.map((s) => this.nameOf(s)).join(' & ') });
  }

  // The score as the players read it: per team in two vs two (team-mates share
  // their points), per seat otherwise; `first` (a seat) is put in front.
  private scoreText(score: readonly number[], first: number | null = null): string {
    const teams = this.teams();
    let groups = teams ?? score.map((_, i) => [i]);
    if (first !== null) {
      const at = groups.findIndex((g) => g.includes(first));
      if (at > 0) groups = [groups[at], ...groups.filter((_, i) => i !== at)];
    }
    return formatScore(groups.map((g) => score[g[0]] ?? 0));
  }

  // --- rendering -----------------------------------------------------------

  render(): void {
    const shell = this.shell;
    if (!shell) return;
    const main = shell.main;
    const m = this.model;
    const focused = document.activeElement;
    const boardHadFocus = !!focused && (focused === this.four?.el || focused === this.twice?.el);
    const focusedId = focused instanceof HTMLElement ? focused.id : '';
    clear(main);
    document.body.classList.add('at-table');
    this.bannerEl = h('div', { class: 'conn-banner', role: 'status' });
    main.append(this.bannerEl);
    this.renderBanner();
    if (this.notFound) {
      main.append(h('h1', {}, t('table.title', { id: this.id })), h('p', { class: 'error' }, t('table.not_found')));
      return;
    }
    if (!m.table) {
      main.append(h('h1', {}, t('table.title', { id: this.id })), h('p', {}, t('loading')));
      return;
    }
    const s = m.table.settings;
    const vk = variantKey(s);
    document.title = `${t(variantLabel(vk))} — fourtable`;
    const gameNo = m.match?.game_number ?? 0;
    const games = m.match?.games ?? 1;
    const heading = h(
      'h1',
      { class: 'table-title' },
      t(variantLabel(vk)) + (s.game === 'four' ? ` ${s.width}×${s.height}` : ''),
      h('span', { class: 'badge' }, s.rated ? t('table.rated') : t('table.casual')),
      gameNo > 0
        ? h(
            'span',
            { class: 'game-no' },
            this.isTwice() ? t('table.round', { n: gameNo }) : t('table.game', { n: gameNo, m: games }),
          )
        : null,
      h('span', { class: 'head-score', 'aria-hidden': 'true' }, this.scoreText(m.match?.score ?? m.table.score)),
    );

    const play = h('section', { class: 'play', 'aria-label': t(variantLabel(vk)) });
    // Seats and clocks, the turn, the board with the result over it, then the
    // buttons: a column that fits the window (fitPlay), the board taking what
    // the rest leaves.
    const boardArea = this.boardElement();
    boardArea.append(this.underBoard());
    play.append(this.seatsPanel(), this.statusLine(), boardArea);
    this.playEl = play;

    const side = h(
      'aside',
      { class: 'side' },
      this.scoreBox(),
      this.soundToggle(),
      this.movesBox(),
      this.countedBox(),
      this.shareBox(),
      this.sideButtons(),
    );
    main.append(heading, h('div', { class: 'table-layout' }, play, side));
    this.fitPlay();
    this.updateClocks();
    // The newest move is the one people look for: keep it in view.
    const movesList = document.getElementById('moves');
    if (movesList) movesList.scrollTop = movesList.scrollHeight;
    if (boardHadFocus) (this.four?.el ?? this.twice?.el)?.focus({ preventScroll: true });
    else if (focusedId) document.getElementById(focusedId)?.focus({ preventScroll: true });
  }

  // The play column gets the window's height below its top, so the board
  // (flex: 1, sized by container units in style.css) shrinks to what is left
  // and nothing of the table is below the fold.
  private fitPlay(): void {
    const play = this.playEl;
    if (!play || !play.isConnected) return;
    const top = play.getBoundingClientRect().top + window.scrollY;
    const room = Math.max(300, Math.floor(window.innerHeight - top - 8));
    play.style.setProperty('--play-h', `${room}px`);
  }

  private soundToggle(): HTMLElement {
    const on = soundOn();
    const b = h(
      'button',
      { type: 'button', class: 'small sound-toggle', id: 'sound-toggle', 'aria-pressed': on ? 'true' : 'false' },
      `♪ ${t('table.sound')}`,
    );
    b.addEventListener('click', () => {
      setSoundOn(!soundOn());
      if (soundOn()) playSound('move');
      this.render();
    });
    return h('div', { class: 'sound-box' }, b);
  }

  private renderBanner(): void {
    const b = this.bannerEl;
    if (!b) return;
    clear(b);
    const s = this.connStatus;
    const wasHidden = b.hidden;
    b.hidden = s.state === 'open' || (s.state === 'connecting' && !this.wasDisconnected);
    // The banner pushes the table down: the play column gets shorter with it.
    if (b.hidden !== wasHidden) this.fitPlay();
    if (s.state === 'waiting') {
      const secs = Math.max(0, Math.ceil((s.retryAt - Date.now()) / 1000));
      const retry = h('button', { type: 'button', class: 'small' }, t('conn.retry'));
      retry.addEventListener('click', () => this.conn?.retryNow());
      b.append(h('span', {}, t('conn.lost', { s: secs })), retry);
    } else if (s.state === 'connecting') {
      b.append(h('span', {}, t('conn.trying')));
    }
  }

  private seatsPanel(): HTMLElement {
    const m = this.model;
    const seats = m.table?.seats ?? [];
    const list = h('ul', { class: `seats n${seats.length}` });
    const round = this.isTwice() ? m.game?.round : undefined;
    this.clockEls = [];
    for (const seat of seats) {
      const side = sideOfSeat(m, seat.seat);
      const toMove = m.game?.to_move?.seat === seat.seat && !m.game.outcome;
      const connected = m.presence?.connected[seat.seat] ?? true;
      const you = m.mySeat === seat.seat;
      const ready = m.table?.status === 'between_games' && m.match?.ready[seat.seat];
      const clock = h('span', {
        class: 'clock',
        role: 'timer',
        'aria-live': 'off',
        'aria-label': t('table.clock', { name: this.nameOf(seat.seat) }),
        'data-seat': seat.seat,
      });
      this.clockEls[seat.seat] = clock;
      list.append(
        h(
          'li',
          { class: `seat side-${side}` + (toMove ? ' to-move' : '') + (you ? ' you' : ''), 'data-seat': seat.seat },
          this.sideIcon(side),
          h(
            'span',
            { class: 'seat-name' },
            // Three colours or two teams: the colour is written out, not only shown.
            this.namedSides()
              ? h('span', { class: 'side-word' }, this.sideName(side) + ' ')
              : h('span', { class: 'sr-only' }, this.sideName(side) + ': '),
            seat.player
              ? h('a', { href: `/p/${seat.player.id}`, class: 'seat-link' }, this.nameOf(seat.seat))
              : seat.computer
                ? this.nameOf(seat.seat)
                : '…',
            you ? h('span', { class: 'you-badge' }, ` (${t('table.you')})`) : null,
            !connected && (seat.player || seat.computer)
              ? h('span', { class: 'away' }, ` · ${t('table.offline')}`)
              : null,
            ready ? h('span', { class: 'ready-mark' }, ` ✓ ${t('table.ready.done')}`) : null,
          ),
          round && side >= 0
            ? h(
                'span',
                {
                  class: `round-points side-${side}`,
                  id: `round-points-${seat.seat}`,
                  title: t('table.round_points_label', { n: round.points[side] ?? 0 }),
                  'aria-label': t('table.round_points_label', { n: round.points[side] ?? 0 }),
                },
                t('table.round_points', { n: round.points[side] ?? 0 }),
              )
            : null,
          clock,
        ),
      );
    }
    // The per-move time is said where the clocks are (RULES.md B7).
    const clockSettings = m.table?.settings.clock;
    if (clockSettings?.kind === 'per_move' && clockSettings.move_ms)
      return h(
        'div',
        { class: 'seats-wrap' },
        list,
        h(
          'p',
          { class: 'per-move note', id: 'per-move' },
          t('table.per_move', { s: Math.round(clockSettings.move_ms / 1000) }),
        ),
      );
    return list;
  }

  private namedSides(): boolean {
    // Three colours, or teams: a side is more than one player's colour.
    const info = variantInfo(this.model.table?.settings.variant ?? '');
    return !this.isTwice() && !!info && (info.colours > 2 || info.seats > info.colours);
  }

  private sideIcon(side: number): HTMLElement | SVGElement {
    if (this.isTwice() && side >= 0) return pieceIcon(side);
    return h('span', { class: `side-icon side-${side}`, 'aria-hidden': 'true' }, this.sideSymbol(side));
  }

  private statusLine(): HTMLElement {
    const m = this.model;
    const box = h('div', { class: 'status-line' });
    const g = m.game;
    if (m.table?.status === 'waiting' && m.table.seats.some((x) => !x.player && !x.computer)) {
      box.append(h('p', { class: 'turn' }, t('table.waiting')));
      if (m.mySeat !== null) box.append(inviteBox(this.id, location.origin + m.table.url));
    } else if (g && g.to_move && !g.outcome) {
      const mine = isMyTurn(m);
      const side = g.to_move.side;
      // The row above a four-in-a-row board says it already (boardElement):
      // the line stays for screen readers only.
      const inBand = !mine && !this.isTwice() && m.mySeat !== null && m.table?.status === 'playing';
      box.append(
        h(
          'p',
          { class: 'turn' + (mine ? ' mine' : '') + (inBand ? ' sr-only' : ''), id: 'turn' },
          this.sideIcon(side),
          ' ',
          mine ? t('table.turn.you') : t('table.turn.other', { name: this.nameOf(g.to_move.seat) }),
        ),
      );
    }
    if (m.mySeat === null && m.table && m.table.status !== 'waiting')
      box.append(h('p', { class: 'note' }, t('table.watching')));
    if (g?.repetition_warning && !g.outcome)
      box.append(h('p', { class: 'warning', role: 'alert', id: 'repetition-warning' }, t('table.repetition')));
    if (this.pointNote && g && !g.outcome)
      box.append(h('p', { class: 'point-note', id: 'point-note' }, this.pointNote));
    if (m.piecesChosen?.lottery && g && g.ply === 0)
      box.append(h('p', { class: 'note', id: 'lottery-note' }, t('table.lottery')));
    // Absent players (RULES.md A4): say so; offer the claim when the server allows it.
    const p = m.presence;
    if (p && m.table) {
      for (const seat of m.table.seats) {
        if (seat.player && p.connected[seat.seat] === false && seat.seat !== m.mySeat)
          box.append(h('p', { class: 'note away-note' }, t('table.left', { name: seat.player.name })));
      }
      // claim_at says when the claim opens (protocol 5.6); the page opens it then
      // by itself instead of waiting for another presence frame.
      const serverNow = Date.now() + m.serverOffset;
      const claimable = p.claimable || (p.claim_at !== null && serverNow >= p.claim_at);
      if (claimable && m.mySeat !== null && m.game?.to_move?.seat !== m.mySeat && !m.match?.over) {
        const who = m.game?.to_move ? this.nameOf(m.game.to_move.seat) : '';
        const claim = h('button', { type: 'button', class: 'primary', id: 'claim' }, t('table.claim'));
        claim.addEventListener('click', () => this.action('claim'));
        box.append(h('p', { class: 'warning' }, t('table.left.claimable', { name: who })), claim);
      }
    }
    if (this.lastError) box.append(h('p', { class: 'error', role: 'alert' }, this.lastError));
    return box;
  }

  private boardElement(): HTMLElement {
    const m = this.model;
    const s = m.table!.settings;
    const g = m.game;
    const myTurn = isMyTurn(m) && !this.pendingMove;
    const wrap = h('div', { class: 'board-wrap' });
    // The result sits in the board's area, over the board, with the next action.
    const result = this.resultBox();
    if (result) wrap.append(result);
    const box = h('div', { class: 'board-box' });
    let help: HTMLElement;
    let aspect: number;
    if (this.isTwice()) {
      if (!this.twice) this.twice = new TwiceBoardView((mv) => this.sendMove(mv));
      // Before round 1 the start position (RULES.md B2) stands behind the choice.
      const board = g?.board ?? TWICE_START;
      const lines = g?.round?.lines ?? [];
      this.twice.update({
        board,
        legal: myTurn ? (g?.legal ?? []) : [],
        mySide: myTurn && m.mySeat !== null ? sideOfSeat(m, m.mySeat) : null,
        counted: lines.map((l) => ({ line: l.line, side: l.side })),
        lastMove: m.lastMove?.move ?? g?.moves?.[g.moves.length - 1] ?? null,
      });
      // The choice sits over row 3, the empty row of the start, so the start's
      // ten pieces stay in view around it.
      const choice = this.pieceChoice();
      box.append(choice ? h('div', { class: 'board-stack' }, this.twice.el, choice) : this.twice.el);
      help = this.twice.helpElement();
      aspect = this.twice.aspectRatio();
    } else {
      if (!this.four) this.four = new FourBoardView((mv) => this.sendMove(mv));
      const width = g?.width ?? s.width;
      const height = g?.height ?? s.height;
      const board = g?.board ?? Array.from({ length: height }, () => '.'.repeat(width));
      const seated = m.mySeat !== null;
      const running = !!g && !g.outcome && m.table?.status === 'playing';
      const last = m.lastMove?.move ?? g?.moves?.[g.moves.length - 1] ?? null;
      this.four.update({
        width,
        height,
        cylinder: variantInfo(s.variant)?.cylinder ?? false,
        board,
        legal: myTurn ? (g?.legal ?? []) : [],
        mySide: myTurn && m.mySeat !== null ? sideOfSeat(m, m.mySeat) : null,
        winning: g?.winning_cells ?? [],
        lastMove: this.animateNext && m.lastMove ? { move: m.lastMove.move, before: m.lastMove.before } : null,
        lastCell: last ? dropCell(last, board, width, height) : null,
        animate: this.animateNext,
        // The row for the hovering disc only while the player plays; on the
        // others' turns it says who is to move, so it is never an empty band.
        noBand: !(seated && running),
        bandText:
          seated && running && !isMyTurn(m) && g?.to_move
            ? t('table.turn.other', { name: this.nameOf(g.to_move.seat) })
            : undefined,
      });
      this.animateNext = false;
      box.append(this.four.el);
      help = this.four.helpElement();
      aspect = this.four.aspectRatio();
    }
    // Through the CSSOM: the Content-Security-Policy refuses style attributes.
    box.style.setProperty('--ar', aspect.toFixed(4));
    // The help keeps its line while a game runs (no jump of the board each
    // turn) and gives it to the board when the game is over or watched.
    help.classList.toggle('idle', m.mySeat === null || !g || !!g.outcome || m.table?.status !== 'playing');
    wrap.append(box, help);
    return wrap;
  }

  // twiceFour: the lines counted this round, listed beside the board.
  private countedBox(): HTMLElement | null {
    const m = this.model;
    const lines = this.isTwice() ? (m.game?.round?.lines ?? []) : [];
    if (lines.length === 0) return null;
    const list = h('ul', { class: 'counted-list', id: 'counted-lines' });
    for (const l of lines) {
      const seat = l.side === null ? -1 : (m.table?.seats ?? []).findIndex((x) => sideOfSeat(m, x.seat) === l.side);
      const who = seat >= 0 ? this.nameOf(seat) : l.side !== null ? this.sideName(l.side) : '?';
      list.append(
        h(
          'li',
          { class: `side-${l.side ?? 'unknown'}`, 'data-line': l.line },
          l.side !== null ? pieceIcon(l.side) : null,
          ' ',
          t('table.counted_line', { line: l.line.replace('-', '–'), name: who }),
        ),
      );
    }
    return h('div', { class: 'counted-box' }, h('p', { class: 'note' }, t('table.counted')), list);
  }

  // RULES.md B2 (protocol 4.8): before round 1 each player picks cross or circle.
  private choosingPieces(): boolean {
    const m = this.model;
    if (!this.isTwice() || m.game || m.piecesChosen || m.match?.over) return false;
    if (m.match?.phase === 'choosing_pieces') return true;
    // The choice opens when the last seat is taken and every person has said
    // hello, with no event of its own: a full table waiting to start offers it.
    const waiting = !m.match?.phase || m.match.phase === 'waiting';
    return waiting && !!m.table && m.table.seats.every((x) => x.player || x.computer);
  }

  // RULES.md B2: the piece choice, laid over the board (which shows the
  // start position) so that it is in view without scrolling.
  private pieceChoice(): HTMLElement | null {
    if (this.model.mySeat === null || !this.choosingPieces()) return null;
    const box = h('div', { class: 'choice-overlay', id: 'piece-choice' });
    if (this.pieceSent) {
      box.append(h('p', { class: 'note', id: 'piece-wait' }, t('table.choose_wait')));
      return box;
    }
    const buttons = h('div', { class: 'choice-buttons' }, h('span', { class: 'turn' }, t('table.choose_piece')));
    for (const [piece, side] of [
      ['cross', 0],
      ['circle', 1],
    ] as const) {
      const b = h(
        'button',
        { type: 'button', class: 'primary', id: `choose-${piece}` },
        pieceIcon(side),
        ` ${t(PIECE_KEYS[side])}`,
      );
      b.addEventListener('click', () => {
        if (this.conn?.send({ type: 'choose_piece', piece })) {
          this.pieceSent = true;
          this.render();
        }
      });
      buttons.append(b);
    }
    box.append(buttons, h('p', { class: 'note' }, t('table.choice_lottery')));
    return box;
  }

  private underBoard(): HTMLElement {
    const m = this.model;
    const box = h('div', { class: 'under-board' });
    const seated = m.mySeat !== null;
    const g = m.game;
    if (seated && g && !g.outcome && m.table?.status === 'playing') {
      if (isMyTurn(m) && g.legal.length === 1 && g.legal[0] === 'pass') {
        const pass = h('button', { type: 'button', class: 'primary', id: 'pass' }, t('table.pass'));
        pass.addEventListener('click', () => this.sendMove('pass'));
        box.append(pass);
      }
      const label = t('table.resign_game');
      const rg = h('button', { type: 'button', id: 'resign-game' }, label);
      rg.addEventListener('click', () => {
        if (this.confirmed('resign_game', rg, label)) this.action('resign_game');
      });
      box.append(rg);
    }
    if (seated && m.table?.settings.opponent.kind === 'computer' && !m.match?.over && (m.match?.games ?? 1) > 1)
      box.append(
        autoNextToggle((on) => {
          this.autoNextOn = on;
          this.autoReady();
        }),
      );
    return box;
  }

  // What the player does next, inside the result banner: Ready between games,
  // Rematch or another game after the match.
  private nextAction(): HTMLElement | null {
    const m = this.model;
    // After the match, the rematch (and another game).
    if (m.match?.over)
      return rematchBox({
        frame: this.rematch,
        mySeat: m.mySeat,
        nameOf: (seat) => this.nameOf(seat),
        send: (action) => this.conn?.send({ type: 'rematch', action }),
      });
    if (m.mySeat === null || m.table?.status !== 'between_games') return null;
    const done = !!m.match?.ready[m.mySeat];
    const ready = h(
      'button',
      { type: 'button', class: 'primary', id: 'ready', disabled: done },
      done ? `✓ ${t('table.ready.done')}` : t(this.isTwice() ? 'table.ready_round' : 'table.ready'),
    );
    ready.addEventListener('click', () => this.action('ready'));
    return ready;
  }

  // A short banner: the result, why, and the next action; the details
  // (ratings, the next game's rule) are beside the board with the score.
  private resultBox(): HTMLElement | null {
    const m = this.model;
    const g = m.game;
    let box: HTMLElement;
    if (m.match?.over && m.match.result) {
      const r = m.match.result;
      box = h('div', { class: 'result match-result', id: 'match-result' });
      box.append(
        h('h2', {}, this.matchResultText()),
        h(
          'p',
          {},
          t('result.by', { reason: reasonText(r.reason === 'completed' ? (g?.outcome?.reason ?? 'other') : r.reason) }),
        ),
      );
      const detail = r.reason === 'completed' ? this.roundEndText() : null;
      if (detail) box.append(h('p', { class: 'round-end', id: 'round-end' }, detail));
      const profiles = this.profileLinks(r.results);
      if (profiles) box.append(profiles);
    } else if (g?.outcome) {
      box = h('div', { class: 'result game-result', id: 'game-result' });
      box.append(
        h('h2', {}, this.gameResultText()),
        h('p', {}, t('result.by', { reason: reasonText(g.outcome.reason) })),
      );
      const detail = this.roundEndText();
      if (detail) box.append(h('p', { class: 'round-end', id: 'round-end' }, detail));
    } else {
      return null;
    }
    const next = this.nextAction();
    if (next) box.append(h('div', { class: 'next-action' }, next));
    return box;
  }

  // The people of a finished match, winners first, each a link to its
  // profile (/p/<id>): where the rating just changed lives on.
  private profileLinks(results: readonly string[]): HTMLElement | null {
    const people = (this.model.table?.seats ?? []).flatMap((x) => (x.player ? [{ seat: x.seat, ...x.player }] : []));
    if (people.length === 0) return null;
    const rank = (seat: number) => (results[seat] === 'win' ? 0 : 1);
    people.sort((a, b) => rank(a.seat) - rank(b.seat) || a.seat - b.seat);
    return h(
      'p',
      { class: 'result-profiles', id: 'result-profiles' },
      t('player.profiles'),
      people.flatMap((x, i) => [i ? ' · ' : ' ', h('a', { href: `/p/${x.id}`, 'data-seat': x.seat }, x.name)]),
    );
  }

  private scoreBox(): HTMLElement {
    const m = this.model;
    const score = m.match?.score ?? m.table?.score ?? [];
    const teams = this.teams();
    const box = h(
      'div',
      { class: 'score-box' },
      h(
        'div',
        { class: 'score-line' },
        h('span', { class: 'label' }, t('table.score')),
        h('span', { class: 'score', id: 'score' }, this.scoreText(score)),
      ),
    );
    if (teams)
      box.append(h('p', { class: 'team-names', id: 'team-names' }, teams.map((tm) => this.teamName(tm)).join(' : ')));
    const r = m.match?.over ? m.match.result : null;
    for (const rc of r?.ratings ?? []) {
      box.append(
        h(
          'p',
          { class: 'rating-change' + (rc.seat === m.mySeat ? ' mine' : ''), 'data-seat': rc.seat },
          `${this.nameOf(rc.seat)}: `,
          t('result.rating', {
            old: Math.round(rc.before),
            new: Math.round(rc.after),
            delta: formatDelta(rc.after - rc.before),
          }),
        ),
      );
    }
    if (m.table?.status === 'between_games' && !m.match?.over) {
      const done = m.mySeat !== null && !!m.match?.ready[m.mySeat];
      box.append(
        h(
          'p',
          { class: 'note' },
          done
            ? t('table.ready.waiting')
            : t(this.isTwice() ? 'result.round_next' : 'result.next', { n: (m.match?.game_number ?? 0) + 1 }),
        ),
      );
    }
    return box;
  }

  private movesBox(): HTMLElement {
    const m = this.model;
    const g = m.game;
    const moves = g?.moves ?? [];
    const nc = this.isTwice() ? 2 : (variantInfo(m.table?.settings.variant ?? '')?.colours ?? 2);
    const list = h('ol', {
      class: 'moves' + (this.isTwice() ? ' twice-moves' : ''),
      id: 'moves',
      'aria-label': t('table.moves'),
    });
    // Through the CSSOM: the Content-Security-Policy refuses style attributes.
    list.style.setProperty('--sides', String(nc));
    const firstPly = (g?.ply ?? moves.length) - moves.length + 1;
    for (let i = 0; i < moves.length; i++) {
      let side: number;
      if (g?.to_move) side = (((g.to_move.side - (moves.length - i)) % nc) + nc) % nc;
      else if (m.lastMove && moves.length > 0) side = (((m.lastMove.side - (moves.length - 1 - i)) % nc) + nc) % nc;
      else side = (firstPly - 1 + i) % nc;
      list.append(h('li', { class: `side-${side}` }, formatMoveLine(firstPly + i, side, moves[i], this.isTwice())));
    }
    if (moves.length === 0) list.append(h('li', { class: 'empty' }, t('table.no_moves')));
    return h('section', { class: 'moves-box' }, h('h2', {}, t('table.moves')), list);
  }

  private shareBox(): HTMLElement {
    const m = this.model;
    const url = location.origin + (m.table?.url ?? `/t/${this.id}`);
    const input = h('input', {
      type: 'text',
      readonly: true,
      value: url,
      id: 'share-url',
      'aria-label': t('table.copy'),
    }) as HTMLInputElement;
    const status = h('span', { class: 'form-status', role: 'status' });
    const copy = h('button', { type: 'button', id: 'copy-link' }, t('table.copy'));
    copy.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(url);
        status.textContent = t('table.copied');
      } catch {
        input.select();
        status.textContent = document.execCommand?.('copy') ? t('table.copied') : t('table.copy_failed');
      }
    });
    const spectators = m.presence?.spectators ?? m.table?.spectators ?? 0;
    const vk = m.table ? variantKey(m.table.settings) : 'classic';
    return h(
      'section',
      { class: 'share' },
      h('div', { class: 'row' }, input, copy),
      status,
      h('p', { class: 'spectators', id: 'spectators' }, t('table.spectators', { n: spectators })),
      h('p', {}, h('a', { href: `/rules.html?v=${vk}` }, t('table.rules', { variant: t(variantLabel(vk)) }))),
    );
  }

  private sideButtons(): HTMLElement {
    const m = this.model;
    const box = h('div', { class: 'side-buttons' });
    const st = m.table?.status;
    if (
      m.mySeat !== null &&
      (st === 'playing' || st === 'between_games') &&
      !m.match?.over &&
      (m.match?.games ?? 1) > 1
    ) {
      const label = t('table.resign_match');
      const rm = h('button', { type: 'button', class: 'danger', id: 'resign-match' }, label);
      rm.addEventListener('click', () => {
        if (this.confirmed('resign_match', rm, label)) this.action('resign_match');
      });
      box.append(rm);
    }
    return box;
  }

  private updateClocks(): void {
    const m = this.model;
    if (!m.clocks) return;
    const now = Date.now();
    const initial = m.table?.settings.clock.bank_ms ?? m.table?.settings.clock.move_ms ?? 60_000;
    this.clockEls.forEach((el, seat) => {
      if (!el) return;
      const ms = clockNow(m, seat, now);
      const text = formatClock(ms);
      if (el.textContent !== text) el.textContent = text;
      const low = clockIsLow(ms, initial);
      el.classList.toggle('low', low);
      el.classList.toggle('running', m.clocks!.running === seat);
      if (seat === m.mySeat) {
        if (m.clocks!.running !== seat) this.lowWarned = false;
        else if (low && !this.lowWarned && ms > 0) {
          this.lowWarned = true;
          playSound('low');
        }
      }
    });
    if (this.connStatus.state === 'waiting') this.renderBanner();
  }
}

export function tableIdFromPath(path: string): string | null {
  const m = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  return m ? m[1] : null;
}

let page: TablePage | null = null;

export function renderTable(shell: Shell, id: string): void {
  if (!page) {
    const watch = new URLSearchParams(location.search).get('watch') === '1';
    page = new TablePage(id, watch);
    page.start(shell);
  }
  page.render();
}
