// An exact score read as a player reads it (docs/protocol.md 2.16): who wins
// and after how many of the mover's own moves, and how a played move compares
// with the best one (a mistake changes the result; a slower move keeps it but
// wins later or loses sooner). Pure functions: the words come from the
// caller's dictionary (i18n/analysis.ts).

export interface MoveScore {
  move: string;
  score: number;
}

// What a score is measured against: the board's size and the discs on it
// before the move (the solver's convention counts discs), and whether the
// scores are win/draw/loss only (PopOut: no distance).
export interface ScoreBoard {
  width: number;
  height: number;
  discs: number;
  wdl: boolean;
}

export type Result = 'win' | 'draw' | 'loss';

// `moves`: for a win, the mover's moves up to and including the winning one
// (1: this move wins); for a loss, the mover's moves before the opponent's
// winning one (1: the opponent wins with its next move); null for a draw or
// when the scores carry no distance.
export interface Verdict {
  result: Result;
  moves: number | null;
}

export function resultOf(score: number): Result {
  return score > 0 ? 'win' : score < 0 ? 'loss' : 'draw';
}

// The solver's score of a win is (W*H+1-n)/2, rounded down, where n is the
// number of discs before the winning disc; a loss is the negative of the
// opponent's. n has the parity of the side that places the winning disc,
// which settles the rounding.
export function verdict(score: number, b: ScoreBoard): Verdict {
  const result = resultOf(score);
  if (result === 'draw' || b.wdl) return { result, moves: null };
  const winnerFirst = result === 'win' ? b.discs : b.discs + 1; // the winner's next disc count
  let n = b.width * b.height + 1 - 2 * Math.abs(score);
  if ((n - winnerFirst) % 2 !== 0) n -= 1;
  return { result, moves: Math.max(1, Math.floor((n - winnerFirst) / 2) + 1) };
}

export function discsOn(board: readonly string[]): number {
  let n = 0;
  for (const row of board) for (const ch of row) if (ch !== '.' && ch !== '#' && ch !== ' ') n++;
  return n;
}

export function bestMoves(moves: readonly MoveScore[]): MoveScore[] {
  if (moves.length === 0) return [];
  const top = Math.max(...moves.map((m) => m.score));
  return moves.filter((m) => m.score === top);
}

// best: the move was one of the best; mistake: it changed the result for
// the worse (a win given up, a draw lost); slower: the same result, but a
// win later or a loss sooner than the best move's (exact scores only).
export type Judgement = 'best' | 'mistake' | 'slower';

export function judge(moves: readonly MoveScore[], played: string, wdl: boolean): Judgement | null {
  const mine = moves.find((m) => m.move === played);
  const best = bestMoves(moves);
  if (!mine || best.length === 0) return null;
  const top = best[0].score;
  if (mine.score === top) return 'best';
  if (Math.sign(mine.score) < Math.sign(top)) return 'mistake';
  return wdl ? 'best' : 'slower';
}
