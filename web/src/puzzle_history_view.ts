// The profile's "Puzzles" section (protocol 2.22 `GET
// /api/players/<id>/puzzles`): the player's puzzle rating in each variant
// and their latest rated attempts, each leading to its puzzle at
// `/puzzles/<id>`, older ones a page at a time. Drawn into its own slot, so
// the rest of the profile is not drawn again when a page of it comes.
import './puzzle_history.css';
import { ApiError, call } from './api';
import { clear, h } from './dom';
import { formatDelta, ratingText } from './format';
import { errorMessage, lang, t } from './i18n';
import { themeName, tp } from './i18n/puzzle_card';
import { array, bool, int, nullable, num, object, str, type Infer } from './schema';
import { variantLabel } from './variants';

const readHistory = object({
  id: str,
  ratings: array(object({ variant: str, rating: num, rd: num, attempts: int, provisional: bool })),
  attempts: array(
    object({
      puzzle: str,
      variant: str,
      themes: array(str),
      solved: bool,
      rating_before: num,
      rating_after: num,
      change: num,
      at: int,
    }),
  ),
  next: nullable(str),
});
type History = Infer<typeof readHistory>;
type Attempt = History['attempts'][number];

async function getHistory(id: string, before: string | null): Promise<History> {
  const q = before ? `?before=${encodeURIComponent(before)}` : '';
  return readHistory(await call('GET', `/api/players/${encodeURIComponent(id)}/puzzles${q}`), 'puzzles');
}

interface HistoryState {
  player: string;
  history: History | null;
  attempts: Attempt[];
  next: string | null;
  error: string | null;
  loading: boolean;
}
let state: HistoryState | null = null;
let slot: HTMLElement | null = null;

function errorText(e: unknown): string {
  if (e instanceof ApiError) return errorMessage(e.code, e.message);
  return e instanceof Error ? e.message : String(e);
}

function when(ms: number): string {
  return new Intl.DateTimeFormat(lang(), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

function ratingLine(r: History['ratings'][number]): HTMLElement {
  const rd = Math.round(r.rd);
  const value = h('span', { class: 'pz-rating-value' }, ratingText(r.rating, r.provisional));
  if (r.provisional) value.title = t('player.provisional', { rd });
  return h(
    'li',
    { class: 'pz-rating', 'data-variant': r.variant },
    h('span', { class: 'pz-rating-variant' }, t(variantLabel(r.variant))),
    ' ',
    value,
    r.provisional ? h('span', { class: 'sr-only' }, ` (${t('player.provisional', { rd })})`) : null,
    h('span', { class: 'rating-rd' }, ` ±${rd} · ${tp('puzzles.rated_n', { n: r.attempts })}`),
  );
}

function attemptRow(a: Attempt): HTMLElement {
  const change = formatDelta(a.change);
  return h(
    'tr',
    { class: `pz-attempt ${a.solved ? 'solved' : 'failed'}`, 'data-puzzle': a.puzzle },
    h('td', { class: 'pz-date' }, when(a.at)),
    h('td', { class: 'pz-id' }, h('a', { href: `/puzzles/${encodeURIComponent(a.puzzle)}` }, a.puzzle)),
    h('td', { class: 'pz-variant' }, t(variantLabel(a.variant))),
    h('td', { class: 'pz-themes' }, a.themes.map(themeName).join(', ')),
    h('td', { class: 'pz-result' }, tp(a.solved ? 'puzzles.solved' : 'puzzles.failed')),
    h(
      'td',
      { class: 'pz-change num' + (a.change > 0 ? ' up' : a.change < 0 ? ' down' : '') },
      `${Math.round(a.rating_before)} → ${Math.round(a.rating_after)} (${change})`,
    ),
  );
}

function attemptsTable(attempts: Attempt[]): HTMLElement {
  const cols = [
    t('player.col.date'),
    tp('puzzles.col.puzzle'),
    t('player.col.variant'),
    tp('puzzles.col.themes'),
    t('player.col.result'),
    t('player.col.rating'),
  ];
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'pz-attempts', id: 'puzzle-attempts' },
      h('caption', { class: 'sr-only' }, tp('puzzles.recent')),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          cols.map((c, i) => h('th', { scope: 'col', class: i === cols.length - 1 ? 'num' : null }, c)),
        ),
      ),
      h('tbody', {}, attempts.map(attemptRow)),
    ),
  );
}

function draw(): void {
  if (!slot || !state) return;
  clear(slot);
  slot.append(h('h2', { id: 'puzzles-h' }, tp('puzzles.title')));
  if (state.error) slot.append(h('p', { class: 'error' }, tp('puzzles.error', { error: state.error })));
  const hist = state.history;
  if (!hist) {
    if (!state.error) slot.append(h('p', {}, t('loading')));
    return;
  }
  if (hist.ratings.length === 0 && state.attempts.length === 0) {
    slot.append(h('p', { class: 'note' }, tp('puzzles.none')));
    return;
  }
  slot.append(h('ul', { class: 'pz-ratings', id: 'puzzle-ratings' }, hist.ratings.map(ratingLine)));
  if (state.attempts.length) slot.append(h('h3', {}, tp('puzzles.recent')), attemptsTable(state.attempts));
  if (state.next) {
    const more = h('button', { type: 'button', id: 'more-puzzles' }, tp('puzzles.more'));
    more.disabled = state.loading;
    more.addEventListener('click', () => void load(true));
    slot.append(more);
  }
}

async function load(older: boolean): Promise<void> {
  const s = state;
  if (!s || s.loading) return;
  s.loading = true;
  draw();
  try {
    const page = await getHistory(s.player, older ? s.next : null);
    if (!older) s.history = page;
    s.attempts = older ? [...s.attempts, ...page.attempts] : page.attempts;
    s.next = page.next;
    s.error = null;
  } catch (e) {
    s.error = errorText(e);
  }
  s.loading = false;
  draw();
  if (older) document.getElementById('more-puzzles')?.focus();
}

// The section for player `id`: a new element each time the profile is
// drawn (a language switch), filled from what was read; read once.
export function puzzlesBox(id: string): HTMLElement {
  slot = h('section', { class: 'card puzzles-card', id: 'puzzles', 'aria-labelledby': 'puzzles-h' });
  if (state?.player !== id) {
    state = { player: id, history: null, attempts: [], next: null, error: null, loading: false };
    void load(false);
  }
  draw();
  return slot;
}
