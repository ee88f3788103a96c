// A person challenges a bot from its profile (docs/bot-api.md, "The reference
// bot"): `fourtable bot` runs beside the server with a token made through the
// API, accepts the challenge, the page goes to the table, and the person plays
// the classic two-game match to its end by clicking (the first open column
// each turn, Ready between the games).
import { spawn, type ChildProcess } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { clickColumn, gotoListening, moveCount, openColumns, shot, waitMoves } from './helpers';
import { fourtableBin } from './server';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();
let ctx: BrowserContext;
let A: Page;
let bot: ChildProcess | undefined;
let botLog = '';
let botId = '';
const errors: string[] = [];

// A request as a page of the site sends it: its cookie, its own Origin.
async function asPage(path: string, cookie: string, body?: unknown): Promise<Response> {
  return fetch(`${env.server.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Cookie: cookie, Origin: env.server.base, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

// A bot account made through the API: a guest keeps a name, makes a token
// and upgrades with it. Its id and token.
async function makeBot(): Promise<{ id: string; token: string }> {
  const me = await fetch(`${env.server.base}/api/me`);
  const cookie = me.headers.getSetCookie()[0].split(';')[0];
  const kept = await asPage('/api/account/password', cookie, { password: 'correct horse', name: 'Column Bot' });
  expect(kept.status).toBe(200);
  // Keeping a name opens a session: its cookie from now on.
  const session = kept.headers.getSetCookie()[0].split(';')[0];
  const made = await asPage('/api/account/tokens', session, { description: 'reference bot', scopes: ['bot:play'] });
  expect(made.status).toBe(201);
  const token = String(((await made.json()) as { token: string }).token);
  const up = await fetch(`${env.server.base}/api/bot/account/upgrade`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(up.status).toBe(200);
  return { id: String(((await up.json()) as { id: string }).id), token };
}

beforeAll(async () => {
  const made = await makeBot();
  botId = made.id;
  bot = spawn(fourtableBin(), ['bot', '--server', env.server.base, '--token', made.token, '--level', '3'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  bot.stderr?.on('data', (d) => (botLog += d.toString()));
  const deadline = Date.now() + 15_000;
  while (!botLog.includes('event stream open')) {
    if (Date.now() > deadline) throw new Error(`the bot did not connect:\n${botLog}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  ctx = await newContext(env.handle.browser, env.server.base);
  A = await ctx.newPage();
  A.on('pageerror', (e) => errors.push(e.message));
  A.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
});

afterAll(async () => {
  await ctx?.close();
  bot?.kill('SIGTERM');
});

// Plays the current game by clicking the first open column on each turn,
// until the game's (or the match's) result shows.
async function playGame(): Promise<void> {
  for (;;) {
    await A.locator('#turn.mine, #game-result, #match-result').first().waitFor({ timeout: 20_000 });
    if ((await A.locator('#game-result, #match-result').count()) > 0) return;
    const before = await moveCount(A);
    const open = await openColumns(A, 7, 6);
    await clickColumn(A, open[0]);
    await waitMoves(A, before + 1);
  }
}

describe('a challenge to a bot', () => {
  it('is accepted by the bot, and the person plays the match to its end', async () => {
    // The page's events socket is open before the challenge goes.
    await gotoListening(A, `/p/${botId}`);
    await A.locator('#player-bot').waitFor();
    await A.click('#challenge-open');
    await A.locator('dialog.challenge-dialog').waitFor();
    await A.click('#challenge-send');
    await A.waitForURL(/\/t\/[A-Za-z0-9_-]+$/, { timeout: 15_000 });
    await A.locator('#turn').waitFor({ timeout: 15_000 });
    expect(await A.textContent('.game-no')).toBe('Game 1 of 2');

    await playGame();
    await shot(A, 'bot-challenge-game-1-over');
    await A.click('#ready');
    await A.locator('#turn').waitFor({ timeout: 15_000 });
    expect(await A.textContent('.game-no')).toBe('Game 2 of 2');
    await playGame();
    await A.locator('#match-result').waitFor();
    await shot(A, 'bot-challenge-match-over');
    expect(botLog).toMatch(/challenge c_\d+: accepted -> 200/);
    expect(botLog).toContain('ready -> 200');
    await expect.poll(() => botLog, { timeout: 5_000 }).toContain('match over');
    expect(errors).toEqual([]);
  }, 60_000);
});
