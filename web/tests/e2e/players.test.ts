// Three players (RULES.md A10) and two vs two (A11): every seat in its own
// browser; the table starts when all seats are taken, the colours move in
// turn, and the move list shows each colour's disc.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { clickColumn, moveCount, moveTexts, shot, waitMoves, openMoreSettings } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();

async function seatAll(variant: string, seats: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < seats; i++) pages.push(await (await newContext(env.handle.browser, env.server.base)).newPage());
  await pages[0].goto('/');
  await openMoreSettings(pages[0]);
  await pages[0].selectOption('#c-variant', variant);
  await pages[0].selectOption('#c-visibility', 'link');
  await pages[0].click('#create-submit');
  await pages[0].waitForURL(/\/t\//);
  for (const p of pages.slice(1)) await p.goto(pages[0].url());
  for (const p of pages) await p.locator('#turn').waitFor();
  return pages;
}

async function playRound(pages: Page[], cols: number[]): Promise<void> {
  for (const c of cols) {
    const before = await moveCount(pages[0]);
    let mover: Page | null = null;
    for (let i = 0; i < 100 && !mover; i++) {
      for (const p of pages) if ((await p.locator('#turn.mine').count()) > 0) mover = p;
      if (!mover) await pages[0].waitForTimeout(100);
    }
    if (!mover) throw new Error('nobody is to move');
    await clickColumn(mover, c);
    for (const p of pages) await waitMoves(p, before + 1);
  }
}

describe('more than two players', () => {
  it('three players: Red, Yellow and Green move in turn on 9x7', async () => {
    const pages = await seatAll('three-players', 3);
    expect(await pages[0].locator('.seat').count()).toBe(3);
    await playRound(pages, [4, 4, 4, 3, 3, 3]);
    expect(await moveTexts(pages[2])).toEqual(['1. ● e', '2. ○ e', '3. ◆ e', '4. ● d', '5. ○ d', '6. ◆ d']);
    expect(await pages[0].locator('.board.four .disc.side-2 .disc-mark.diamond').count()).toBe(2);
    await shot(pages[2], 'desktop-three-players');
    for (const p of pages) await p.context().close();
  });

  it('two vs two: team-mates share a colour, four seats move Red, Yellow, Red, Yellow', async () => {
    const pages = await seatAll('two-vs-two', 4);
    const icons = await pages[0].locator('.seat .side-icon').allTextContents();
    expect(icons.filter((i) => i === '●')).toHaveLength(2);
    expect(icons.filter((i) => i === '○')).toHaveLength(2);
    await playRound(pages, [0, 1, 2, 3]);
    expect(await moveTexts(pages[3])).toEqual(['1. ● a', '2. ○ b', '3. ● c', '4. ○ d']);
    await shot(pages[1], 'desktop-two-vs-two');
    for (const p of pages) await p.context().close();
  });
});
