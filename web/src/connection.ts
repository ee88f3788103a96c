// One WebSocket per page (protocol 3) that survives drops: it reconnects with
// exponential backoff, says hello again with the last version it has seen so
// the server sends only what was missed, and re-checks when a phone brings the
// tab back to the foreground (visibilitychange).
import { encodeClient, parseServer, ProtocolError, type ClientMessage, type ServerMessage } from './protocol';

// Said on `window` when the page learns that this browser has a player
// (a welcome here, an answer of GET /api/me in api.ts).
export const IDENTITY_EVENT = 'fourtable:identity';

export type ConnStatus =
  { state: 'connecting' } | { state: 'open' } | { state: 'waiting'; retryAt: number; attempt: number };

export interface ConnOptions {
  url: string;
  // Frames to send right after every (re)open, e.g. hello with the current version.
  onOpen: () => ClientMessage[];
  onMessage: (m: ServerMessage) => void;
  onStatus: (s: ConnStatus) => void;
  onProtocolError?: (e: ProtocolError) => void;
}

// Backoff after the n-th failed attempt: 0.5 s, 1 s, 2 s, 4 s, 8 s, then 10 s,
// with up to 20% jitter so many clients of a restarted server do not return at once.
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

export class Connection {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closedByUs = false;
  private readonly opts: ConnOptions;

  constructor(opts: ConnOptions) {
    this.opts = opts;
    document.addEventListener('visibilitychange', this.onVisible);
    window.addEventListener('online', this.retryNow);
  }

  start(): void {
    this.closedByUs = false;
    this.open();
  }

  stop(): void {
    this.closedByUs = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    document.removeEventListener('visibilitychange', this.onVisible);
    window.removeEventListener('online', this.retryNow);
  }

  isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  send(m: ClientMessage): boolean {
    if (!this.isOpen()) return false;
    this.ws!.send(encodeClient(m));
    return true;
  }

  // Skips the rest of the backoff wait.
  readonly retryNow = (): void => {
    if (this.closedByUs || this.isOpen() || this.ws?.readyState === WebSocket.CONNECTING) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.open();
  };

  private readonly onVisible = (): void => {
    if (document.visibilityState !== 'visible' || this.closedByUs) return;
    if (this.isOpen()) {
      // A phone may have slept with the socket looking open: ask again for
      // what we missed; the server answers with the missing events or a state.
      for (const m of this.opts.onOpen()) this.send(m);
    } else {
      this.retryNow();
    }
  };

  private open(): void {
    this.opts.onStatus({ state: 'connecting' });
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.opts.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.opts.onStatus({ state: 'open' });
      for (const m of this.opts.onOpen()) this.send(m);
    };
    ws.onmessage = (e: MessageEvent) => {
      if (typeof e.data !== 'string') return;
      let msg: ServerMessage;
      try {
        msg = parseServer(e.data);
      } catch (err) {
        if (err instanceof ProtocolError) this.opts.onProtocolError?.(err);
        return;
      }
      // The socket's cookie names a player now (made at the handshake if
      // new): the page's own events may follow (my_events.ts).
      if (msg.type === 'welcome') window.dispatchEvent(new Event(IDENTITY_EVENT));
      this.opts.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (!this.closedByUs) this.scheduleRetry();
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }

  private scheduleRetry(): void {
    const wait = backoffMs(this.attempt);
    this.attempt++;
    this.opts.onStatus({ state: 'waiting', retryAt: Date.now() + wait, attempt: this.attempt });
    this.timer = setTimeout(() => {
      this.timer = null;
      this.open();
    }, wait);
  }
}

// A table's socket names the table in its URL, so a balancer in front of
// several nodes sends it to the node that runs the table (docs/operations.md);
// the server reads only the hello.
export function wsUrl(table?: string): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = table ? `?table=${encodeURIComponent(table)}` : '';
  return `${proto}//${location.host}/ws${query}`;
}
