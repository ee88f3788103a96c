// Against the computer: one click from the home page starts a game; a desktop
// player finishes a game by clicking, a phone player plays by two taps.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newContext, PHONE } from './browser';
import { clickColumn, moveCount, openColumns, shot, tapColumn, waitMoves } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();

async function quickPlay(page: Page, variant: string, level: string): Promise<void> {
  await page.goto('/');
  await page.selectOption('#quick-variant', variant);
  await page.selectOption('#quick-level', level);
  await page.click('#quick-play');
  await page.waitForURL(/\/t\//);
  await page.locator('.seat').first().waitFor();
}

// Plays until the game ends; `move` makes one move in a column that is open.
async function playOut(page: Page, width: number, height: number, move: (c: number) => Promise<void>): Promise<number> {
  let mine = 0;
  for (let i = 0; i < width * height; i++) {
    const turnOrEnd = page.locator('#turn.mine, #game-result, #match-result');
    await turnOrEnd.first().waitFor({ timeout: 30_000 });
    if ((await page.locator('#game-result, #match-result').count()) > 0) return mine;
    const before = await moveCount(page);
    const open = await openColumns(page, width, height);
    // Prefer the middle columns so games do not fill one side first.
    open.sort((a, b) => Math.abs(a - (width - 1) / 2) - Math.abs(b - (width - 1) / 2) || a - b);
    await move(open[mine % Math.min(open.length, 3)]);
    await waitMoves(page, before + 1);
    mine++;
  }
  throw new Error('the game did not end');
}

describe('playing the computer', () => {
  let ctx: BrowserContext;
  afterAll(async () => ctx?.close());

  it('starts in one click and plays a whole game by mouse to a result', async () => {
    ctx = await newContext(env.handle.browser, env.server.base);
    const page = await ctx.newPage();
    await quickPlay(page, 'classic', '1');
    expect(await page.locator('.seat').nth(1).textContent()).toMatch(/Computer \(level 1\)/);
    const mine = await playOut(page, 7, 6, (c) => clickColumn(page, c));
    expect(mine).toBeGreaterThan(2);
    const result = (await page.textContent('#game-result h2, #match-result h2')) ?? '';
    expect(result).toMatch(/You win the game!|You lose the game\.|The game is drawn\.|You (win|lose) the match/);
    expect(await page.textContent('#game-result p, #match-result p')).toMatch(/^By /);
    // The computer's moves are in the move list too: it answered every move.
    expect(await moveCount(page)).toBeGreaterThanOrEqual(2 * mine - 1);
    await shot(page, 'desktop-vs-computer-game-over');
  });
});

describe('three players against the computer', () => {
  it('starts in one click with two computer seats that answer in turn (RULES.md A10)', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base);
    const page = await ctx.newPage();
    await quickPlay(page, 'three-players', '1');
    const seats = await page.locator('.seat').allTextContents();
    expect(seats).toHaveLength(3);
    expect(seats[1]).toMatch(/Computer \(level 1\)/);
    expect(seats[2]).toMatch(/Computer \(level 1\)/);
    for (let i = 0; i < 3; i++) {
      await page.locator('#turn.mine').waitFor({ timeout: 30_000 });
      const before = await moveCount(page);
      await clickColumn(page, 4 - i);
      // My move and both computers' answers.
      await waitMoves(page, before + 3);
    }
    await shot(page, 'desktop-three-players-vs-computer');
    await ctx.close();
  });
});

describe('PopOut against the computer', () => {
  it('pops one of my bottom discs by clicking it (RULES.md A7)', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base);
    const page = await ctx.newPage();
    await quickPlay(page, 'popout', '1');
    // Drop until one of my discs on the bottom row may be popped, then pop it.
    for (let i = 0; i < 10; i++) {
      await page.locator('#turn.mine').waitFor({ timeout: 30_000 });
      if ((await page.locator('.disc.poppable').count()) > 0) break;
      const before = await moveCount(page);
      await clickColumn(page, i % 7);
      await waitMoves(page, before + 1);
    }
    const poppable = page.locator('.disc.poppable').first();
    const cell = (await poppable.getAttribute('data-cell'))!;
    expect(cell).toMatch(/^[a-g]1$/);
    await shot(page, 'desktop-popout-pop-offered');
    const before = await moveCount(page);
    const box = (await poppable.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('.disc.aimed').waitFor();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await waitMoves(page, before + 1);
    expect((await page.locator('#moves li').nth(before).textContent())?.endsWith(` ${cell[0]}^`)).toBe(true);
    await ctx.close();
  });
});

describe('a phone plays by two taps', () => {
  let ctx: BrowserContext;
  afterAll(async () => ctx?.close());

  it('selects a column with the first tap and drops with the second', async () => {
    ctx = await newContext(env.handle.browser, env.server.base, PHONE);
    const page = await ctx.newPage();
    await quickPlay(page, 'small', '1');
    await page.locator('#turn.mine').waitFor({ timeout: 30_000 });
    // The page fits the phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // A phone is told to tap, not given the keys; its buttons are 44 px high at least.
    expect(await page.textContent('.board-help')).toBe('Tap a column to choose it, tap it again to drop.');
    expect((await page.locator('#resign-game').boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const before = await moveCount(page);
    await tapColumn(page, 2);
    // First tap: the disc hovers over column c, the column is lit, the hint
    // says to tap again; nothing is played.
    await page.locator('.disc.hover.selected').waitFor();
    expect(await page.locator('.aim-col').count()).toBe(1);
    expect(await page.textContent('.board-help.tap-again')).toBe('Tap column c again to drop, or tap another column.');
    await page.waitForTimeout(400);
    expect(await moveCount(page)).toBe(before);
    await shot(page, 'phone-column-selected');
    await tapColumn(page, 2);
    await waitMoves(page, before + 1);
    expect((await page.locator('#moves li').nth(before).textContent())?.endsWith(' c')).toBe(true);
    // A tap on another column only moves the selection.
    await page.locator('#turn.mine').waitFor({ timeout: 30_000 });
    const mid = await moveCount(page);
    await tapColumn(page, 1);
    await tapColumn(page, 3);
    await page.waitForTimeout(400);
    expect(await moveCount(page)).toBe(mid);
    await tapColumn(page, 3);
    await waitMoves(page, mid + 1);
    await shot(page, 'phone-game-in-progress');
  });

  it('plays the game to its end by taps', async () => {
    const page = ctx.pages()[0];
    await playOut(page, 6, 5, async (c) => {
      await tapColumn(page, c);
      await tapColumn(page, c);
    });
    await page.locator('#game-result, #match-result').first().waitFor();
    await shot(page, 'phone-game-over');
  });
});
