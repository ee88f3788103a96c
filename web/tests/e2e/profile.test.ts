// The player page and the leaderboard (issue 17): two guests play a rated
// match to its end in two browsers (game 1 Red wins in column a, game 2 the
// same player, now Yellow, wins in column a: 2:0). The winner's profile opens
// from the result box and shows the rating, the chart and the match; the
// leaderboard lists the winner. The server lists deviations below 500 here,
// so one match is enough (the threshold itself: tests/server/profiles_test.cpp).
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { axeViolations, clickColumn, col, createLinkTable, moveCount, shot, waitMoves, whoseTurn } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser(['--leaderboard-rd', '500']);
const DESKTOP_800 = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };
const PHONE_390 = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
};

let ctxA: BrowserContext;
let ctxB: BrowserContext;
let A: Page;
let B: Page;
let winner: Page;
let loser: Page;
let winnerName = '';
let loserName = '';
let newRating = 0;
let profileUrl = '';

beforeAll(async () => {
  ctxA = await newContext(env.handle.browser, env.server.base, DESKTOP_800);
  ctxB = await newContext(env.handle.browser, env.server.base, DESKTOP_800);
  A = await ctxA.newPage();
  B = await ctxB.newPage();
});

async function play(moves: string): Promise<void> {
  for (const m of moves) {
    const before = await moveCount(A);
    await clickColumn(await whoseTurn([A, B]), col(m));
    await waitMoves(A, before + 1);
    await waitMoves(B, before + 1);
  }
}

describe('profile and leaderboard after a rated match', () => {
  it('plays a rated match to its end: 2:0', async () => {
    // The full form's defaults: classic 7x6, a rated match.
    await createLinkTable(A);
    expect(await A.locator('.table-title .badge').textContent()).toBe('Rated');
    await B.goto(A.url());
    await A.locator('#turn').waitFor();
    await B.locator('#turn').waitFor();
    // The seats link to the players' profiles.
    const seatLinks = await A.locator('.seat .seat-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(seatLinks).toHaveLength(2);
    for (const href of seatLinks) expect(href).toMatch(/^\/p\/p_\d+$/);

    await play('abababa');
    for (const p of [A, B]) await p.locator('#game-result').waitFor();
    winner = (await A.textContent('#game-result h2')) === 'You win the game!' ? A : B;
    loser = winner === A ? B : A;
    winnerName = (await winner.locator('.seat.you .seat-link').textContent()) ?? '';
    loserName = (await loser.locator('.seat.you .seat-link').textContent()) ?? '';
    expect(winnerName).not.toBe('');
    await A.click('#ready');
    await B.click('#ready');
    await A.locator('#turn').waitFor();
    // Game 2: colours swapped; Yellow (the winner of game 1) makes four in a.
    await play('bababaca');
    for (const p of [A, B]) await p.locator('#match-result').waitFor();
    expect(await winner.textContent('#match-result h2')).toContain('wins the match 2:0');
    const mine = (await winner.textContent('.rating-change.mine')) ?? '';
    newRating = Number(/→ (\d+)/.exec(mine)?.[1]);
    expect(newRating).toBeGreaterThan(1500);
  });

  it("opens the winner's profile from the result box: rating, chart, the match", async () => {
    // Winner first in the result box, each name a link.
    const links = loser.locator('#result-profiles a');
    expect(await links.allTextContents()).toEqual([winnerName, loserName]);
    await links.first().click();
    await loser.waitForURL(/\/p\/p_\d+$/);
    profileUrl = loser.url();
    await loser.locator('#ratings').waitFor();
    await loser.locator('#matches').waitFor();
    expect(await loser.textContent('h1')).toBe(winnerName);
    const card = loser.locator('.rating-card[data-pool="classic"]');
    // One match leaves the deviation high: provisional, "1662?" as lichess writes it.
    expect(await card.locator('.rating-value').textContent()).toBe(`${newRating}?`);
    expect(await card.locator('h3').textContent()).toBe('Classic');
    // The chart: from 1500 to the new rating, two points.
    const chart = card.locator('svg.rating-chart');
    expect(await chart.getAttribute('aria-label')).toBe(
      `Rating history in Classic: from 1500 to ${newRating}, rated matches: 1`,
    );
    expect(await chart.locator('circle.dot').count()).toBe(2);
    const ys = await chart.locator('circle.dot').evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('cy'))));
    expect(ys[1]).toBeLessThan(ys[0]); // the rating went up
    expect(await loser.locator('#counts .win dd').textContent()).toBe('1');
    expect(await loser.locator('#counts .loss dd').textContent()).toBe('0');
    const rows = loser.locator('#matches tbody tr');
    expect(await rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.locator('.c-opp').textContent()).toBe(loserName);
    expect(await row.locator('.c-score').textContent()).toBe('2:0');
    expect(await row.locator('.c-res').textContent()).toBe('Win');
    expect(await row.locator('.c-change').textContent()).toMatch(/^\+\d+$/);
    const games = await row.locator('.c-games a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(games).toHaveLength(2);
    expect(games[0]).toMatch(/^\/g\/[A-Za-z0-9]+-1$/);
    expect(await loser.locator('#more-matches').count()).toBe(0);
    expect(await axeViolations(loser)).toEqual([]);
  });

  it('lists the winner on the leaderboard, reached from the home page', async () => {
    await winner.goto('/');
    await winner.click('#leaderboards');
    await winner.waitForURL(/\/leaderboard\/classic$/);
    await winner.locator('#leaderboard').waitFor();
    expect(await winner.textContent('h1')).toBe('Leaderboard: Classic');
    const first = winner.locator('#leaderboard tbody tr').first();
    expect(await first.locator('td').allTextContents()).toEqual(['1', winnerName, String(newRating), '1']);
    // The viewer's own line is marked; it is in the list, so no extra place line.
    expect(await first.getAttribute('class')).toBe('me');
    expect(await winner.locator('#own-place').count()).toBe(0);
    expect(await winner.locator('.pool-nav a[aria-current="page"]').textContent()).toBe('Classic');
    expect(await axeViolations(winner)).toEqual([]);
  });

  it('screenshots at 1280x800 and 390x844', async () => {
    for (const [name, opts] of [
      ['desktop', DESKTOP_800],
      ['phone', PHONE_390],
    ] as const) {
      const ctx = await newContext(env.handle.browser, env.server.base, opts);
      const page = await ctx.newPage();
      await page.goto(profileUrl);
      await page.locator('#matches').waitFor();
      await page.locator('svg.rating-chart').waitFor();
      await shot(page, `profile-${name}`);
      await page.goto('/leaderboard/classic');
      await page.locator('#leaderboard').waitFor();
      await shot(page, `leaderboard-${name}`);
      await ctx.close();
    }
    await ctxA.close();
    await ctxB.close();
  });
});
