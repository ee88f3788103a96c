// The client side of docs/protocol.md (version 1): the server's messages as
// readers (schema.ts) whose types are inferred from them, so every field is
// written once. Every frame goes through parseServer; a frame that does not
// fit is a ProtocolError with the path of the bad field, never a half-read
// object. Client frames are built by the functions at the end.
import {
  array,
  bool,
  fail,
  ifValid,
  int,
  map,
  nullable,
  num,
  object,
  oneOf,
  optional,
  orEmpty,
  record,
  refine,
  str,
  tagged,
  type Infer,
  type Reader,
} from './schema';

export { ProtocolError } from './schema';

export type Level = number | 'perfect';
const level: Reader<Level> = (v, p) =>
  v === 'perfect' || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 7)
    ? v
    : fail(p, 'a level 1..7 or "perfect"');

const gameKind = oneOf('four', 'twicefour');

// A player as every answer names one; `bot` for a bot account (protocol.md
// 2.4), absent from servers before the flag.
export const readPlayer = object({ id: str, name: str, bot: optional(bool) });
export type Player = Infer<typeof readPlayer>;

const computer = object({ level });

// Fischer: bank and increment; per move: the time of one move.
const clockSettings = refine(
  object({
    kind: oneOf('fischer', 'per_move'),
    bank_ms: optional(int),
    increment_ms: optional(int),
    move_ms: optional(int),
  }),
  (c, p) => {
    if (c.kind === 'fischer' && c.bank_ms === undefined) fail(`${p}.bank_ms`, 'a number');
    if (c.kind === 'fischer' && c.increment_ms === undefined) fail(`${p}.increment_ms`, 'a number');
    if (c.kind === 'per_move' && c.move_ms === undefined) fail(`${p}.move_ms`, 'a number');
  },
);
export type ClockSettings = Infer<typeof clockSettings>;

const settings = object({
  game: gameKind,
  variant: str,
  width: int,
  height: int,
  popout: bool,
  blocks: int,
  opening_plies: int,
  format: oneOf('match', 'single'),
  clock: clockSettings,
  rated: bool,
  visibility: oneOf('open', 'link'),
  opponent: tagged('kind', { person: object({}), computer }, 'one of person, computer'),
});
export type Settings = Infer<typeof settings>;
export const readSettings = settings;

const seat = object({ seat: int, player: nullable(readPlayer), computer: nullable(computer) });
export type Seat = Infer<typeof seat>;

const tableStatus = oneOf('waiting', 'playing', 'between_games', 'finished');
export type TableStatus = Infer<typeof tableStatus>;

export const readTableSummary = object({
  id: str,
  url: str,
  settings,
  status: tableStatus,
  seats: array(seat),
  score: array(num),
  game_number: int,
  spectators: int,
  created_at: num,
  board: optional(array(str)), // lobby `live` entries: the position being played (protocol 5.8)
});
export type TableSummary = Infer<typeof readTableSummary>;

// A challenge (bot-api.md, "Challenges"), as the API and the player's
// events (5.11) carry it.
const challengePlayer = object({ id: str, name: str, bot: bool });
export const readChallenge = object({
  id: str,
  status: oneOf('open', 'accepted', 'declined', 'canceled', 'expired'),
  challenger: challengePlayer,
  destUser: challengePlayer,
  settings,
  created_at: num,
  expires_at: num,
  table: nullable(str),
  declineReasonKey: optional(str),
});
export type Challenge = Infer<typeof readChallenge>;

// 5.11: the event `type`s this client acts on; others are read as `other`
// and left alone (the bot event stream carries more).
const myEvent = (v: unknown, p: string) => {
  const type = str(record(v, p).type, `${p}.type`);
  if (type === 'challenge' || type === 'challengeCanceled' || type === 'challengeDeclined')
    return { type, challenge: readChallenge(record(v, p).challenge, `${p}.challenge`) } as const;
  if (type === 'gameStart')
    return { type, game: object({ id: str, challenge: optional(str) })(record(v, p).game, `${p}.game`) } as const;
  return { type: 'other' } as const;
};
export type MyEvent = ReturnType<typeof myEvent>;

const outcome = object({
  status: oneOf('win', 'draw'),
  winner_side: nullable(int),
  winner_seats: orEmpty(array(num)),
  reason: str,
});
export type Outcome = Infer<typeof outcome>;

// A line counted this round: its cells, the side that scored it (null when a
// set-up counted it) and the half-move that did (RULES.md B3).
const countedLine = object({ line: str, cells: array(str), side: nullable(num), ply: int });
export type CountedLine = Infer<typeof countedLine>;

const roundScore = object({
  points: array(num), // per side: 0 cross, 1 circle
  lines: array(countedLine),
  placement: nullable(array(num)), // [cross, circle] once a limit ended the round (B5)
});
export type RoundScore = Infer<typeof roundScore>;

const game = refine(
  object({
    number: int,
    game: gameKind,
    variant: str,
    width: int,
    height: int,
    board: array(str),
    moves: optional(array(str)),
    ply: int,
    sides: array(num),
    to_move: nullable(object({ side: int, seat: int })),
    legal: array(str),
    repetition_warning: bool,
    outcome: nullable(outcome),
    winning_cells: orEmpty(array(str)),
    // twiceFour: the round as it is scored (protocol 5.3 `round`).
    round: optional(roundScore),
  }),
  (g, p) => {
    if (g.board.length !== g.height) fail(`${p}.board`, `${g.height} rows`);
  },
);
export type GameSnapshot = Infer<typeof game>;

const clocks = object({
  kind: oneOf('fischer', 'per_move'),
  remaining_ms: array(num),
  running: nullable(int),
  at: num,
});
export type Clocks = Infer<typeof clocks>;

const ratingChange = object({
  seat: int,
  player: str,
  pool: str,
  before: num,
  after: num,
  rd_before: num,
  rd_after: num,
});
export type RatingChange = Infer<typeof ratingChange>;

const matchOver = object({
  score: array(num),
  results: array(oneOf('win', 'loss', 'draw')),
  reason: str,
  ratings: orEmpty(array(ratingChange)),
});
export type MatchOver = Infer<typeof matchOver>;

const matchInfo = object({
  games: int,
  game_number: int,
  // waiting, choosing_pieces (twiceFour), playing, between_games, over; read
  // `choosing-pieces` as `choosing_pieces`: the server has sent both spellings.
  phase: ifValid(map(str, (s) => s.replace(/-/g, '_'))),
  score: array(num),
  ready: array(bool),
  over: bool,
  result: nullable(matchOver),
});
export type MatchInfo = Infer<typeof matchInfo>;

const presence = object({
  connected: array(bool),
  spectators: int,
  claimable: bool,
  claim_at: nullable(num),
});
export type Presence = Infer<typeof presence>;

const event = tagged(
  'kind',
  {
    created: object({ table: readTableSummary }),
    seated: object({ seat: int, player: nullable(readPlayer), computer: nullable(computer) }),
    game_started: object({ game, clocks, match: matchInfo }),
    moved: object({ seat: int, side: int, move: str, ply: int, game, clocks }),
    // `unplayed`: a game lost with the match before it began (protocol 5.5): not the board's game.
    game_over: object({
      number: int,
      outcome,
      winning_cells: orEmpty(array(str)),
      score: array(num),
      clocks,
      unplayed: optional(bool),
    }),
    ready: object({ seat: int }),
    pieces_chosen: object({ sides: array(num), lottery: (v: unknown) => v === true }),
    match_over: matchOver,
  },
  'a known event kind',
);
export type TableEvent = Infer<typeof event>;

const serverMessage = tagged(
  'type',
  {
    welcome: object({ protocol: int, you: readPlayer, server_time: num }),
    state: object({
      version: int,
      server_time: num,
      table: readTableSummary,
      you: object({ seat: nullable(int) }),
      match: matchInfo,
      game: nullable(game),
      clocks,
      presence,
    }),
    ack: object({ id: str, version: int }),
    event: object({ version: int, server_time: num, event }),
    presence,
    error: object({ code: str, message: str, id: ifValid(str), version: ifValid(num) }),
    lobby: object({ open: array(readTableSummary), live: array(readTableSummary) }),
    pong: object({ t: num, server_time: num }),
    my_event: object({ event: myEvent }),
    rematch: object({
      state: oneOf('offered', 'declined', 'accepted'),
      by: int,
      agreed: array(bool),
      table: nullable(str),
    }),
  },
  'a known message type',
  // A message's fields are named after its type: "state.game.legal".
  (_p, type) => type,
);
export type ServerMessage = Infer<typeof serverMessage>;

export function parseServer(text: string): ServerMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    fail('frame', 'JSON');
  }
  return serverMessage(raw, 'frame');
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
  | { type: 'ping'; t: number }
  | { type: 'my_events' };

export function encodeClient(m: ClientMessage): string {
  return JSON.stringify(m);
}

// The HTTP error body of protocol 2: {"error": {"code", "message"}}.
export function readHttpError(body: unknown): { code: string; message: string } {
  try {
    return object({ code: str, message: str })(record(body, 'body').error, 'body.error');
  } catch {
    return { code: 'server_error', message: 'unexpected answer' };
  }
}
