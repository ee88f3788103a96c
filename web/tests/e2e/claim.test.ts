// RULES.md A4: a player gone for 30 seconds on their own turn; the opponent's
// page says so, offers the claim, and the claim ends the match.
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { clickColumn, createLinkTable, moveCount, shot, waitMoves } from './helpers';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();

describe('claim after the opponent left', () => {
  it('offers the claim 30 s after the player to move left, and the claim wins the match', async () => {
    const ctxA = await newContext(env.handle.browser, env.server.base);
    const ctxB = await newContext(env.handle.browser, env.server.base);
    const A = await ctxA.newPage();
    const B = await ctxB.newPage();
    await createLinkTable(A);
    await B.goto(A.url());
    await A.locator('#turn.mine').waitFor();
    await clickColumn(A, 3);
    await waitMoves(B, 1);
    // B is to move and goes away.
    await ctxB.close();
    await A.locator('.away-note').waitFor({ timeout: 10_000 });
    expect(await A.locator('#claim').count()).toBe(0);
    await A.locator('#claim').waitFor({ timeout: 45_000 });
    await shot(A, 'desktop-claim-offered');
    await A.click('#claim');
    await A.locator('#match-result').waitFor();
    expect(await A.textContent('#match-result')).toContain('By a claim after the opponent left.');
    expect(await moveCount(A)).toBe(1);
    await ctxA.close();
  });
});
