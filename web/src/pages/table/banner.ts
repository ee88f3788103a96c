// The connection banner at the top of the table page: hidden while the
// socket is open (and on the first connect), "trying" while it reconnects,
// and the seconds to the next try with a Retry button while it waits.
import { clear, h } from '../../dom';
import { t } from '../../i18n';
import type { TableController } from './controller';

// Fills `b` from the controller's connection state; `refit` is called when
// the banner appears or goes, since it moves the table up or down.
export function fillBanner(b: HTMLElement, c: TableController, refit: () => void): void {
  clear(b);
  const s = c.connStatus;
  const wasHidden = b.hidden;
  b.hidden = s.state === 'open' || (s.state === 'connecting' && !c.wasDisconnected);
  if (b.hidden !== wasHidden) refit();
  if (s.state === 'waiting') {
    const secs = Math.max(0, Math.ceil((s.retryAt - Date.now()) / 1000));
    const retry = h('button', { type: 'button', class: 'small' }, t('conn.retry'));
    retry.addEventListener('click', () => c.retryNow());
    b.append(h('span', {}, t('conn.lost', { s: secs })), retry);
  } else if (s.state === 'connecting') {
    b.append(h('span', {}, t('conn.trying')));
  }
}
