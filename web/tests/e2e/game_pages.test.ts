// Game pages as a new player reads them, on a 1366x768 desktop and a 390x844
// touch phone: a twiceFour round shows at every ply the board the table
// showed (same pieces on the same points, same counted lines, same move
// list); a classic game lost to the perfect level has each column's score in
// words under its column, the best move starred and the mistakes and slower
// moves told and counted; a game never played says so; the lobby shows each
// open table's clock and whether it is rated. Screenshots of each page.
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { axeViolations, keyDigit, moveCount, moveTexts, openColumns, shot, twiceTurn, waitMoves } from './helpers';
import { useServerAndBrowser } from './setup';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 }, locale: 'en-US' };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  locale: 'en-US',
  isMobile: true,
  hasTouch: true,
};
const VIEWS: [string, BrowserContextOptions][] = [
  ['1366x768', DESKTOP],
  ['390x844', PHONE],
];

const env = useServerAndBrowser();
let ctx: BrowserContext;
let A: Page;

beforeAll(async () => {
  ctx = await newContext(env.handle.browser, env.server.base, DESKTOP);
  A = await ctx.newPage();
  await A.goto('/');
});

afterAll(async () => {
  await ctx?.close();
});

async function createTable(page: Page, settings: Record<string, unknown>): Promise<string> {
  return page.evaluate(async (body) => {
    const r = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (r.status !== 201 && r.status !== 200) throw new Error(`create: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { id: string }).id;
  }, settings);
}

// A twiceFour board as drawn: the piece on each point ('X', 'O'), and the
// counted lines; with the number of moves listed beside it, read at once.
interface TwiceSnapshot {
  ply: number;
  pieces: Record<string, string>;
  lines: string[];
}

function readTwice(page: Page, board: string, moves: string): Promise<TwiceSnapshot> {
  return page.evaluate(
    ([b, m]) => {
      const pieces: Record<string, string> = {};
      for (const p of document.querySelectorAll(`${b} .piece[data-point]`))
        pieces[p.getAttribute('data-point')!] = p.classList.contains('side-0') ? 'X' : 'O';
      const lines = [...document.querySelectorAll(`${b} .counted[data-line]`)].map((g) => g.getAttribute('data-line')!);
      return { ply: document.querySelectorAll(m).length, pieces, lines: lines.sort() };
    },
    [board, moves] as const,
  );
}

// Each score's horizontal centre against its column's letter under the board:
// the distance in columns (0 is dead centre, under 0.5 is inside the column).
function scoreOffsets(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const labels = new Map<string, DOMRect>();
    for (const l of document.querySelectorAll('.game-board .col-label'))
      labels.set(l.textContent ?? '', l.getBoundingClientRect());
    const svg = document.querySelector('.game-board .board-svg') as SVGSVGElement;
    const column = (svg.getBoundingClientRect().width / svg.viewBox.baseVal.width) * 100;
    return [...document.querySelectorAll('.col-scores:not(.pop-scores) .mv-score')].map((s) => {
      const r = s.getBoundingClientRect();
      const l = labels.get((s.getAttribute('data-move') ?? '?')[0]);
      if (!l) return 99;
      return Math.abs(r.left + r.width / 2 - (l.left + l.width / 2)) / column;
    });
  });
}

describe('the lobby', () => {
  it("shows each open table's clock and whether it is rated", async () => {
    await createTable(A, {
      game: 'four',
      rated: true,
      visibility: 'open',
      clock: { kind: 'fischer', bank_ms: 300_000, increment_ms: 3000 },
    });
    await createTable(A, { game: 'twicefour', rated: false, visibility: 'open', format: 'single' });
    for (const [name, opts] of VIEWS) {
      const c = await newContext(env.handle.browser, env.server.base, opts);
      const page = await c.newPage();
      await page.goto('/');
      const lines = page.locator('[aria-labelledby="open-tables"] .table-line');
      await page.waitForFunction(
        () => document.querySelectorAll('[aria-labelledby="open-tables"] .table-line').length >= 2,
      );
      const details = await lines.locator('.tl-detail').allTextContents();
      expect(details).toContainEqual(expect.stringMatching(/5 min \+ 3 s · Rated$/));
      expect(details).toContainEqual(expect.stringMatching(/60 s a move · Casual$/));
      await shot(page, `lobby-open-tables-${name}`);
      await c.close();
    }
  });
});

describe('a twiceFour game page', () => {
  let gameId = '';
  const seen: TwiceSnapshot[] = [];
  let tableMoves: string[] = [];

  it('is played to the end of round 1 at a table, its board read at every ply', async () => {
    await A.goto('/');
    await A.selectOption('#quick-variant', 'twicefour');
    await A.selectOption('#quick-level', '1');
    await A.click('#quick-play');
    await A.waitForURL(/\/t\//);
    await A.click('#choose-cross');
    await A.locator('.board.twice .piece').first().waitFor();
    const take = async () => {
      const s = await readTwice(A, '.board.twice', '#moves li:not(.empty)');
      if (!seen.some((x) => x.ply === s.ply)) seen.push(s);
    };
    for (let mine = 0; mine < 60; mine++) {
      await take();
      const going = await twiceTurn(A, async () => {
        const pieces = A.locator('.board.twice .piece.movable');
        await pieces.nth(mine % (await pieces.count())).click();
        await A.locator('.board.twice .point.target').first().click();
      });
      if (!going) break;
      await take();
    }
    await A.locator('#game-result, #match-result').first().waitFor({ timeout: 30_000 });
    await take();
    tableMoves = await moveTexts(A);
    gameId = `${new URL(A.url()).pathname.split('/')[2]}-1`;
    // A round can end early by a third repetition (RULES.md B5: at 8
    // half-moves at the soonest), so only a few plies are sure to be read;
    // each is compared with the game page below.
    expect(seen.length).toBeGreaterThanOrEqual(4);
  });

  for (const [name, opts] of VIEWS)
    it(`shows at every ply the table's board, pieces and lines, on ${name}`, async () => {
      const c = await newContext(env.handle.browser, env.server.base, opts);
      const page = await c.newPage();
      await page.goto(`/g/${gameId}`);
      await page.locator('.game-board .board.twice .piece').first().waitFor();
      // Every move credited as at the table: cross or circle, in its order.
      expect(await page.locator('.game-moves .move-text').allTextContents()).toEqual(tableMoves);
      expect(await page.textContent('.game-players')).toMatch(/Cross: .*Circle: /);
      expect(await page.textContent('.analysis-box')).toContain('the exact solver plays four in a row only');
      for (const s of seen) {
        if (s.ply === 0) await page.keyboard.press('Home');
        else
          await page
            .locator('.game-moves .move-btn')
            .nth(s.ply - 1)
            .click();
        const shown = await readTwice(page, '.game-board .board.twice', '.game-moves li:nth-child(-n+0)');
        expect({ ply: s.ply, pieces: shown.pieces, lines: shown.lines }).toEqual(s);
        // The round's points at that ply: one per counted line of each side.
        expect(await page.textContent('.round-points')).toMatch(/✕ \d : ◯ \d/);
      }
      // In Dutch the sentence about the solver is Dutch too.
      if (name === '390x844') {
        await page.goto(`/g/${gameId}?lang=nl`);
        await page.locator('.game-board .board.twice .piece').first().waitFor();
        expect(await page.textContent('.analysis-box')).toContain('de exacte oplosser speelt alleen vier op een rij');
        expect(await page.textContent('.game-players')).toMatch(/Kruis: .*Cirkel: /);
      }
      const mid = seen[Math.floor(seen.length / 2)].ply;
      await page
        .locator('.game-moves .move-btn')
        .nth(mid - 1)
        .click();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `game-page-twicefour-mid-${name}`);
      await c.close();
    });
});

describe('a classic game lost to the perfect level', () => {
  let gameId = '';

  it('is played at a 5x4 table, the person always taking the leftmost column', async () => {
    const table = await createTable(A, {
      game: 'four',
      width: 5,
      height: 4,
      format: 'single',
      visibility: 'link',
      opponent: { kind: 'computer', level: 'perfect' },
    });
    await A.goto(`/t/${table}`);
    for (let i = 0; i < 12; i++) {
      await A.locator('#turn.mine, #game-result, #match-result').first().waitFor({ timeout: 30_000 });
      if ((await A.locator('#game-result, #match-result').count()) > 0) break;
      const before = await moveCount(A);
      await keyDigit(A, (await openColumns(A, 5, 4))[0]);
      await waitMoves(A, before + 1);
    }
    await A.locator('#game-result, #match-result').first().waitFor({ timeout: 30_000 });
    gameId = `${table}-1`;
  });

  for (const [name, opts] of VIEWS)
    it(`tells the scores in words under their columns and the mistakes in the list, on ${name}`, async () => {
      const c = await newContext(env.handle.browser, env.server.base, opts);
      const page = await c.newPage();
      await page.goto(`/g/${gameId}`);
      await page.locator('.mistake-counts').waitFor({ timeout: 60_000 });
      expect(await page.textContent('.game-players')).toContain('Computer (perfect play)');
      // The first move a, from the drawn start, is a mistake told in words.
      expect(await page.locator('.move-btn').first().textContent()).toMatch(/^1\. ● a\?/);
      expect(await page.locator('.move-why').first().textContent()).toBe('a lost the draw: b or c or d draws.');
      // The person's count is not "0": its mistake, and its slower moves.
      const person = page.locator('.mistake-counts li').first();
      expect(await person.locator('.count-mistakes').textContent()).toMatch(/^Mistakes: [1-9]$/);
      expect(await person.locator('.count-slower').textContent()).toMatch(/^Slower moves: \d+$/);
      // The shown move's words stand under the buttons too.
      await page.locator('.move-btn').first().click();
      expect(await page.textContent('.ply-why')).toBe('a lost the draw: b or c or d draws.');
      await page.keyboard.press('Home');
      expect(await page.locator('.col-scores .mv-score').allTextContents()).toEqual([
        'loses in 10',
        '★draws',
        '★draws',
        '★draws',
        'loses in 10',
      ]);
      for (const off of await scoreOffsets(page)) expect(off).toBeLessThan(0.5);
      // After the mistake: the perfect level's reply is starred.
      await page.locator('.move-btn').first().click();
      expect(await page.locator('.col-scores .mv-score.best').count()).toBeGreaterThan(0);
      for (const off of await scoreOffsets(page)) expect(off).toBeLessThan(0.5);
      expect(await page.locator('.game-moves').getAttribute('tabindex')).toBe('0');
      // A finger has no arrow keys: the keys' hint is for the desktop only.
      expect(await page.locator('.keys-hint').isVisible()).toBe(name === '1366x768');
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `game-page-classic-mistake-${name}`);
      await c.close();
    });

  it('says its scores, mistakes and counts in Turkish', async () => {
    const c = await newContext(env.handle.browser, env.server.base, PHONE);
    const page = await c.newPage();
    await page.goto(`/g/${gameId}?lang=tr`);
    await page.locator('.mistake-counts').waitFor({ timeout: 60_000 });
    await page.keyboard.press('Home');
    expect(await page.locator('.col-scores .mv-score').allTextContents()).toEqual([
      '10 hamlede kaybeder',
      '★berabere',
      '★berabere',
      '★berabere',
      '10 hamlede kaybeder',
    ]);
    expect(await page.locator('.move-why').first().textContent()).toBe(
      'a beraberliği kaybetti: b ya da c ya da d berabere.',
    );
    expect(await page.textContent('.game-players')).toContain('Bilgisayar (kusursuz oyun)');
    await shot(page, 'game-page-classic-tr-390x844');
    await c.close();
  });
});

describe('the analysis board', () => {
  for (const [name, opts] of VIEWS)
    it(`lays each score under its column, on a 7x6 board and a cylinder, on ${name}`, async () => {
      const c = await newContext(env.handle.browser, env.server.base, opts);
      const page = await c.newPage();
      for (const variant of ['classic', 'cylinder']) {
        // Columns c and d full, c1-e1 red's and c2-e2 yellow's: red wins at
        // once on either side (on the cylinder too), a position solved in moments.
        await page.goto(`/analysis?variant=${variant}&width=7&height=6&moves=d,d,d,d,d,d,c,c,c,c,c,c,e,e,e,e`);
        await page.locator('.col-scores .mv-score').first().waitFor({ timeout: 30_000 });
        expect(await page.locator('.col-scores .mv-score').count()).toBe(5);
        expect(await page.locator('.col-scores .mv-score.best').allTextContents()).toEqual(['★wins now', '★wins now']);
        const offsets = await scoreOffsets(page);
        expect(offsets).toHaveLength(5);
        for (const off of offsets) expect(off).toBeLessThan(0.5);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(opts.viewport!.width);
        await shot(page, `analysis-board-${variant}-${name}`);
      }
      await c.close();
    });
});

describe('a game never played', () => {
  it('has no link on the profile and its address says it was not played', async () => {
    const table = await createTable(A, {
      game: 'four',
      width: 5,
      height: 4,
      visibility: 'link',
      opponent: { kind: 'computer', level: 1 },
    });
    await A.goto(`/t/${table}`);
    await A.locator('#turn.mine').waitFor({ timeout: 15_000 });
    await A.click('#resign-match');
    await A.click('#resign-match');
    await A.locator('#match-result').waitFor({ timeout: 15_000 });
    const me = await A.evaluate(async () => ((await (await fetch('/api/me')).json()) as { id: string }).id);
    await A.goto(`/p/${me}`);
    const links = A.locator(`a[href^="/g/${table}-"]`);
    await links.first().waitFor();
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([`/g/${table}-1`]);
    for (const [name, opts] of VIEWS) {
      const c = await newContext(env.handle.browser, env.server.base, opts);
      const page = await c.newPage();
      await page.goto(`/g/${table}-2`);
      const error = page.locator('[role="alert"]');
      await error.waitFor();
      expect(await error.textContent()).toBe(`Game ${table}-2 was not played: its match ended before this game began.`);
      expect(await page.locator('.game-result').count()).toBe(0);
      await shot(page, `game-page-not-played-${name}`);
      await c.close();
    }
  });
});
