// twiceFour in the browser: pick a piece, then its target (RULES.md C), until
// the round ends.
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { moveTexts, shot, twiceTurn } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();

describe('twiceFour', () => {
  it('plays a round against the computer by picking pieces and targets', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base);
    const page = await ctx.newPage();
    await page.goto('/');
    await page.selectOption('#quick-variant', 'twicefour');
    await page.selectOption('#quick-level', '1');
    await page.click('#quick-play');
    await page.waitForURL(/\/t\//);
    // RULES.md B2: pick a piece first; the computer takes the other one.
    await page.click('#choose-cross');
    await page.locator('.board.twice .piece').first().waitFor();
    expect(await page.locator('.board.twice .piece').count()).toBe(10);
    let mine = 0;
    for (let i = 0; i < 60; i++) {
      const going = await twiceTurn(page, async () => {
        const pieces = page.locator('.board.twice .piece.movable');
        const n = await pieces.count();
        await pieces.nth(mine % n).click();
        const targets = page.locator('.board.twice .point.target');
        expect(await targets.count()).toBeGreaterThan(0);
        await targets.first().click();
      });
      if (!going) break;
      if (mine === 2) await shot(page, 'desktop-twicefour-in-progress');
      mine++;
    }
    await page.locator('#game-result, #match-result').first().waitFor({ timeout: 30_000 });
    for (const line of await moveTexts(page)) expect(line).toMatch(/^\d+\. [✕◯] ([a-e][1-5]-[a-e][1-5]|pass)$/);
    // twiceFour speaks of rounds, not games (RULES.md B5, B6).
    const result = (await page.textContent('#game-result h2, #match-result h2')) ?? '';
    expect(result).toMatch(/You win the round!|You lose the round\.|The round is drawn\.|You (win|lose) the match/);
    if ((await page.locator('#ready').count()) > 0) expect(await page.textContent('#ready')).toMatch(/round/);
    // The move list scrolls to the newest move rather than clipping it.
    const newestVisible = await page.evaluate(() => {
      const list = document.getElementById('moves');
      const last = list?.lastElementChild;
      if (!list || !last) return false;
      const a = list.getBoundingClientRect();
      const b = last.getBoundingClientRect();
      return b.top >= a.top - 1 && b.bottom <= a.bottom + 1;
    });
    expect(newestVisible).toBe(true);
    await shot(page, 'desktop-twicefour-round-over');
    await ctx.close();
  });
});
