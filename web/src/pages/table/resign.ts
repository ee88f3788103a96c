// The resign buttons (the game under the board, the match beside it). Resigning
// asks twice: the first click arms the button for four seconds and its label
// says so; a second click within them resigns.
import { h } from '../../dom';
import { t } from '../../i18n';
import type { TableController } from './controller';

// Per kind, until when (ms) the armed button takes the second click. One
// table page per page load, so one record.
const armedUntil: Record<string, number> = {};

function confirmed(key: string, button: HTMLButtonElement, label: string): boolean {
  const now = Date.now();
  if ((armedUntil[key] ?? 0) > now) {
    armedUntil[key] = 0;
    return true;
  }
  armedUntil[key] = now + 4000;
  button.textContent = `${label} — ${t('table.confirm')}`;
  button.classList.add('armed');
  setTimeout(() => {
    if ((armedUntil[key] ?? 0) <= Date.now()) {
      button.textContent = label;
      button.classList.remove('armed');
    }
  }, 4100);
  return false;
}

export function resignButton(c: TableController, kind: 'resign_game' | 'resign_match'): HTMLButtonElement {
  const game = kind === 'resign_game';
  const label = t(game ? 'table.resign_game' : 'table.resign_match');
  const b = game
    ? h('button', { type: 'button', id: 'resign-game' }, label)
    : h('button', { type: 'button', class: 'danger', id: 'resign-match' }, label);
  b.addEventListener('click', () => {
    if (confirmed(kind, b, label)) c.action(kind);
  });
  return b;
}
