import { describe, expect, it } from 'vitest';
import { clockIsLow, formatClock, formatDelta, formatMoveLine, formatPoints, formatScore } from '../../src/format';

describe('match score (RULES.md A3)', () => {
  it('writes halves as ½', () => {
    expect(formatScore([1.5, 0.5])).toBe('1½:½');
    expect(formatScore([2, 0])).toBe('2:0');
    expect(formatScore([1, 1])).toBe('1:1');
    expect(formatScore([0, 0])).toBe('0:0');
    expect(formatScore([1, 0.5, 1.5])).toBe('1:½:1½');
    expect(formatPoints(2.5)).toBe('2½');
  });
});

describe('move list (RULES.md A1)', () => {
  it('reads ply, disc of the mover and move', () => {
    expect(formatMoveLine(7, 0, 'd')).toBe('7. ● d');
    expect(formatMoveLine(8, 1, 'd^')).toBe('8. ○ d^');
    expect(formatMoveLine(3, 2, 'a')).toBe('3. ◆ a');
    expect(formatMoveLine(1, 0, 'd4-e4', true)).toBe('1. ✕ d4-e4');
  });
});

describe('clocks (RULES.md A4)', () => {
  it('shows minutes and seconds, tenths under ten seconds, never negative', () => {
    expect(formatClock(300_000)).toBe('5:00');
    expect(formatClock(61_999)).toBe('1:01');
    expect(formatClock(9_950)).toBe('9.9');
    expect(formatClock(0)).toBe('0.0');
    expect(formatClock(-500)).toBe('0.0');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });
  it('turns low under 20 s or a tenth of the bank', () => {
    expect(clockIsLow(19_999, 300_000)).toBe(true);
    expect(clockIsLow(25_000, 300_000)).toBe(true);
    expect(clockIsLow(31_000, 300_000)).toBe(false);
    expect(clockIsLow(170_000, 1_800_000)).toBe(true);
  });
  it('signs rating changes', () => {
    expect(formatDelta(162.3)).toBe('+162');
    expect(formatDelta(-12.6)).toBe('−13');
    expect(formatDelta(0.2)).toBe('±0');
  });
});
