// The puzzles of docs/protocol.md 2.21: one matched to the player's puzzle
// rating, the day's, one by id, and an attempt (the player's moves so far,
// checked by the server against the solver's line, which the page never has
// before its attempt ends).
import { call } from './api';

export interface Puzzle {
  id: string;
  variant: string;
  width: number;
  height: number;
  // From the empty board to the puzzle; `to_move` is the side the player plays.
  moves: string[];
  to_move: number;
  themes: string[];
  solver_moves: number;
  rating: number;
  attempts: number;
  attempted: boolean;
  // `next` only.
  player_rating?: number;
  all_tried?: boolean;
  // `daily` only: days since 1970-01-01.
  day?: number;
}

export type AttemptAnswer =
  | { state: 'continue'; right: number; reply: string }
  | {
      state: 'solved' | 'failed';
      right: number;
      solution: string[];
      rated: boolean;
      rating: number;
      change: number;
      puzzle_rating: number;
    };

export async function nextPuzzle(variant: string, theme: string | null): Promise<Puzzle> {
  const q = new URLSearchParams({ variant });
  if (theme) q.set('theme', theme);
  return (await call('GET', `/api/puzzles/next?${q.toString()}`)) as Puzzle;
}

export async function dailyPuzzle(): Promise<Puzzle> {
  return (await call('GET', '/api/puzzles/daily')) as Puzzle;
}

export async function getPuzzle(id: string): Promise<Puzzle> {
  return (await call('GET', `/api/puzzles/${encodeURIComponent(id)}`)) as Puzzle;
}

export async function attemptPuzzle(id: string, moves: string[]): Promise<AttemptAnswer> {
  return (await call('POST', `/api/puzzles/${encodeURIComponent(id)}/attempt`, { moves })) as AttemptAnswer;
}
