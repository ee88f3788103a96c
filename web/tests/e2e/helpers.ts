// Page-level steps shared by the end-to-end tests: they act as a person does
// (clicks, taps, keys) and read only what the page shows.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page, WebSocket } from 'playwright-core';
import { artifactsDir } from './browser';

export async function shot(page: Page, name: string): Promise<string> {
  const path = join(artifactsDir(), `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export async function moveCount(page: Page): Promise<number> {
  return page.locator('#moves li:not(.empty)').count();
}

export async function moveTexts(page: Page): Promise<string[]> {
  return page.locator('#moves li:not(.empty)').allTextContents();
}

export async function waitMoves(page: Page, n: number, timeout = 15_000): Promise<void> {
  await page.waitForFunction((k) => document.querySelectorAll('#moves li:not(.empty)').length >= k, n, { timeout });
}

export async function isMyTurn(page: Page): Promise<boolean> {
  return (await page.locator('#turn.mine').count()) > 0;
}

// The page whose turn it is, of `pages` (each a seated player); waits up to 15 s.
export async function whoseTurn(pages: Page[]): Promise<Page> {
  for (let i = 0; i < 150; i++) {
    for (const p of pages) if (await isMyTurn(p)) return p;
    await pages[0].waitForTimeout(100);
  }
  throw new Error('nobody is to move');
}

export async function waitMyTurn(page: Page, timeout = 15_000): Promise<void> {
  await page.locator('#turn.mine').waitFor({ timeout });
}

// Board geometry as drawn: the SVG's viewBox says how many columns are shown
// (a cylinder shows half a column of wrap at each side).
async function boardBox(page: Page): Promise<{ x: number; y: number; w: number; h: number; vbW: number; vbH: number }> {
  const svg = page.locator('.board.four svg');
  const box = await svg.boundingBox();
  if (!box) throw new Error('no board on the page');
  const vb = (await svg.getAttribute('viewBox'))!.split(' ').map(Number);
  return { x: box.x, y: box.y, w: box.width, h: box.height, vbW: vb[2], vbH: vb[3] };
}

// The point over column `col` (0 = a) at the middle of the board.
export async function columnPoint(page: Page, col: number, cylinder = false): Promise<{ x: number; y: number }> {
  const b = await boardBox(page);
  const ghost = cylinder ? 0.5 : 0;
  const unit = b.w / b.vbW;
  return { x: b.x + (ghost + col + 0.5) * 100 * unit, y: b.y + 250 * unit };
}

export async function clickColumn(page: Page, col: number): Promise<void> {
  const p = await columnPoint(page, col);
  await page.mouse.move(p.x, p.y);
  await page.mouse.click(p.x, p.y);
}

export async function tapColumn(page: Page, col: number): Promise<void> {
  const p = await columnPoint(page, col);
  await page.touchscreen.tap(p.x, p.y);
}

// Keyboard play (RULES.md C): a digit drops straight in; or arrows then Enter.
export async function keyDigit(page: Page, col: number): Promise<void> {
  await page.locator('.board.four').focus();
  await page.keyboard.press(String((col + 1) % 10));
}

export async function keyArrows(page: Page, col: number, width: number): Promise<void> {
  await page.locator('.board.four').focus();
  for (let i = 0; i < width; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < col; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
}

// Columns that still take a disc, read from the drawn board.
export async function openColumns(page: Page, width: number, height: number): Promise<number[]> {
  const out: number[] = [];
  for (let c = 0; c < width; c++) {
    const top = String.fromCharCode(97 + c) + String(height);
    if ((await page.locator(`.board.four [data-cell="${top}"]`).count()) === 0) out.push(c);
  }
  return out;
}

export async function clockMs(page: Page, seat: number): Promise<number> {
  const text = (await page.locator(`.clock[data-seat="${seat}"]`).textContent()) ?? '';
  const parts = text.trim().split(':').map(Number);
  if (parts.length === 1) return Math.round(parts[0] * 1000);
  return parts.reduce((acc, v) => acc * 60 + v, 0) * 1000;
}

export function col(letter: string): number {
  return letter.charCodeAt(0) - 97;
}

// One of my twiceFour turns: wait until it is mine or the round is over, then
// pass if that is the only move, else `step` (clicks a piece, then a target),
// and wait for the move to be listed. False once the round has ended.
export async function twiceTurn(page: Page, step: () => Promise<void>): Promise<boolean> {
  await page.locator('#turn.mine, #game-result, #match-result').first().waitFor({ timeout: 30_000 });
  if ((await page.locator('#game-result, #match-result').count()) > 0) return false;
  const before = await moveCount(page);
  if ((await page.locator('#pass').count()) > 0) await page.click('#pass');
  else await step();
  await waitMoves(page, before + 1);
  return true;
}

// The full create form waits behind "More settings" on the home page.
export async function openMoreSettings(page: Page): Promise<void> {
  if (!(await page.locator('#more-settings').evaluate((d) => (d as HTMLDetailsElement).open)))
    await page.click('#more-settings > summary');
  await page.locator('#create-submit').waitFor();
}

// Creates a table shared by link through the full form ("More settings"),
// with the form's defaults otherwise, and waits for the table page.
export async function createLinkTable(page: Page): Promise<void> {
  await page.goto('/');
  await openMoreSettings(page);
  await page.selectOption('#c-visibility', 'link');
  await page.click('#create-submit');
  await page.waitForURL(/\/t\//);
}

// On a game page of `total` moves: Home, two steps forward, one back, End,
// as a person steps with the keys; each answered by the ply and the board.
export async function stepWithKeys(page: Page, total: number): Promise<void> {
  const ply = () => page.textContent('.game-ply');
  await page.keyboard.press('Home');
  if ((await ply()) !== 'Start position') throw new Error(`Home showed ${await ply()}`);
  if ((await page.locator('.board.four .disc').count()) !== 0) throw new Error('discs at the start');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  if ((await ply()) !== `Move 2 of ${total}`) throw new Error(`two steps showed ${await ply()}`);
  if ((await page.locator('.board.four .disc').count()) !== 2) throw new Error('not two discs after two moves');
  await page.keyboard.press('ArrowLeft');
  if ((await ply()) !== `Move 1 of ${total}`) throw new Error(`a step back showed ${await ply()}`);
  await page.keyboard.press('End');
  if ((await ply()) !== `Move ${total} of ${total}`) throw new Error(`End showed ${await ply()}`);
}

// The account panel of the header (protocol 2.12), open.
export async function openPanel(page: Page): Promise<void> {
  await page.click('#account-open');
  await page.locator('#account-panel:not([hidden]) #account-status').waitFor();
}

// Fills and sends the panel's login form (the panel open).
export async function logIn(page: Page, name: string, password: string): Promise<void> {
  await page.fill('#account-login-name', name);
  await page.fill('#account-login-password', password);
  await page.click('#account-login button[type=submit]');
}

// Keeps the page's guest with `name` and `password` through the open panel.
export async function keepName(page: Page, name: string, password: string): Promise<void> {
  await page.fill('#account-set-name', name);
  await page.fill('#account-set-password', password);
  await page.click('#account-set button[type=submit]');
  await page.locator('#account-who').waitFor();
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

// axe-core's violations on the page, one line each. It is put in through the
// DevTools protocol (page.evaluate), which the page's own CSP does not stop,
// so pages are checked with the policy on as well as with bypassCSP.
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[]; passes: unknown[] }> };
    };
    const r = await w.axe.run(document);
    return {
      passes: r.passes.length,
      violations: r.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    };
  });
  // axe ran its rules over the page (a page it could not read passes nothing).
  if (found.passes <= 10) throw new Error(`axe passed only ${found.passes} rules: it did not read the page`);
  return found.violations;
}

// Opens `path` in `p` and waits until its events socket has asked for the
// player's events (my_events.ts opens it as the page starts, this browser
// having a player already). Listened for before the page opens, since the
// socket may be open before the page's load.
export async function gotoListening(p: Page, path: string): Promise<void> {
  let onSocket: (ws: WebSocket) => void = () => {};
  const asked = new Promise<void>((resolve) => {
    onSocket = (ws) =>
      ws.on('framesent', (f) => {
        if (String(f.payload).includes('my_events')) resolve();
      });
    p.on('websocket', onSocket);
  });
  try {
    await p.goto(path);
    await Promise.race([
      asked,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no my_events on ${path}`)), 15_000)),
    ]);
  } finally {
    p.off('websocket', onSocket);
  }
}
