// One real server and one browser per test file, started before its tests and
// stopped after them.
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type BrowserHandle } from './browser';
import { startServer, type RunningServer } from './server';

export interface E2E {
  server: RunningServer;
  handle: BrowserHandle;
}

export function useServerAndBrowser(
  serveArgs: readonly string[] = [],
  serverEnv: Readonly<Record<string, string>> = {},
): E2E {
  const env = {} as E2E;
  beforeAll(async () => {
    env.server = await startServer(serveArgs, serverEnv);
    env.handle = await launchBrowser();
  });
  afterAll(async () => {
    await env.handle?.close();
    await env.server?.stop();
  });
  return env;
}
