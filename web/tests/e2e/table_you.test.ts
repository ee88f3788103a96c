// The table as its players see it (results to you, a board that holds
// still, your turn noticed), played by two people on a 1366x768 desktop (A, by
// mouse and keys) and a 390x844 touch phone (B), with a spectator (C): the
// seat that is you marked on both, the board holding one size through your
// turn, the opponent's turn and the result, the title on your turn while the
// tab is hidden, digits without a Tab, the premove shown, cancelled,
// played and (another table) refused when its column filled up, the result
// said to you ("You win the match 2:0"), the rating change
// and Rematch in view on the phone, links to the game pages, and the dark
// theme clean for axe. The match is rated and ends by resignations.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { artifactsDir, newContext } from './browser';
import { axeViolations, clickColumn, moveCount, moveTexts, waitMoves, whoseTurn } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();

const DESK = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function viewShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(artifactsDir(), `${name}.png`) });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boardBox(page: Page): Promise<Box> {
  // A draw waits for the next frame's layout.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return (await page.locator('.board.four svg').boundingBox())!;
}

async function inView(page: Page, sel: string): Promise<boolean> {
  const vp = page.viewportSize()!;
  const b = await page.locator(sel).first().boundingBox();
  return (
    !!b && b.width > 0 && b.y >= 0 && b.x >= 0 && b.y + b.height <= vp.height + 0.5 && b.x + b.width <= vp.width + 0.5
  );
}

// The page's tab hidden (or shown) as a browser does when another tab is in front.
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((on) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => on });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (on ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

async function resign(page: Page, id: string): Promise<void> {
  const b = page.locator(`#${id}`);
  await b.click();
  await page.locator(`#${id}.armed`).waitFor();
  await b.click();
}

describe('you at the table, on a desktop and a phone', () => {
  const contexts: BrowserContext[] = [];
  let A: Page;
  let B: Page;
  let C: Page;
  const sizes = new Map<Page, Box[]>();
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  async function measure(p: Page): Promise<void> {
    sizes.set(p, [...(sizes.get(p) ?? []), await boardBox(p)]);
  }

  it('seats a desktop and a phone player at a rated table; each sees its seat marked', async () => {
    const b = env.handle.browser;
    const ca = await newContext(b, env.server.base, { viewport: DESK, locale: 'en-US' });
    const cb = await newContext(b, env.server.base, {
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const cc = await newContext(b, env.server.base, { viewport: DESK, locale: 'en-US' });
    contexts.push(ca, cb, cc);
    const r = await ca.request.post('/api/tables', {
      data: { game: 'four', variant: 'classic', rated: true, visibility: 'link', opponent: { kind: 'person' } },
    });
    expect(r.status()).toBe(201);
    const url = ((await r.json()) as { url: string }).url;
    A = await ca.newPage();
    B = await cb.newPage();
    C = await cc.newPage();
    await A.goto(url);
    await A.locator('.seat').first().waitFor();
    await B.goto(url);
    await A.locator('#turn').waitFor();
    await B.locator('#turn').waitFor();
    await C.goto(url);
    await C.locator('.seat').first().waitFor();
    for (const p of [A, B]) {
      expect(await p.locator('.seat.you').count()).toBe(1);
      expect(await p.textContent('.seat.you .you-badge')).toBe(' (you)');
      expect(await inView(p, '.seat.you .you-badge'), 'the "you" mark is seen').toBe(true);
    }
    expect(await C.locator('.you-badge').count()).toBe(0);
    // The turn's notification is offered to a player, not to a spectator.
    expect(await A.locator('#notify').count()).toBe(1);
    expect(await C.locator('#notify').count()).toBe(0);
    await viewShot(B, 'you-phone-start');
  });

  it('holds the board still and plays digits without a Tab, the title telling a hidden tab', async () => {
    // Seat 0 (A, the creator) is Red and moves first in game 1.
    expect(await whoseTurn([A, B])).toBe(A);
    await measure(A); // A's turn
    await measure(B); // the other's turn
    // Digits go to the board with the focus nowhere in particular.
    await A.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await A.keyboard.press('4');
    await waitMoves(B, 1);
    await measure(A); // the other's turn
    await measure(B); // B's turn
    // A asks for a notification (the browser's own stands in for one that
    // shows: it records what it is asked to show).
    await A.evaluate(() => {
      const shown: string[][] = [];
      const stub = function (title: string, o: { body: string }) {
        shown.push([title, o.body]);
      };
      Object.assign(stub, { permission: 'default', requestPermission: async () => 'granted' });
      Object.assign(window, { Notification: stub, shown });
      // Granted from now on, as a browser says after the player agreed.
      (stub as unknown as { permission: string }).permission = 'granted';
    });
    await A.click('#notify');
    await A.locator('#notify[aria-pressed="true"]').waitFor();
    await A.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // A's tab hidden: B's move gives the title and the favicon the turn.
    await setHidden(A, true);
    expect(await A.title()).toBe('Classic — fourtable');
    await B.locator('.board.four svg').waitFor();
    const p = await B.locator('.board.four svg').boundingBox();
    // Two taps on column c (one selects, one drops).
    for (let i = 0; i < 2; i++) await B.touchscreen.tap(p!.x + 2.5 * (p!.width / 7), p!.y + p!.height / 2);
    await waitMoves(A, 2);
    await A.waitForFunction(() => document.title.startsWith('● Your turn — '));
    expect(await A.getAttribute('link[rel="icon"]', 'href')).toMatch(/^data:image\/svg\+xml/);
    expect(await A.evaluate(() => (window as unknown as { shown: string[][] }).shown)).toEqual([
      ['Your turn', 'Classic — fourtable'],
    ]);
    await setHidden(A, false);
    expect(await A.title()).toBe('Classic — fourtable');
    expect(await A.getAttribute('link[rel="icon"]', 'href')).toBe('data:,');
  });

  it('shows a premove, cancels it, then plays one when the turn comes', async () => {
    await clickColumn(A, 3);
    await waitMoves(B, 3);
    // B to move: A chooses column f ahead, sees it, cancels it.
    await clickColumn(A, 5);
    await A.locator('#premove').waitFor();
    expect(await A.textContent('#premove')).toContain('Premove: column f.');
    expect(await A.locator('.disc.premove').count()).toBe(1);
    await viewShot(A, 'you-desktop-premove');
    await A.click('#premove-cancel');
    await A.locator('#premove').waitFor({ state: 'detached' });
    expect(await A.locator('.disc.premove').count()).toBe(0);
    // Chosen again (by its digit), it is played as soon as B has moved.
    await A.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await A.keyboard.press('6');
    await A.locator('#premove').waitFor();
    const before = await moveCount(A);
    const q = await B.locator('.board.four svg').boundingBox();
    for (let i = 0; i < 2; i++) await B.touchscreen.tap(q!.x + 0.5 * (q!.width / 7), q!.y + q!.height / 2);
    await waitMoves(A, before + 2);
    const texts = await A.locator('#moves li:not(.empty)').allTextContents();
    expect(texts.slice(-2)).toEqual([`${before + 1}. ○ a`, `${before + 2}. ● f`]);
    expect(await A.locator('.disc.premove').count()).toBe(0);
    await waitMoves(B, before + 2);
    await measure(B); // B's turn again
    await measure(A);
  });

  it('says the game result to each and keeps the board its size', async () => {
    await resign(B, 'resign-game');
    for (const p of [A, B]) await p.locator('#game-result').waitFor();
    expect(await A.textContent('#game-result h2')).toBe('You win the game!');
    expect(await B.textContent('#game-result h2')).toBe('You lose the game.');
    await measure(A);
    await measure(B);
    await viewShot(B, 'you-phone-game-end');
    for (const p of [A, B]) await p.click('#ready');
    for (const p of [A, B]) await p.locator('#resign-game').waitFor();
  });

  it('drops with one tap on the phone once that is chosen, and keeps the choice', async () => {
    // Game 2: colours swapped, B (Red) moves first.
    expect(await whoseTurn([A, B])).toBe(B);
    await B.click('#one-tap');
    expect(await B.getAttribute('#one-tap', 'aria-pressed')).toBe('true');
    expect(await B.evaluate(() => localStorage.getItem('fourtable.one_tap'))).toBe('1');
    await B.evaluate(() => window.scrollTo(0, 0));
    expect(await B.textContent('.board-help')).toBe('Tap a column to drop.');
    const q = (await B.locator('.board.four svg').boundingBox())!;
    await B.touchscreen.tap(q.x + 3.5 * (q.width / 7), q.y + q.height / 2);
    await waitMoves(A, 1);
    expect(await moveTexts(A)).toEqual(['1. ● d']);
  });

  it('ends the match with the result to you, the rating and Rematch in view on the phone', async () => {
    await resign(B, 'resign-game');
    for (const p of [A, B, C]) await p.locator('#match-result').waitFor();
    expect(await A.textContent('#match-result h2')).toBe('You win the match 2:0.');
    expect(await B.textContent('#match-result h2')).toBe('You lose the match 0:2.');
    const aName = (await A.textContent('.seat.you .seat-link'))!;
    expect(await C.textContent('#match-result h2')).toBe(`${aName} wins the match 2:0.`);
    expect(await B.textContent('#result-rating')).toMatch(/^Your rating: 1500 → \d+ \(−\d+\)$/);
    expect(await A.textContent('#result-rating')).toMatch(/^Your rating: 1500 → \d+ \(\+\d+\)$/);
    expect(await C.locator('#result-rating').count()).toBe(0);
    for (const sel of ['#match-result h2', '#result-rating', '#rematch-offer', '.seat.you .you-badge'])
      expect(await inView(B, sel), `${sel} in view on the phone`).toBe(true);
    expect(await B.evaluate(() => window.scrollY)).toBe(0);
    await measure(A);
    await measure(B);
    // Both games have their page.
    const links = await A.locator('#result-games a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const id = new URL(A.url()).pathname.split('/')[2];
    expect(links).toEqual([`/g/${id}-1`, `/g/${id}-2`]);
    await viewShot(B, 'you-phone-match-end');
    await viewShot(A, 'you-desktop-match-end');
  });

  it('held the board within 2 px on both screens through it all', () => {
    for (const [p, name] of [
      [A, 'desktop'],
      [B, 'phone'],
    ] as const) {
      const all = sizes.get(p)!;
      expect(all.length, name).toBeGreaterThanOrEqual(5);
      for (const b of all) {
        expect(Math.abs(b.width - all[0].width), `${name} width ${JSON.stringify(all)}`).toBeLessThanOrEqual(2);
        expect(Math.abs(b.height - all[0].height), `${name} height ${JSON.stringify(all)}`).toBeLessThanOrEqual(2);
        expect(Math.abs(b.y - all[0].y), `${name} top ${JSON.stringify(all)}`).toBeLessThanOrEqual(2);
      }
    }
  });

  it('game pages open from the links', async () => {
    await A.click('#result-games a >> nth=0');
    await A.waitForURL(/\/g\/.+-1$/);
    await A.locator('.board').first().waitFor();
  });

  it('is clean for axe in the dark theme, desktop and phone, and the toggle keeps the choice', async () => {
    for (const p of [B, C]) {
      await p.emulateMedia({ colorScheme: 'dark' });
      expect(await p.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        'rgb(20, 23, 30)',
      );
      expect(await axeViolations(p)).toEqual([]);
    }
    await viewShot(B, 'you-phone-match-end-dark');
    await viewShot(C, 'you-desktop-watch-dark');
    // The toggle chooses light over the system's dark, and the choice stays.
    expect(await C.getAttribute('#theme-toggle', 'aria-pressed')).toBe('true');
    await C.click('#theme-toggle');
    expect(await C.getAttribute('#theme-toggle', 'aria-pressed')).toBe('false');
    await C.reload();
    await C.locator('#match-result').waitFor();
    expect(await C.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await C.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(244, 241, 234)',
    );
    expect(await axeViolations(C)).toEqual([]);
    await viewShot(C, 'you-desktop-watch-light');
  });
});

describe('a three-player table on the phone', () => {
  it('shows every name whole, yours marked, and takes a move by two taps', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base, {
      viewport: PHONE,
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    try {
      const r = await ctx.request.post('/api/tables', {
        data: {
          game: 'four',
          variant: 'three-players',
          rated: false,
          visibility: 'link',
          opponent: { kind: 'computer', level: 1 },
        },
      });
      expect(r.status()).toBe(201);
      const page = await ctx.newPage();
      await page.goto(((await r.json()) as { url: string }).url);
      await page.locator('#turn.mine').waitFor({ timeout: 30_000 });
      // Wrapped, not cut: no name is wider than its box.
      const cut = await page
        .locator('.seat-name')
        .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
      expect(cut).toEqual([]);
      expect(await inView(page, '.seat.you .you-badge')).toBe(true);
      const q = (await page.locator('.board.four svg').boundingBox())!;
      for (let i = 0; i < 2; i++) await page.touchscreen.tap(q.x + 4.5 * (q.width / 9), q.y + q.height / 2);
      await waitMoves(page, 3, 30_000);
      await page.locator('#turn.mine').waitFor({ timeout: 30_000 });
      await viewShot(page, 'you-phone-three-players');
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await axeViolations(page)).toEqual([]);
      await viewShot(page, 'you-phone-three-players-dark');
    } finally {
      await ctx.close();
    }
  });
});

describe('a premove the board no longer takes', () => {
  it('is refused cleanly when its column filled up meanwhile, and the turn stays yours', async () => {
    const b = env.handle.browser;
    const ca = await newContext(b, env.server.base, { viewport: DESK, locale: 'en-US' });
    const cb = await newContext(b, env.server.base, { viewport: DESK, locale: 'en-US' });
    try {
      const r = await ca.request.post('/api/tables', {
        data: { game: 'four', variant: 'classic', rated: false, visibility: 'link', opponent: { kind: 'person' } },
      });
      const url = ((await r.json()) as { url: string }).url;
      const A = await ca.newPage();
      const B = await cb.newPage();
      await A.goto(url);
      await A.locator('.seat').first().waitFor();
      await B.goto(url);
      await A.locator('#turn.mine').waitFor();
      // Five discs in column d (A, B, A, B, A); B to move.
      for (let i = 0; i < 5; i++) {
        const p = i % 2 === 0 ? A : B;
        await p.locator('#turn.mine').waitFor();
        await clickColumn(p, 3);
        await waitMoves(A, i + 1);
        await waitMoves(B, i + 1);
      }
      // A chooses d ahead; B fills it with the sixth disc.
      await clickColumn(A, 3);
      await A.locator('#premove').waitFor();
      await clickColumn(B, 3);
      await waitMoves(A, 6);
      await A.locator('.status-line .error').waitFor();
      expect(await A.textContent('.status-line .error')).toBe(
        'Your premove in column d could no longer be played, so it was dropped.',
      );
      expect(await A.locator('#premove').count()).toBe(0);
      expect(await A.locator('#turn.mine').count()).toBe(1);
      expect(await moveCount(A)).toBe(6);
      // The turn is still A's: a legal move goes through.
      await clickColumn(A, 2);
      await waitMoves(B, 7);
    } finally {
      await ca.close();
      await cb.close();
    }
  });
});
