// The puzzle page (protocol 2.21), on a desktop and on a phone, each a fresh
// player: a puzzle solved (the rating goes up, the line and every column's
// score shown after), one failed (it goes down, the streak back to 0), a
// streak of three kept across a reload, the day's puzzle, and a PopOut puzzle
// solved by popping. The moves come from the repository's collection as
// `fourtable puzzles list` prints it, never from an API answer: the page is
// played as a person who knows the answer would play it, with the mouse and
// the keys on the desktop and two taps a move on the phone.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE } from './browser';
import { axeViolations, clickColumn, col, keyArrows, keyDigit, openColumns, shot, tapColumn } from './helpers';
import { fourtableBin } from './server';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();
const ROOT = resolve(import.meta.dirname, '..', '..', '..');

interface Known {
  variant: string;
  width: number;
  height: number;
  line: string[];
}

// The collection's digits (`4`, a pop `4^`, `0` the tenth column) in the
// site's notation (`d`, `d^`).
function notation(digits: string): string[] {
  return [...digits.matchAll(/([0-9])(\^?)/g)].map((m) => String.fromCharCode(97 + ((Number(m[1]) + 9) % 10)) + m[2]);
}

function collection(): Map<string, Known> {
  const out = new Map<string, Known>();
  for (const v of ['classic', 'popout']) {
    const file = join(ROOT, 'data', 'puzzles', `${v}.txt`);
    const text = execFileSync(fourtableBin(), ['puzzles', 'list', file]).toString();
    for (const row of text.trim().split('\n')) {
      const [id, variant, size, , line] = row.split(' ');
      const [width, height] = size.split('x').map(Number);
      out.set(id, { variant, width, height, line: notation(line) });
    }
  }
  return out;
}

const KNOWN = collection();
// A PopOut puzzle whose line has the player pop.
const POP = [...KNOWN].find(([, k]) => k.variant === 'popout' && k.line.some((m, i) => i % 2 === 0 && m.endsWith('^')));

type How = 'click' | 'digit' | 'arrows' | 'tap';

const layout = (page: Page, mode: string) => page.locator(`.puzzle-layout[data-mode="${mode}"]`);

// The puzzle on the page once it can be played: its id from its link.
async function shownPuzzle(page: Page): Promise<{ id: string; known: Known }> {
  await layout(page, 'play').waitFor({ timeout: 15_000 });
  const id = (await page.getAttribute('#puzzle-link', 'href'))!.split('/').pop()!;
  const known = KNOWN.get(id);
  if (!known) throw new Error(`puzzle ${id} is not in the collection`);
  return { id, known };
}

// The pop arrow under column `c` (board_view.ts: the pop row under the holes).
async function popPoint(page: Page, c: number): Promise<{ x: number; y: number }> {
  const svg = page.locator('.board.four svg');
  const box = (await svg.boundingBox())!;
  const vb = (await svg.getAttribute('viewBox'))!.split(' ').map(Number);
  const unit = box.width / vb[2];
  return { x: box.x + (c + 0.5) * 100 * unit, y: box.y + (vb[3] - 48 - 30) * unit };
}

async function playMove(page: Page, move: string, how: How, known: Known): Promise<void> {
  const c = col(move);
  if (move.endsWith('^')) {
    if (how === 'arrows' || how === 'digit') {
      await page.locator('.board.four').focus();
      await page.keyboard.press('Home');
      for (let i = 0; i < c; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    } else {
      const p = await popPoint(page, c);
      if (how === 'tap') {
        await page.touchscreen.tap(p.x, p.y);
        await page.touchscreen.tap(p.x, p.y);
      } else await page.mouse.click(p.x, p.y);
    }
  } else if (how === 'click') await clickColumn(page, c);
  else if (how === 'digit') await keyDigit(page, c);
  else if (how === 'arrows') await keyArrows(page, c, known.width);
  else {
    // A first tap chooses the column, a second drops (RULES.md C).
    await tapColumn(page, c);
    await tapColumn(page, c);
  }
  await page.locator('.puzzle-layout[data-mode="play"], .puzzle-layout[data-mode="done"]').waitFor();
}

// Plays the player's moves of the line; the computer replies between them.
async function solve(page: Page, how: How): Promise<Known> {
  const { known } = await shownPuzzle(page);
  const discs = () => page.locator('.board.four [data-cell]').count();
  for (let i = 0; i < known.line.length; i += 2) {
    const before = await discs();
    await playMove(page, known.line[i], how, known);
    // The computer's reply is on the board, the newest disc, beside the player's.
    const reply = known.line[i + 1];
    if (reply && !reply.endsWith('^') && !known.line[i].endsWith('^')) {
      expect(await discs()).toBe(before + 2);
      expect(await page.getAttribute('.board.four [data-last]', 'data-cell')).toMatch(new RegExp(`^${reply}[0-9]+$`));
    }
  }
  await layout(page, 'done').waitFor();
  expect(await page.textContent('#puzzle-verdict')).toBe('Solved!');
  // The line comes a moment after the last move.
  await page.locator('#puzzle-line').waitFor();
  return known;
}

// "Your puzzle rating: 1587 (+87)": the rating and its change.
async function rating(page: Page): Promise<{ rating: number; change: number | null }> {
  const text = (await page.textContent('#puzzle-rating')) ?? '';
  const m = /(\d+)(?: \(([+−±])(\d+)\))?$/.exec(text.trim());
  if (!m) throw new Error(`no rating in "${text}"`);
  const change = m[2] ? (m[2] === '−' ? -1 : 1) * Number(m[3]) : null;
  return { rating: Number(m[1]), change };
}

const streak = (page: Page) => page.textContent('#puzzle-streak');

async function another(page: Page): Promise<void> {
  await page.click('#puzzle-next');
  await layout(page, 'play').waitFor({ timeout: 15_000 });
}

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close();
});

function scenarios(name: string, opts: BrowserContextOptions, hows: { first: How; keys: How; pop: How }): void {
  describe(`puzzles on a ${name}`, () => {
    let page: Page;
    const errors: string[] = [];

    it('solves a puzzle: the rating goes up, the line and each column’s score follow', async () => {
      const ctx = await newContext(env.handle.browser, env.server.base, opts);
      contexts.push(ctx);
      page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
      // The theme filter from the address: one-move puzzles keep the run short.
      await page.goto('/puzzles?variant=classic&theme=win-now');
      await shownPuzzle(page);
      expect(await page.inputValue('#pz-theme')).toBe('win-now');
      expect(await page.textContent('#puzzle-themes')).toContain('Win now');
      const before = await rating(page);
      expect(before).toEqual({ rating: 1500, change: null });
      const known = await solve(page, hows.first);
      const after = await rating(page);
      expect(after.rating).toBeGreaterThan(1500);
      expect(after.change).toBe(after.rating - 1500);
      expect(await streak(page)).toBe('Solved in a row: 1');
      // The solution's steps, and under the puzzle's position one best move: the answer.
      await expect(page.locator('#puzzle-line li').count()).resolves.toBe(known.line.length + 1);
      await page.locator('.col-scores .mv-score.best').first().waitFor({ timeout: 20_000 });
      const best = await page
        .locator('.col-scores .mv-score.best')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.move));
      expect(best).toEqual([known.line[0]]);
      await shot(page, `puzzles-${name}-solved`);
      if (name === 'desktop') expect(await axeViolations(page)).toEqual([]);
    });

    it('fails one: the rating goes down and the streak goes back to 0', async () => {
      const { rating: was } = await rating(page);
      await another(page);
      const { known } = await shownPuzzle(page);
      const wrong = (await openColumns(page, known.width, known.height)).find((c) => c !== col(known.line[0]))!;
      await playMove(page, String.fromCharCode(97 + wrong), hows.first, known);
      await layout(page, 'done').waitFor();
      expect(await page.textContent('#puzzle-verdict')).toBe(
        `Wrong: ${String.fromCharCode(97 + wrong)} lets the win go. The move was ${known.line[0]}.`,
      );
      const now = await rating(page);
      expect(now.rating).toBeLessThan(was);
      expect(now.change).toBe(now.rating - was);
      expect(await streak(page)).toBe('Solved in a row: 0');
      // The line after a failure too, in the dark theme, clean for axe.
      await page.locator('#puzzle-line').waitFor();
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, `puzzles-${name}-failed-dark`);
      if (name === 'desktop') expect(await axeViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: 'light' });
    });

    it('keeps a streak of three, in the page and across a reload', async () => {
      for (let i = 0; i < 3; i++) {
        await another(page);
        await solve(page, i === 1 ? 'arrows' : hows.keys);
      }
      expect(await streak(page)).toBe('Solved in a row: 3');
      await page.reload();
      await shownPuzzle(page);
      expect(await streak(page)).toBe('Solved in a row: 3');
    });

    it('plays the day’s puzzle at /puzzles/daily', async () => {
      const daily = (await (await page.request.get('/api/puzzles/daily')).json()) as { id: string };
      await page.goto('/puzzles/daily');
      const { id } = await shownPuzzle(page);
      expect(id).toBe(daily.id);
      expect(await page.textContent('h1')).toBe('Puzzle of the day');
      await solve(page, hows.keys);
    });

    it('solves a PopOut puzzle by popping', async () => {
      const [id, known] = POP!;
      await page.goto(`/puzzles/${id}`);
      await shownPuzzle(page);
      expect(await page.textContent('#puzzle-variant')).toBe('PopOut');
      // The pop row is drawn: the board offers the player's pops.
      await solve(page, hows.pop);
      const steps = await page.locator('#puzzle-line li').allTextContents();
      expect(steps.filter((s) => s.includes('^') && s.endsWith('You')).length).toBeGreaterThan(0);
      expect(known.line.length).toBe(steps.length - 1);
      await shot(page, `puzzles-${name}-popout`);
      expect(errors).toEqual([]);
    });
  });
}

scenarios('desktop', DESKTOP, { first: 'click', keys: 'digit', pop: 'click' });
scenarios('phone', PHONE, { first: 'tap', keys: 'tap', pop: 'tap' });
