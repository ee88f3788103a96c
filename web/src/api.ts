// The HTTP JSON API of docs/protocol.md section 2.
import { readHttpError, readPlayer, readTableSummary, type Player, type TableSummary } from './protocol';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    // Every request that changes something says it is JSON, body or not:
    // the server refuses others (protocol.md 2, the same-site rule).
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // Not JSON (a proxy's error page, say): data stays null.
  }
  if (!res.ok) {
    const e = readHttpError(data);
    throw new ApiError(e.code, e.message, res.status);
  }
  return data;
}

// The same name as connection.ts's IDENTITY_EVENT, without importing the
// socket code into pages that have none.
const IDENTITY_EVENT = 'fourtable:identity';

export async function getMe(): Promise<Player> {
  const me = readPlayer(await call('GET', '/api/me'), 'me');
  window.dispatchEvent(new Event(IDENTITY_EVENT));
  return me;
}

export async function setName(name: string): Promise<Player> {
  return readPlayer(await call('POST', '/api/me', { name }), 'me');
}

export interface CreateTable {
  game: 'four' | 'twicefour';
  variant?: string;
  width?: number;
  height?: number;
  popout?: boolean;
  blocks?: number;
  opening_plies?: number;
  format?: 'match' | 'single';
  clock?: { kind: 'fischer'; bank_ms: number; increment_ms: number } | { kind: 'per_move'; move_ms: number };
  rated?: boolean;
  visibility?: 'open' | 'link';
  opponent?: { kind: 'person' } | { kind: 'computer'; level: number | 'perfect' };
  // Drops played before the first move (a position opened as a new game).
  start?: string[];
}

// The game part of a table's settings from a variant key of variants.json
// ('twicefour' is its own game); the home page's form and the challenge
// dialog both start from it.
export function gameOf(variant: string): CreateTable {
  return variant === 'twicefour' ? { game: 'twicefour' } : { game: 'four', variant };
}

// The clock as those forms ask for it: a Fischer bank in minutes and an
// increment in seconds, or seconds per move.
export function clockOf(kind: string, minutes: string, incrementS: string, perMoveS: string): CreateTable['clock'] {
  return kind === 'fischer'
    ? {
        kind: 'fischer',
        bank_ms: Math.round(Number(minutes) * 60_000),
        increment_ms: Math.round(Number(incrementS) * 1000),
      }
    : { kind: 'per_move', move_ms: Math.round(Number(perMoveS) * 1000) };
}

export async function createTable(req: CreateTable): Promise<TableSummary> {
  return readTableSummary(await call('POST', '/api/tables', req), 'table');
}

export async function getLobby(): Promise<{ open: TableSummary[]; live: TableSummary[] }> {
  const d = (await call('GET', '/api/lobby')) as Record<string, unknown>;
  const list = (v: unknown, p: string) => (Array.isArray(v) ? v.map((x, i) => readTableSummary(x, `${p}[${i}]`)) : []);
  return { open: list(d?.open, 'open'), live: list(d?.live, 'live') };
}

// Protocol 2.11: the tables where this guest sits that are not over.
export async function getMyTables(): Promise<TableSummary[]> {
  const d = (await call('GET', '/api/me/tables')) as Record<string, unknown>;
  return Array.isArray(d?.tables) ? d.tables.map((x, i) => readTableSummary(x, `tables[${i}]`)) : [];
}
