// The player page `/p/<id>` (protocol 2.6, 2.12): the name, one rating per
// pool with its history drawn as a chart, win/draw/loss counts, the puzzle
// ratings and attempts (2.22, puzzle_history_view.ts) and the finished
// matches, newest first, a page at a time (the server's cursor).
import './profile.css';
import { profileAccuracy } from '../accuracy_view';
import { ApiError, getMe } from '../api';
import { openChallengeDialog } from '../challenge_dialog';
import { clear, h } from '../dom';
import { formatDelta, formatPoints, ratingText } from '../format';
import { errorMessage, lang, t } from '../i18n';
import { tc } from '../i18n/challenge';
import { botTag, nameText, playerLink } from '../player_name';
import { getProfile, getRatingHistory, type FinishedMatch, type Profile, type RatingHistory } from '../profile_api';
import { puzzlesBox } from '../puzzle_history_view';
import { ratingChart } from '../rating_chart';
import type { Shell } from '../shell';
import { variantLabel } from '../variants';

export function playerIdFromPath(path: string): string | null {
  const m = /^\/p\/([A-Za-z0-9_]{1,24})\/?$/.exec(path);
  return m ? m[1] : null;
}

interface PlayerState {
  profile: Profile | null;
  history: RatingHistory | null;
  matches: FinishedMatch[];
  next: string | null;
  error: string | null;
  notFound: boolean;
  loadingMore: boolean;
  me: string | null; // the visitor's player id, once known: no challenge to oneself
}

const state: PlayerState = {
  profile: null,
  history: null,
  matches: [],
  next: null,
  error: null,
  notFound: false,
  loadingMore: false,
  me: null,
};
let started = false;
let shellRef: Shell | null = null;

function errorText(e: unknown): string {
  if (e instanceof ApiError) return errorMessage(e.code, e.message);
  return e instanceof Error ? e.message : String(e);
}

function date(ms: number, withTime = false): string {
  return new Intl.DateTimeFormat(
    lang(),
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(ms);
}

function ratingCard(pool: RatingHistory['pools'][number]): HTMLElement {
  const label = t(variantLabel(pool.pool));
  const rd = Math.round(pool.rd);
  const value = h('span', { class: 'rating-value' }, ratingText(pool.rating, pool.provisional));
  if (pool.provisional) value.title = t('player.provisional', { rd });
  const points = pool.history;
  const first = points[0];
  const last = points[points.length - 1];
  return h(
    'li',
    { class: 'rating-card', 'data-pool': pool.pool },
    h('h3', {}, h('a', { href: `/leaderboard/${pool.pool}` }, label)),
    h(
      'p',
      { class: 'rating-line' },
      value,
      pool.provisional ? h('span', { class: 'sr-only' }, ` (${t('player.provisional', { rd })})`) : null,
      h('span', { class: 'rating-rd' }, ` ±${rd} · ${t('player.rated_matches', { n: pool.matches })}`),
    ),
    first && last && points.length >= 2
      ? ratingChart(
          points,
          t('player.chart', {
            pool: label,
            from: Math.round(first[1]),
            to: Math.round(last[1]),
            n: points.length - 1,
          }),
          // Within one day the dates say nothing: the times do.
          date(first[0]) === date(last[0])
            ? [date(first[0], true), date(last[0], true)]
            : [date(first[0]), date(last[0])],
        )
      : null,
  );
}

function ratingsBox(): HTMLElement {
  const pools = state.history?.pools ?? [];
  const box = h(
    'section',
    { class: 'card', 'aria-labelledby': 'ratings-h' },
    h('h2', { id: 'ratings-h' }, t('player.ratings')),
  );
  if (!state.history) box.append(h('p', {}, t('loading')));
  else if (pools.length === 0) box.append(h('p', { class: 'note' }, t('player.no_ratings')));
  else box.append(h('ul', { class: 'rating-cards', id: 'ratings' }, pools.map(ratingCard)));
  return box;
}

function countsBox(p: Profile): HTMLElement {
  const item = (key: 'player.wins' | 'player.draws' | 'player.losses', n: number, cls: string) =>
    h('div', { class: `count ${cls}` }, h('dt', {}, t(key)), h('dd', {}, String(n)));
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'record-h' },
    h('h2', { id: 'record-h' }, t('player.record')),
    h(
      'dl',
      { class: 'counts', id: 'counts' },
      item('player.wins', p.counts.win, 'win'),
      item('player.draws', p.counts.draw, 'draw'),
      item('player.losses', p.counts.loss, 'loss'),
    ),
  );
}

// The player's own points first: "1½:½" from where this player sat.
function scoreFor(m: FinishedMatch): string {
  const mine = m.score[m.seat] ?? 0;
  const others = m.score.filter((_, i) => i !== m.seat);
  return [mine, ...others].map(formatPoints).join(':');
}

const NUMERIC = new Set<string>(['player.col.score', 'player.col.rating']);
const RESULT_KEYS = { win: 'player.result.win', draw: 'player.result.draw', loss: 'player.result.loss' } as const;

function matchRow(m: FinishedMatch): HTMLElement {
  const opponents = m.opponents.length
    ? m.opponents.flatMap((o, i) => [i ? ', ' : '', playerLink(o, 'player-link')])
    : [t('player.computer')];
  const change = m.rating_change === null ? '—' : formatDelta(m.rating_change);
  return h(
    'tr',
    { class: `match-row result-${m.result}` },
    h('td', { class: 'c-date' }, date(m.finished_at, true)),
    h('td', { class: 'c-variant' }, t(variantLabel(m.variant))),
    h('td', { class: 'c-opp' }, ...opponents),
    h('td', { class: 'c-score num' }, scoreFor(m)),
    h('td', { class: 'c-res' }, t(RESULT_KEYS[m.result])),
    h(
      'td',
      { class: 'c-change num' + (m.rating_change === null ? '' : m.rating_change >= 0 ? ' up' : ' down') },
      change,
    ),
    h(
      'td',
      { class: 'c-games' },
      // Only the games played (protocol 2.6); twiceFour plays rounds.
      m.games.map((g) => {
        const n = g.slice(g.lastIndexOf('-') + 1);
        return h(
          'a',
          { href: `/g/${g}` },
          m.game === 'twicefour' ? t('table.round', { n }) : t('player.game_n', { n }),
        );
      }),
    ),
  );
}

function matchesBox(): HTMLElement {
  const box = h(
    'section',
    { class: 'card', 'aria-labelledby': 'matches-h' },
    h('h2', { id: 'matches-h' }, t('player.matches')),
  );
  if (state.matches.length === 0) {
    box.append(h('p', { class: 'note' }, t('player.none')));
    return box;
  }
  const cols = [
    'player.col.date',
    'player.col.variant',
    'player.col.opponents',
    'player.col.score',
    'player.col.result',
    'player.col.rating',
    'player.col.games',
  ] as const;
  const table = h(
    'table',
    { class: 'matches-table', id: 'matches' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        cols.map((c) => h('th', { scope: 'col', class: NUMERIC.has(c) ? 'num' : null }, t(c))),
      ),
    ),
    h('tbody', {}, state.matches.map(matchRow)),
  );
  box.append(h('div', { class: 'table-scroll' }, table));
  if (state.next) {
    const more = h('button', { type: 'button', id: 'more-matches' }, t('player.more'));
    more.disabled = state.loadingMore;
    more.addEventListener('click', () => void loadMore());
    box.append(more);
  }
  return box;
}

// "Challenge": another player's profile, once the visitor is known.
function challengeButton(p: Profile): HTMLElement[] {
  if (state.me === null || state.me === p.id) return [];
  const b = h('button', { type: 'button', class: 'primary', id: 'challenge-open' }, tc('challenge.button'));
  b.addEventListener('click', () => openChallengeDialog({ id: p.id, name: p.name, bot: p.bot }, b));
  return [b];
}

function draw(): void {
  const shell = shellRef;
  if (!shell) return;
  const main = shell.main;
  clear(main);
  const p = state.profile;
  if (state.notFound) {
    document.title = 'fourtable';
    main.append(h('h1', {}, t('player.not_found')));
    return;
  }
  if (state.error) main.append(h('p', { class: 'error', role: 'alert' }, t('player.error', { error: state.error })));
  if (!p) {
    main.append(h('p', {}, t('loading')));
    return;
  }
  document.title = `fourtable — ${t('player.page', { name: nameText(p) })}`;
  main.append(
    h('h1', { class: 'player-name' }, p.name, p.bot ? [' ', Object.assign(botTag(), { id: 'player-bot' })] : []),
    ...challengeButton(p),
    h(
      'div',
      { class: 'profile-grid' },
      ratingsBox(),
      countsBox(p),
      profileAccuracy(p.accuracy, (v) => t(variantLabel(v))),
    ),
    puzzlesBox(p.id),
    matchesBox(),
  );
}

async function loadMore(): Promise<void> {
  const p = state.profile;
  if (!p || !state.next || state.loadingMore) return;
  state.loadingMore = true;
  draw();
  try {
    const page = await getProfile(p.id, state.next);
    state.matches.push(...page.matches);
    state.next = page.next;
    state.error = null;
  } catch (e) {
    state.error = errorText(e);
  }
  state.loadingMore = false;
  draw();
  document.getElementById('more-matches')?.focus();
}

export function renderPlayer(shell: Shell, id: string): void {
  shellRef = shell;
  draw();
  if (started) return;
  started = true;
  getProfile(id)
    .then((p) => {
      state.profile = p;
      state.matches = p.matches;
      state.next = p.next;
      draw();
    })
    .catch((e) => {
      if (e instanceof ApiError && e.status === 404) state.notFound = true;
      else state.error = errorText(e);
      draw();
    });
  getMe()
    .then((me) => {
      state.me = me.id;
      draw();
    })
    .catch(() => {});
  getRatingHistory(id)
    .then((r) => {
      state.history = r;
      draw();
    })
    .catch((e) => {
      if (!(e instanceof ApiError && e.status === 404)) state.error = errorText(e);
      draw();
    });
}
