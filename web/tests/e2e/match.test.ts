// Two people play a whole rated two-game match in two browser contexts: one by
// mouse, one by keyboard (RULES.md A3, A4, C). Game 1: Red wins in column a;
// game 2 (colours swapped): the board fills with no line, a draw. 1½:½.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import {
  clickColumn,
  clockMs,
  col,
  keyArrows,
  keyDigit,
  moveCount,
  moveTexts,
  shot,
  waitMoves,
  openMoreSettings,
} from './helpers';
import { useServerAndBrowser } from './setup';

// A full 7x6 board with no line of four for either colour, Red first.
const DRAW = 'aaaaaabbbbbbeccccccddddddeeeeefffffggggggf';

const env = useServerAndBrowser();
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let A: Page; // plays by mouse
let B: Page; // plays by keyboard
let ctxC: BrowserContext;
let C: Page; // watches

beforeAll(async () => {
  const browser = env.handle.browser;
  const server = env.server;
  ctxA = await newContext(browser, server.base);
  ctxB = await newContext(browser, server.base);
  A = await ctxA.newPage();
  B = await ctxB.newPage();
  ctxC = await newContext(browser, server.base);
  C = await ctxC.newPage();
});

async function whoseTurn(): Promise<Page> {
  for (let i = 0; i < 150; i++) {
    for (const p of [A, B]) if ((await p.locator('#turn.mine').count()) > 0) return p;
    await A.waitForTimeout(100);
  }
  throw new Error('nobody is to move');
}

let keyboardMoves = 0;
async function play(moves: string): Promise<void> {
  for (const m of moves) {
    const before = await moveCount(A);
    const p = await whoseTurn();
    if (p === A) await clickColumn(A, col(m));
    else if (keyboardMoves++ % 2 === 0) await keyDigit(B, col(m));
    else await keyArrows(B, col(m), 7);
    await waitMoves(A, before + 1);
    await waitMoves(B, before + 1);
  }
}

describe('a rated two-game match between two browsers', () => {
  it('creates a rated table from the home page and shares it by link', async () => {
    await A.goto('/');
    await openMoreSettings(A);
    await A.selectOption('#c-variant', 'classic');
    await A.selectOption('#c-visibility', 'link');
    await A.fill('#c-minutes', '5');
    await A.fill('#c-increment', '2');
    expect(await A.isChecked('#c-rated')).toBe(true);
    await A.click('#create-submit');
    await A.waitForURL(/\/t\/[A-Za-z0-9]+$/);
    const link = await A.inputValue('#share-url');
    expect(link).toBe(A.url());
    await A.click('#copy-link');
    // The clipboard write is asynchronous: the status follows when it is done.
    await A.locator('.share .form-status', { hasText: 'Link copied.' }).waitFor({ timeout: 5_000 });
    expect(await A.textContent('.share .form-status')).toBe('Link copied.');
    await B.goto(link);
    await A.locator('#turn').waitFor();
    await B.locator('#turn').waitFor();
    expect(await A.locator('.table-title .badge').textContent()).toBe('Rated');
    expect(await A.textContent('#score')).toBe('0:0');
  });

  it("lets a third person watch, counted as a spectator on the players' pages", async () => {
    await C.goto(A.url());
    await C.locator('.seat').first().waitFor();
    expect(await C.textContent('.status-line')).toContain('You are watching this match.');
    expect(await C.locator('.seat.you').count()).toBe(0);
    await A.waitForFunction(() => document.querySelector('#spectators')?.textContent === 'Spectators: 1');
  });

  it('runs the clock of the player to move only, on both pages', async () => {
    const mover = await whoseTurn();
    const seat = mover === A ? 0 : 1;
    const other = 1 - seat;
    const a0 = await clockMs(A, seat);
    const b0 = await clockMs(B, seat);
    await A.waitForTimeout(1500);
    const a1 = await clockMs(A, seat);
    const b1 = await clockMs(B, seat);
    expect(a0 - a1).toBeGreaterThanOrEqual(1000);
    expect(b0 - b1).toBeGreaterThanOrEqual(1000);
    expect(Math.abs(a1 - b1)).toBeLessThanOrEqual(1500);
    expect(await clockMs(A, other)).toBe(300_000);
    expect(await A.locator(`.clock[data-seat="${seat}"]`).getAttribute('class')).toContain('running');
  });

  it('game 1: Red makes four in column a; both pages show the result and 1:0', async () => {
    await play('abab');
    await shot(A, 'desktop-game-in-progress');
    await shot(B, 'desktop-game-in-progress-keyboard-player');
    await play('aba');
    for (const p of [A, B]) {
      await p.locator('#game-result').waitFor();
      expect(await p.textContent('#score')).toBe('1:0');
      expect(await p.locator('.disc.win').count()).toBe(4);
    }
    expect(await A.textContent('#game-result h2')).toBe('You win the game!');
    // The spectator saw every move and the result.
    await C.locator('#game-result').waitFor();
    expect(await moveCount(C)).toBe(7);
    expect(await B.textContent('#game-result h2')).toBe('You lose the game.');
    expect(await moveTexts(A)).toEqual(['1. ● a', '2. ○ b', '3. ● a', '4. ○ b', '5. ● a', '6. ○ b', '7. ● a']);
    // The announcement of the last move reached the live region.
    expect(await B.textContent('#announcer')).toMatch(/a/);
  });

  it('waits for Ready from both before game 2', async () => {
    await A.click('#ready');
    await A.locator('#ready[disabled]').waitFor();
    expect(await B.locator('#turn').count()).toBe(0);
    await B.locator('.ready-mark').waitFor();
    await B.click('#ready');
    await A.locator('#turn').waitFor();
    await B.locator('#turn').waitFor();
    expect(await A.textContent('.game-no')).toBe('Game 2 of 2');
    expect(await moveCount(A)).toBe(0);
  });

  it('game 2 swaps colours: B is Red and moves first', async () => {
    expect(await B.locator('#turn.mine').count()).toBe(1);
    expect(await B.locator('.seat.you .side-icon').textContent()).toBe('●');
  });

  it('game 2 fills the board with no line: a draw, the match ends 1½:½ with rating changes', async () => {
    await play(DRAW);
    for (const p of [A, B]) {
      await p.locator('#match-result').waitFor();
      expect(await p.textContent('#score')).toBe('1½:½');
      const ratings = await p.locator('.rating-change').allTextContents();
      expect(ratings).toHaveLength(2);
    }
    expect(await A.textContent('#match-result h2')).toBe('You win the match 1½:½.');
    expect(await B.textContent('#match-result h2')).toBe('You lose the match ½:1½.');
    const mineA = (await A.textContent('.rating-change.mine')) ?? '';
    const mineB = (await B.textContent('.rating-change.mine')) ?? '';
    expect(mineA).toMatch(/1500 → \d+ \(\+\d+\)/);
    expect(mineB).toMatch(/1500 → \d+ \(−\d+\)/);
    await shot(A, 'desktop-match-over-winner');
    await shot(B, 'desktop-match-over-loser');
  });
});
