// The table page's controller: the table's WebSocket, the TableModel it keeps
// current, the page's own state beside the model (a move in flight, the last
// error, the piece choice sent, the rematch offer, the point a move scored)
// and the commands the panels send. It draws nothing: it asks the page to
// render through its hooks, and says events aloud through the announcer.
import { Connection, wsUrl, type ConnStatus } from '../../connection';
import { errorMessage, t } from '../../i18n';
import type { ServerMessage, TableEvent } from '../../protocol';
import { autoNext, type RematchAction, type RematchFrame } from '../../rematch_view';
import { playSound } from '../../sound';
import { applyMessage, emptyModel, isMyTurn, type TableModel } from '../../table_model';
import { eventLine } from './announce';
import { premoveOpen, premoveStep } from './premove';
import { eventSound } from './sounds';
import { scoredText } from './texts';

export interface TableHooks {
  render(): void;
  // The connection's state changed: the banner shows it.
  status(): void;
  announce(text: string): void;
}

export type TableAction = 'ready' | 'resign_game' | 'resign_match' | 'claim';

export class TableController {
  readonly id: string;
  readonly model: TableModel = emptyModel();
  connStatus: ConnStatus = { state: 'connecting' };
  wasDisconnected = false;
  notFound = false;
  lastError: string | null = null;
  pendingMove: string | null = null;
  pieceSent = false;
  // The board animates the next drop (a move just came in).
  animateNext = false;
  // twiceFour: the point(s) the last move scored, shown until the next move.
  pointNote: string | null = null;
  // Rematch: the offer's last frame.
  rematch: RematchFrame | null = null;
  // The column chosen to drop in when the turn comes (premove.ts), and the
  // game it was chosen in.
  premove: string | null = null;
  private premoveGame = 0;
  // The page notices the player's turn coming (title, notification).
  onTurn: (() => void) | null = null;
  private readonly watch: boolean;
  private readonly hooks: TableHooks;
  private conn: Connection | null = null;
  private moveCounter = 0;
  // The id of the move in flight; how many sockets have opened.
  private pendingId: string | null = null;
  private opens = 0;
  // A move the store did not take (protocol 4.2, "A write that fails is shown
  // to nobody"): the table reloads and the sockets reconnect; the move is
  // sent again with its id once a frame of the table came on a new socket, if
  // the table is still at the version it was played at.
  private lost: { id: string; move: string; version: number; opens: number } | null = null;
  // Move ids unique per page load (protocol 4.2): a random prefix and a counter.
  private readonly idPrefix = Math.random().toString(36).slice(2, 8) + '-';
  // Against the computer, Ready is sent by itself when the player asked so.
  private autoNextOn = autoNext();
  private autoReadyFor = 0;
  private claimTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(id: string, watch: boolean, hooks: TableHooks) {
    this.id = id;
    this.watch = watch;
    this.hooks = hooks;
  }

  start(): void {
    this.conn = new Connection({
      url: wsUrl(this.id),
      onOpen: () => [
        { type: 'hello', table: this.id, since: this.model.version, ...(this.watch ? { watch: true } : {}) },
        { type: 'ping', t: Date.now() },
      ],
      onMessage: (m) => this.onMessage(m),
      onStatus: (s) => {
        if (s.state === 'waiting') this.wasDisconnected = true;
        if (s.state === 'open') this.opens++;
        this.connStatus = s;
        this.hooks.status();
      },
      onProtocolError: (e) => {
        this.lastError = t('table.error', { error: e.message });
        this.hooks.render();
      },
    });
    this.conn.start();
  }

  retryNow(): void {
    this.conn?.retryNow();
  }

  private onMessage(msg: ServerMessage): void {
    const now = Date.now();
    if (msg.type === 'error') {
      if (msg.code === 'no_such_table') this.notFound = true;
      if (msg.code === 'server_error' && msg.id && msg.id === this.pendingId && this.pendingMove)
        this.lost = { id: msg.id, move: this.pendingMove, version: this.model.version, opens: this.opens };
      if (msg.id && this.pendingMove) this.pendingMove = null;
      this.pieceSent = false;
      // Our view is behind: catch up, then the player can move again.
      if (msg.code === 'stale_version') this.catchUp();
      this.lastError = errorMessage(msg.code, msg.message);
      this.hooks.render();
      return;
    }
    if (msg.type === 'ack') return;
    if (msg.type === 'rematch') return this.onRematch(msg);
    if (msg.type === 'state' || msg.type === 'event' || msg.type === 'presence') this.resendLost();
    if (msg.type === 'state') {
      this.pendingMove = null;
      this.lastError = null;
    }
    const beforeTurn = isMyTurn(this.model);
    const r = applyMessage(this.model, msg, now);
    if (r.kind === 'gap') return this.catchUp();
    if (r.kind !== 'changed') return;
    if (msg.type === 'state' && this.wasDisconnected) {
      this.wasDisconnected = false;
      this.hooks.announce(t('conn.back'));
    }
    if (r.event) this.onEvent(r.event, beforeTurn);
    if (msg.type === 'presence' || msg.type === 'state') this.scheduleClaimCheck();
    if (!beforeTurn && isMyTurn(this.model)) this.onTurn?.();
    this.hooks.render();
    this.playPremove();
    this.autoReady();
  }

  // A premove at a four-in-a-row table (premove.ts); null cancels it.
  setPremove(move: string | null): void {
    if (move !== null && !premoveOpen(this.model)) return;
    this.premove = move;
    this.premoveGame = this.model.game?.number ?? 0;
    if (move !== null) this.hooks.announce(t('table.premove', { col: move }));
    this.hooks.render();
  }

  // The turn came: the premove is sent if the server lists it as legal, else
  // dropped with a word why; a finished game forgets it.
  private playPremove(): void {
    const move = this.premove;
    if (move === null || this.pendingMove) return;
    const step = premoveStep(this.model, move, this.premoveGame);
    if (step.kind === 'keep') return;
    this.premove = null;
    if (step.kind === 'send') this.sendMove(step.move);
    else if (step.kind === 'refused') {
      this.lastError = t('table.premove_refused', { col: step.move });
      this.hooks.announce(this.lastError);
    }
    if (step.kind !== 'send') this.hooks.render();
  }

  private catchUp(): void {
    this.conn?.send({ type: 'hello', table: this.id, since: this.model.version });
  }

  // An accepted rematch takes the players to the new table.
  private onRematch(msg: RematchFrame): void {
    this.rematch = msg;
    if (msg.state === 'accepted' && msg.table && this.model.mySeat !== null) location.assign(`/t/${msg.table}`);
    else this.hooks.render();
  }

  // The page's state follows the event, then the event is said and rung.
  private onEvent(ev: TableEvent, wasMyTurn: boolean): void {
    if (ev.kind === 'moved') {
      this.pendingMove = null;
      this.lastError = null;
      this.animateNext = true;
      this.pointNote = scoredText(this.model, ev.game, ev.ply, ev.seat);
    } else if (ev.kind === 'game_started') {
      this.pointNote = null;
    }
    const line = eventLine(this.model, ev, wasMyTurn, this.pointNote);
    if (line !== null) this.hooks.announce(line);
    const sound = eventSound(this.model, ev, wasMyTurn);
    if (sound) playSound(sound);
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

  setAutoNext(on: boolean): void {
    this.autoNextOn = on;
    this.autoReady();
  }

  // claim_at says when the claim opens (protocol 5.6): the page draws itself
  // again then, instead of waiting for another presence frame.
  private scheduleClaimCheck(): void {
    if (this.claimTimer) clearTimeout(this.claimTimer);
    this.claimTimer = null;
    const at = this.model.presence?.claim_at;
    if (at === null || at === undefined) return;
    const wait = at - (Date.now() + this.model.serverOffset);
    if (wait > 0) this.claimTimer = setTimeout(() => this.hooks.render(), wait + 50);
  }

  // A frame of the table came on a new socket after a lost move: the move is
  // sent again (once the frame is applied) if the table is at the version it
  // was played at; else the table moved on without it. The server's version
  // check stands behind this one.
  private resendLost(): void {
    const lost = this.lost;
    if (!lost || this.opens === lost.opens) return;
    this.lost = null;
    queueMicrotask(() => {
      if (this.model.version === lost.version) this.sendMove(lost.move, lost.id);
    });
  }

  // `id` is given for a move sent again (its first id, so it is played once).
  sendMove(move: string, id = `${this.idPrefix}${++this.moveCounter}`): void {
    const m = this.model;
    if (!isMyTurn(m) || this.pendingMove || !m.game?.legal.includes(move)) return;
    const sent = this.conn?.send({
      type: 'move',
      id,
      move,
      version: m.version,
      think_ms: Math.max(0, Math.round(Date.now() - m.shownAt)),
    });
    if (sent) {
      this.pendingMove = move;
      this.pendingId = id;
      this.hooks.render();
    }
  }

  action(type: TableAction): void {
    this.conn?.send({ type });
  }

  // RULES.md B2 (protocol 4.8): cross or circle, before round 1.
  choosePiece(piece: 'cross' | 'circle'): void {
    if (this.conn?.send({ type: 'choose_piece', piece })) {
      this.pieceSent = true;
      this.hooks.render();
    }
  }

  sendRematch(action: RematchAction): void {
    this.conn?.send({ type: 'rematch', action });
  }
}
