// Starts the real `fourtable serve` for the end-to-end tests: a free port on
// loopback, a store in a fresh temporary directory, the built client as web
// root. Stopped (and the directory removed) by the test file that started it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const WEB = resolve(import.meta.dirname, '..', '..');
const ROOT = resolve(WEB, '..');

export function fourtableBin(): string {
  const bin = process.env.FOURTABLE_BIN ?? join(ROOT, 'build', 'release', 'src', 'app', 'fourtable');
  if (!existsSync(bin)) throw new Error(`fourtable binary not found at ${bin} (set FOURTABLE_BIN)`);
  return bin;
}

export function webRoot(): string {
  const dist = join(WEB, 'dist');
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no built client in ${dist}: run npm run build`);
  return dist;
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => res(port));
    });
  });
}

export interface RunningServer {
  base: string;
  port: number;
  dir: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function waitHealthy(base: string, proc: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`fourtable serve exited with ${proc.exitCode}:\n${log()}`);
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`fourtable serve did not become healthy:\n${log()}`);
}

// `extra`: more `serve` options for one test file (e.g. a leaderboard threshold);
// `env`: more environment for the server (e.g. FOURTABLE_BOOK).
export async function startServer(
  extra: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): Promise<RunningServer> {
  const bin = fourtableBin();
  const root = webRoot();
  const dir = mkdtempSync(join(tmpdir(), 'ft-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let log = '';
  let proc: ChildProcess;
  const launch = async () => {
    proc = spawn(
      bin,
      [
        'serve',
        '--port',
        String(port),
        '--address',
        '127.0.0.1',
        '--store',
        `sqlite:${join(dir, 'fourtable.db')}`,
        '--web-root',
        root,
        '--engine-memory',
        '32',
        // Every browser of the tests comes from 127.0.0.1: no per-address limits.
        '--http-rate',
        '0',
        '--guest-rate',
        '0',
        '--open-tables-per-address',
        '0',
        ...extra,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
    );
    proc.stdout?.on('data', (d) => (log += d.toString()));
    proc.stderr?.on('data', (d) => (log += d.toString()));
    await waitHealthy(base, proc, () => log);
  };
  const exited = () =>
    new Promise<void>((res) => {
      if (proc.exitCode !== null || proc.signalCode !== null) res();
      else proc.once('exit', () => res());
    });
  await launch();
  return {
    base,
    port,
    dir,
    output: () => log,
    stop: async () => {
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited();
      clearTimeout(t);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
