// Words about a table that every page shows the same way: a computer seat's
// name, the names at a table, why a game ended, and the variant key of a table's settings (the key
// of its label and its rules page: twiceFour has no four-in-a-row variant).
// The table, home, game and other pages all take them from here.
import type { ClockSettings, Settings, TableSummary } from './protocol';
import { t, type MessageKey } from './i18n';
import { nameNodes } from './player_name';

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

// One name per level on every page: "Computer (level 3)", "Computer
// (perfect play)".
export function computerName(level: string): string {
  return level === 'perfect' ? t('computer.perfect') : t('computer', { n: level });
}

// Who sits at a table, seat by seat, between dashes: a person's name (a
// bot's with its tag, player_name.ts), a computer's, or a dash for a free
// seat (the lobby's lines and cards), as children for h().
export function seatNames(s: TableSummary): (string | Node)[] {
  return s.seats.flatMap((x, i) => [
    i ? ' – ' : '',
    ...(x.player ? nameNodes(x.player) : [x.computer ? computerName(String(x.computer.level)) : '—']),
  ]);
}

export function reasonText(reason: string): string {
  return t(REASONS[reason] ?? 'reason.other');
}

// 'twicefour' or the four-in-a-row variant ('classic', 'five', ...).
export function variantKey(settings: Pick<Settings, 'game' | 'variant'>): string {
  return settings.game === 'twicefour' ? 'twicefour' : settings.variant;
}

// A table's clock in a few words: "5 min + 3 s" (Fischer, RULES.md A4) or
// "30 s a move" (B7), for the lobby's lines.
export function clockText(c: ClockSettings): string {
  if (c.kind === 'per_move') return t('table.per_move', { s: Math.round((c.move_ms ?? 0) / 1000) });
  const min = Math.round(((c.bank_ms ?? 0) / 60_000) * 10) / 10;
  return t('clock.fischer', { min, inc: Math.round((c.increment_ms ?? 0) / 1000) });
}
