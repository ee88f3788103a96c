// Seats and clocks of the table page: one line per seat (colour or piece,
// name, you, offline, ready, twiceFour round points, the clock), the
// per-move time under them, and the clocks' tick, which rewrites only the
// clock texts ten times a second instead of drawing the page again.
import { h } from '../../dom';
import { clockIsLow, formatClock } from '../../format';
import { t } from '../../i18n';
import type { Seat } from '../../protocol';
import { clockNow, sideOfSeat, type TableModel } from '../../table_model';
import { playerLink } from '../../player_name';
import { pieceIcon } from '../../twice_view';
import { variantInfo } from '../../variants';
import { LowTimeBell } from './sounds';
import { isTwice, nameOf, sideName, sideSymbol } from './texts';

export function sideIcon(m: TableModel, side: number): HTMLElement | SVGElement {
  if (isTwice(m) && side >= 0) return pieceIcon(side);
  return h('span', { class: `side-icon side-${side}`, 'aria-hidden': 'true' }, sideSymbol(m, side));
}

// Three colours, or teams: a side is more than one player's colour.
function namedSides(m: TableModel): boolean {
  const info = variantInfo(m.table?.settings.variant ?? '');
  return !isTwice(m) && !!info && (info.colours > 2 || info.seats > info.colours);
}

// The clock elements of the seats drawn last, ticked by `update`.
export class Clocks {
  private els: HTMLElement[] = [];
  private readonly bell = new LowTimeBell();

  reset(): void {
    this.els = [];
  }

  element(m: TableModel, seat: number): HTMLElement {
    const clock = h('span', {
      class: 'clock',
      role: 'timer',
      'aria-live': 'off',
      'aria-label': t('table.clock', { name: nameOf(m, seat) }),
      'data-seat': seat,
    });
    this.els[seat] = clock;
    return clock;
  }

  update(m: TableModel): void {
    const clocks = m.clocks;
    if (!clocks) return;
    const now = Date.now();
    const initial = m.table?.settings.clock.bank_ms ?? m.table?.settings.clock.move_ms ?? 60_000;
    this.els.forEach((el, seat) => {
      if (!el) return;
      const ms = clockNow(m, seat, now);
      const text = formatClock(ms);
      if (el.textContent !== text) el.textContent = text;
      const low = clockIsLow(ms, initial);
      el.classList.toggle('low', low);
      el.classList.toggle('running', clocks.running === seat);
      if (seat === m.mySeat) this.bell.update(clocks.running === seat, low, ms);
    });
  }
}

function roundPoints(m: TableModel, seat: Seat, side: number): HTMLElement | null {
  const round = isTwice(m) ? m.game?.round : undefined;
  if (!round || side < 0) return null;
  const n = round.points[side] ?? 0;
  const label = t('table.round_points_label', { n });
  return h(
    'span',
    { class: `round-points side-${side}`, id: `round-points-${seat.seat}`, title: label, 'aria-label': label },
    t('table.round_points', { n }),
  );
}

function seatItem(m: TableModel, seat: Seat, clock: HTMLElement): HTMLElement {
  const side = sideOfSeat(m, seat.seat);
  const toMove = m.game?.to_move?.seat === seat.seat && !m.game.outcome;
  const connected = m.presence?.connected[seat.seat] ?? true;
  const you = m.mySeat === seat.seat;
  const ready = m.table?.status === 'between_games' && m.match?.ready[seat.seat];
  return h(
    'li',
    { class: `seat side-${side}` + (toMove ? ' to-move' : '') + (you ? ' you' : ''), 'data-seat': seat.seat },
    sideIcon(m, side),
    h(
      'span',
      // The whole name on hover where a narrow seat has to cut it.
      { class: 'seat-name', title: nameOf(m, seat.seat) + (you ? ` (${t('table.you')})` : '') },
      // Three colours or two teams: the colour is written out, not only shown.
      namedSides(m)
        ? h('span', { class: 'side-word' }, sideName(m, side) + ' ')
        : h('span', { class: 'sr-only' }, sideName(m, side) + ': '),
      seat.player ? playerLink(seat.player, 'seat-link') : seat.computer ? nameOf(m, seat.seat) : '…',
      // Said on every screen: a guest may not know the name it was given.
      you ? h('span', { class: 'you-badge' }, ` (${t('table.you')})`) : null,
      !connected && (seat.player || seat.computer) ? h('span', { class: 'away' }, ` · ${t('table.offline')}`) : null,
      ready ? h('span', { class: 'ready-mark' }, ` ✓ ${t('table.ready.done')}`) : null,
    ),
    roundPoints(m, seat, side),
    clock,
  );
}

export function seatsPanel(m: TableModel, clocks: Clocks): HTMLElement {
  const seats = m.table?.seats ?? [];
  const list = h('ul', { class: `seats n${seats.length}` });
  clocks.reset();
  for (const seat of seats) list.append(seatItem(m, seat, clocks.element(m, seat.seat)));
  // The per-move time is said where the clocks are (RULES.md B7).
  const clock = m.table?.settings.clock;
  if (clock?.kind === 'per_move' && clock.move_ms)
    return h(
      'div',
      { class: 'seats-wrap' },
      list,
      h('p', { class: 'per-move note', id: 'per-move' }, t('table.per_move', { s: Math.round(clock.move_ms / 1000) })),
    );
  return list;
}
