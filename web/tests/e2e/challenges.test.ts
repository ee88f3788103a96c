// Challenges (docs/bot-api.md, "Challenges"): a challenge sent from a
// player's profile reaches them live on whatever page they have open; one
// accepted in the second browser starts a table both land at; one declined
// with a reason and one left to expire (the server's test clock moves past
// its two minutes) are shown as such to both. Screenshots: the notice and the
// dialog in both themes and at phone width; axe finds nothing.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeEn } from '../../src/i18n/challenge_en';
import { join } from 'node:path';
import { artifactsDir, newContext } from './browser';
import { axeViolations, gotoListening } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser(['--test-clock', String(Date.UTC(2026, 11, 1))]);
const PHONE390 = { viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true };
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let A: Page; // the challenger, on a desktop
let B: Page; // the challenged, on a phone
let bId = '';
const errors: string[] = [];

// What the reader sees (the notice sits at the top), not the whole page.
async function shot(p: Page, name: string): Promise<void> {
  await p.screenshot({ path: join(artifactsDir(), `${name}.png`) });
}

async function meOf(p: Page): Promise<{ id: string; name: string }> {
  return p.evaluate(async () => (await fetch('/api/me')).json());
}

// A on B's profile sends a challenge with the dialog's defaults (or rated off).
async function sendChallenge(rated = true): Promise<void> {
  await gotoListening(A, `/p/${bId}`);
  await A.click('#challenge-open');
  await A.locator('dialog.challenge-dialog').waitFor();
  if (!rated) await A.uncheck('#ch-rated');
  await A.click('#challenge-send');
  await A.locator('dialog.challenge-dialog').waitFor({ state: 'detached' });
  await A.locator('.challenge-open').waitFor();
  await B.locator('.challenge-open .challenge-accept').waitFor();
}

beforeAll(async () => {
  ctxA = await newContext(env.handle.browser, env.server.base);
  ctxB = await newContext(env.handle.browser, env.server.base, PHONE390);
  A = await ctxA.newPage();
  B = await ctxB.newPage();
  for (const p of [A, B]) {
    p.on('pageerror', (e) => errors.push(e.message));
    p.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
  }
  // B has been on the site before (its home page made B's player), and now
  // reads the rules: a page that makes no player, where the events still come.
  await B.goto('/');
  bId = (await meOf(B)).id;
  await gotoListening(B, '/rules.html');
  await A.goto('/');
});

afterAll(async () => {
  await ctxA?.close();
  await ctxB?.close();
});

describe('challenges', () => {
  it('sends one from a profile; accepted in the other browser, the table starts for both', async () => {
    await gotoListening(A, `/p/${bId}`);
    await A.click('#challenge-open');
    await A.locator('dialog.challenge-dialog').waitFor();
    expect(await axeViolations(A)).toEqual([]);
    await shot(A, 'challenge-dialog');
    await A.click('#challenge-send');
    await A.locator('.challenge-open').waitFor();
    expect(await A.textContent('.challenge-open')).toContain('Waiting for an answer');
    // B sees it live on the rules page, with who and what.
    await B.locator('.challenge-open .challenge-accept').waitFor();
    const aName = (await meOf(A)).name;
    const text = (await B.textContent('.challenge-open .challenge-text')) ?? '';
    expect(text).toContain(`${aName} challenges you`);
    expect(text).toContain('rated');
    expect(await axeViolations(B)).toEqual([]);
    await shot(B, 'challenge-incoming-phone');
    await B.emulateMedia({ colorScheme: 'dark' });
    await shot(B, 'challenge-incoming-phone-dark');
    await B.emulateMedia({ colorScheme: 'light' });
    await shot(A, 'challenge-sent-desktop');

    await B.click('.challenge-open .challenge-accept');
    await Promise.all([A.waitForURL(/\/t\/[A-Za-z0-9_-]+$/), B.waitForURL(/\/t\/[A-Za-z0-9_-]+$/)]);
    expect(new URL(A.url()).pathname).toBe(new URL(B.url()).pathname);
    const table = new URL(A.url()).pathname.slice(3);
    // Both opened it, so the match has begun, with both seated.
    await expect
      .poll(async () => (await (await fetch(`${env.server.base}/api/tables/${table}`)).json()).status, {
        timeout: 15_000,
      })
      .toBe('playing');
    const summary = await (await fetch(`${env.server.base}/api/tables/${table}`)).json();
    const seated = summary.seats.map((s: { player: { id: string } }) => s.player.id).sort();
    expect(seated).toEqual([bId, (await meOf(A)).id].sort());
    expect(summary.settings.rated).toBe(true);
  });

  it('shows a declined one, with its reason, to both', async () => {
    await B.goto('/');
    await sendChallenge(false);
    await B.selectOption('.challenge-open .challenge-reason', 'later');
    await B.click('.challenge-open .challenge-decline');
    await A.locator('.challenge-declined').waitFor();
    expect(await A.textContent('.challenge-declined')).toContain(challengeEn['challenge.reason.later']);
    await B.locator('.challenge-declined').waitFor();
    expect(await B.textContent('.challenge-declined')).toContain('You declined');
    await A.emulateMedia({ colorScheme: 'dark' });
    await shot(A, 'challenge-declined-desktop-dark');
    await A.emulateMedia({ colorScheme: 'light' });
    await shot(B, 'challenge-declined-phone');
    // Dismissed, it goes.
    await A.click('.challenge-declined .challenge-dismiss');
    await A.locator('.challenge-declined').waitFor({ state: 'detached' });
  });

  it('shows one left unanswered past its two minutes as expired, to both', async () => {
    await B.goto('/rules.html');
    await sendChallenge();
    const moved = await fetch(`${env.server.base}/api/test/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance_ms: 121_000 }),
    });
    expect(moved.status).toBe(200);
    await A.locator('.challenge-expired').waitFor();
    await B.locator('.challenge-expired').waitFor();
    expect(await A.textContent('.challenge-expired')).toContain('expired unanswered');
    expect(await B.textContent('.challenge-expired')).toContain('expired unanswered');
    expect(await B.locator('.challenge-accept').count()).toBe(0);
    await shot(A, 'challenge-expired-desktop');
    await shot(B, 'challenge-expired-phone');
    expect(errors).toEqual([]);
  });
});
