// Words about a table that every page shows the same way: a computer seat's
// name, the names at a table, why a game ended, and the variant key of a table's settings (the key
// of its label and its rules page: twiceFour has no four-in-a-row variant).
// The table, home, game and other pages all take them from here.
import type { Settings, TableSummary } from './protocol';
import { t, type MessageKey } from './i18n';

const REASONS: Record<string, MessageKey> = {
  line: 'reason.line',
  full: 'reason.full',
  empty: 'reason.empty',
  repetition: 'reason.repetition',
  points: 'reason.points',
  move_limit: 'reason.limit',
  no_moves: 'reason.no_moves',
  resign: 'reason.resign',
  resign_match: 'reason.resign',
  timeout: 'reason.time',
  claim: 'reason.claim',
  abandon: 'reason.abandon',
};

export function computerName(level: string): string {
  return level === 'perfect' ? `${t('create.opponent.computer')} (${t('level.perfect')})` : t('computer', { n: level });
}

// Who sits at a table, seat by seat: a person's name, a computer's, or a
// dash for a free seat (the lobby's lines and cards).
export function seatNames(s: TableSummary): string[] {
  return s.seats.map((x) => x.player?.name ?? (x.computer ? computerName(String(x.computer.level)) : '—'));
}

export function reasonText(reason: string): string {
  return t(REASONS[reason] ?? 'reason.other');
}

// 'twicefour' or the four-in-a-row variant ('classic', 'five', ...).
export function variantKey(settings: Pick<Settings, 'game' | 'variant'>): string {
  return settings.game === 'twicefour' ? 'twicefour' : settings.variant;
}
