// The home page: a friend in one click (the link copied and shown
// at the table, a second browser joins from it), "Your games" back to a
// running table, a rematch accepted and one declined, the computer in one
// click; axe finds nothing on the page and no page logs a console error under
// the server's Content-Security-Policy.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, PHONE } from './browser';
import { axeViolations, clickColumn, shot } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let A: Page;
let B: Page;
const consoleErrors: string[] = [];

function watchConsole(page: Page, who: string): void {
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${who}: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`${who}: ${e.message}`));
}

beforeAll(async () => {
  ctxA = await newContext(env.handle.browser, env.server.base);
  ctxB = await newContext(env.handle.browser, env.server.base);
  A = await ctxA.newPage();
  B = await ctxB.newPage();
  watchConsole(A, 'A');
  watchConsole(B, 'B');
});

afterAll(async () => {
  await ctxA?.close();
  await ctxB?.close();
});

const tableId = (page: Page) => new URL(page.url()).pathname.split('/')[2];

// Both seated at a running game: someone is to move.
async function bothPlaying(): Promise<void> {
  for (const p of [A, B]) await p.locator('#turn').waitFor({ timeout: 15_000 });
}

// Seat `loser` resigns the match (the button asks twice).
async function resignMatch(loser: Page): Promise<void> {
  await loser.click('#resign-match');
  await loser.click('#resign-match');
  for (const p of [A, B]) await p.locator('#match-result').waitFor({ timeout: 15_000 });
}

describe('home: the game first', () => {
  it('plays a friend in one click: the link is copied and shown, a second browser joins from it', async () => {
    await A.goto('/');
    await A.click('#play-friend');
    await A.waitForURL(/\/t\/[a-z0-9]+$/);
    const link = await A.inputValue('#invite-url');
    expect(link).toBe(A.url());
    expect(await A.textContent('#invite-status')).toContain('copied');
    expect(await A.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await B.goto(link);
    await bothPlaying();
    expect(await A.locator('#invite').count()).toBe(0);
    expect(await A.textContent('.badge')).toBe('Casual');
  });

  it('"Your games" on the home page leads back to the running table', async () => {
    const id = tableId(A);
    await B.goto('/');
    const back = B.locator(`#your-games a[href="/t/${id}"]`);
    await back.waitFor();
    await shot(B, 'home-your-games');
    await back.click();
    await B.waitForURL(new RegExp(`/t/${id}$`));
    await bothPlaying();
  });

  it('a rematch offered and accepted takes both to a new table with the seats swapped', async () => {
    const old = tableId(A);
    await resignMatch(B);
    await A.click('#rematch-offer');
    await A.locator('#rematch-status').waitFor();
    await B.click('#rematch-accept');
    for (const p of [A, B])
      await p.waitForURL((u) => /^\/t\/[a-z0-9]+$/.test(u.pathname) && !u.pathname.endsWith(old), { timeout: 15_000 });
    expect(tableId(A)).toBe(tableId(B));
    await bothPlaying();
    // B sat second and now sits first: B plays Red and moves first.
    await B.locator('#turn.mine').waitFor();
    expect(await A.locator('#turn.mine').count()).toBe(0);
  });

  it('a rematch declined is said to both and offers nothing more', async () => {
    await resignMatch(A);
    await B.click('#rematch-offer');
    await A.click('#rematch-decline');
    await expect.poll(() => B.textContent('#rematch-status')).toMatch(/declined the rematch/);
    await expect.poll(() => A.textContent('#rematch-status')).toBe('You declined the rematch.');
    expect(await B.locator('#rematch-offer, #rematch-accept').count()).toBe(0);
    await shot(B, 'rematch-declined');
  });

  it('plays the computer in one click, the variant chosen by ?variant=', async () => {
    await A.goto('/?variant=five');
    expect(await A.inputValue('#quick-variant')).toBe('five');
    await A.click('#quick-play');
    await A.waitForURL(/\/t\//);
    await A.locator('#turn').waitFor();
    expect(await A.textContent('h1')).toContain('9×6');
    expect(await A.locator('.seats').textContent()).toMatch(/Computer/);
  });

  it('against the computer, starts the next game without Ready when asked to, and remembers it', async () => {
    await A.check('#auto-next');
    await A.click('#resign-game');
    await A.click('#resign-game');
    // Game 2 starts by itself: nobody pressed Ready.
    await expect.poll(() => A.textContent('.game-no'), { timeout: 10_000 }).toMatch(/Game 2 of 2/);
    await A.locator('#turn').waitFor();
    await A.reload();
    expect(await A.isChecked('#auto-next')).toBe(true);
  });

  it('shows live matches as small boards that follow the moves; a click watches', async () => {
    const url = await A.evaluate(async () => {
      const body = { game: 'four', visibility: 'open', opponent: { kind: 'computer', level: 1 } };
      const r = await fetch('/api/tables', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      });
      return ((await r.json()) as { url: string }).url;
    });
    await A.goto(url);
    await A.locator('#turn.mine').waitFor();
    const C = await (await newContext(env.handle.browser, env.server.base)).newPage();
    watchConsole(C, 'C');
    await C.goto('/');
    const card = C.locator(`#live-boards a[href="${url}?watch=1"]`);
    await card.waitFor({ timeout: 10_000 });
    const discs = card.locator('svg.mini-board circle.p0, svg.mini-board circle.p1');
    expect(await discs.count()).toBe(0);
    await clickColumn(A, 3);
    // The lobby feed redraws at most once a second: the move and the computer's answer.
    await expect.poll(() => discs.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await card.click();
    await C.waitForURL(new RegExp(`${url}\\?watch=1$`));
    await C.locator('.board.four').waitFor();
    await C.context().close();
  });

  it('has no axe violations, at 1280x800 and on a phone, and logged no console error', async () => {
    for (const [opts, name] of [
      [{ viewport: { width: 1280, height: 800 } }, 'home-1280x800'],
      [{ ...PHONE, viewport: { width: 390, height: 844 } }, 'home-390x844'],
    ] as const) {
      const ctx = await newContext(env.handle.browser, env.server.base, { ...opts, locale: 'en-US' });
      const page = await ctx.newPage();
      watchConsole(page, name);
      await page.goto('/');
      await page.locator('#live-boards .live-card, #live-boards .empty').first().waitFor();
      await page.locator('#quick-play').waitFor();
      // The one-click starts are in view without scrolling.
      const box = await page.locator('#play-friend').boundingBox();
      expect(box!.y + box!.height).toBeLessThan(opts.viewport.height);
      // With the server's CSP on: axe goes in through the DevTools protocol.
      const violations = await axeViolations(page);
      expect(violations).toEqual([]);
      await shot(page, name);
      await ctx.close();
    }
    expect(consoleErrors).toEqual([]);
  });
});
