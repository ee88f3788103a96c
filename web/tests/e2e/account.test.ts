// A name to keep (protocol 2.12) as a person uses it: the account panel from
// the header sets a password; a second browser logs in with the name and
// password and is the same player (GET /api/me); it logs out and is a new
// guest; a wrong password says so; the password is changed. axe finds nothing
// in the open panel and no page logs a console error under the server's CSP.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';
import { newContext } from './browser';
import { axeViolations, keepName, logIn, openPanel, shot } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let A: Page;
let B: Page;
const consoleErrors: string[] = [];
const NAME = 'Keeper Kit';
const PASSWORD = 'correct horse battery';

async function me(ctx: BrowserContext): Promise<{ id: string; name: string; account: boolean; bot: boolean }> {
  const res = await ctx.request.get('/api/me');
  expect(res.status()).toBe(200);
  return res.json();
}

beforeAll(async () => {
  ctxA = await newContext(env.handle.browser, env.server.base);
  ctxB = await newContext(env.handle.browser, env.server.base);
  A = await ctxA.newPage();
  B = await ctxB.newPage();
  for (const [p, who] of [
    [A, 'A'],
    [B, 'B'],
  ] as const) {
    p.on('console', (m) => {
      // A refused login is a 401 the browser logs as a failed resource.
      if (m.type() === 'error' && !m.text().includes('401')) consoleErrors.push(`${who}: ${m.text()}`);
    });
    p.on('pageerror', (e) => consoleErrors.push(`${who}: ${e.message}`));
  }
});

afterAll(async () => {
  await ctxA?.close();
  await ctxB?.close();
});

describe('account: a name to keep', () => {
  it('sets a password from the header panel; the panel passes axe', async () => {
    // The home page makes its guest itself, by GET /api/me and by its lobby
    // socket's handshake. Our own /api/me waits until both have answered:
    // sent earlier, with no cookie yet, it made a second guest, and the
    // cookie the page kept could be either.
    const pageMe = A.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
    const lobby = A.waitForEvent('websocket').then((ws) => ws.waitForEvent('framereceived'));
    await A.goto('/');
    await Promise.all([pageMe, lobby]);
    const guest = await me(ctxA);
    expect(guest.account).toBe(false);
    await openPanel(A);
    expect(await A.getAttribute('#account-open', 'aria-expanded')).toBe('true');
    expect(await axeViolations(A)).toEqual([]);
    await shot(A, 'account-panel-guest');
    await keepName(A, NAME, PASSWORD);
    expect(await A.textContent('#account-status')).toBe(en['account.set.done'].replace('{name}', NAME));
    const kept = await me(ctxA);
    expect(kept).toEqual({ id: guest.id, name: NAME, account: true, bot: false });
    expect(await axeViolations(A)).toEqual([]);
    await shot(A, 'account-panel-kept');
  });

  it('logs in from a second browser as the same player', async () => {
    await B.goto('/rules.html'); // the panel is in the header of every page
    const stranger = await me(ctxB);
    const a = await me(ctxA);
    expect(stranger.id).not.toBe(a.id);
    await openPanel(B);
    await logIn(B, NAME, 'not the password');
    await expect
      .poll(() => B.textContent('#account-status'), { timeout: 20_000 })
      .toBe(en['account.error.wrong_login']);
    await Promise.all([B.waitForEvent('load'), logIn(B, NAME.toLowerCase(), PASSWORD)]);
    expect(await me(ctxB)).toEqual({ id: a.id, name: NAME, account: true, bot: false });
    const cookie = (await ctxB.cookies()).find((c) => c.name === 'ft_guest');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    await openPanel(B);
    expect(await B.textContent('#account-who')).toBe(en['account.signed_in'].replace('{name}', NAME));
  });

  it('changes the password in the first browser, which logs the second out', async () => {
    await A.fill('#account-old-password', PASSWORD);
    await A.fill('#account-new-password', 'a new password');
    await A.click('#account-change button[type=submit]');
    await expect
      .poll(() => A.textContent('#account-status'), { timeout: 20_000 })
      .toBe(en['account.change.done'].replace('{count}', '1'));
    const a = await me(ctxA);
    expect(a.account).toBe(true);
    expect((await me(ctxB)).id).not.toBe(a.id);
  });

  it('logs in again with the new password and logs out', async () => {
    await B.goto('/');
    await openPanel(B);
    await Promise.all([B.waitForEvent('load'), logIn(B, NAME, 'a new password')]);
    const a = await me(ctxA);
    expect((await me(ctxB)).id).toBe(a.id);
    await openPanel(B);
    await Promise.all([B.waitForEvent('load'), B.click('#account-logout')]);
    const after = await me(ctxB);
    expect(after.id).not.toBe(a.id);
    expect(after.account).toBe(false);
    expect((await me(ctxA)).id).toBe(a.id); // the first browser stays in
    expect(consoleErrors).toEqual([]);
  });
});
