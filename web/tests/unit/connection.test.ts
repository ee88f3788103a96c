// @vitest-environment happy-dom
// Reconnection: a dropped socket is reported, retried with
// backoff, and every (re)open says hello with the last version seen; a tab
// coming back to the foreground asks again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Connection, wsUrl, type ConnStatus } from '../../src/connection';
import { FakeSocket } from './fake_socket';

let version = 0;
let statuses: ConnStatus[] = [];
let received: unknown[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  statuses = [];
  received = [];
  version = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function connect() {
  const c = new Connection({
    url: 'ws://x/ws',
    onOpen: () => [{ type: 'hello', table: 't1', since: version }],
    onMessage: (m) => received.push(m),
    onStatus: (s) => statuses.push(s),
  });
  c.start();
  return c;
}

describe('the table connection', () => {
  it('says hello with the last version on every open', () => {
    const c = connect();
    FakeSocket.all[0].open();
    expect(FakeSocket.all[0].sent).toEqual(['{"type":"hello","table":"t1","since":0}']);
    version = 12;
    FakeSocket.all[0].drop();
    expect(statuses.at(-1)?.state).toBe('waiting');
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    expect(FakeSocket.all[1].sent).toEqual(['{"type":"hello","table":"t1","since":12}']);
    expect(statuses.at(-1)?.state).toBe('open');
    c.stop();
  });

  it('backs off longer after each failed attempt', () => {
    const c = connect();
    FakeSocket.all[0].drop(); // 1st wait ~0.5 s
    vi.advanceTimersByTime(600);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].drop(); // 2nd wait ~1 s
    vi.advanceTimersByTime(600);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all).toHaveLength(3);
    c.stop();
  });

  it('retries at once when the tab comes back to the foreground', () => {
    const c = connect();
    FakeSocket.all[0].drop();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1].open();
    version = 30;
    // With the socket open, coming back asks for what was missed.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSocket.all[1].sent.at(-1)).toBe('{"type":"hello","table":"t1","since":30}');
    c.stop();
  });

  it('parses frames and drops the ones that do not fit the protocol', () => {
    const errors: string[] = [];
    const c = new Connection({
      url: 'ws://x/ws',
      onOpen: () => [],
      onMessage: (m) => received.push(m),
      onStatus: () => undefined,
      onProtocolError: (e) => errors.push(e.message),
    });
    c.start();
    const ws = FakeSocket.all[0];
    ws.open();
    ws.onmessage?.({ data: '{"type":"ack","id":"m1","version":3}' });
    ws.onmessage?.({ data: '{"type":"ack","id":"m1"}' });
    expect(received).toEqual([{ type: 'ack', id: 'm1', version: 3 }]);
    expect(errors).toEqual(['ack.version: expected a number']);
    c.stop();
  });
});

describe('the socket URL', () => {
  // A balancer in front of several nodes routes a table's socket by its id.
  it('names the table, so every socket of a table reaches one node', () => {
    expect(wsUrl('k7Hq2')).toBe(`ws://${location.host}/ws?table=k7Hq2`);
    expect(wsUrl()).toBe(`ws://${location.host}/ws`);
  });
});
