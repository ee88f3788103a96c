// Headless Chromium for the end-to-end tests: Debian's /usr/bin/chromium driven
// by playwright-core (no downloaded browser), each run with a fresh profile.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, devices } from 'playwright-core';

export const CHROMIUM = process.env.FT_CHROMIUM ?? '/usr/bin/chromium';

export interface BrowserHandle {
  browser: Browser;
  close: () => Promise<void>;
}

// playwright-core gives every launch a fresh temporary profile (its own
// --user-data-dir, removed on close) and refuses one passed in args.
export async function launchBrowser(): Promise<BrowserHandle> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
    },
  };
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 860 }, locale: 'en-US' };
export const PHONE: BrowserContextOptions = {
  ...devices['Pixel 5'],
  locale: 'en-US',
};

export async function newContext(
  b: Browser,
  base: string,
  opts: BrowserContextOptions = DESKTOP,
): Promise<BrowserContext> {
  const ctx = await b.newContext({ ...opts, baseURL: base });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base }).catch(() => undefined);
  return ctx;
}

export function artifactsDir(): string {
  const dir = process.env.FT_E2E_ARTIFACTS ?? join(import.meta.dirname, '..', '..', '..', 'build', 'web-e2e');
  mkdirSync(dir, { recursive: true });
  return dir;
}
