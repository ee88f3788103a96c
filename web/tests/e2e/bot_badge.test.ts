// A bot is shown as BOT everywhere (docs/bot-api.md, "Bot accounts"): a
// bot account joins a person's table with its token (POST
// /api/bot/game/<id>/join); the person's table page shows BOT beside its
// seat and says "(BOT)" in its sentences and announcements, the lobby's
// live boards and "your games" show the tag, and after the match the game
// record and the leaderboard do too; a challenge to it from its profile
// names it "(BOT)" in the dialog and the notice. Desktop and phone, light and dark;
// axe finds nothing on the pages with the tag.
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { newContext, PHONE } from './browser';
import { axeViolations, keyDigit, shot } from './helpers';
import { useServerAndBrowser } from './setup';

// One match makes a new player's deviation fit the leaderboard.
const env = useServerAndBrowser(['--leaderboard-rd', '500']);
let A: Page; // the person, desktop
let B: Page; // a visitor, phone
let contexts: BrowserContext[] = [];
let botToken = '';
let table = '';
let botId = '';

// An account made a bot, as its owner's program does: a password, a token
// of bot:play, the upgrade.
async function makeBot(api: APIRequestContext, name: string): Promise<string> {
  expect((await api.get('/api/me')).ok()).toBe(true);
  expect((await api.post('/api/account/password', { data: { name, password: 'correct horse' } })).ok()).toBe(true);
  const made = await api.post('/api/account/tokens', { data: { description: 'engine', scopes: ['bot:play'] } });
  const token = ((await made.json()) as { token: string }).token;
  const up = await api.post('/api/bot/account/upgrade', { headers: { Authorization: `Bearer ${token}` } });
  expect(up.status()).toBe(200);
  botId = ((await up.json()) as { id: string }).id;
  return token;
}

async function asBot(path: string): Promise<number> {
  const res = await fetch(`${env.server.base}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${botToken}` },
  });
  return res.status;
}

async function bothThemes(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await shot(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

beforeAll(async () => {
  const botCtx = await newContext(env.handle.browser, env.server.base);
  const desk = await newContext(env.handle.browser, env.server.base);
  const phone = await newContext(env.handle.browser, env.server.base, PHONE);
  contexts = [botCtx, desk, phone];
  botToken = await makeBot(botCtx.request, 'Deep Column');
  A = await desk.newPage();
  B = await phone.newPage();
});

afterAll(async () => {
  for (const c of contexts) await c.close();
});

describe('a bot at a table', () => {
  it('is BOT beside its seat, and "(BOT)" in what the table says', async () => {
    const r = await A.context().request.post('/api/tables', { data: { game: 'four', variant: 'classic' } });
    table = ((await r.json()) as { id: string }).id;
    await A.goto(`/t/${table}`);
    await A.locator('.seat.you').waitFor();
    expect(await asBot(`/api/bot/game/${table}/join`)).toBe(200);
    const seat = A.locator('.seat[data-seat="1"]');
    await seat.locator('.bot-tag').waitFor();
    expect(await seat.locator('.seat-link').textContent()).toBe('Deep Column BOT');
    expect(await seat.locator('.bot-tag').getAttribute('title')).toBe(en['player.bot']);
    expect(await seat.locator('.seat-name').getAttribute('title')).toBe('Deep Column (BOT)');
    expect(await A.locator('.seat.you .bot-tag').count()).toBe(0);
    // The bot moves (after the person, if the person begins): the
    // announcement names it with "(BOT)".
    await A.locator('#turn').waitFor();
    if ((await A.locator('.seat.you.to-move').count()) > 0) {
      await keyDigit(A, 3);
      await A.locator('.seat[data-seat="1"].to-move').waitFor();
    }
    expect(await asBot(`/api/bot/game/${table}/move/a`)).toBe(200);
    await A.waitForFunction(() =>
      /Deep Column \(BOT\) played a/.test(document.getElementById('announcer')?.textContent ?? ''),
    );
    expect(await axeViolations(A)).toEqual([]);
    await bothThemes(A, 'bot-table-desktop');
    await B.goto(`/t/${table}?watch=1`);
    await B.locator('.seat[data-seat="1"] .bot-tag').waitFor();
    await bothThemes(B, 'bot-table-phone');
  });

  it('is BOT in the lobby and in "your games"', async () => {
    await B.goto('/');
    const live = B.locator('#live-boards .live-card', { hasText: 'Deep Column' });
    await live.locator('.bot-tag').waitFor({ timeout: 10_000 });
    expect(await live.locator('.live-names').textContent()).toMatch(/ – Deep Column BOT$/);
    expect(await axeViolations(B)).toEqual([]);
    await bothThemes(B, 'bot-lobby-phone');
    await A.goto('/');
    const mine = A.locator('#your-games .table-line');
    await mine.locator('.bot-tag').waitFor();
    expect(await mine.locator('.tl-names').textContent()).toMatch(/ – Deep Column BOT$/);
    await bothThemes(A, 'bot-lobby-desktop');
  });

  it('is BOT on the game record and the leaderboard after the match', async () => {
    expect(await asBot(`/api/bot/game/${table}/resign-match`)).toBe(200);
    await A.goto(`/g/${table}-1`);
    const players = A.locator('.game-players');
    await players.locator('.bot-tag').waitFor();
    expect(await players.locator('.bot-tag').count()).toBe(1);
    expect(await players.textContent()).toContain('Deep Column BOT');
    expect(await axeViolations(A)).toEqual([]);
    await bothThemes(A, 'bot-game-record-desktop');
    await B.goto('/leaderboard/classic');
    const row = B.locator('tbody tr', { hasText: 'Deep Column' });
    await row.locator('.bot-tag').waitFor();
    expect(await B.locator('tbody .bot-tag').count()).toBe(1);
    expect(await axeViolations(B)).toEqual([]);
    await bothThemes(B, 'bot-leaderboard-phone');
  });

  it('is "(BOT)" in the challenge dialog and notice', async () => {
    await A.goto(`/p/${botId}`);
    await A.locator('#player-bot').waitFor();
    await A.click('#challenge-open');
    await A.locator('dialog.challenge-dialog').waitFor();
    expect(await A.textContent('#challenge-title')).toBe('Challenge Deep Column (BOT)');
    await A.emulateMedia({ colorScheme: 'dark' });
    await shot(A, 'bot-challenge-dialog-desktop-dark');
    await A.emulateMedia({ colorScheme: 'light' });
    await A.click('#challenge-send');
    await A.locator('.challenge-open').waitFor();
    expect(await A.textContent('.challenge-open .challenge-text')).toContain('You challenged Deep Column (BOT)');
    expect(await axeViolations(A)).toEqual([]);
    await bothThemes(A, 'bot-challenge-sent-desktop');
  });
});
