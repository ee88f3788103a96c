// The line between the seats and the board: whose turn it is (or the invite
// while a seat is free), watching, the repetition warning, the point just
// scored, the piece lottery, absent players with the claim (RULES.md A4) and
// the last error.
import { h } from '../../dom';
import { t } from '../../i18n';
import { inviteBox } from '../../invite';
import { nameText } from '../../player_name';
import { isMyTurn, type TableModel } from '../../table_model';
import type { TableController } from './controller';
import { sideIcon } from './seats';
import { isTwice, nameOf } from './texts';

function turnLine(m: TableModel): HTMLElement | null {
  const g = m.game;
  if (!g || !g.to_move || g.outcome) return null;
  const mine = isMyTurn(m);
  // The row above a four-in-a-row board says it already (board_area.ts):
  // the line stays for screen readers only, and the board does not move.
  const inBand = !isTwice(m) && m.table?.status === 'playing';
  return h(
    'p',
    { class: 'turn' + (mine ? ' mine' : '') + (inBand ? ' sr-only' : ''), id: 'turn' },
    sideIcon(m, g.to_move.side),
    ' ',
    mine ? t('table.turn.you') : t('table.turn.other', { name: nameOf(m, g.to_move.seat) }),
  );
}

// Absent players (RULES.md A4): say so; offer the claim when the server allows it.
function presenceLines(c: TableController, box: HTMLElement): void {
  const m = c.model;
  const p = m.presence;
  if (!p || !m.table) return;
  for (const seat of m.table.seats) {
    if (seat.player && p.connected[seat.seat] === false && seat.seat !== m.mySeat)
      box.append(h('p', { class: 'note away-note' }, t('table.left', { name: nameText(seat.player) })));
  }
  // claim_at says when the claim opens (protocol 5.6); the page opens it then
  // by itself instead of waiting for another presence frame.
  const serverNow = Date.now() + m.serverOffset;
  const claimable = p.claimable || (p.claim_at !== null && serverNow >= p.claim_at);
  if (claimable && m.mySeat !== null && m.game?.to_move?.seat !== m.mySeat && !m.match?.over) {
    const who = m.game?.to_move ? nameOf(m, m.game.to_move.seat) : '';
    const claim = h('button', { type: 'button', class: 'primary', id: 'claim' }, t('table.claim'));
    claim.addEventListener('click', () => c.action('claim'));
    box.append(h('p', { class: 'warning' }, t('table.left.claimable', { name: who })), claim);
  }
}

export function statusLine(c: TableController): HTMLElement {
  const m = c.model;
  // twiceFour's turn line is not in a band over the board: its place is kept
  // when the round is over, so the board does not move (style.css).
  const box = h('div', { class: 'status-line' + (isTwice(m) ? ' keep' : '') });
  const g = m.game;
  if (m.table?.status === 'waiting' && m.table.seats.some((x) => !x.player && !x.computer)) {
    box.append(h('p', { class: 'turn' }, t('table.waiting')));
    if (m.mySeat !== null) box.append(inviteBox(c.id, location.origin + m.table.url));
  } else {
    const turn = turnLine(m);
    if (turn) box.append(turn);
  }
  if (m.mySeat === null && m.table && m.table.status !== 'waiting')
    box.append(h('p', { class: 'note' }, t('table.watching')));
  if (g?.repetition_warning && !g.outcome)
    box.append(h('p', { class: 'warning', role: 'alert', id: 'repetition-warning' }, t('table.repetition')));
  if (c.pointNote && g && !g.outcome) box.append(h('p', { class: 'point-note', id: 'point-note' }, c.pointNote));
  if (m.piecesChosen?.lottery && g && g.ply === 0)
    box.append(h('p', { class: 'note', id: 'lottery-note' }, t('table.lottery')));
  presenceLines(c, box);
  if (c.lastError) box.append(h('p', { class: 'error', role: 'alert' }, c.lastError));
  return box;
}
