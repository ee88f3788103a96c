// Accuracy from the exact analysis (docs/protocol.md 2.16, 2.6) on the game
// page and the profile, for a recorded 5x4 game (Red wins in column a after
// ababab). By `fourtable solve --analyze --width 5 --height 4` on each of its
// positions ("" -1 0 0 0 -1 | 1: 0 1 0 0 0 | 12: -1 -1 -1 -1 -2 | 121: 0 1 0
// 1 1 | 1212: -1 -2 -2 -2 -2 | 12121: 1 -7 -7 -7 -7 | 121212: 7 -2 -7 -7 -7):
// Red's moves 1, 3, 5, 7 are a mistake (draw to loss), two kept losses where
// nothing could go wrong, and a kept win: 1 of 2 critical moves kept, 50%;
// Yellow's 2, 4, 6 keep a win, keep a win, throw it away: 2 of 3, 67%.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { axeViolations, col, keyDigit, moveCount, shot, waitMoves, whoseTurn } from './helpers';
import { useServerAndBrowser } from './setup';

const MOVES = 'abababa';
const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };

const env = useServerAndBrowser();
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let A: Page;
let B: Page;
let gameId = '';

interface SeatLine {
  seat: number;
  decisive: number;
  kept: number;
  mistakes: number;
  accuracy: number | null;
}

beforeAll(async () => {
  ctxA = await newContext(env.handle.browser, env.server.base, DESKTOP);
  ctxB = await newContext(env.handle.browser, env.server.base, DESKTOP);
  A = await ctxA.newPage();
  B = await ctxB.newPage();
  await A.goto('/');
  const table = await A.evaluate(async () => {
    const r = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ game: 'four', width: 5, height: 4, format: 'single', visibility: 'link' }),
    });
    return ((await r.json()) as { id: string }).id;
  });
  await A.goto(`/t/${table}`);
  await B.goto(`/t/${table}`);
  for (const m of MOVES) {
    const before = await moveCount(A);
    await keyDigit(await whoseTurn([A, B]), col(m));
    await waitMoves(A, before + 1);
  }
  await A.locator('#game-result, #match-result').first().waitFor();
  gameId = `${table}-1`;
});

afterAll(async () => {
  await ctxA?.close();
  await ctxB?.close();
});

describe('accuracy', () => {
  it('is served per seat with every move judged, as the solver scores say', async () => {
    const lines = await A.evaluate(async (id) => {
      for (let i = 0; i < 300; i++) {
        const a = (await (await fetch(`/api/games/${id}/analysis`)).json()) as {
          status: string;
          accuracy?: unknown;
          positions?: { kept?: boolean; decisive?: boolean; given?: number }[];
        };
        if (a.status === 'done') return { accuracy: a.accuracy, positions: a.positions };
        await new Promise((r) => setTimeout(r, 200));
      }
      return null;
    }, gameId);
    expect(lines).not.toBeNull();
    expect(lines?.accuracy as SeatLine[]).toEqual([
      { seat: 0, decisive: 2, kept: 1, mistakes: 1, accuracy: 0.5 },
      { seat: 1, decisive: 3, kept: 2, mistakes: 1, accuracy: 2 / 3 },
    ]);
    expect(lines?.positions?.map((p) => [p.kept, p.decisive, p.given])).toEqual([
      [false, true, undefined],
      [true, true, 0],
      [true, false, 0],
      [true, true, 0],
      [true, false, 0],
      [false, true, undefined],
      [true, true, 0],
    ]);
  });

  it('shows on the game page: each player and the judged move', async () => {
    await A.goto(`/g/${gameId}`);
    await A.locator('#accuracy').waitFor({ timeout: 60_000 });
    expect(await A.locator('#accuracy li[data-seat="0"]').textContent()).toMatch(
      /: 50% \(1 of 2 critical moves kept the result; mistakes: 1\)$/,
    );
    expect(await A.locator('#accuracy li[data-seat="1"]').textContent()).toMatch(/: 67% \(2 of 3 critical/);
    // Before Yellow's 6th move (5 moves played): it changed the result.
    await A.locator('.move-btn').nth(4).click();
    expect(await A.locator('#accuracy .move-verdict').textContent()).toBe('The move played here changed the result.');
    await A.locator('.move-btn').nth(3).click();
    expect(await A.locator('#accuracy .move-verdict').textContent()).toBe('The move played here kept the result.');
    expect(await axeViolations(A)).toEqual([]);
    await shot(A, 'accuracy-game-1280x800');
  });

  it('shows on the profile per variant', async () => {
    const me = await A.evaluate(async () => ((await (await fetch('/api/me')).json()) as { id: string }).id);
    const seat = await A.evaluate(
      async ({ id, who }) => {
        const g = (await (await fetch(`/api/games/${id}`)).json()) as {
          players: { seat: number; player: { id: string } | null }[];
        };
        return g.players.find((p) => p.player?.id === who)?.seat ?? -1;
      },
      { id: gameId, who: me },
    );
    expect([0, 1]).toContain(seat);
    await A.goto(`/p/${me}`);
    const row = A.locator('#accuracy tr[data-variant]');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.locator('.accuracy-pct').textContent()).toBe(seat === 0 ? '50%' : '67%');
    expect(await axeViolations(A)).toEqual([]);
    await shot(A, 'accuracy-profile-1280x800');
  });
});
