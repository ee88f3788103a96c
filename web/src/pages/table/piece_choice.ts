// twiceFour's piece choice (RULES.md B2, protocol 4.8): before round 1 each
// player picks cross or circle. It is laid over the board, which shows the
// start position, so that it is in view without scrolling.
import { h } from '../../dom';
import { t } from '../../i18n';
import type { TableModel } from '../../table_model';
import { pieceIcon } from '../../twice_view';
import type { TableController } from './controller';
import { isTwice, PIECE_KEYS } from './texts';

function choosingPieces(m: TableModel): boolean {
  if (!isTwice(m) || m.game || m.piecesChosen || m.match?.over) return false;
  if (m.match?.phase === 'choosing_pieces') return true;
  // The choice opens when the last seat is taken and every person has said
  // hello, with no event of its own: a full table waiting to start offers it.
  const waiting = !m.match?.phase || m.match.phase === 'waiting';
  return waiting && !!m.table && m.table.seats.every((x) => x.player || x.computer);
}

export function pieceChoice(c: TableController): HTMLElement | null {
  if (c.model.mySeat === null || !choosingPieces(c.model)) return null;
  const box = h('div', { class: 'choice-overlay', id: 'piece-choice' });
  if (c.pieceSent) {
    box.append(h('p', { class: 'note', id: 'piece-wait' }, t('table.choose_wait')));
    return box;
  }
  const buttons = h('div', { class: 'choice-buttons' }, h('span', { class: 'turn' }, t('table.choose_piece')));
  for (const [piece, side] of [
    ['cross', 0],
    ['circle', 1],
  ] as const) {
    const b = h(
      'button',
      { type: 'button', class: 'primary', id: `choose-${piece}` },
      pieceIcon(side),
      ` ${t(PIECE_KEYS[side])}`,
    );
    b.addEventListener('click', () => c.choosePiece(piece));
    buttons.append(b);
  }
  box.append(buttons, h('p', { class: 'note' }, t('table.choice_lottery')));
  return box;
}
