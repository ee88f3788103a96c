// Personal API tokens on the account panel (docs/bot-api.md): an account
// makes a token and sees its secret once, the token works as
// `Authorization: Bearer`, the list never shows the secret again, revoking
// ends it; a bot's profile shows BOT. axe finds nothing in the panel.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { newContext } from './browser';
import { axeViolations, keepName, openPanel, shot } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();
let ctx: BrowserContext;
let A: Page;
let secret = '';
const consoleErrors: string[] = [];

async function asBearer(path: string, method = 'GET'): Promise<{ status: number; body: Record<string, unknown> }> {
  // A request of its own (no cookie jar), as a program sends it.
  const res = await fetch(`${env.server.base}${path}`, { method, headers: { Authorization: `Bearer ${secret}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  ctx = await newContext(env.handle.browser, env.server.base);
  A = await ctx.newPage();
  A.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  A.on('pageerror', (e) => consoleErrors.push(e.message));
});

afterAll(async () => {
  await ctx?.close();
});

describe('API tokens on the account panel', () => {
  it('makes a token and shows its secret once', async () => {
    await A.goto('/rules.html');
    await openPanel(A);
    await keepName(A, 'Engine Owner', 'correct horse battery');
    await A.locator('#tokens-none').waitFor();
    await A.fill('#token-description', 'my engine');
    await A.click('#token-new button[type=submit]');
    await A.locator('#token-secret code').waitFor();
    secret = (await A.textContent('#token-secret code')) ?? '';
    expect(secret).toMatch(/^ft_[A-Za-z0-9_-]{43}$/);
    expect(await A.locator('#tokens-list li').count()).toBe(1);
    expect(await A.textContent('#tokens-list .token-description')).toBe('my engine');
    expect(await A.textContent('#tokens-list .token-scopes')).toBe('bot:play');
    expect(await A.textContent('#tokens-list li')).toContain(en['tokens.never_used']);
    expect(await axeViolations(A)).toEqual([]);
    await shot(A, 'account-panel-token-made');

    const me = await asBearer('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.name).toBe('Engine Owner');

    // Open again: the list, without the secret.
    await A.reload();
    await openPanel(A);
    await A.locator('#tokens-list li').waitFor();
    expect(await A.locator('#token-secret').count()).toBe(0);
    expect(await A.textContent('#account-panel')).not.toContain(secret);
    expect(await A.textContent('#tokens-list li')).toContain(en['tokens.used'].replace('{day}', ''));
  });

  it('shows BOT on the profile once the account is upgraded', async () => {
    const up = await asBearer('/api/bot/account/upgrade', 'POST');
    expect(up.status).toBe(200);
    expect(up.body.bot).toBe(true);
    await A.goto(`/p/${String(up.body.id)}`);
    await A.locator('#player-bot').waitFor();
    expect(await A.textContent('.player-name')).toBe('Engine Owner BOT');
    await shot(A, 'profile-bot');
  });

  it('revokes the token, which then works no more', async () => {
    await openPanel(A);
    await A.locator('#tokens-list li').waitFor();
    await A.click('#tokens-list .token-revoke');
    await A.locator('#tokens-none').waitFor();
    const after = await asBearer('/api/me');
    expect(after.status).toBe(401);
    expect((after.body.error as { code: string }).code).toBe('bad_token');
    await shot(A, 'account-panel-token-revoked');
    expect(consoleErrors).toEqual([]);
  });
});
