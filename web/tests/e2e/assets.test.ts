// What the server sends for the pages (docs/protocol.md 2, 2.10): the table
// page's JS and CSS as sent to a browser (precompressed) within budget, hashed
// assets cached for a year, the page revalidated, the security headers on,
// and the pages running under that Content-Security-Policy with no console
// error (a CSP violation is one).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { newContext } from './browser';
import { useServerAndBrowser } from './setup';

const env = useServerAndBrowser();
const BUDGET_BYTES = 40 * 1024;

interface Sent {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

// The bytes on the wire, as a browser asks (node's fetch would unpack them).
function get(path: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const req = request(`${env.server.base}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function plainText(path: string): Promise<string> {
  return (await fetch(`${env.server.base}${path}`)).text();
}

describe('assets and headers as sent', () => {
  it('sends the table page JS+CSS precompressed, within budget, cached by name', async () => {
    const page = await get('/t/abcdefghjk');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    // Follow what the page loads, and what those files import, as in
    // scripts/size.mjs: a dynamic import (another page's chunk) is checked
    // but not counted, except the interface dictionaries (lang-*.js): the
    // page loads the reader's one before drawing, so the largest counts.
    const html = await plainText('/t/abcdefghjk');
    const queue = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => ({
      path: m[1],
      counted: true,
    }));
    const seen = new Set<string>();
    const dictionaries: number[] = [];
    let sent = 0;
    let files = 0;
    while (queue.length) {
      const { path, counted } = queue.shift() as { path: string; counted: boolean };
      if (seen.has(path)) continue;
      seen.add(path);
      const file = await get(path);
      expect(file.status, path).toBe(200);
      expect(file.headers['content-encoding'], path).toBe('br');
      expect(file.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(Number(file.headers['content-length']), path).toBe(file.bytes.length);
      if (counted) {
        sent += file.bytes.length;
        files += 1;
      }
      if (path.endsWith('.js')) {
        const text = await plainText(path);
        for (const m of text.matchAll(/\b(from|import)\s*(\(?)["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g)) {
          const dynamic = Boolean(m[2]);
          if (dynamic && counted && m[3].startsWith('lang-') && !seen.has(`/assets/${m[3]}`)) {
            seen.add(`/assets/${m[3]}`);
            const dict = await get(`/assets/${m[3]}`);
            expect(dict.status, m[3]).toBe(200);
            expect(dict.headers['content-encoding'], m[3]).toBe('br');
            dictionaries.push(dict.bytes.length);
          } else queue.push({ path: `/assets/${m[3]}`, counted: counted && !dynamic });
        }
      }
    }
    // One dictionary a language: English, Turkish, Greek and Dutch.
    expect(dictionaries).toHaveLength(4);
    sent += Math.max(...dictionaries);
    files += 1;
    expect(files).toBeGreaterThan(1);
    console.log(`table page JS+CSS as sent: ${sent} B (${(sent / 1024).toFixed(1)} KiB) in ${files} files`);
    expect(sent).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('puts the security headers on pages, assets and the API', async () => {
    for (const path of ['/', '/t/abcdefghjk', '/rules.html', '/api/lobby', '/healthz', '/api/no-such']) {
      const r = await get(path);
      const csp = String(r.headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain('unsafe-inline');
      expect(r.headers['x-content-type-options'], path).toBe('nosniff');
      expect(r.headers['referrer-policy'], path).toBe('same-origin');
    }
  });

  it('runs home, a table and the rules under the policy with no console error', async () => {
    const ctx = await newContext(env.handle.browser, env.server.base);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/');
    await page.waitForSelector('h1');
    await page.goto('/rules.html?v=popout');
    await page.waitForSelector('h1');
    // A table against the computer: the board and its socket.
    await page.goto('/');
    const created = await page.evaluate(async () => {
      const r = await fetch('/api/tables', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ game: 'four', opponent: { kind: 'computer', level: 1 } }),
      });
      return (await r.json()) as { id: string };
    });
    await page.goto(`/t/${created.id}`);
    await page.locator('#turn.mine').waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
