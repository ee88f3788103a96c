// The table at game end fits the window, so nobody scrolls to find the result: on 1280x800, 1366x768 and
// a 390x844 phone, for the boards from 7x6 to 10x10 and twiceFour, the board,
// every clock, the result banner and the next action lie inside the viewport
// with the page not scrolled. The quickest way to a game end is used: a table
// against the computer whose first game the player resigns (two clicks).
// One server, one table per board; the phone opens the same table as the same
// guest (the desktop context's cookie).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { artifactsDir, newContext } from './browser';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();

const VIEWPORTS = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '1366x768', width: 1366, height: 768 },
] as const;
const PHONE_VIEW = { name: '390x844', width: 390, height: 844 } as const;

interface Case {
  name: string;
  body: Record<string, unknown>;
  shots: boolean;
}

const CASES: Case[] = [
  { name: '7x6', body: { game: 'four', variant: 'classic' }, shots: true },
  { name: '9x6-five', body: { game: 'four', variant: 'five' }, shots: false },
  { name: '9x7-three', body: { game: 'four', variant: 'three-players' }, shots: true },
  { name: '8x7-two-vs-two', body: { game: 'four', variant: 'two-vs-two' }, shots: true },
  { name: '10x8', body: { game: 'four', variant: 'classic', width: 10, height: 8 }, shots: false },
  { name: '10x10', body: { game: 'four', variant: 'classic', width: 10, height: 10 }, shots: false },
  { name: 'twicefour', body: { game: 'twicefour' }, shots: true },
];

// What the window shows, not the whole page: the point is what is in view.
async function viewShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifactsDir(), `${name}.png`) });
}

function watchErrors(page: Page, errors: string[]): void {
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${String(e)}`));
}

// Through the context's own requests: the guest cookie the answer sets is the page's.
async function createTable(ctx: BrowserContext, body: Record<string, unknown>): Promise<string> {
  const r = await ctx.request.post('/api/tables', {
    data: { ...body, rated: false, visibility: 'link', opponent: { kind: 'computer', level: 1 } },
  });
  expect(r.status()).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

// Resigns the first game: the match goes on, so Ready is the next action.
async function reachGameEnd(page: Page, twice: boolean): Promise<void> {
  if (twice) {
    await page.locator('#choose-cross').click({ timeout: 30_000 });
  }
  const resign = page.locator('#resign-game');
  await resign.waitFor({ timeout: 30_000 });
  await resign.click();
  await page.locator('#resign-game.armed').waitFor();
  await resign.click();
  await page.locator('#game-result #ready').waitFor({ timeout: 15_000 });
}

interface Outside {
  what: string;
  box: { x: number; y: number; width: number; height: number } | null;
}

// Every element that must be seen, with its box when it is not wholly inside.
async function outsideViewport(page: Page, twice: boolean): Promise<Outside[]> {
  const vp = page.viewportSize()!;
  const checks: [string, string][] = [
    ['board', twice ? '.board.twice svg' : '.board.four svg'],
    ['result banner', '#game-result'],
    ['next action', '#game-result #ready'],
    ['clock', '.clock'],
  ];
  const out: Outside[] = [];
  for (const [what, sel] of checks) {
    const all = page.locator(sel);
    const n = await all.count();
    if (n === 0) out.push({ what: `${what} (missing)`, box: null });
    for (let i = 0; i < n; i++) {
      const box = await all.nth(i).boundingBox();
      const inside =
        !!box &&
        box.x >= 0 &&
        box.y >= 0 &&
        box.x + box.width <= vp.width + 0.5 &&
        box.y + box.height <= vp.height + 0.5;
      if (!inside) out.push({ what: `${what} ${i}`, box });
    }
  }
  return out;
}

async function expectFits(page: Page, label: string, twice: boolean): Promise<void> {
  // A resize lays out again on the next frame.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await page.evaluate(() => window.scrollY), `${label}: scrolled`).toBe(0);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${label}: sideways scroll`,
  ).toBe(true);
  expect(await outsideViewport(page, twice), label).toEqual([]);
}

describe('the table at game end fits the window', () => {
  const errors: string[] = [];
  // One desktop page and one phone page for all boards, the same guest.
  let desk: BrowserContext;
  let phone: BrowserContext;
  let page: Page;
  let p2: Page;
  afterAll(async () => {
    await phone?.close();
    await desk?.close();
  });

  async function pages(b: Browser): Promise<void> {
    if (page) return;
    desk = await newContext(b, env.server.base, {
      viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height },
      locale: 'en-US',
    });
    page = await desk.newPage();
    watchErrors(page, errors);
    // The guest cookie first (the answer to /api/me sets it), then the phone shares it.
    expect((await desk.request.get('/api/me')).ok()).toBe(true);
    expect((await desk.storageState()).cookies.length).toBeGreaterThan(0);
    phone = await newContext(b, env.server.base, {
      viewport: { width: PHONE_VIEW.width, height: PHONE_VIEW.height },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      storageState: await desk.storageState(),
    });
    p2 = await phone.newPage();
    watchErrors(p2, errors);
  }

  for (const c of CASES) {
    it(`${c.name}: board, clocks, result and Ready in view on all three windows`, async () => {
      const twice = c.body.game === 'twicefour';
      await pages(env.handle.browser);
      const id = await createTable(desk, c.body);
      await page.setViewportSize({ width: VIEWPORTS[0].width, height: VIEWPORTS[0].height });
      await page.goto(`/t/${id}`);
      await reachGameEnd(page, twice);
      for (const vp of VIEWPORTS) {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        await expectFits(page, `${c.name} ${vp.name}`, twice);
        if (c.shots) await viewShot(page, `layout-${c.name}-${vp.name}`);
      }
      await p2.goto(`/t/${id}`);
      await p2.locator('#game-result #ready').waitFor({ timeout: 15_000 });
      await expectFits(p2, `${c.name} ${PHONE_VIEW.name}`, twice);
      if (c.shots) await viewShot(p2, `layout-${c.name}-${PHONE_VIEW.name}`);
      if (c.name === '8x7-two-vs-two') {
        // Team-mates share their points: the score is per team, with names.
        expect(await page.textContent('#score')).toBe('0:1');
        expect(await page.textContent('#team-names')).toMatch(
          /^Team .+ & Computer \(level 1\) : Team Computer \(level 1\) & Computer \(level 1\)$/,
        );
      }
      if (c.name === '7x6') {
        // Resigning the match: the winner's points come first, whatever the
        // seat, and Rematch and Play again are the next actions, in view.
        const rm = page.locator('#resign-match');
        await rm.click();
        await page.locator('#resign-match.armed').waitFor();
        await rm.click();
        await page.locator('#match-result').waitFor();
        expect(await page.textContent('#match-result h2')).toBe('You lose the match 0:2.');
        const vp = page.viewportSize()!;
        // Rematch and another game, both in view.
        for (const next of ['#rematch-offer', '#play-again']) {
          const box = (await page.locator(`#match-result ${next}`).boundingBox())!;
          expect(box.y + box.height).toBeLessThanOrEqual(vp.height);
        }
      }
    });
  }

  it('logged no console error (the pages run under the CSP)', () => {
    expect(errors).toEqual([]);
  });
});
