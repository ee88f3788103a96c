// The game record and exact analysis of docs/protocol.md 2.7, 2.16 and the
// analysis board of 2.17.
import { call } from './api';
import type { RoundScore } from './protocol';
import type { MoveScore } from './score_words';

export type { MoveScore };

export interface PositionAnalysis {
  // pending: not analysed yet (a game's analysis while it runs).
  state: 'solved' | 'not_solved' | 'unsupported' | 'pending';
  moves?: MoveScore[];
  why?: string;
  ms?: number;
  ply?: number;
  played?: string;
  seat?: number;
  mistake?: boolean;
}

export interface Mistake {
  ply: number;
  seat: number;
  move: string;
  from: 'win' | 'draw' | 'loss';
  to: 'win' | 'draw' | 'loss';
}

export interface GameAnalysis {
  status: 'queued' | 'running' | 'done' | 'failed';
  queue_position?: number;
  attempts?: number; // failed: how many times it was tried
  scores?: 'exact' | 'win_draw_loss';
  budget_ms?: number;
  unsupported?: string;
  positions?: PositionAnalysis[];
  mistakes?: Mistake[];
  mistakes_by_seat?: number[];
  // The replay: board rows after each number of moves (index 0: the start).
  width?: number;
  height?: number;
  cylinder?: boolean;
  boards?: string[][];
  // movers[i]: the side that made move i + 1.
  movers?: number[];
  winning?: string[];
  // twiceFour: the round at its end; its lines carry the ply that scored them.
  round?: RoundScore;
  clock_ms: (number | null)[];
}

export interface GamePlayer {
  seat: number;
  side: number;
  player: { id: string; name: string; bot?: boolean } | null;
  computer: { level: number | string } | null;
}

export interface GameInfo {
  id: string;
  table: string;
  number: number;
  game: string;
  variant: string;
  players: GamePlayer[];
  moves: string[];
  outcome: { status: string; winner_side?: number | null; reason?: string } | null;
  result: string;
}

export interface BoardAnswer {
  ply: number;
  width: number;
  height: number;
  cylinder: boolean;
  board: string[];
  winning?: string[];
  to_move: number;
  legal: string[];
  over: boolean;
  winner?: number;
  scores?: 'exact' | 'win_draw_loss';
  analysis?: PositionAnalysis;
}

export interface BoardRequest {
  game: 'four';
  variant: string;
  width: number;
  height: number;
  moves: string[];
}

export async function getGame(id: string): Promise<GameInfo> {
  return (await call('GET', `/api/games/${encodeURIComponent(id)}`)) as GameInfo;
}

export async function getGameAnalysis(id: string): Promise<GameAnalysis> {
  return (await call('GET', `/api/games/${encodeURIComponent(id)}/analysis`)) as GameAnalysis;
}

export async function analyseBoard(req: BoardRequest): Promise<BoardAnswer> {
  return (await call('POST', '/api/analysis', req)) as BoardAnswer;
}
