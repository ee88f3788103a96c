// Profiles and leaderboards of docs/protocol.md 2.6, 2.12 and 2.13: the
// readers of their answers (schema.ts) and the calls. Only the player and
// leaderboard pages load this (a chunk of its own, not the table page's).
import { call } from './api';
import { readPlayer } from './protocol';
import {
  array,
  bool,
  int,
  nullable,
  num,
  object,
  oneOf,
  optional,
  orEmpty,
  str,
  type Infer,
  type Reader,
} from './schema';

const rating = object({ pool: str, rating: num, rd: num, matches: int, provisional: bool });

const finishedMatch = object({
  table: str,
  game: optional(str), // four or twicefour (protocol 2.6)
  variant: str,
  rated: bool,
  seat: int,
  score: array(num),
  result: oneOf('win', 'draw', 'loss'),
  opponents: array(readPlayer),
  rating_change: nullable(num),
  games: array(str),
  finished_at: int,
});
export type FinishedMatch = Infer<typeof finishedMatch>;

const readProfile = object({
  id: str,
  name: str,
  // A bot account (docs/bot-api.md); absent from servers before it.
  bot: optional(bool),
  ratings: array(rating),
  counts: object({ win: int, draw: int, loss: int }),
  // Accuracy per variant over the analysed games (2.6, 2.16).
  accuracy: orEmpty(
    array(object({ variant: str, games: int, decisive: int, kept: int, mistakes: int, accuracy: nullable(num) })),
  ),
  matches: array(finishedMatch),
  next: nullable(str),
});
export type Profile = Infer<typeof readProfile>;

// [time ms, rating] pairs, oldest first.
const point: Reader<[number, number]> = (v, p) => {
  const [at, r] = array(num)(v, p);
  return [at, r];
};
const readHistory = object({
  id: str,
  name: str,
  pools: array(object({ pool: str, rating: num, rd: num, matches: int, provisional: bool, history: array(point) })),
});
export type RatingHistory = Infer<typeof readHistory>;

const boardLine = object({ id: str, name: str, bot: optional(bool), rank: int, rating: num, rd: num, matches: int });
const readLeaderboard = object({
  pool: str,
  max_rd: num,
  active_days: int,
  players: array(boardLine),
  me: nullable(object({ id: str, rank: nullable(int), rating: num, rd: num, matches: int, provisional: bool })),
});
export type Leaderboard = Infer<typeof readLeaderboard>;

export async function getProfile(id: string, before: string | null = null): Promise<Profile> {
  const q = before ? `?before=${encodeURIComponent(before)}` : '';
  return readProfile(await call('GET', `/api/players/${encodeURIComponent(id)}${q}`), 'profile');
}

export async function getRatingHistory(id: string): Promise<RatingHistory> {
  return readHistory(await call('GET', `/api/players/${encodeURIComponent(id)}/ratings`), 'ratings');
}

export async function getLeaderboard(pool: string): Promise<Leaderboard> {
  return readLeaderboard(await call('GET', `/api/leaderboard/${encodeURIComponent(pool)}`), 'leaderboard');
}
