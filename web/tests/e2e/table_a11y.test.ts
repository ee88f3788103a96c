// What a screen reader and axe-core find at the table and
// the last move marked: two people play d, d, d; the newest disc carries the
// mark, column d reads "Red, Yellow, Red, empty, ..." bottom to top, the
// aimed column and the last move's cell (d3) are announced. axe-core (npm)
// checks the four-in-a-row and twiceFour tables and two rules pages.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { axeViolations, keyDigit, moveCount, shot, waitMoves } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();

async function whoseTurn(pages: Page[]): Promise<Page> {
  for (let i = 0; i < 150; i++) {
    for (const p of pages) if ((await p.locator('#turn.mine').count()) > 0) return p;
    await pages[0].waitForTimeout(100);
  }
  throw new Error('nobody is to move');
}

describe('the table for a screen reader, and axe', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close();
  });
  async function context(): Promise<BrowserContext> {
    const c = await newContext(env.handle.browser, env.server.base, {
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      bypassCSP: true,
    });
    contexts.push(c);
    return c;
  }

  it('marks the last move, reads column d after three moves and announces d3', async () => {
    const ca = await context();
    const cb = await context();
    const r = await ca.request.post('/api/tables', {
      data: { game: 'four', variant: 'classic', rated: false, visibility: 'link', opponent: { kind: 'person' } },
    });
    expect(r.status()).toBe(201);
    const url = ((await r.json()) as { url: string }).url;
    const A = await ca.newPage();
    const B = await cb.newPage();
    await A.goto(url);
    await A.locator('.seat').first().waitFor();
    await B.goto(url);
    await A.locator('#turn').waitFor();
    await B.locator('#turn').waitFor();
    const first = await whoseTurn([A, B]);
    const second = first === A ? B : A;
    // The board says what each column holds before a move too.
    expect(await first.locator('.board-cols li').count()).toBe(7);
    expect(await first.textContent('.board-cols li[data-col="d"]')).toBe(
      'Column d, bottom to top: empty, empty, empty, empty, empty, empty',
    );
    // Aiming by keyboard says the column.
    await first.locator('.board.four').focus();
    await first.keyboard.press('ArrowRight');
    await first.waitForFunction(() =>
      document.querySelector('.board-aim')?.textContent?.startsWith('Column e, bottom to top: empty'),
    );
    expect(await first.getAttribute('.board-aim', 'aria-live')).toBe('polite');
    for (const [i, p] of [first, second, first].entries()) {
      await p.locator('#turn.mine').waitFor({ timeout: 15_000 });
      await keyDigit(p, 3);
      await waitMoves(first, i + 1);
      await waitMoves(second, i + 1);
    }
    expect(await moveCount(first)).toBe(3);
    for (const p of [first, second]) {
      expect(await p.textContent('.board-cols li[data-col="d"]')).toBe(
        'Column d, bottom to top: Red, Yellow, Red, empty, empty, empty',
      );
      // One disc is marked: the newest, d3.
      expect(await p.locator('.disc[data-last]').count()).toBe(1);
      expect(await p.getAttribute('.disc[data-last]', 'data-cell')).toBe('d3');
      expect(await p.getAttribute('.disc[data-last]', 'class')).toContain('last');
    }
    await shot(first, 'table-last-move-others-turn');
    await shot(second, 'table-last-move-my-turn');
    // The second player hears the cell of the move and that it is their turn.
    await second.waitForFunction(() =>
      /played d3\. Your turn\./.test(document.getElementById('announcer')?.textContent ?? ''),
    );
    expect(await axeViolations(second)).toEqual([]);
    // Focus stays on the board after a move; the ring is drawn for it.
    expect(await first.evaluate(() => document.activeElement?.classList.contains('board'))).toBe(true);
  });

  it('finds nothing on a twiceFour table and on the rules pages', async () => {
    const ctx = await context();
    const r = await ctx.request.post('/api/tables', {
      data: { game: 'twicefour', rated: false, visibility: 'link', opponent: { kind: 'computer', level: 1 } },
    });
    const url = ((await r.json()) as { url: string }).url;
    const page = await ctx.newPage();
    await page.goto(url);
    await page.locator('#choose-cross').click({ timeout: 30_000 });
    await page.locator('#turn').waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    for (const path of ['/rules.html?v=classic', '/rules.html?v=twicefour', '/']) {
      await page.goto(path);
      await page.locator('h1').waitFor();
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
});
