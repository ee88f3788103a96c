// "Play this position against the computer" on the game page and the
// analysis board: a new single game at a link-only table whose `start` is
// the shown position's drops (protocol 2.3); the server checks every move.
import { ApiError, createTable } from './api';
import { storedLevel } from './computer_level';
import { h } from './dom';
import { errorMessage } from './i18n';
import { ta } from './i18n/analysis';

export interface PlayFrom {
  variant: string;
  width: number;
  height: number;
  moves: string[];
}

// A start is made of drops only, on a board without a drawn set-up.
export function canPlayFrom(variant: string, moves: string[]): boolean {
  return !/^(obstacles|drawn-opening)$/.test(variant) && moves.every((m) => /^[a-j]$/.test(m));
}

export function playFromBox(from: PlayFrom): HTMLElement {
  const status = h('p', { class: 'form-status', role: 'status' });
  const button = h(
    'button',
    { type: 'button', class: 'play-from', 'data-key': 'play-from' },
    ta('game.play_from'),
  ) as HTMLButtonElement;
  button.addEventListener('click', () => {
    button.disabled = true;
    const stored = storedLevel();
    const level = stored === 'perfect' ? 'perfect' : Number(stored) || 3;
    createTable({
      game: 'four',
      variant: from.variant,
      width: from.width,
      height: from.height,
      format: 'single',
      rated: false,
      visibility: 'link',
      opponent: { kind: 'computer', level },
      start: from.moves,
    })
      .then((table) => location.assign(table.url))
      .catch((e: unknown) => {
        // The server's words name the move a start cannot play.
        let error = String(e);
        if (e instanceof ApiError) error = e.code === 'bad_start' ? e.message : errorMessage(e.code, e.message);
        status.textContent = ta('game.play_from_error', { error });
        button.disabled = false;
      });
  });
  return h('div', { class: 'play-from-box' }, button, status);
}
