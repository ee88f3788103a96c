// The client side of docs/protocol.md (version 1): typed messages and the one
// place where server JSON becomes them. Every frame goes through parseServer;
// a frame that does not fit is a ProtocolError with the path of the bad field,
// never a half-read object. Client frames are built by the functions at the end.

export class ProtocolError extends Error {}

export interface Player {
  id: string;
  name: string;
}

export type Level = number | 'perfect';

export interface ClockSettings {
  kind: 'fischer' | 'per_move';
  bank_ms?: number;
  increment_ms?: number;
  move_ms?: number;
}

export interface Settings {
  game: 'four' | 'twicefour';
  variant: string;
  width: number;
  height: number;
  popout: boolean;
  blocks: number;
  opening_plies: number;
  format: 'match' | 'single';
  clock: ClockSettings;
  rated: boolean;
  visibility: 'open' | 'link';
  opponent: { kind: 'person' } | { kind: 'computer'; level: Level };
}

export interface Seat {
  seat: number;
  player: Player | null;
  computer: { level: Level } | null;
}

export type TableStatus = 'waiting' | 'playing' | 'between_games' | 'finished';

export interface TableSummary {
  id: string;
  url: string;
  settings: Settings;
  status: TableStatus;
  seats: Seat[];
  score: number[];
  game_number: number;
  spectators: number;
  created_at: number;
  board?: string[]; // lobby `live` entries: the position being played (protocol 5.8)
}

export interface Outcome {
  status: 'win' | 'draw';
  winner_side: number | null;
  winner_seats: number[];
  reason: string;
}

export interface GameSnapshot {
  number: number;
  game: 'four' | 'twicefour';
  variant: string;
  width: number;
  height: number;
  board: string[];
  moves?: string[];
  ply: number;
  sides: number[];
  to_move: { side: number; seat: number } | null;
  legal: string[];
  repetition_warning: boolean;
  outcome: Outcome | null;
  winning_cells: string[];
  // twiceFour: the round as it is scored (protocol 5.3 `round`).
  round?: RoundScore;
}

// A line counted this round: its cells, the side that scored it (null when a
// set-up counted it) and the half-move that did (RULES.md B3).
export interface CountedLine {
  line: string;
  cells: string[];
  side: number | null;
  ply: number;
}

export interface RoundScore {
  points: number[]; // per side: 0 cross, 1 circle
  lines: CountedLine[];
  placement: number[] | null; // [cross, circle] once a limit ended the round (B5)
}

export interface Clocks {
  kind: 'fischer' | 'per_move';
  remaining_ms: number[];
  running: number | null;
  at: number;
}

export interface RatingChange {
  seat: number;
  player: string;
  pool: string;
  before: number;
  after: number;
  rd_before: number;
  rd_after: number;
}

export interface MatchOver {
  score: number[];
  results: ('win' | 'loss' | 'draw')[];
  reason: string;
  ratings: RatingChange[];
}

export interface MatchInfo {
  games: number;
  game_number: number;
  phase?: string; // waiting, choosing_pieces (twiceFour), playing, between_games, over
  score: number[];
  ready: boolean[];
  over: boolean;
  result: MatchOver | null;
}

export interface Presence {
  connected: boolean[];
  spectators: number;
  claimable: boolean;
  claim_at: number | null;
}

export type TableEvent =
  | { kind: 'created'; table: TableSummary }
  | { kind: 'seated'; seat: number; player: Player | null; computer: { level: Level } | null }
  | { kind: 'game_started'; game: GameSnapshot; clocks: Clocks; match: MatchInfo }
  | { kind: 'moved'; seat: number; side: number; move: string; ply: number; game: GameSnapshot; clocks: Clocks }
  | { kind: 'game_over'; number: number; outcome: Outcome; winning_cells: string[]; score: number[]; clocks: Clocks }
  | { kind: 'ready'; seat: number }
  | { kind: 'pieces_chosen'; sides: number[]; lottery: boolean }
  | ({ kind: 'match_over' } & MatchOver);

export type ServerMessage =
  | { type: 'welcome'; protocol: number; you: Player; server_time: number }
  | {
      type: 'state';
      version: number;
      server_time: number;
      table: TableSummary;
      you: { seat: number | null };
      match: MatchInfo;
      game: GameSnapshot | null;
      clocks: Clocks;
      presence: Presence;
    }
  | { type: 'ack'; id: string; version: number }
  | { type: 'event'; version: number; server_time: number; event: TableEvent }
  | ({ type: 'presence' } & Presence)
  | { type: 'error'; code: string; message: string; id?: string; version?: number }
  | { type: 'lobby'; open: TableSummary[]; live: TableSummary[] }
  | { type: 'pong'; t: number; server_time: number }
  | { type: 'rematch'; state: 'offered' | 'declined' | 'accepted'; by: number; agreed: boolean[]; table: string | null };

// --- readers: each checks one field and names it when it is wrong ---------

type Obj = Record<string, unknown>;

function fail(path: string, what: string): never {
  throw new ProtocolError(`${path}: expected ${what}`);
}

function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, 'an object');
  return v as Obj;
}

function str(o: Obj, k: string, path: string): string {
  const v = o[k];
  if (typeof v !== 'string') fail(`${path}.${k}`, 'a string');
  return v;
}

function num(o: Obj, k: string, path: string): number {
  const v = o[k];
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(`${path}.${k}`, 'a number');
  return v;
}

function int(o: Obj, k: string, path: string): number {
  const v = num(o, k, path);
  if (!Number.isInteger(v)) fail(`${path}.${k}`, 'an integer');
  return v;
}

function bool(o: Obj, k: string, path: string): boolean {
  const v = o[k];
  if (typeof v !== 'boolean') fail(`${path}.${k}`, 'true or false');
  return v;
}

function nullable<T>(o: Obj, k: string, path: string, read: (v: unknown, p: string) => T): T | null {
  const v = o[k];
  return v === null || v === undefined ? null : read(v, `${path}.${k}`);
}

function arr<T>(o: Obj, k: string, path: string, read: (v: unknown, p: string) => T): T[] {
  const v = o[k];
  if (!Array.isArray(v)) fail(`${path}.${k}`, 'an array');
  return v.map((x, i) => read(x, `${path}.${k}[${i}]`));
}

function oneOf<T extends string>(o: Obj, k: string, path: string, allowed: readonly T[]): T {
  const v = str(o, k, path);
  if (!(allowed as readonly string[]).includes(v)) fail(`${path}.${k}`, `one of ${allowed.join(', ')}`);
  return v as T;
}

const asStr = (v: unknown, p: string): string => (typeof v === 'string' ? v : fail(p, 'a string'));
const asNum = (v: unknown, p: string): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fail(p, 'a number');
const asBool = (v: unknown, p: string): boolean => (typeof v === 'boolean' ? v : fail(p, 'true or false'));

function level(v: unknown, p: string): Level {
  if (v === 'perfect') return v;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 7) return v;
  return fail(p, 'a level 1..7 or "perfect"');
}

export function readPlayer(v: unknown, p: string): Player {
  const o = obj(v, p);
  return { id: str(o, 'id', p), name: str(o, 'name', p) };
}

function readComputer(v: unknown, p: string): { level: Level } {
  const o = obj(v, p);
  return { level: level(o.level, `${p}.level`) };
}

function readClockSettings(v: unknown, p: string): ClockSettings {
  const o = obj(v, p);
  const kind = oneOf(o, 'kind', p, ['fischer', 'per_move'] as const);
  if (kind === 'fischer')
    return { kind, bank_ms: int(o, 'bank_ms', p), increment_ms: int(o, 'increment_ms', p) };
  return { kind, move_ms: int(o, 'move_ms', p) };
}

function readSettings(v: unknown, p: string): Settings {
  const o = obj(v, p);
  const opp = obj(o.opponent, `${p}.opponent`);
  const oppKind = oneOf(opp, 'kind', `${p}.opponent`, ['person', 'computer'] as const);
  return {
    game: oneOf(o, 'game', p, ['four', 'twicefour'] as const),
    variant: str(o, 'variant', p),
    width: int(o, 'width', p),
    height: int(o, 'height', p),
    popout: bool(o, 'popout', p),
    blocks: int(o, 'blocks', p),
    opening_plies: int(o, 'opening_plies', p),
    format: oneOf(o, 'format', p, ['match', 'single'] as const),
    clock: readClockSettings(o.clock, `${p}.clock`),
    rated: bool(o, 'rated', p),
    visibility: oneOf(o, 'visibility', p, ['open', 'link'] as const),
    opponent:
      oppKind === 'person'
        ? { kind: 'person' }
        : { kind: 'computer', level: level(opp.level, `${p}.opponent.level`) },
  };
}

function readSeat(v: unknown, p: string): Seat {
  const o = obj(v, p);
  return {
    seat: int(o, 'seat', p),
    player: nullable(o, 'player', p, readPlayer),
    computer: nullable(o, 'computer', p, readComputer),
  };
}

export function readTableSummary(v: unknown, p: string): TableSummary {
  const o = obj(v, p);
  return {
    id: str(o, 'id', p),
    url: str(o, 'url', p),
    settings: readSettings(o.settings, `${p}.settings`),
    status: oneOf(o, 'status', p, ['waiting', 'playing', 'between_games', 'finished'] as const),
    seats: arr(o, 'seats', p, readSeat),
    score: arr(o, 'score', p, asNum),
    game_number: int(o, 'game_number', p),
    spectators: int(o, 'spectators', p),
    created_at: num(o, 'created_at', p),
    ...(o.board === undefined ? {} : { board: arr(o, 'board', p, asStr) }),
  };
}

function readOutcome(v: unknown, p: string): Outcome {
  const o = obj(v, p);
  return {
    status: oneOf(o, 'status', p, ['win', 'draw'] as const),
    winner_side: o.winner_side === null || o.winner_side === undefined ? null : int(o, 'winner_side', p),
    winner_seats: o.winner_seats === undefined ? [] : arr(o, 'winner_seats', p, asNum),
    reason: str(o, 'reason', p),
  };
}

function readGame(v: unknown, p: string): GameSnapshot {
  const o = obj(v, p);
  const tm = nullable(o, 'to_move', p, (x, q) => {
    const t = obj(x, q);
    return { side: int(t, 'side', q), seat: int(t, 'seat', q) };
  });
  const g: GameSnapshot = {
    number: int(o, 'number', p),
    game: oneOf(o, 'game', p, ['four', 'twicefour'] as const),
    variant: str(o, 'variant', p),
    width: int(o, 'width', p),
    height: int(o, 'height', p),
    board: arr(o, 'board', p, asStr),
    ply: int(o, 'ply', p),
    sides: arr(o, 'sides', p, asNum),
    to_move: tm,
    legal: arr(o, 'legal', p, asStr),
    repetition_warning: bool(o, 'repetition_warning', p),
    outcome: nullable(o, 'outcome', p, readOutcome),
    winning_cells: o.winning_cells === undefined ? [] : arr(o, 'winning_cells', p, asStr),
  };
  if (o.moves !== undefined) g.moves = arr(o, 'moves', p, asStr);
  if (o.round !== undefined) g.round = readRound(o.round, `${p}.round`);
  if (g.board.length !== g.height) fail(`${p}.board`, `${g.height} rows`);
  return g;
}

function readRound(v: unknown, p: string): RoundScore {
  const o = obj(v, p);
  return {
    points: arr(o, 'points', p, asNum),
    lines: arr(o, 'lines', p, (x, q) => {
      const l = obj(x, q);
      return {
        line: str(l, 'line', q),
        cells: arr(l, 'cells', q, asStr),
        side: nullable(l, 'side', q, asNum),
        ply: int(l, 'ply', q),
      };
    }),
    placement: nullable(o, 'placement', p, (x, q) => (Array.isArray(x) ? x.map((n, i) => asNum(n, `${q}[${i}]`)) : fail(q, 'an array'))),
  };
}

function readClocks(v: unknown, p: string): Clocks {
  const o = obj(v, p);
  return {
    kind: oneOf(o, 'kind', p, ['fischer', 'per_move'] as const),
    remaining_ms: arr(o, 'remaining_ms', p, asNum),
    running: o.running === null || o.running === undefined ? null : int(o, 'running', p),
    at: num(o, 'at', p),
  };
}

function readRating(v: unknown, p: string): RatingChange {
  const o = obj(v, p);
  return {
    seat: int(o, 'seat', p),
    player: str(o, 'player', p),
    pool: str(o, 'pool', p),
    before: num(o, 'before', p),
    after: num(o, 'after', p),
    rd_before: num(o, 'rd_before', p),
    rd_after: num(o, 'rd_after', p),
  };
}

function readMatchOver(o: Obj, p: string): MatchOver {
  return {
    score: arr(o, 'score', p, asNum),
    results: arr(o, 'results', p, (x, q) =>
      x === 'win' || x === 'loss' || x === 'draw' ? x : fail(q, 'win, loss or draw'),
    ),
    reason: str(o, 'reason', p),
    ratings: o.ratings === undefined ? [] : arr(o, 'ratings', p, readRating),
  };
}

function readMatch(v: unknown, p: string): MatchInfo {
  const o = obj(v, p);
  return {
    // Read `choosing-pieces` as `choosing_pieces`: the server has sent both spellings.
    ...(typeof o.phase === 'string' ? { phase: o.phase.replace(/-/g, '_') } : {}),
    games: int(o, 'games', p),
    game_number: int(o, 'game_number', p),
    score: arr(o, 'score', p, asNum),
    ready: arr(o, 'ready', p, asBool),
    over: bool(o, 'over', p),
    result: nullable(o, 'result', p, (x, q) => readMatchOver(obj(x, q), q)),
  };
}

function readPresence(o: Obj, p: string): Presence {
  return {
    connected: arr(o, 'connected', p, asBool),
    spectators: int(o, 'spectators', p),
    claimable: bool(o, 'claimable', p),
    claim_at: o.claim_at === null || o.claim_at === undefined ? null : num(o, 'claim_at', p),
  };
}

function readEvent(v: unknown, p: string): TableEvent {
  const o = obj(v, p);
  const kind = str(o, 'kind', p);
  switch (kind) {
    case 'created':
      return { kind, table: readTableSummary(o.table, `${p}.table`) };
    case 'seated':
      return {
        kind,
        seat: int(o, 'seat', p),
        player: nullable(o, 'player', p, readPlayer),
        computer: nullable(o, 'computer', p, readComputer),
      };
    case 'game_started':
      return {
        kind,
        game: readGame(o.game, `${p}.game`),
        clocks: readClocks(o.clocks, `${p}.clocks`),
        match: readMatch(o.match, `${p}.match`),
      };
    case 'moved':
      return {
        kind,
        seat: int(o, 'seat', p),
        side: int(o, 'side', p),
        move: str(o, 'move', p),
        ply: int(o, 'ply', p),
        game: readGame(o.game, `${p}.game`),
        clocks: readClocks(o.clocks, `${p}.clocks`),
      };
    case 'game_over':
      return {
        kind,
        number: int(o, 'number', p),
        outcome: readOutcome(o.outcome, `${p}.outcome`),
        winning_cells: o.winning_cells === undefined ? [] : arr(o, 'winning_cells', p, asStr),
        score: arr(o, 'score', p, asNum),
        clocks: readClocks(o.clocks, `${p}.clocks`),
      };
    case 'ready':
      return { kind, seat: int(o, 'seat', p) };
    case 'pieces_chosen':
      return { kind, sides: arr(o, 'sides', p, asNum), lottery: o.lottery === true };
    case 'match_over':
      return { kind, ...readMatchOver(o, p) };
    default:
      return fail(`${p}.kind`, 'a known event kind');
  }
}

export function parseServer(text: string): ServerMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ProtocolError('frame: not JSON');
  }
  const o = obj(raw, 'frame');
  const type = str(o, 'type', 'frame');
  const p = type;
  switch (type) {
    case 'welcome':
      return {
        type,
        protocol: int(o, 'protocol', p),
        you: readPlayer(o.you, `${p}.you`),
        server_time: num(o, 'server_time', p),
      };
    case 'state': {
      const you = obj(o.you, `${p}.you`);
      return {
        type,
        version: int(o, 'version', p),
        server_time: num(o, 'server_time', p),
        table: readTableSummary(o.table, `${p}.table`),
        you: { seat: you.seat === null || you.seat === undefined ? null : int(you, 'seat', `${p}.you`) },
        match: readMatch(o.match, `${p}.match`),
        game: nullable(o, 'game', p, readGame),
        clocks: readClocks(o.clocks, `${p}.clocks`),
        presence: readPresence(obj(o.presence, `${p}.presence`), `${p}.presence`),
      };
    }
    case 'ack':
      return { type, id: str(o, 'id', p), version: int(o, 'version', p) };
    case 'event':
      return {
        type,
        version: int(o, 'version', p),
        server_time: num(o, 'server_time', p),
        event: readEvent(o.event, `${p}.event`),
      };
    case 'presence':
      return { type, ...readPresence(o, p) };
    case 'error': {
      const e: ServerMessage = { type, code: str(o, 'code', p), message: str(o, 'message', p) };
      if (typeof o.id === 'string') e.id = o.id;
      if (typeof o.version === 'number') e.version = o.version;
      return e;
    }
    case 'lobby':
      return {
        type,
        open: arr(o, 'open', p, readTableSummary),
        live: arr(o, 'live', p, readTableSummary),
      };
    case 'pong':
      return { type, t: num(o, 't', p), server_time: num(o, 'server_time', p) };
    case 'rematch':
      return {
        type,
        state: oneOf(o, 'state', p, ['offered', 'declined', 'accepted'] as const),
        by: int(o, 'by', p),
        agreed: arr(o, 'agreed', p, asBool),
        table: o.table === null ? null : str(o, 'table', p),
      };
    default:
      return fail('frame.type', 'a known message type');
  }
}

// --- client frames (protocol section 4) ------------------------------------

export type ClientMessage =
  | { type: 'hello'; table: string; since: number; watch?: boolean }
  | { type: 'lobby' }
  | { type: 'move'; id: string; move: string; version?: number; think_ms?: number }
  | { type: 'ready' }
  | { type: 'resign_game' }
  | { type: 'resign_match' }
  | { type: 'claim' }
  | { type: 'choose_piece'; piece: 'cross' | 'circle' }
  | { type: 'rematch'; action: 'offer' | 'accept' | 'decline' }
  | { type: 'ping'; t: number };

export function encodeClient(m: ClientMessage): string {
  return JSON.stringify(m);
}

// The HTTP error body of protocol 2: {"error": {"code", "message"}}.
export function readHttpError(body: unknown): { code: string; message: string } {
  try {
    const e = obj(obj(body, 'body').error, 'body.error');
    return { code: str(e, 'code', 'error'), message: str(e, 'message', 'error') };
  } catch {
    return { code: 'server_error', message: 'unexpected answer' };
  }
}
