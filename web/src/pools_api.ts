// Play someone now (docs/protocol.md 2.19): the pools, joining (and, polled,
// staying in) a pool's wait, cancelling it.
import { call } from './api';
import { readSettings } from './protocol';
import { array, int, nullable, object, oneOf, optional, str, type Infer } from './schema';

const readWait = object({
  pool: str,
  state: oneOf('waiting', 'paired'),
  since: int,
  range: optional(nullable(int)), // null: any rating (waiting only)
  table: optional(str), // paired only
});
export type PoolWait = Infer<typeof readWait>;

const readPools = object({
  pools: array(object({ id: str, settings: readSettings, waiting: int })),
  wait: nullable(readWait),
  poll_ms: int,
  grace_ms: int,
});
export type Pools = Infer<typeof readPools>;
export type PoolInfo = Pools['pools'][number];

export async function getPools(): Promise<Pools> {
  return readPools(await call('GET', '/api/pools'), 'pools');
}

// Joins the pool (a click), or with the wait's `since` tells the server
// this page still waits there and learns the table once paired.
export async function joinPool(id: string, since?: number): Promise<PoolWait> {
  const query = since === undefined ? '' : `?since=${since}`;
  return readWait(await call('POST', `/api/pools/${encodeURIComponent(id)}${query}`), 'wait');
}

export async function leavePool(id: string): Promise<void> {
  await call('DELETE', `/api/pools/${encodeURIComponent(id)}`);
}
