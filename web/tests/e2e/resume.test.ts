// A reload in the middle of a game resumes it; a dropped connection shows the
// banner, reconnects and catches up (protocol 4.1 `since`).
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { clickColumn, createLinkTable, moveCount, moveTexts, waitMoves } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();
let ctxA: BrowserContext;
let ctxB: BrowserContext;
let A: Page;
let B: Page;

beforeAll(async () => {
  ctxA = await newContext(env.handle.browser, env.server.base);
  ctxB = await newContext(env.handle.browser, env.server.base);
  A = await ctxA.newPage();
  B = await ctxB.newPage();
  // B's socket goes through a pass-through route to the real server, so the
  // test can cut it like a network drop and refuse reconnects for a while
  // (the table socket is /ws?table=ID since the cluster work).
  await B.routeWebSocket(/\/ws(\?|$)/, (ws) => {
    if (cutting) {
      ws.close();
      return;
    }
    const upstream = ws.connectToServer();
    live.push(() => {
      ws.close();
      upstream.close();
    });
  });
});

let cutting = false;
const live: (() => void)[] = [];

async function moveBy(p: Page, c: number): Promise<void> {
  const before = await moveCount(A);
  await p.locator('#turn.mine').waitFor();
  await clickColumn(p, c);
  await waitMoves(A, before + 1);
  await waitMoves(B, before + 1);
}

describe('resuming a game', () => {
  it('sets up a game between two browsers', async () => {
    await createLinkTable(A);
    await B.goto(A.url());
    await A.locator('#turn.mine').waitFor();
    await moveBy(A, 3);
    await moveBy(B, 3);
    await moveBy(A, 2);
  });

  it('a reload in the middle of the game shows the same game and plays on', async () => {
    const before = await moveTexts(B);
    await B.reload();
    await B.locator('#turn.mine').waitFor();
    expect(await moveTexts(B)).toEqual(before);
    expect(await B.locator('.board.four .disc:not(.hover)').count()).toBe(3);
    await moveBy(B, 4);
    expect(await moveTexts(A)).toEqual(await moveTexts(B));
  });

  it('a lost connection shows the banner, reconnects and catches up', async () => {
    cutting = true;
    for (const cut of live.splice(0)) cut();
    // While B is away, A moves.
    const before = await moveCount(A);
    await A.locator('#turn.mine').waitFor();
    await clickColumn(A, 1);
    await waitMoves(A, before + 1);
    await B.locator('.conn-banner:not([hidden])').waitFor({ timeout: 15_000 });
    expect(await B.textContent('.conn-banner')).toMatch(/Connection lost|Reconnecting/);
    cutting = false;
    await B.locator('.conn-banner').waitFor({ state: 'hidden', timeout: 20_000 });
    await waitMoves(B, before + 1);
    expect(await moveTexts(B)).toEqual(await moveTexts(A));
    await B.locator('#turn.mine').waitFor();
  });
});
