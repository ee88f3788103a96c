// The table page's sounds (made by ../../sound.ts): which event rings which
// sound, the low-time warning once per turn, and the toggle beside the score
// that turns them on and off (off until the player turns them on).
import { h } from '../../dom';
import { t } from '../../i18n';
import type { TableEvent } from '../../protocol';
import { playSound, setSoundOn, soundOn, type SoundKind } from '../../sound';
import { isMyTurn, type TableModel } from '../../table_model';

// A move rings, and rings "your turn" when it hands the turn to this player;
// so does a game that starts with this player to move.
export function eventSound(m: TableModel, ev: TableEvent, wasMyTurn: boolean): SoundKind | null {
  if (ev.kind === 'moved') return !wasMyTurn && isMyTurn(m) ? 'turn' : 'move';
  if (ev.kind === 'game_started' && isMyTurn(m)) return 'turn';
  return null;
}

// The low-time sound rings once per turn of mine: when my clock stops, it is
// armed again for the next turn.
export class LowTimeBell {
  private warned = false;

  update(running: boolean, low: boolean, ms: number): void {
    if (!running) this.warned = false;
    else if (low && !this.warned && ms > 0) {
      this.warned = true;
      playSound('low');
    }
  }
}

// `rerender`: the page draws the toggle's new state; `more`: the other
// choices kept in the browser (prefs.ts), in the same box.
export function soundToggle(rerender: () => void, more: HTMLElement[] = []): HTMLElement {
  const on = soundOn();
  const b = h(
    'button',
    { type: 'button', class: 'small sound-toggle', id: 'sound-toggle', 'aria-pressed': on ? 'true' : 'false' },
    `♪ ${t('table.sound')}`,
  );
  b.addEventListener('click', () => {
    setSoundOn(!soundOn());
    if (soundOn()) playSound('move');
    rerender();
  });
  return h('div', { class: 'sound-box' }, b, ...more);
}
