// The table page's choices kept in this browser (localStorage): one tap drops
// a disc on a phone (off unless chosen), and the notification when the turn
// comes (asked for only after the player's click).
import { h } from '../../dom';
import { t } from '../../i18n';

const ONE_TAP = 'fourtable.one_tap';
const NOTIFY = 'fourtable.notify';
// The browser said no to this page's request for notifications.
let refused = false;

function get(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function set(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? '1' : '0');
  } catch {
    // private mode: the choice lasts for this page
  }
}

export function oneTapOn(): boolean {
  return get(ONE_TAP);
}

export function notifyOn(): boolean {
  return get(NOTIFY) && typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

function toggle(id: string, label: string, on: boolean, click: () => void): HTMLButtonElement {
  const b = h(
    'button',
    { type: 'button', class: 'small sound-toggle', id, 'aria-pressed': on ? 'true' : 'false' },
    label,
  );
  b.addEventListener('click', click);
  return b as HTMLButtonElement;
}

// One tap drops, on a touch screen only (null elsewhere); also on the puzzle
// page, whose board is the table's.
export function oneTapToggle(rerender: () => void): HTMLElement | null {
  if (!window.matchMedia?.('(pointer: coarse)').matches) return null;
  return toggle('one-tap', t('table.one_tap'), oneTapOn(), () => {
    set(ONE_TAP, !oneTapOn());
    rerender();
  });
}

// The toggles beside the sound's: one tap (on a touch screen only) and the
// notification (where the browser has them), for a seated player only: a
// spectator drops no disc and has no turn. `rerender` draws their new state.
export function prefToggles(seated: boolean, rerender: () => void): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (!seated) return out;
  const tap = oneTapToggle(rerender);
  if (tap) out.push(tap);
  if (typeof Notification !== 'undefined') {
    out.push(
      toggle('notify', t('table.notify'), notifyOn(), async () => {
        if (notifyOn()) set(NOTIFY, false);
        else {
          const granted = (await Notification.requestPermission()) === 'granted';
          set(NOTIFY, granted);
          refused = !granted;
        }
        rerender();
      }),
    );
    // Said after the player's click only: an unasked browser's "no" is no news.
    if (refused) out.push(h('p', { class: 'note', id: 'notify-refused' }, t('table.notify_denied')));
  }
  return out;
}
