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
    expect(await page.textContent('#puzzle-status')).toBe(
      'c2-d2 completes an already counted line: no point. Try again.',
    );
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

  // RULES.md B2 (2026-12-01): the page draws the start it describes, in every language.
  for (const lang of ['en', 'tr', 'el', 'nl']) {
    it(`draws the start position (${lang})`, async () => {
      const ctx = await newContext(env.handle.browser, env.server.base);
      const page = await ctx.newPage();
      await page.goto(`/rules.html?v=twicefour&lang=${lang}`);
      await page.locator('#twice-start .piece').first().waitFor();
      const at = (side: number) =>
        page
          .locator(`#twice-start .piece.side-${side}`)
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-point')).sort());
      expect(await at(0)).toEqual(['b1', 'b2', 'c1', 'd1', 'd2']);
      expect(await at(1)).toEqual(['b4', 'b5', 'c5', 'd4', 'd5']);
      const text = (await page.textContent('article.rules')) ?? '';
      expect(text).toMatch(/b1, c1, d1, b2, d2/);
      expect(text).toMatch(/d5, c5, b5, d4, b4/);
      if (lang === 'en') await shot(page, 'rules-twicefour-start');
      await ctx.close();
    });
  }
});
