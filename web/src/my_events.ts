// The player's own events on every page (protocol 4.10, 5.11): a small
// socket of its own that says `my_events` and is sent the challenges the
// player received or sent, their answers, and a game starting. The notice
// that shows them (challenge_notice.ts) loads with the first one, so a page
// nobody challenges carries only this file.
import { Connection, IDENTITY_EVENT, wsUrl } from './connection';
import type { MyEvent } from './protocol';

type Show = { event: (e: MyEvent, me: string) => void; reopened: () => void };
let notices: Promise<Show> | null = null;

export function startMyEvents(): void {
  let me = '';
  const conn = new Connection({
    url: wsUrl(),
    onOpen: () => {
      // A socket opened again: the server sends the open challenges anew,
      // and the notice drops those that ended meanwhile.
      void notices?.then((n) => n.reopened());
      return [{ type: 'my_events' }];
    },
    onMessage: (m) => {
      if (m.type === 'welcome') me = m.you.id;
      if (m.type !== 'my_event' || m.event.type === 'other') return;
      const e = m.event;
      notices ??= import('./challenge_notice').then((x) => x.mountNotices());
      void notices.then((n) => n.event(e, me));
    },
    onStatus: () => {},
  });
  // A browser that has had a player opens the socket at once. One that has
  // not waits until the page makes one (GET /api/me, a table's socket): a
  // handshake without a cookie makes a guest, so opening earlier would make
  // a second guest beside the page's, or one on a page where the visitor
  // did nothing (the rules).
  if (knownBefore()) conn.start();
  else
    window.addEventListener(
      IDENTITY_EVENT,
      () => {
        remember();
        conn.start();
      },
      { once: true },
    );
}

const KNOWN = 'fourtable.has_player';

function knownBefore(): boolean {
  try {
    return localStorage.getItem(KNOWN) === '1';
  } catch {
    return false;
  }
}

function remember(): void {
  try {
    localStorage.setItem(KNOWN, '1');
  } catch {
    // private mode: known again on the next page's first request
  }
}
