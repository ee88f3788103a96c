// What the table page knows about its table, kept current by applying the
// server's frames in version order (protocol 5.2, 5.5). Pure: no DOM, no
// socket, so the tests can feed it golden frames.
import type {
  Clocks,
  GameSnapshot,
  MatchInfo,
  Player,
  Presence,
  ServerMessage,
  TableEvent,
  TableSummary,
} from './protocol';
import { nameText } from './player_name';

export interface LastMove {
  seat: number;
  side: number;
  move: string;
  ply: number;
  before: string[]; // the board before the move, for the falling-disc animation
}

export interface TableModel {
  version: number;
  table: TableSummary | null;
  mySeat: number | null;
  me: Player | null;
  match: MatchInfo | null;
  game: GameSnapshot | null;
  clocks: Clocks | null;
  clocksReceivedAt: number; // local Date.now() when `clocks` arrived
  serverOffset: number; // server_time - local time, estimated
  offsetFromPong: boolean; // measured by ping/pong (protocol 5.9), better than event stamps
  presence: Presence | null;
  lastMove: LastMove | null;
  piecesChosen: { sides: number[]; lottery: boolean } | null; // twiceFour, RULES.md B2
  // When the current position was shown to this player (local ms), for think_ms.
  shownAt: number;
}

export function emptyModel(): TableModel {
  return {
    version: 0,
    table: null,
    mySeat: null,
    me: null,
    match: null,
    game: null,
    clocks: null,
    clocksReceivedAt: 0,
    serverOffset: 0,
    offsetFromPong: false,
    presence: null,
    lastMove: null,
    piecesChosen: null,
    shownAt: 0,
  };
}

export type ApplyResult =
  | { kind: 'changed'; event?: TableEvent }
  | { kind: 'ignored' } // an event already applied (a duplicate after catch-up)
  | { kind: 'gap' }; // events are missing: send hello with our version again

// Applies one versioned event. Versions must follow one another; an old one is
// ignored and a jump is reported so the caller can catch up (protocol 5.5).
export function applyEvent(
  m: TableModel,
  version: number,
  serverTime: number,
  ev: TableEvent,
  now: number,
): ApplyResult {
  if (version <= m.version) return { kind: 'ignored' };
  if (m.version !== 0 && version > m.version + 1) return { kind: 'gap' };
  if (m.version === 0 && version > 1 && ev.kind !== 'created') return { kind: 'gap' };
  m.version = version;
  if (!m.offsetFromPong) m.serverOffset = serverTime - now;
  switch (ev.kind) {
    case 'created':
      m.table = structuredClone(ev.table);
      break;
    case 'seated':
      if (m.table) {
        const seat = m.table.seats.find((s) => s.seat === ev.seat);
        if (seat) {
          seat.player = ev.player;
          seat.computer = ev.computer;
        }
        if (ev.player && m.me && ev.player.id === m.me.id && m.mySeat === null) m.mySeat = ev.seat;
      }
      break;
    case 'game_started':
      m.game = { ...ev.game, moves: ev.game.moves ?? [] };
      m.match = structuredClone(ev.match);
      setClocks(m, ev.clocks, now);
      m.lastMove = null;
      m.shownAt = now;
      if (m.table) {
        m.table.status = 'playing';
        m.table.game_number = ev.match.game_number;
        m.table.score = [...ev.match.score];
      }
      break;
    case 'moved': {
      const before = m.game?.board ?? [];
      const moves = [...(m.game?.moves ?? []), ev.move];
      m.game = { ...ev.game, moves };
      setClocks(m, ev.clocks, now);
      m.lastMove = { seat: ev.seat, side: ev.side, move: ev.move, ply: ev.ply, before };
      m.shownAt = now;
      break;
    }
    case 'game_over':
      // A game lost unplayed with the match leaves the board's game as it ended.
      if (m.game && !ev.unplayed) {
        m.game = {
          ...m.game,
          outcome: ev.outcome,
          winning_cells: ev.winning_cells,
          to_move: null,
          legal: [],
        };
      }
      if (m.match) {
        m.match.score = [...ev.score];
        m.match.ready = m.match.ready.map(() => false);
      }
      if (m.table) {
        m.table.score = [...ev.score];
        m.table.status = 'between_games';
      }
      setClocks(m, ev.clocks, now);
      break;
    case 'ready':
      if (m.match && ev.seat < m.match.ready.length) m.match.ready[ev.seat] = true;
      break;
    case 'pieces_chosen':
      m.piecesChosen = { sides: [...ev.sides], lottery: ev.lottery };
      break;
    case 'match_over': {
      const { kind: _kind, ...result } = ev;
      void _kind;
      if (m.match) {
        m.match.over = true;
        m.match.result = result;
        m.match.score = [...ev.score];
      }
      if (m.table) {
        m.table.status = 'finished';
        m.table.score = [...ev.score];
      }
      if (m.clocks) setClocks(m, { ...m.clocks, running: null, at: serverTime }, now);
      break;
    }
  }
  return { kind: 'changed', event: ev };
}

function setClocks(m: TableModel, c: Clocks, now: number): void {
  m.clocks = { ...c, remaining_ms: [...c.remaining_ms] };
  m.clocksReceivedAt = now;
}

// Applies any frame that concerns the table. `now` is the local clock.
export function applyMessage(m: TableModel, msg: ServerMessage, now: number): ApplyResult {
  switch (msg.type) {
    case 'welcome':
      m.me = msg.you;
      if (!m.offsetFromPong) m.serverOffset = msg.server_time - now;
      return { kind: 'changed' };
    case 'state':
      m.version = msg.version;
      if (!m.offsetFromPong) m.serverOffset = msg.server_time - now;
      m.table = msg.table;
      m.mySeat = msg.you.seat;
      m.match = msg.match;
      m.game = msg.game ? { ...msg.game, moves: msg.game.moves ?? [] } : null;
      setClocks(m, msg.clocks, now);
      m.presence = msg.presence;
      m.lastMove = null;
      m.shownAt = now;
      return { kind: 'changed' };
    case 'event':
      return applyEvent(m, msg.version, msg.server_time, msg.event, now);
    case 'presence': {
      const { type: _t, ...p } = msg;
      void _t;
      m.presence = p;
      if (m.table) m.table.spectators = p.spectators;
      return { kind: 'changed' };
    }
    case 'pong':
      // Protocol 5.9: the offset is server_time - (t_sent + t_received) / 2.
      m.serverOffset = msg.server_time - (msg.t + now) / 2;
      m.offsetFromPong = true;
      return { kind: 'ignored' };
    default:
      return { kind: 'ignored' };
  }
}

// The time a clock shows now: the running seat's bank minus the time since the
// server's stamp, measured on the server's clock as estimated locally.
export function clockNow(m: TableModel, seat: number, now: number): number {
  if (!m.clocks) return 0;
  const base = m.clocks.remaining_ms[seat] ?? 0;
  if (m.clocks.running !== seat) return base;
  const serverNow = now + m.serverOffset;
  return Math.max(0, base - Math.max(0, serverNow - m.clocks.at));
}

export function isMyTurn(m: TableModel): boolean {
  return m.mySeat !== null && !!m.game && !!m.game.to_move && m.game.to_move.seat === m.mySeat && !m.game.outcome;
}

// The side (colour or piece) a seat plays in the current game.
export function sideOfSeat(m: TableModel, seat: number): number {
  if (m.game && seat < m.game.sides.length) return m.game.sides[seat];
  return seat % 2;
}

export function seatName(m: TableModel, seat: number, computerName: (level: string) => string): string {
  const s = m.table?.seats.find((x) => x.seat === seat);
  if (!s) return '?';
  if (s.player) return nameText(s.player);
  if (s.computer) return computerName(String(s.computer.level));
  return '…';
}
