// A player's whole journey in one flow: two guests play a rated match to its end
// in two browsers (game 1 Red wins on the bottom row after 27 moves, game 2
// the same player, now Yellow, wins in column a: 2:0). The winner's profile opens from the result
// box and shows the rating, the chart and the match; game 1 opens from it,
// is stepped through with the keyboard and shows its exact analysis with a
// marked mistake; the leaderboard lists the winner; the winner keeps the name
// with a password, and a second browser that logs in with it sees the same
// profile as its own. The server lists deviations below 500 here, so one
// match is enough (the threshold itself: tests/server/profiles_test.cpp).
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import {
  axeViolations,
  clickColumn,
  col,
  createLinkTable,
  keepName,
  logIn,
  moveCount,
  openPanel,
  shot,
  stepWithKeys,
  waitMoves,
  whoseTurn,
} from './helpers';
import { useServerAndBrowser } from './setup';

// No opening book for this server: the game's opening plies then take the
// analysis budget each, so the start is still pending when the test looks
// (with the book they are answered at once and the analysis may be done).
const env = useServerAndBrowser(['--leaderboard-rd', '500'], { FOURTABLE_BOOK: '/nonexistent/no.book' });
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
const GAME_1 = 'aaaaaa' + 'gggggg' + 'bbbbbb' + 'ffffff' + 'dce';

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

    // Columns a, g, b, f filled (Red at the bottom of each), then Red d,
    // Yellow c, Red e: four on the bottom row, d to g. Late moves, so the
    // analysis solves their positions in moments.
    await play(GAME_1);
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
    expect(await winner.textContent('#match-result h2')).toBe('You win the match 2:0.');
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

  it('opens game 1 from the profile, steps through it by keyboard, shows a marked mistake', async () => {
    await loser.locator('#matches .c-games a').first().click();
    await loser.waitForURL(/\/g\/[A-Za-z0-9]+-1$/);
    await loser.locator('.game-moves .move-btn').first().waitFor();
    expect(await loser.textContent('.game-ply')).toBe('Move 27 of 27');
    await stepWithKeys(loser, 27);
    // The analysis runs from the last position back, so the late moves are
    // marked first: Yellow's f (move 24) lets Red make two threats on the
    // bottom row; c, d or e held the draw (fourtable solve --analyze on
    // 11111177777722222266666: - - 0 0 0 -8 -).
    const mistake = loser.locator('.move-btn.mistake', { hasText: '24. ○ f' });
    await mistake.waitFor({ timeout: 60_000 });
    expect(await mistake.textContent()).toMatch(/^24\. ○ f\?/);
    expect(await mistake.locator('xpath=..').locator('.move-why').textContent()).toBe(
      'f lost the draw: c or d or e draws.',
    );
    // The opening plies come last: the start is still pending, and says so.
    await loser.keyboard.press('Home');
    expect(await loser.locator('.game-board .pending').textContent()).toBe(
      'Not analysed yet: the analysis works from the last move back to the first.',
    );
    expect(await loser.textContent('.analysis-status')).toMatch(/^Analysing: \d+ of 27 positions done/);
    await shot(loser, 'game-page-running-1280x800');
    await loser.keyboard.press('End');
    for (let i = 0; i < 4; i++) await loser.keyboard.press('ArrowLeft');
    expect(await loser.textContent('.game-ply')).toBe('Move 23 of 27');
    // The long list scrolls in its box to the shown move.
    const shown = await loser.evaluate(() => {
      const list = document.querySelector('.game-moves')!.getBoundingClientRect();
      const move = document.querySelector('.game-moves [aria-current="step"]')!.getBoundingClientRect();
      return move.top >= list.top && move.bottom <= list.bottom;
    });
    expect(shown).toBe(true);
    const scores = loser.locator('.scores .mv-score');
    expect(await scores.evaluateAll((li) => li.map((x) => x.getAttribute('data-move')))).toEqual(['c', 'd', 'e', 'f']);
    expect(await loser.locator('.scores .mv-score.best').count()).toBe(3);
    expect(await loser.locator('.scores .mv-score[data-move="f"]').getAttribute('class')).toContain('score-loss');
    await shot(loser, 'game-page-7x6-1280x800');
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

  it('keeps the name with a password; a second browser logs in and sees the same profile', async () => {
    const kept = 'Winner Wren';
    const password = 'a long kept password';
    await openPanel(winner);
    await keepName(winner, kept, password);
    const ctxC = await newContext(env.handle.browser, env.server.base, DESKTOP_800);
    const C = await ctxC.newPage();
    await C.goto('/');
    await openPanel(C);
    await Promise.all([C.waitForEvent('load'), logIn(C, kept, password)]);
    await C.goto(profileUrl);
    await C.locator('#ratings').waitFor();
    expect(await C.textContent('h1')).toBe(kept);
    expect(await C.locator('.rating-card[data-pool="classic"] .rating-value').textContent()).toBe(`${newRating}?`);
    // The second browser is that player: its own line on the leaderboard.
    await C.goto('/leaderboard/classic');
    await C.locator('#leaderboard').waitFor();
    const first = C.locator('#leaderboard tbody tr').first();
    expect(await first.getAttribute('class')).toBe('me');
    expect(await first.locator('td').nth(1).textContent()).toBe(kept);
    await ctxC.close();
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
