// A finished game on its page (/g/<table>-<n>): stepped through by keyboard
// and by the move list, with its exact analysis and a marked mistake; the
// analysis board: moves played on it get every column's exact score.
// Screenshots at 1280x800 and 390x844, and axe on both pages.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { axeViolations, col, keyDigit, moveCount, shot, stepWithKeys, waitMoves } from './helpers';
import { useServerAndBrowser } from './setup';

// A 5x4 game (small, so the server solves it in moments) that Red wins in
// column a. By `fourtable solve --analyze --width 5 --height 4`: Red's first
// move a turns the start's draw into a loss (scores a..e: -1 0 0 0 -1),
// and Yellow's 6th move b throws a win away (after ababa: a +1, b -7): two
// mistakes, one per player.
const MOVES = 'ababab' + 'a';
const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };
const PHONE = { viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true };

const env = useServerAndBrowser();
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let A: Page;
let B: Page;
let gameId = '';

// Up to 30 s: in the whole suite on two busy cores, the first move has
// once taken over 15 s to show (not explained yet).
async function whoseTurn(): Promise<Page> {
  for (let i = 0; i < 300; i++) {
    for (const p of [A, B]) if ((await p.locator('#turn.mine').count()) > 0) return p;
    await A.waitForTimeout(100);
  }
  throw new Error('nobody is to move');
}

beforeAll(async () => {
  ctxA = await newContext(env.handle.browser, env.server.base, DESKTOP);
  ctxB = await newContext(env.handle.browser, env.server.base, DESKTOP);
  A = await ctxA.newPage();
  B = await ctxB.newPage();
  // Two guests play a single game at a 5x4 table by keyboard.
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
    await keyDigit(await whoseTurn(), col(m));
    await waitMoves(A, before + 1);
  }
  await A.locator('#game-result, #match-result').first().waitFor();
  gameId = `${table}-1`;
});

afterAll(async () => {
  await ctxA?.close();
  await ctxB?.close();
});

describe('the game page', () => {
  it('shows the players, the result and the last position', async () => {
    await A.goto(`/g/${gameId}`);
    await A.locator('.game-moves .move-btn').first().waitFor();
    expect(await A.textContent('h1')).toBe(`Game ${gameId}`);
    expect(await A.textContent('.game-result')).toBe('Red won by four in a row.');
    expect(await A.locator('.game-players a[href^="/p/p_"]').count()).toBe(2);
    expect(await A.textContent('.game-ply')).toBe('Move 7 of 7');
    expect(await A.locator('.disc.win').count()).toBe(4);
  });

  it('steps through the game with the keyboard and the move list', async () => {
    await stepWithKeys(A, 7);
    await A.locator('.move-btn').nth(4).click();
    expect(await A.textContent('.game-ply')).toBe('Move 5 of 7');
    expect(await A.locator('.move-btn[aria-current="step"]').textContent()).toContain('5. ● a');
    // The buttons keep focus as the page redraws.
    await A.locator('button[data-key="game.back"]').focus();
    await A.keyboard.press('Enter');
    expect(await A.textContent('.game-ply')).toBe('Move 4 of 7');
    expect(await A.evaluate(() => (document.activeElement as HTMLElement).dataset.key)).toBe('game.back');
  });

  it('shows the exact analysis with the mistake marked and counted', async () => {
    await A.locator('.mistake-counts').waitFor({ timeout: 60_000 });
    const mistake = A.locator('.move-btn.mistake');
    expect(await mistake.count()).toBe(2);
    expect(await mistake.nth(0).textContent()).toMatch(/^1\. ● a\?/);
    expect(await mistake.nth(1).textContent()).toMatch(/^6\. ○ b\?/);
    // Each told in words under its move.
    expect(await A.locator('.move-why.mistake').allTextContents()).toEqual([
      'a lost the draw: b or c or d draws.',
      'b let the win go: a wins in 8.',
    ]);
    expect(await mistake.nth(1).locator('.mistake-mark').textContent()).toBe('?');
    // At the position before that move (5 moves played), a wins: marked
    // best; b a loss.
    await A.locator('.move-btn').nth(4).click();
    expect(await A.locator('.scores .mv-score.best').getAttribute('data-move')).toBe('a');
    expect(await A.locator('.scores .mv-score[data-move="b"]').getAttribute('class')).toContain('score-loss');
    expect(await A.locator('.mistake-counts .count-mistakes').allTextContents()).toEqual([
      'Mistakes: 1',
      'Mistakes: 1',
    ]);
    expect(await axeViolations(A)).toEqual([]);
    await A.setViewportSize({ width: 1280, height: 800 });
    await shot(A, 'game-page-1280x800');
  });

  it('opens the shown position as a new game against the computer', async () => {
    await A.goto(`/g/${gameId}`);
    await A.locator('.game-moves .move-btn').first().waitFor();
    // The last position is the win: no new game from it.
    await A.locator('.analyse-link').waitFor();
    expect(await A.locator('button.play-from').count()).toBe(0);
    await A.locator('.move-btn').nth(3).click();
    expect(await A.textContent('.game-ply')).toBe('Move 4 of 7');
    await Promise.all([A.waitForURL(/\/t\//), A.click('button.play-from')]);
    // Red, the player, is to move from the game's four discs.
    await A.locator('#turn.mine').waitFor();
    expect(await A.locator('.board.four .disc:not(.hover)').count()).toBe(4);
    expect(await moveCount(A)).toBe(0);
    await keyDigit(A, col('c'));
    await waitMoves(A, 2); // the player's c and the computer's answer
    expect(await A.locator('.board.four .disc:not(.hover)').count()).toBe(6);
  });

  it('fits a phone, and opens the position on the analysis board', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base, PHONE);
    const page = await ctx.newPage();
    await page.goto(`/g/${gameId}`);
    await page.locator('.mistake-counts').waitFor({ timeout: 60_000 });
    await page.locator('.move-btn').nth(4).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(page, 'game-page-390x844');
    await page.click('.analyse-link');
    await page.waitForURL(/\/analysis\?/);
    await page.locator('.scores .mv-score').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('.game-moves li').count()).toBe(5);
    await shot(page, 'analysis-board-390x844');
    await ctx.close();
  });
});

describe('the analysis board', () => {
  it('scores every column live as moves are played, and takes them back', async () => {
    await A.goto('/analysis?variant=classic&width=5&height=4&moves=');
    await A.locator('.scores .mv-score').first().waitFor({ timeout: 30_000 });
    expect(await A.locator('.scores .mv-score').count()).toBe(5);
    await A.locator('.board.four').focus();
    await A.keyboard.press('3');
    await A.waitForFunction(() => document.querySelectorAll('.game-moves li:not(.empty)').length === 1);
    await A.locator('.scores .mv-score').first().waitFor({ timeout: 30_000 });
    expect(await A.textContent('.analysis-status')).toBe('Yellow to move.');
    expect(A.url()).toContain('moves=c');
    expect(await axeViolations(A)).toEqual([]);
    await shot(A, 'analysis-board-1280x800');
    await A.click('button[data-key="undo"]');
    await A.waitForFunction(() => document.querySelectorAll('.game-moves li.empty').length === 1);
  });

  it('opens its position as a new game against the computer, who is to move', async () => {
    await A.goto('/analysis?variant=classic&width=5&height=4&moves=c,c,d');
    await A.locator('.scores .mv-score').first().waitFor({ timeout: 30_000 });
    await Promise.all([A.waitForURL(/\/t\//), A.click('button.play-from')]);
    // Yellow, the computer, moves first from the three discs; then the player.
    await A.locator('#turn.mine').waitFor();
    expect(await moveCount(A)).toBe(1);
    expect(await A.locator('.board.four .disc:not(.hover)').count()).toBe(4);
  });
});
