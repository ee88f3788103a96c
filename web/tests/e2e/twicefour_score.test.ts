// twiceFour as it is scored (RULES.md B6): the piece choice and the start
// position in view before round 1, the round's points next to each player,
// counted lines marked on the board, a point announced, and why the round
// ended. The test plays cross towards row 2 (then greedily) against level 1.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, newContext } from './browser';
import { shot, twiceTurn } from './helpers';
import { useServerAndBrowser } from './setup';
import { TWICE_LINES, twiceNeighbours } from '../../src/geometry';

const env = useServerAndBrowser();

async function openChoice(page: Page): Promise<void> {
  await page.goto('/');
  await page.selectOption('#quick-variant', 'twicefour');
  await page.selectOption('#quick-level', '1');
  await page.click('#quick-play');
  await page.waitForURL(/\/t\//);
  await page.locator('#choose-cross').waitFor();
}

// Every element fully inside the viewport (visible without scrolling).
async function inView(page: Page, selector: string): Promise<boolean> {
  const vp = page.viewportSize()!;
  const boxes = await page.locator(selector).evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    }),
  );
  return (
    boxes.length > 0 &&
    boxes.every((b) => b.w > 0 && b.x >= 0 && b.y >= 0 && b.x + b.w <= vp.width && b.y + b.h <= vp.height)
  );
}

async function pieces(page: Page, side: number): Promise<string[]> {
  return page
    .locator(`.board.twice .piece.side-${side}`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-point') ?? ''));
}

// Cross fills row 2 (a2-d2 and b2-e2 with the fifth step) while these steps
// are possible; level 1 looks one half-move ahead and rarely gets in the way.
const ROW_TWO_PLAN = ['c1-c2', 'b2-a2', 'd2-e2', 'b1-b2', 'd1-d2'];

// Cross's step: the next step of the plan if it can be made, else one that
// completes an uncounted line, else the one that adds most to lines free of
// circles (squares, as the placement of RULES.md B5), never undoing `last`.
async function chooseStep(page: Page, planned: string[], last: string | null): Promise<string> {
  const cross = await pieces(page, 0);
  const circle = await pieces(page, 1);
  const counted = await page
    .locator('.board.twice .counted')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-line')));
  const taken = new Set([...cross, ...circle]);
  while (planned.length > 0) {
    const [from, to] = planned.shift()!.split('-');
    if (cross.includes(from) && !taken.has(to)) return `${from}-${to}`;
  }
  const undo = last ? last.split('-').reverse().join('-') : '';
  let best = '';
  let bestScore = -1;
  for (const from of cross) {
    for (const to of twiceNeighbours(from)) {
      const step = `${from}-${to}`;
      if (taken.has(to) || step === undo) continue;
      const after = new Set(cross.filter((p) => p !== from).concat(to));
      let score = 0;
      for (const line of TWICE_LINES) {
        if (counted.includes(`${line[0]}-${line[3]}`) || line.some((p) => circle.includes(p))) continue;
        const n = line.filter((p) => after.has(p)).length;
        score += n === 4 && line.includes(to) ? 1000 : n * n;
      }
      if (score > bestScore) {
        bestScore = score;
        best = step;
      }
    }
  }
  return best;
}

describe('twiceFour scoring at the table', () => {
  for (const [name, opts] of [
    ['desktop', { ...DESKTOP, viewport: { width: 1280, height: 800 } }],
    [
      'phone',
      { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'en-US' },
    ],
  ] as const) {
    it(`shows the piece choice over the start position without scrolling (${name})`, async () => {
      const ctx = await newContext(env.handle.browser, env.server.base, opts);
      const page = await ctx.newPage();
      await openChoice(page);
      // RULES.md B2: the ten pieces of the start stand behind the choice.
      expect(await pieces(page, 0)).toEqual(expect.arrayContaining(['b1', 'c1', 'd1', 'b2', 'd2']));
      expect(await pieces(page, 1)).toEqual(expect.arrayContaining(['d5', 'c5', 'b5', 'd4', 'b4']));
      expect(await inView(page, '#choose-cross')).toBe(true);
      expect(await inView(page, '#choose-circle')).toBe(true);
      expect(await inView(page, '.board.twice .piece')).toBe(true);
      expect(await page.textContent('#per-move')).toMatch(/\d+ s a move/);
      await shot(page, `${name}-twicefour-choice`);
      await ctx.close();
    });
  }

  it('shows points, counted lines, the point announced and the round-end reason', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base, {
      ...DESKTOP,
      viewport: { width: 1280, height: 800 },
    });
    const page = await ctx.newPage();
    await openChoice(page);
    // Everything the live region says, in order (a later move replaces it).
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      const live = document.getElementById('announcer')!;
      new MutationObserver(() => said.push(live.textContent ?? '')).observe(live, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await page.click('#choose-cross');
    await page.locator('.board.twice .piece.side-0').first().waitFor();
    const mySeat = Number(await page.locator('.seat.you').getAttribute('data-seat'));
    let sawPoint = false;
    const planned = [...ROW_TWO_PLAN];
    let last: string | null = null;
    for (let i = 0; i < 45; i++) {
      const going = await twiceTurn(page, async () => {
        last = await chooseStep(page, planned, last);
        const [from, to] = last.split('-');
        await page.locator(`.board.twice .piece[data-point="${from}"]`).click();
        await page.locator(`.board.twice .point.target[data-point="${to}"]`).click();
      });
      if (!going) break;
      const lines = await page.locator('.board.twice .counted').count();
      if (lines > 0 && !sawPoint) {
        sawPoint = true;
        // Every counted line is on the board in its scorer's colour and in the list.
        const marks = await page
          .locator('.board.twice .counted')
          .evaluateAll((els) => els.map((e) => e.getAttribute('class')));
        for (const c of marks) expect(c).toMatch(/counted side-[01]/);
        expect(await page.locator('#counted-lines li').count()).toBe(lines);
        // The points next to each player add up to the counted lines.
        const pts = await page.locator('.round-points').allTextContents();
        expect(pts).toHaveLength(2);
        expect(pts.map((p) => Number.parseInt(p, 10)).reduce((a, b) => a + b, 0)).toBe(lines);
        const said = await page.evaluate(() => (window as unknown as { said: string[] }).said.join('\n'));
        expect(said).toMatch(/scores (a point|two points at once) with [a-e][1-5]–[a-e][1-5]/);
        await shot(page, 'desktop-twicefour-point');
      }
    }
    await page.locator('#game-result, #match-result').first().waitFor({ timeout: 30_000 });
    expect(sawPoint).toBe(true);
    const reason = (await page.textContent('#round-end')) ?? '';
    expect(reason).toMatch(
      /Two points: ✕ \d : ◯ \d|80 half-moves played|same position for the third time|Neither player can step/,
    );
    const mine = await page.textContent(`#round-points-${mySeat}`);
    expect(mine).toMatch(/\d pt/);
    await shot(page, 'desktop-twicefour-round-end');
    await ctx.close();
  });
});
