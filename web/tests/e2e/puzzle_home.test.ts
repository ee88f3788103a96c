// The puzzles outside their own page: the home page's card shows the day's
// classic puzzle (the one `GET /api/puzzles/daily` names: who is to move,
// how many moves) and leads to /puzzles/daily; the navigation leads to
// /puzzles. After two attempts made through the API with the page's own
// cookie (one failed, one solved), the profile's Puzzles section shows the
// puzzle rating and both attempts, newest first, with their rating change,
// each leading to its puzzle. Desktop and phone, light and dark; axe finds
// nothing.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, PHONE } from './browser';
import { axeViolations, shot } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();
let ctxA: BrowserContext;
let ctxHelper: BrowserContext;
let A: Page;
let helper: Page;

interface Attempted {
  state: string;
  solution?: string[];
  rated?: boolean;
  change?: number;
}

beforeAll(async () => {
  ctxA = await newContext(env.handle.browser, env.server.base);
  ctxHelper = await newContext(env.handle.browser, env.server.base);
  A = await ctxA.newPage();
  helper = await ctxHelper.newPage();
  await helper.goto('/rules.html');
});

afterAll(async () => {
  await ctxA?.close();
  await ctxHelper?.close();
});

// A JSON call from the page, with its cookie, as its own scripts make them.
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p as string, {
        method: m as string,
        headers: b === undefined ? {} : { 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return r.json();
    },
    [method, path, body] as const,
  ) as Promise<T>;
}

// The whole line of puzzle `id`, as the helper learns it: columns a, b, ...
// until the attempt ends (right moves go on; any end answers the solution).
async function learnLine(id: string): Promise<string[]> {
  const moves: string[] = [];
  for (let i = 0; i < 10; i++) {
    moves.push('a');
    const r = await api<Attempted>(helper, 'POST', `/api/puzzles/${id}/attempt`, { moves });
    if (r.solution) return r.solution;
    // "a" was right: keep it and try "a" again for the next move.
    expect(r.state).toBe('continue');
  }
  throw new Error('the line did not end');
}

let dailyId = '';

describe('the daily puzzle on the home page', () => {
  it('shows the day’s classic puzzle and leads to /puzzles/daily', async () => {
    await A.goto('/');
    const link = A.locator('#daily-link');
    await link.waitFor();
    const daily = await api<{ id: string; to_move: number; solver_moves: number; variant: string }>(
      A,
      'GET',
      '/api/puzzles/daily',
    );
    expect(daily.variant).toBe('classic');
    dailyId = daily.id;
    expect(await link.getAttribute('href')).toBe('/puzzles/daily');
    expect(await link.getAttribute('data-puzzle')).toBe(daily.id);
    const text = await link.textContent();
    expect(text).toContain(daily.to_move === 0 ? 'Red to move' : 'Yellow to move');
    expect(text).toContain(daily.solver_moves === 1 ? 'Win in one move' : `Win in ${daily.solver_moves}`);
    // The board holds the puzzle's discs: as many as moves led to it.
    expect(
      await A.locator('#daily-link .mini-board circle.p0, #daily-link .mini-board circle.p1').count(),
    ).toBeGreaterThan(0);
    expect(await A.getAttribute('nav a[href="/puzzles"]', 'href')).toBe('/puzzles');
    expect(await A.textContent('nav a[href="/puzzles"]')).toBe('Puzzles');
    expect(await A.getAttribute('#puzzles-link', 'href')).toBe('/puzzles');
    expect(await axeViolations(A)).toEqual([]);
    await shot(A, 'puzzle-home-desktop');
    await A.emulateMedia({ colorScheme: 'dark' });
    await shot(A, 'puzzle-home-desktop-dark');
    await A.emulateMedia({ colorScheme: 'light' });
  });

  it('fits a phone, in both themes', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base, PHONE);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.locator('#daily-link').waitFor();
    const box = await page.locator('#daily-puzzle').boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await page.locator('#daily-puzzle').scrollIntoViewIfNeeded();
    await shot(page, 'puzzle-home-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'puzzle-home-phone-dark');
    await ctx.close();
  });
});

describe('puzzle history on the profile', () => {
  it('lists two attempts made through the API with the rating change', async () => {
    const me = await api<{ id: string }>(A, 'GET', '/api/me');
    // The daily puzzle failed: a first move the line does not start with.
    const dailyLine = await learnLine(dailyId);
    const failed = await api<Attempted>(A, 'POST', `/api/puzzles/${dailyId}/attempt`, {
      moves: [dailyLine[0] === 'a' ? 'b' : 'a'],
    });
    expect(failed.state).toBe('failed');
    expect(failed.rated).toBe(true);
    // Another one solved: the caller's moves of its line (every other one).
    const next = await api<{ id: string }>(A, 'GET', '/api/puzzles/next?variant=classic');
    expect(next.id).not.toBe(dailyId);
    const line = await learnLine(next.id);
    const solved = await api<Attempted>(A, 'POST', `/api/puzzles/${next.id}/attempt`, {
      moves: line.filter((_, i) => i % 2 === 0),
    });
    expect(solved.state).toBe('solved');
    expect(solved.change).toBeGreaterThan(0);

    await A.goto(`/p/${me.id}`);
    const rows = A.locator('#puzzle-attempts tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // Newest first: the solved one, then the failed daily puzzle.
    const first = rows.nth(0);
    expect(await first.getAttribute('data-puzzle')).toBe(next.id);
    expect(await first.locator('.pz-result').textContent()).toBe('Solved');
    expect(await first.locator('.pz-change').textContent()).toContain(`(+${solved.change})`);
    expect(await first.locator(`a[href="/puzzles/${next.id}"]`).count()).toBe(1);
    const second = rows.nth(1);
    expect(await second.getAttribute('data-puzzle')).toBe(dailyId);
    expect(await second.locator('.pz-result').textContent()).toBe('Failed');
    expect(await second.locator('.pz-change').textContent()).toMatch(/^1500 → \d+ \(−\d+\)$/);
    expect(await second.locator(`a[href="/puzzles/${dailyId}"]`).count()).toBe(1);
    // One rating, classic, provisional after two attempts.
    const rating = A.locator('#puzzle-ratings li[data-variant="classic"]');
    expect(await rating.locator('.pz-rating-value').textContent()).toMatch(/^\d+\?$/);
    expect(await rating.textContent()).toContain('puzzles rated: 2');
    expect(await axeViolations(A)).toEqual([]);
    await A.locator('#puzzles').scrollIntoViewIfNeeded();
    await shot(A, 'puzzle-profile-desktop');
    await A.emulateMedia({ colorScheme: 'dark' });
    await shot(A, 'puzzle-profile-desktop-dark');
    await A.emulateMedia({ colorScheme: 'light' });

    const phone = await env.handle.browser.newContext({
      ...PHONE,
      baseURL: env.server.base,
      storageState: await ctxA.storageState(),
    });
    const page = await phone.newPage();
    await page.goto(`/p/${me.id}`);
    await page.locator('#puzzle-attempts tbody tr').first().waitFor();
    const width = page.viewportSize()?.width ?? 0;
    const box = await page.locator('#puzzles').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await shot(page, 'puzzle-profile-phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'puzzle-profile-phone-dark');
    await phone.close();
  });
});
