// The result banner over the board: the game's or the match's result and why,
// the twiceFour round's end, links to the players' profiles after a match,
// and the next action (Ready between games, the rematch after the match).
// The details (ratings, the next game's rule) are beside the board.
import { h } from '../../dom';
import { formatDelta } from '../../format';
import { t } from '../../i18n';
import { playerLink } from '../../player_name';
import type { Player } from '../../protocol';
import { rematchBox } from '../../rematch_view';
import type { TableModel } from '../../table_model';
import { reasonText } from '../../table_text';
import type { TableController } from './controller';
import { gameResultText, isTwice, matchResultText, nameOf, roundEndText } from './texts';

// What the player does next, inside the result banner: Ready between games,
// Rematch or another game after the match.
function nextAction(c: TableController): HTMLElement | null {
  const m = c.model;
  // After the match, the rematch (and another game).
  if (m.match?.over)
    return rematchBox({
      frame: c.rematch,
      mySeat: m.mySeat,
      nameOf: (seat) => nameOf(m, seat),
      send: (action) => c.sendRematch(action),
    });
  if (m.mySeat === null || m.table?.status !== 'between_games') return null;
  const done = !!m.match?.ready[m.mySeat];
  const ready = h(
    'button',
    { type: 'button', class: 'primary', id: 'ready', disabled: done },
    done ? `✓ ${t('table.ready.done')}` : t(isTwice(m) ? 'table.ready_round' : 'table.ready'),
  );
  ready.addEventListener('click', () => c.action('ready'));
  return ready;
}

function seatLink(x: Player & { seat: number }): HTMLAnchorElement {
  const a = playerLink(x);
  a.dataset.seat = String(x.seat);
  return a;
}

// The people of a finished match, winners first, each a link to its
// profile (/p/<id>): where the rating just changed lives on.
function profileLinks(m: TableModel, results: readonly string[]): HTMLElement | null {
  const people = (m.table?.seats ?? []).flatMap((x) => (x.player ? [{ seat: x.seat, ...x.player }] : []));
  if (people.length === 0) return null;
  const rank = (seat: number) => (results[seat] === 'win' ? 0 : 1);
  people.sort((a, b) => rank(a.seat) - rank(b.seat) || a.seat - b.seat);
  return h(
    'p',
    { class: 'result-profiles', id: 'result-profiles' },
    t('player.profiles'),
    people.flatMap((x, i) => [i ? ' · ' : ' ', seatLink(x)]),
  );
}

// The player's own rating change, in the banner: on a phone the side panel
// that lists everyone's is below the board, out of view.
function myRating(m: TableModel): HTMLElement | null {
  const rc = m.match?.result?.ratings.find((r) => r.seat === m.mySeat);
  if (!rc) return null;
  const text = t('result.your_rating', {
    old: Math.round(rc.before),
    new: Math.round(rc.after),
    delta: formatDelta(rc.after - rc.before),
  });
  return h('p', { class: 'result-rating', id: 'result-rating' }, text);
}

// Links to the match's game pages (`/g/<table>-<n>`): every game up to the
// board's last was played (a game lost unplayed with the match is never the
// board's game, table_model.ts).
function gameLinks(c: TableController): HTMLElement | null {
  const n = c.model.game?.number ?? 0;
  if (n < 1) return null;
  const links = Array.from({ length: n }, (_, i) =>
    h('a', { href: `/g/${c.id}-${i + 1}`, class: 'game-link' }, t('player.game_n', { n: i + 1 })),
  );
  return h(
    'p',
    { class: 'result-games', id: 'result-games' },
    t('table.game_pages'),
    links.flatMap((a, i) => [i ? ' · ' : ' ', a]),
  );
}

function roundEnd(detail: string | null): HTMLElement | null {
  return detail ? h('p', { class: 'round-end', id: 'round-end' }, detail) : null;
}

// A short banner: the result, why, and the next action; null while no game
// or match is over.
export function resultBox(c: TableController): HTMLElement | null {
  const m = c.model;
  const g = m.game;
  let box: HTMLElement;
  if (m.match?.over && m.match.result) {
    const r = m.match.result;
    const reason = r.reason === 'completed' ? (g?.outcome?.reason ?? 'other') : r.reason;
    box = h(
      'div',
      { class: 'result match-result', id: 'match-result' },
      h('h2', {}, matchResultText(m)),
      h('p', {}, t('result.by', { reason: reasonText(reason) })),
      roundEnd(r.reason === 'completed' ? roundEndText(m) : null),
      myRating(m),
      profileLinks(m, r.results),
      gameLinks(c),
    );
  } else if (g?.outcome) {
    box = h(
      'div',
      { class: 'result game-result', id: 'game-result' },
      h('h2', {}, gameResultText(m)),
      h('p', {}, t('result.by', { reason: reasonText(g.outcome.reason) })),
      roundEnd(roundEndText(m)),
    );
  } else {
    return null;
  }
  const next = nextAction(c);
  if (next) box.append(h('div', { class: 'next-action' }, next));
  return box;
}
