import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../src/connection';

describe('reconnect backoff', () => {
  it('doubles from half a second up to ten seconds', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 9].map((a) => backoffMs(a, none))).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000]);
  });
  it('adds at most 20% jitter', () => {
    expect(backoffMs(0, () => 1)).toBe(600);
    expect(backoffMs(5, () => 0.5)).toBe(11000);
  });
});
