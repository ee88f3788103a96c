// The player's own events on every page (protocol 4.10, 5.11): a small
// socket of its own that says `my_events` and is sent the challenges the
// player received or sent, their answers, and a game starting. The notice
// that shows them (challenge_notice.ts) loads with the first one, so a page
// nobody challenges carries only this file.
import { Connection, wsUrl } from './connection';
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
  // A moment after the page has loaded: a first visit's page makes its guest
  // itself (GET /api/me, the lobby's socket), and this socket's handshake
  // then carries that guest's cookie instead of racing to make another.
  const begin = () => setTimeout(() => conn.start(), 1500);
  if (document.readyState === 'complete') begin();
  else window.addEventListener('load', begin, { once: true });
}
