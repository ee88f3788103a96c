// The language switch: Turkish, Greek and Dutch pages, the choice remembered,
// and every page starting with the skip link and ending with the version footer.
import { describe, expect, it } from 'vitest';
import { LANG_NAMES } from '../../src/i18n';
import { el } from '../../src/i18n/el';
import { en } from '../../src/i18n/en';
import { nl } from '../../src/i18n/nl';
import { tr } from '../../src/i18n/tr';
import { newContext, PHONE } from './browser';
import { shot, openMoreSettings } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();

describe('languages and page frame', () => {
  it('starts every page with the skip link and ends it with version and commit', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base);
    const page = await ctx.newPage();
    for (const path of ['/', '/rules.html?v=popout']) {
      await page.goto(path);
      // The frame is drawn once the reader's dictionary has come, which may
      // be after the load event (i18n/index.ts).
      await page.locator('footer').waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(en.skip);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(await page.textContent('footer')).toMatch(/^v\d+\.\d+\.\d+ · [0-9a-f]{7}$/);
    }
    await ctx.close();
  });

  for (const [code, dict] of [
    ['tr', tr],
    ['el', el],
    ['nl', nl],
  ] as const) {
    it(`switches to ${LANG_NAMES[code]} and shows translated pages`, async () => {
      const ctx = await newContext(env.handle.browser, env.server.base);
      const page = await ctx.newPage();
      await page.goto('/');
      expect(await page.textContent('h1')).toBe(en['home.title']);
      await page.selectOption('#lang-select', code);
      // The language's words are fetched on the switch: the page redraws when they come.
      await page.locator('h1', { hasText: dict['home.title'] }).waitFor();
      expect(await page.textContent('h1')).toBe(dict['home.title']);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(code);
      expect(await page.textContent('.skip-link')).toBe(dict.skip);
      expect(await page.textContent('#create-submit')).toBe(dict['create.submit']);
      await shot(page, `home-${code}`);
      // The choice is remembered on the next page: a table and the rules.
      await openMoreSettings(page);
      await page.click('#create-submit');
      await page.waitForURL(/\/t\//);
      await page.locator('.share').waitFor();
      expect(await page.textContent('#copy-link')).toBe(dict['table.copy']);
      expect(await page.textContent('.score-box .label')).toBe(dict['table.score']);
      await page.goto('/rules.html?v=popout');
      expect(await page.textContent('h1')).toBe(`${dict['rules.title']}: ${dict['variant.popout']}`);
      await shot(page, `rules-popout-${code}`);
      await ctx.close();
    });
  }

  it('keeps ?lang= for the next pages, and "Play this variant" chooses the variant', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base);
    const page = await ctx.newPage();
    await page.goto('/rules.html?v=popout&lang=tr');
    expect(await page.textContent('h1')).toBe(`${tr['rules.title']}: ${tr['variant.popout']}`);
    await page.click('#play-variant');
    await page.waitForURL(/\/\?variant=popout$/);
    // Turkish without the parameter, both forms on PopOut.
    expect(await page.textContent('h1')).toBe(tr['home.title']);
    expect(await page.inputValue('#quick-variant')).toBe('popout');
    expect(await page.inputValue('#c-variant')).toBe('popout');
    await page.goto('/rules.html?v=five');
    expect(await page.textContent('h1')).toBe(`${tr['rules.title']}: ${tr['variant.five']}`);
    await page.click('#play-variant');
    await page.waitForURL(/\/\?variant=five$/);
    // The create form takes the variant's board (9x6).
    expect(await page.inputValue('#c-variant')).toBe('five');
    expect(await page.inputValue('#c-width')).toBe('9');
    await ctx.close();
  });

  it('takes the language from the browser', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base, { ...PHONE, locale: 'el-GR' });
    const page = await ctx.newPage();
    await page.goto('/');
    expect(await page.textContent('h1')).toBe(el['home.title']);
    await shot(page, 'phone-home-el');
    await ctx.close();
  });
});
