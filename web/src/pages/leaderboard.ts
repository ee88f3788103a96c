// The leaderboard `/leaderboard/<pool>` (protocol 2.13): the best 100 of a
// rating pool among players whose rating is firm and recent, and the
// viewer's own place when it is not among them.
import './profile.css';
import { ApiError } from '../api';
import { clear, h } from '../dom';
import { ratingText } from '../format';
import { errorMessage, t } from '../i18n';
import { playerLink } from '../player_name';
import { getLeaderboard, type Leaderboard } from '../profile_api';
import type { Shell } from '../shell';
import { variantLabel, VARIANTS } from '../variants';

// RULES.md A5: a pool per variant played as matches, and twiceFour.
export const POOLS: readonly string[] = [
  ...VARIANTS.filter((v) => v.format === 'match').map((v) => v.key),
  'twicefour',
];

export function poolFromPath(path: string): string | null {
  const m = /^\/leaderboard(?:\/([a-z-]{1,32}))?\/?$/.exec(path);
  return m ? (m[1] ?? 'classic') : null;
}

interface BoardState {
  pool: string;
  board: Leaderboard | null;
  error: string | null;
  notFound: boolean;
}

const state: BoardState = { pool: '', board: null, error: null, notFound: false };
let shellRef: Shell | null = null;

function poolNav(): HTMLElement {
  return h(
    'nav',
    { class: 'pool-nav', 'aria-label': t('leaderboard.pools') },
    h(
      'ul',
      {},
      POOLS.map((p) =>
        h(
          'li',
          {},
          h('a', { href: `/leaderboard/${p}`, 'aria-current': p === state.pool ? 'page' : null }, t(variantLabel(p))),
        ),
      ),
    ),
  );
}

function boardTable(b: Leaderboard): HTMLElement {
  if (b.players.length === 0) return h('p', { class: 'note', id: 'board-empty' }, t('leaderboard.empty'));
  const cols = ['leaderboard.rank', 'leaderboard.player', 'leaderboard.rating', 'leaderboard.matches'] as const;
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'board-table', id: 'leaderboard' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          cols.map((c) => h('th', { scope: 'col', class: c === 'leaderboard.player' ? null : 'num' }, t(c))),
        ),
      ),
      h(
        'tbody',
        {},
        b.players.map((p) =>
          h(
            'tr',
            { class: p.id === b.me?.id ? 'me' : null, 'data-player': p.id },
            h('td', { class: 'num' }, String(p.rank)),
            h('td', {}, playerLink(p)),
            h('td', { class: 'num' }, ratingText(p.rating, false)),
            h('td', { class: 'num' }, String(p.matches)),
          ),
        ),
      ),
    ),
  );
}

// The viewer's own line when the list does not show it.
function ownPlace(b: Leaderboard): HTMLElement | null {
  const me = b.me;
  if (!me || b.players.some((p) => p.id === me.id)) return null;
  const text =
    me.rank !== null
      ? t('leaderboard.you', { rank: me.rank })
      : t('leaderboard.unranked', { rating: ratingText(me.rating, me.provisional), days: b.active_days });
  return h('p', { class: 'own-place', id: 'own-place' }, h('a', { href: `/p/${me.id}` }, text));
}

function draw(): void {
  const shell = shellRef;
  if (!shell) return;
  clear(shell.main);
  const label = t(variantLabel(state.pool));
  document.title = `fourtable — ${t('leaderboard.title', { pool: label })}`;
  if (state.notFound) {
    shell.main.append(h('h1', {}, t('leaderboard.not_found')), poolNav());
    return;
  }
  shell.main.append(h('h1', {}, t('leaderboard.title', { pool: label })), poolNav());
  const b = state.board;
  const box = h('section', { class: 'card board-card' });
  if (state.error)
    box.append(h('p', { class: 'error', role: 'alert' }, t('leaderboard.error', { error: state.error })));
  else if (!b) box.append(h('p', {}, t('loading')));
  else box.append(h('p', { class: 'note' }, t('leaderboard.rule', { days: b.active_days })), boardTable(b));
  const own = b ? ownPlace(b) : null;
  if (own) box.append(own);
  shell.main.append(box);
}

export function renderLeaderboard(shell: Shell, pool: string): void {
  shellRef = shell;
  if (state.pool === pool) {
    draw();
    return;
  }
  state.pool = pool;
  draw();
  getLeaderboard(pool)
    .then((b) => {
      state.board = b;
      draw();
    })
    .catch((e) => {
      if (e instanceof ApiError && e.status === 404) state.notFound = true;
      else state.error = e instanceof ApiError ? errorMessage(e.code, e.message) : String(e);
      draw();
    });
}
