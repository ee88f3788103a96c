// What the table page says about its table, as plain functions of the
// TableModel: seat and side names, the points a move scored, the result of a
// game, a round and a match, and the score per seat or per team. The panels
// and the spoken announcements share them, so both say the same.
import { DISCS, formatScore, PIECE_SYMBOLS } from '../../format';
import { t, type MessageKey } from '../../i18n';
import type { GameSnapshot } from '../../protocol';
import { seatName, type TableModel } from '../../table_model';
import { computerName } from '../../table_text';
import { variantInfo } from '../../variants';

const SIDE_KEYS: MessageKey[] = ['side.red', 'side.yellow', 'side.green'];
export const PIECE_KEYS: MessageKey[] = ['side.cross', 'side.circle'];

export function nameOf(m: TableModel, seat: number): string {
  return seatName(m, seat, computerName);
}

export function isTwice(m: TableModel): boolean {
  return (m.game?.game ?? m.table?.settings.game) === 'twicefour';
}

export function sideName(m: TableModel, side: number): string {
  return t(isTwice(m) ? PIECE_KEYS[side] : SIDE_KEYS[side]) ?? '?';
}

export function sideSymbol(m: TableModel, side: number): string {
  return isTwice(m) ? (PIECE_SYMBOLS[side] ?? '?') : (DISCS[side] ?? '?');
}

// twiceFour round points as `✕ 1 : ◯ 0` (RULES.md B3).
function sidesText(m: TableModel, values: readonly number[]): string {
  return values.map((v, side) => `${sideSymbol(m, side)} ${v}`).join(' : ');
}

// The point(s) the move at `ply` scored, as a sentence; null if none.
export function scoredText(m: TableModel, g: GameSnapshot, ply: number, seat: number): string | null {
  const r = g.round;
  if (!r) return null;
  const lines = r.lines.filter((l) => l.ply === ply).map((l) => l.line.replace('-', '–'));
  if (lines.length === 0) return null;
  const key = lines.length > 1 ? 'announce.points2' : 'announce.point';
  return t(key, { name: nameOf(m, seat), lines: lines.join(', '), score: sidesText(m, r.points) });
}

const ROUND_END_KEYS: Record<string, MessageKey> = {
  points: 'result.twice.points',
  move_limit: 'result.twice.limit',
  repetition: 'result.twice.repetition',
  no_moves: 'result.twice.no_moves',
};

// Why a twiceFour round ended (RULES.md B3, B5): the points and, when a
// limit ended it, the placement sums.
export function roundEndText(m: TableModel): string | null {
  const g = m.game;
  const o = g?.outcome;
  const r = g?.round;
  if (!o || !r) return null;
  const key = ROUND_END_KEYS[o.reason];
  if (!key) return null;
  let text = t(key, { score: sidesText(m, r.points) });
  if (r.placement) {
    const placement = sidesText(m, r.placement);
    const decided = r.points[0] === r.points[1];
    text += ' ' + t(decided ? 'result.twice.placement' : 'result.twice.placement_info', { placement });
  }
  return text;
}

export function gameResultText(m: TableModel): string {
  const o = m.game?.outcome;
  if (!o) return '';
  // twiceFour plays rounds (RULES.md B5, B6), four in a row plays games.
  const round = isTwice(m);
  if (o.status === 'draw') return t(round ? 'result.round_draw' : 'result.draw');
  const mine = m.mySeat;
  if (mine !== null) {
    if (o.winner_seats.includes(mine)) return t(round ? 'result.round_win_you' : 'result.win_you');
    return t(round ? 'result.round_loss_you' : 'result.loss_you');
  }
  const names = o.winner_seats.map((s) => nameOf(m, s)).join(' & ');
  return t(round ? 'result.round_win' : 'result.win', { name: names || sideName(m, o.winner_side ?? 0) });
}

export function matchResultText(m: TableModel): string {
  const r = m.match?.result;
  if (!r) return '';
  const winners = r.results.map((x, i) => (x === 'win' ? i : -1)).filter((i) => i >= 0);
  const mine = m.mySeat;
  if (winners.length === 0) return t('result.match_draw', { score: scoreText(m, r.score, mine) });
  // Said to the player: "You win the match 2:0", "You lose the match 0:2",
  // with the player's own points first.
  if (mine !== null)
    return t(winners.includes(mine) ? 'result.match_win_you' : 'result.match_loss_you', {
      score: scoreText(m, r.score, mine),
    });
  // The winner's points first ("Bob wins the match 1½:½"), whatever the seat.
  return t('result.match_win', {
    name: winners.map((s) => nameOf(m, s)).join(' & '),
    score: scoreText(m, r.score, winners[0]),
  });
}

// Two vs two: team s % 2 (seats 0 and 2, 1 and 3); null at other tables.
export function teams(m: TableModel): number[][] | null {
  const table = m.table;
  // Teams: more seats than colours (variants.ts), seat s playing colour s % 2.
  const info = table ? variantInfo(table.settings.variant) : undefined;
  if (!table || !info || info.seats <= info.colours || table.seats.length !== 4) return null;
  return [
    [0, 2],
    [1, 3],
  ];
}

export function teamName(m: TableModel, team: number[]): string {
  return t('table.team', { names: team.map((s) => nameOf(m, s)).join(' & ') });
}

// The score as the players read it: per team in two vs two (team-mates share
// their points), per seat otherwise; `first` (a seat) is put in front.
export function scoreText(m: TableModel, score: readonly number[], first: number | null = null): string {
  let groups = teams(m) ?? score.map((_, i) => [i]);
  if (first !== null) {
    const at = groups.findIndex((g) => g.includes(first));
    if (at > 0) groups = [groups[at], ...groups.filter((_, i) => i !== at)];
  }
  return formatScore(groups.map((g) => score[g[0]] ?? 0));
}
