// The moves beside the board: the game's moves list, numbered and coloured by
// side, kept scrolled to the newest by the page; and in twiceFour the lines
// counted this round, each with who scored it.
import { h } from '../../dom';
import { formatMoveLine } from '../../format';
import { t } from '../../i18n';
import { sideOfSeat, type TableModel } from '../../table_model';
import { pieceIcon } from '../../twice_view';
import { variantInfo } from '../../variants';
import { isTwice, nameOf, sideName } from './texts';

export function movesBox(m: TableModel): HTMLElement {
  const g = m.game;
  const moves = g?.moves ?? [];
  const twice = isTwice(m);
  const nc = twice ? 2 : (variantInfo(m.table?.settings.variant ?? '')?.colours ?? 2);
  // A list that scrolls takes the keyboard (axe: scrollable-region-focusable).
  const list = h('ol', {
    class: 'moves' + (twice ? ' twice-moves' : ''),
    id: 'moves',
    'aria-label': t('table.moves'),
    tabindex: 0,
  });
  // Through the CSSOM: the Content-Security-Policy refuses style attributes.
  list.style.setProperty('--sides', String(nc));
  const firstPly = (g?.ply ?? moves.length) - moves.length + 1;
  for (let i = 0; i < moves.length; i++) {
    let side: number;
    if (g?.to_move) side = (((g.to_move.side - (moves.length - i)) % nc) + nc) % nc;
    else if (m.lastMove && moves.length > 0) side = (((m.lastMove.side - (moves.length - 1 - i)) % nc) + nc) % nc;
    else side = (firstPly - 1 + i) % nc;
    list.append(h('li', { class: `side-${side}` }, formatMoveLine(firstPly + i, side, moves[i], twice)));
  }
  if (moves.length === 0) list.append(h('li', { class: 'empty' }, t('table.no_moves')));
  return h('section', { class: 'moves-box' }, h('h2', {}, t('table.moves')), list);
}

// twiceFour: the lines counted this round, listed beside the board.
export function countedBox(m: TableModel): HTMLElement | null {
  const lines = isTwice(m) ? (m.game?.round?.lines ?? []) : [];
  if (lines.length === 0) return null;
  const list = h('ul', { class: 'counted-list', id: 'counted-lines' });
  for (const l of lines) {
    const seat = l.side === null ? -1 : (m.table?.seats ?? []).findIndex((x) => sideOfSeat(m, x.seat) === l.side);
    const who = seat >= 0 ? nameOf(m, seat) : l.side !== null ? sideName(m, l.side) : '?';
    list.append(
      h(
        'li',
        { class: `side-${l.side ?? 'unknown'}`, 'data-line': l.line },
        l.side !== null ? pieceIcon(l.side) : null,
        ' ',
        t('table.counted_line', { line: l.line.replace('-', '–'), name: who }),
      ),
    );
  }
  return h('div', { class: 'counted-box' }, h('p', { class: 'note' }, t('table.counted')), list);
}
