// Display formats shared by the table and the lobby.

// Match points with halves as the rules write them: 1.5 -> "1½", 0.5 -> "½".
export function formatPoints(points: number): string {
  const whole = Math.floor(points + 1e-9);
  const half = points - whole > 0.25;
  if (whole === 0 && half) return '½';
  return String(whole) + (half ? '½' : '');
}

// The match score `1½:½` (RULES.md A3); three players read `1:½:½`.
export function formatScore(points: readonly number[]): string {
  return points.map(formatPoints).join(':');
}

// Clock text: m:ss above ten seconds, s.t below it so the last seconds are
// visible tenth by tenth. Never negative.
export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < 10_000) {
    const tenths = Math.floor(clamped / 100);
    return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(clamped / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// A clock turns red when it is low: under 20 seconds, or under a tenth of the
// starting bank for long games (so a 30-minute game warns at 3 minutes).
export function clockIsLow(ms: number, initialMs: number): boolean {
  return ms < Math.max(20_000, initialMs / 10);
}

// Discs of the move list, one per colour (the same symbols as rules/notation).
export const DISCS = ['●', '○', '◆'] as const;
export const PIECE_SYMBOLS = ['✕', '◯'] as const;

// `7. ● d`: ply number, the mover's disc, the move.
export function formatMoveLine(ply: number, side: number, move: string, twice = false): string {
  const symbol = twice ? (PIECE_SYMBOLS[side] ?? '?') : (DISCS[side] ?? '?');
  return `${ply}. ${symbol} ${move}`;
}

export function formatDelta(delta: number): string {
  const r = Math.round(delta);
  return r > 0 ? `+${r}` : r < 0 ? `−${Math.abs(r)}` : '±0';
}

// A rating as shown: whole points, and "?" while it is provisional (as lichess
// writes it): "1621?".
export function ratingText(rating: number, provisional: boolean): string {
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}
