// After the match (protocol 4.9 and 5.10): offer a rematch,
// answer one, and follow it to the new table; and, against the computer, the
// choice to start the next game without pressing Ready, kept per browser.
import { h } from './dom';
import { t } from './i18n';
import type { ServerMessage } from './protocol';

export type RematchFrame = Extract<ServerMessage, { type: 'rematch' }>;
export type RematchAction = 'offer' | 'accept' | 'decline';

export interface RematchProps {
  frame: RematchFrame | null;
  mySeat: number | null;
  nameOf: (seat: number) => string;
  send: (action: RematchAction) => void;
}

function button(id: string, label: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = h('button', { type: 'button', id, class: primary ? 'primary big' : '' }, label);
  b.addEventListener('click', () => {
    b.disabled = true;
    onClick();
  });
  return b;
}

// The rematch part of the match result: what the offer's state allows this seat.
export function rematchBox(p: RematchProps): HTMLElement {
  const box = h('div', { class: 'rematch', id: 'rematch' });
  const f = p.frame;
  const seated = p.mySeat !== null;
  const status = (text: string) => h('p', { class: 'rematch-status', id: 'rematch-status', role: 'status' }, text);
  if (f?.state === 'accepted' && f.table) {
    box.append(
      status(t('rematch.accepted')),
      h(
        'a',
        { class: 'button', id: 'rematch-link', href: `/t/${f.table}${seated ? '' : '?watch=1'}` },
        t(seated ? 'rematch.go' : 'rematch.watch'),
      ),
    );
  } else if (f?.state === 'declined') {
    box.append(status(f.by === p.mySeat ? t('rematch.declined_you') : t('rematch.declined', { name: p.nameOf(f.by) })));
  } else if (f?.state === 'offered') {
    const mine = seated && f.agreed[p.mySeat!];
    if (mine) box.append(status(t('rematch.waiting')));
    else {
      box.append(status(t('rematch.offered', { name: p.nameOf(f.by) })));
      if (seated)
        box.append(
          h(
            'div',
            { class: 'row' },
            button('rematch-accept', t('rematch.accept'), () => p.send('accept'), true),
            button('rematch-decline', t('rematch.decline'), () => p.send('decline')),
          ),
        );
    }
  } else if (seated) {
    box.append(button('rematch-offer', t('rematch.offer'), () => p.send('offer'), true));
  }
  box.append(h('a', { href: '/', id: 'play-again' }, t('rematch.new')));
  return box;
}

const AUTO_KEY = 'fourtable.auto_next';

export function autoNext(): boolean {
  try {
    return localStorage.getItem(AUTO_KEY) === '1';
  } catch {
    return false;
  }
}

// "Start the next game at once" against the computer: no Ready between games.
export function autoNextToggle(onChange: (on: boolean) => void): HTMLElement {
  const box = h('input', { type: 'checkbox', id: 'auto-next', checked: autoNext() }) as HTMLInputElement;
  box.addEventListener('change', () => {
    try {
      localStorage.setItem(AUTO_KEY, box.checked ? '1' : '0');
    } catch {
      // private mode: the choice lasts for this page only
    }
    onChange(box.checked);
  });
  return h('div', { class: 'field check auto-next' }, box, h('label', { for: 'auto-next' }, t('rematch.auto_next')));
}
