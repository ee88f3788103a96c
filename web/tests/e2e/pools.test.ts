// Play someone now (protocol.md 2.19) in two browsers: the home page shows
// the pools with how many wait in each; a guest who picks one waits (with a
// cancel button) until a second guest picks the same pool; both land at
// one started table and play its rated two-game match to the end, colours
// swapped for game 2. Screenshots of the pools and the wait in both themes
// and at phone width 390 (and the wait in Greek, Turkish and Dutch); axe
// finds nothing on the waiting page.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { axeViolations, clickColumn, col, moveCount, shot, waitMoves, whoseTurn } from './helpers';
import { useServerAndBrowser } from './setup';

const POOL = 'classic-3-2-rated';
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true };

const env = useServerAndBrowser();
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let A: Page;
let B: Page;

beforeAll(async () => {
  ctxA = await newContext(env.handle.browser, env.server.base);
  ctxB = await newContext(env.handle.browser, env.server.base, PHONE);
  A = await ctxA.newPage();
  B = await ctxB.newPage();
});

// Plays `moves` by clicks, each by whoever is to move, seen on both pages.
async function play(moves: string): Promise<void> {
  for (const m of moves) {
    const before = await moveCount(A);
    const p = await whoseTurn([A, B]);
    await clickColumn(p, col(m));
    await waitMoves(A, before + 1);
    await waitMoves(B, before + 1);
  }
}

function poolButton(p: Page): ReturnType<Page['locator']> {
  return p.locator(`button.pool[data-pool="${POOL}"]`);
}

describe('play someone now', () => {
  it('shows the pools of a variant, each with its clock and how many wait', async () => {
    await A.goto('/');
    await poolButton(A).waitFor();
    expect(await A.textContent('#pools-h')).toBe('Play someone now');
    const clocks = await A.locator('button.pool .pool-clock').allTextContents();
    expect(clocks).toEqual([
      '3 min + 2 s',
      '3 min + 2 s',
      '5 min + 5 s',
      '5 min + 5 s',
      '10 min + 5 s',
      '10 min + 5 s',
    ]);
    expect(await poolButton(A).textContent()).toContain('0 waiting');
    await shot(A, 'pools-home-1280');
    await A.evaluate(() => localStorage.setItem('fourtable.theme', 'dark'));
    await A.reload();
    await poolButton(A).waitFor();
    await shot(A, 'pools-home-1280-dark');
    await A.evaluate(() => localStorage.setItem('fourtable.theme', 'light'));
    await A.selectOption('#pool-variant', 'popout');
    expect(await A.locator('button.pool .pool-clock').allTextContents()).toEqual([
      '5 min + 5 s',
      '5 min + 5 s',
      '10 min + 5 s',
    ]);
    await A.selectOption('#pool-variant', 'classic');
  });

  it('waits in a pool with a cancel button, and the other page counts the wait', async () => {
    await poolButton(A).click();
    await A.locator('#pool-waiting').waitFor();
    expect(await A.textContent('.pool-searching')).toBe('Looking for an opponent…');
    expect(await A.textContent('.pool-which')).toBe('Classic · 3 min + 2 s · Rated');
    expect(await A.textContent('.pool-detail')).toMatch(/^0:0\d · rating ±100$/);
    expect(await axeViolations(A)).toEqual([]);
    await shot(A, 'pools-waiting-1280');
    // Cancelled, the pools are back; waiting again for the pairing below.
    await A.click('#pool-cancel');
    await poolButton(A).waitFor();
    await poolButton(A).click();
    await A.locator('#pool-waiting').waitFor();

    await B.goto('/');
    // The count comes from the server's pass (about once a second) and the
    // page refreshes it every 5 s.
    await B.locator(`button.pool[data-pool="${POOL}"] .pool-count`, { hasText: '1 waiting' }).waitFor({
      timeout: 12_000,
    });
    expect(await B.locator('#pool-variant option:checked').textContent()).toBe('Classic (1 waiting)');
    const width = await B.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(B, 'pools-home-390');
    await B.evaluate(() => localStorage.setItem('fourtable.theme', 'dark'));
    await B.reload();
    await poolButton(B).waitFor();
    await shot(B, 'pools-home-390-dark');
    await B.evaluate(() => localStorage.removeItem('fourtable.theme'));
  });

  it('pairs the second guest of the pool with the first at one started table', async () => {
    await poolButton(B).click();
    await A.waitForURL(/\/t\/[A-Za-z0-9]+$/, { timeout: 15_000 });
    await B.waitForURL(/\/t\/[A-Za-z0-9]+$/, { timeout: 15_000 });
    expect(new URL(A.url()).pathname).toBe(new URL(B.url()).pathname);
    await A.locator('#turn').waitFor();
    await B.locator('#turn').waitFor();
    expect(await A.locator('.table-title .badge').textContent()).toBe('Rated');
    expect(await A.locator('.seat.you').count()).toBe(1);
    expect(await B.locator('.seat.you').count()).toBe(1);
    expect(await A.textContent('.game-no')).toBe('Game 1 of 2');
    await shot(B, 'pools-paired-table-390');
  });

  it('plays the rated match to its end: one game each, colours swapped, ratings changed', async () => {
    const red1 = await whoseTurn([A, B]);
    await play('abababa');
    for (const p of [A, B]) {
      await p.locator('#game-result').waitFor();
      expect(await p.textContent('#score')).toBe('1:0');
    }
    await A.click('#ready');
    await B.click('#ready');
    await A.locator('#turn').waitFor();
    await B.locator('#turn').waitFor();
    expect(await A.textContent('.game-no')).toBe('Game 2 of 2');
    // The colours swapped: game 2's first mover is game 1's second.
    const red2 = await whoseTurn([A, B]);
    expect(red2).not.toBe(red1);
    await play('abababa');
    for (const p of [A, B]) {
      await p.locator('#match-result').waitFor();
      expect(await p.textContent('#score')).toBe('1:1');
      expect(await p.locator('.rating-change').allTextContents()).toHaveLength(2);
    }
    await shot(A, 'pools-match-over-1280');
  });

  it('shows no wait on the home page afterwards', async () => {
    await A.goto('/');
    await poolButton(A).waitFor();
    expect(await A.locator('#pool-waiting').count()).toBe(0);
  });

  it('says it in Greek, Turkish and Dutch too, within a phone width', async () => {
    for (const [lang, title] of [
      ['el', 'Παίξε τώρα με κάποιον'],
      ['tr', 'Hemen biriyle oyna'],
      ['nl', 'Nu tegen iemand spelen'],
    ]) {
      await B.goto(`/?lang=${lang}`);
      await poolButton(B).waitFor();
      expect(await B.textContent('#pools-h')).toBe(title);
      expect(await B.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await poolButton(B).click();
      await B.locator('#pool-waiting').waitFor();
      await shot(B, `pools-waiting-390-${lang}`);
      await B.click('#pool-cancel');
      await poolButton(B).waitFor();
    }
  });
});
