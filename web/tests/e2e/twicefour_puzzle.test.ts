// The RULES.md B4 worked example as a puzzle on the twiceFour rules page, by
// pointer and by keyboard.
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { shot } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();

describe('the twiceFour rules page', () => {
  it('the rules page puzzle: d4-e4 wins the round, c2-d2 scores nothing', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base);
    const page = await ctx.newPage();
    await page.goto('/rules.html?v=twicefour&lang=en');
    const board = page.locator('#puzzle .board.twice');
    await board.waitFor();
    await page.click('#puzzle [data-point="c2"].piece');
    await page.click('#puzzle circle[data-point="d2"]');
    expect(await page.textContent('#puzzle-status')).toBe('c2-d2 completes an already counted line: no point. Try again.');
    await page.click('#puzzle-reset');
    expect(await page.textContent('#puzzle-status')).toMatch(/^Cross to move/);
    // By keyboard, on a fresh page: the cursor starts at c3; d4 is one right and one up.
    await page.reload();
    await board.focus();
    for (const k of ['ArrowRight', 'ArrowUp', 'Enter', 'ArrowRight', 'Enter']) await page.keyboard.press(k);
    expect(await page.textContent('#puzzle-status')).toBe('d4-e4: the second point. The round is won!');
    await shot(page, 'rules-twicefour-puzzle-solved');
    await ctx.close();
  });
});
