// @vitest-environment happy-dom
// A move the store did not take (protocol 4.2, "A write that fails is shown
// to nobody"): the table page sends it again with the same id on the new
// socket when the table is still where the move was played, and not when
// the table moved on without it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TableController } from '../../src/pages/table/controller';
import { FakeSocket } from './fake_socket';

const GOLDEN = join(import.meta.dirname, '..', '..', '..', 'tests', 'server', 'golden', 's2c');
const golden = (f: string) => JSON.parse(readFileSync(join(GOLDEN, f), 'utf8'));

// The golden state (version 4, seat 1 to move) seen from seat 1.
function state(): Record<string, unknown> {
  const s = golden('state.json');
  s.you = { seat: 1 };
  return s;
}

const latest = () => FakeSocket.latest();
const movesSent = (ws: FakeSocket) => ws.frames().filter((m) => m.type === 'move');

async function reconnect(): Promise<FakeSocket> {
  latest().drop();
  await vi.advanceTimersByTimeAsync(31_000);
  const ws = latest();
  ws.open();
  return ws;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function lostMove(): Promise<{ c: TableController; id: string }> {
  const c = new TableController('k3j9xq2apz', false, { render() {}, status() {}, announce() {} });
  c.start();
  const first = latest();
  first.open();
  first.receive(state());
  c.sendMove('c');
  const [sent] = movesSent(first);
  expect(sent).toMatchObject({ type: 'move', move: 'c', version: 4 });
  first.receive({ type: 'error', code: 'server_error', message: 'the store did not take it', id: sent.id });
  expect(c.pendingMove).toBeNull();
  return { c, id: String(sent.id) };
}

describe('a move the store lost', () => {
  it('is sent again with its id once the table answers on a new socket', async () => {
    const { id } = await lostMove();
    const ws = await reconnect();
    expect(ws.frames()[0]).toMatchObject({ type: 'hello', since: 4 });
    expect(movesSent(ws)).toEqual([]);
    ws.receive(golden('presence.json'));
    await Promise.resolve();
    expect(movesSent(ws)).toEqual([expect.objectContaining({ id, move: 'c', version: 4 })]);
  });

  it('is dropped when the table moved on without it', async () => {
    const { c } = await lostMove();
    const ws = await reconnect();
    const moved = state();
    moved.version = 5;
    ws.receive(moved);
    await Promise.resolve();
    expect(movesSent(ws)).toEqual([]);
    // And not sent later either: the next move is the player's own.
    ws.receive(golden('presence.json'));
    await Promise.resolve();
    expect(movesSent(ws)).toEqual([]);
    expect(c.pendingMove).toBeNull();
  });

  it('is not sent again on the socket that reported the loss', async () => {
    const { c } = await lostMove();
    const ws = latest();
    ws.receive(golden('presence.json'));
    await Promise.resolve();
    expect(movesSent(ws)).toHaveLength(1);
    expect(c.pendingMove).toBeNull();
  });
});
