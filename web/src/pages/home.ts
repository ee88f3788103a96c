// Home and lobby, the game first: a friend or the computer in one click,
// someone now from a pool (pools_view.ts), the day's puzzle (daily_puzzle.ts),
// the player's running tables, small live boards of the matches being played and
// the open tables (protocol 5.8 over the lobby socket); every setting of the
// server (protocol 2.3) waits behind "More settings".
import {
  ApiError,
  clockOf,
  createTable,
  gameOf,
  getLobby,
  getMe,
  getMyTables,
  setName,
  type CreateTable,
} from '../api';
import { LEVEL_KEY, storedLevel } from '../computer_level';
import { Connection, wsUrl } from '../connection';
import { clear, h } from '../dom';
import { formatScore } from '../format';
import { rememberInvite } from '../invite';
import { miniBoard } from '../mini_board';
import { poolsCard } from '../pools_view';
import { errorMessage, t, type MessageKey } from '../i18n';
import type { Player, TableSummary } from '../protocol';
import type { Shell } from '../shell';
import { clockText, seatNames, variantKey } from '../table_text';
import { PRESETS, SIZES, variantInfo, variantLabel, VARIANTS } from '../variants';

const LEVELS: (number | 'perfect')[] = [1, 2, 3, 4, 5, 6, 7, 'perfect'];

interface HomeState {
  me: Player | null;
  lobby: { open: TableSummary[]; live: TableSummary[] } | null;
  lobbyError: string | null;
  conn: Connection | null;
  mine: TableSummary[];
}

const state: HomeState = { me: null, lobby: null, lobbyError: null, conn: null, mine: [] };

function option(value: string, label: string, selected = false): HTMLOptionElement {
  const o = h('option', { value }, label);
  o.selected = selected;
  return o;
}

function field(label: string, control: HTMLElement, id: string): HTMLElement {
  control.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

// Computers sit only at two-player tables (protocol 2.3), so quick play offers those.
function gameVariantOptions(select: HTMLSelectElement, current: string): void {
  clear(select);
  for (const v of VARIANTS) select.append(option(v.key, t(variantLabel(v.key)), v.key === current));
  select.append(option('twicefour', t('variant.twicefour'), current === 'twicefour'));
}

// `/?variant=popout` (the rules page's "Play this variant"): the one-click
// starts and the full form start on it.
function askedVariant(): string {
  const v = new URLSearchParams(location.search).get('variant') ?? '';
  return v === 'twicefour' || variantInfo(v) ? v : 'classic';
}

function levelLabel(l: number | 'perfect'): string {
  return l === 'perfect' ? t('level.perfect') : t('level.n', { n: l });
}

function go(url: string): void {
  location.assign(url);
}

function errorText(e: unknown): string {
  if (e instanceof ApiError) return errorMessage(e.code, e.message);
  return e instanceof Error ? e.message : String(e);
}

// The two one-click starts: a friend (a private casual table whose link is
// copied and offered for sharing at the table) and the computer.
function playNow(): HTMLElement {
  const variant = h('select') as HTMLSelectElement;
  gameVariantOptions(variant, askedVariant());
  const level = h('select') as HTMLSelectElement;
  const stored = storedLevel();
  for (const l of LEVELS) level.append(option(String(l), levelLabel(l), String(l) === stored));
  level.addEventListener('change', () => {
    try {
      localStorage.setItem(LEVEL_KEY, level.value);
    } catch {
      // private mode: the level lasts for this page only
    }
  });
  const status = h('p', { class: 'form-status', role: 'status' });
  const friend = h('button', { type: 'button', class: 'primary big', id: 'play-friend' }, t('home.friend'));
  const computer = h('button', { type: 'button', class: 'primary big', id: 'quick-play' }, t('home.computer'));
  const start = async (button: HTMLButtonElement, req: CreateTable, invite: boolean) => {
    friend.disabled = computer.disabled = true;
    try {
      const table = await createTable(req);
      if (invite) await rememberInvite(table.id, location.origin + table.url);
      go(table.url);
    } catch (err) {
      status.textContent = t('create.error', { error: errorText(err) });
      friend.disabled = computer.disabled = false;
      button.focus();
    }
  };
  friend.addEventListener('click', () =>
    start(friend, { ...gameOf(variant.value), rated: false, visibility: 'link', opponent: { kind: 'person' } }, true),
  );
  computer.addEventListener('click', () => {
    const lv = level.value === 'perfect' ? 'perfect' : Number(level.value);
    void start(
      computer,
      { ...gameOf(variant.value), rated: false, visibility: 'link', opponent: { kind: 'computer', level: lv } },
      false,
    );
  });
  return h(
    'section',
    { class: 'play-now card', 'aria-label': t('nav.home') },
    h('div', { class: 'play-buttons' }, friend, computer),
    h(
      'div',
      { class: 'row' },
      field(t('create.variant'), variant, 'quick-variant'),
      field(t('create.level'), level, 'quick-level'),
    ),
    h('p', { class: 'note' }, t('home.friend.note')),
    status,
  );
}

// A number field for a count option, with the range and default of the
// variant that takes it (variants.ts).
function choiceInput(name: 'blocks' | 'opening_plies'): HTMLInputElement {
  const v = VARIANTS.find((x) => x.choices[name]);
  const range = v?.choices[name];
  return h('input', {
    type: 'number',
    min: range?.min ?? 0,
    max: range?.max ?? 0,
    value: v?.[name] ?? 0,
  }) as HTMLInputElement;
}

// The controls of the full form, each with its default.
interface CreateControls {
  variant: HTMLSelectElement;
  width: HTMLInputElement;
  height: HTMLInputElement;
  preset: HTMLSelectElement;
  popout: HTMLInputElement;
  blocks: HTMLInputElement;
  opening: HTMLInputElement;
  format: HTMLSelectElement;
  clockKind: HTMLSelectElement;
  minutes: HTMLInputElement;
  increment: HTMLInputElement;
  perMove: HTMLInputElement;
  rated: HTMLInputElement;
  visibility: HTMLSelectElement;
  opponent: HTMLSelectElement;
  level: HTMLSelectElement;
}

function createControls(): CreateControls {
  const variant = h('select') as HTMLSelectElement;
  gameVariantOptions(variant, askedVariant());
  const width = h('input', {
    type: 'number',
    min: SIZES.min,
    max: SIZES.max,
    value: 7,
    required: true,
  }) as HTMLInputElement;
  const height = h('input', {
    type: 'number',
    min: SIZES.min,
    max: SIZES.max,
    value: 6,
    required: true,
  }) as HTMLInputElement;
  const preset = h('select') as HTMLSelectElement;
  preset.append(option('', '—'));
  for (const [w, ht] of PRESETS) preset.append(option(`${w}x${ht}`, `${w} × ${ht}`, w === 7 && ht === 6));
  preset.addEventListener('change', () => {
    const m = /^(\d+)x(\d+)$/.exec(preset.value);
    if (m) {
      width.value = m[1];
      height.value = m[2];
    }
  });
  const popout = h('input', { type: 'checkbox' }) as HTMLInputElement;
  const blocks = choiceInput('blocks');
  const opening = choiceInput('opening_plies');
  const format = h('select') as HTMLSelectElement;
  format.append(option('match', t('create.format.match'), true), option('single', t('create.format.single')));
  const clockKind = h('select') as HTMLSelectElement;
  clockKind.append(
    option('fischer', `${t('create.minutes')} + ${t('create.increment')}`, true),
    option('per_move', t('create.per_move')),
  );
  const minutes = h('input', { type: 'number', min: 1, max: 120, value: 5, step: 1 }) as HTMLInputElement;
  const increment = h('input', { type: 'number', min: 0, max: 60, value: 5 }) as HTMLInputElement;
  const perMove = h('input', { type: 'number', min: 5, max: 600, value: 30 }) as HTMLInputElement;
  const rated = h('input', { type: 'checkbox', checked: true }) as HTMLInputElement;
  const visibility = h('select') as HTMLSelectElement;
  visibility.append(option('open', t('create.visibility.lobby'), true), option('link', t('create.visibility.link')));
  const opponent = h('select') as HTMLSelectElement;
  opponent.append(
    option('person', t('create.opponent.human'), true),
    option('computer', t('create.opponent.computer')),
  );
  const level = h('select') as HTMLSelectElement;
  for (const l of LEVELS) level.append(option(String(l), levelLabel(l), l === 3));
  return {
    variant,
    width,
    height,
    preset,
    popout,
    blocks,
    opening,
    format,
    clockKind,
    minutes,
    increment,
    perMove,
    rated,
    visibility,
    opponent,
    level,
  };
}

// The new table the form asks for (protocol 2.3): only what the variant takes.
function createRequest(c: CreateControls): CreateTable {
  const v = c.variant.value;
  const req = gameOf(v);
  if (v !== 'twicefour') {
    req.width = Number(c.width.value);
    req.height = Number(c.height.value);
    const choices = variantInfo(v)?.choices ?? {};
    if (choices.popout && c.popout.checked) req.popout = true;
    if (choices.blocks) req.blocks = Number(c.blocks.value);
    if (choices.opening_plies) req.opening_plies = Number(c.opening.value);
  }
  if (variantInfo(v)?.format !== 'single') req.format = c.format.value as 'match' | 'single';
  req.clock = clockOf(c.clockKind.value, c.minutes.value, c.increment.value, c.perMove.value);
  req.visibility = c.visibility.value as 'open' | 'link';
  req.opponent =
    c.opponent.value === 'computer'
      ? { kind: 'computer', level: c.level.value === 'perfect' ? 'perfect' : Number(c.level.value) }
      : { kind: 'person' };
  req.rated = !c.rated.disabled && c.rated.checked;
  return req;
}

// The parts of the form that show or hide with the variant, clock and opponent.
interface CreateFields {
  size: HTMLElement;
  popout: HTMLElement;
  blocks: HTMLElement;
  opening: HTMLElement;
  fischer: HTMLElement;
  perMove: HTMLElement;
  level: HTMLElement;
  rated: HTMLElement;
}

function createFields(c: CreateControls): CreateFields {
  const popout = h('div', { class: 'field check' }, c.popout, h('label', { for: 'c-popout' }, t('create.popout')));
  c.popout.id = 'c-popout';
  const blocks = field(t('create.blocks'), c.blocks, 'c-blocks');
  const opening = field(t('create.opening'), c.opening, 'c-opening');
  const size = h(
    'div',
    { class: 'row' },
    field(t('create.preset'), c.preset, 'c-preset'),
    field(t('create.width'), c.width, 'c-width'),
    field(t('create.height'), c.height, 'c-height'),
  );
  const fischer = h(
    'div',
    { class: 'row' },
    field(t('create.minutes'), c.minutes, 'c-minutes'),
    field(t('create.increment'), c.increment, 'c-increment'),
  );
  const perMove = field(t('create.per_move'), c.perMove, 'c-permove');
  const level = field(t('create.level'), c.level, 'c-level');
  const rated = h('div', { class: 'field check' }, c.rated, h('label', { for: 'c-rated' }, t('create.rated')));
  c.rated.id = 'c-rated';
  return { size, popout, blocks, opening, fischer, perMove, level, rated };
}

// Shows the fields the variant, clock and opponent take (rated only for a
// match between people), now and on every change; a variant brings its
// board size, and twiceFour its per-move clock.
function syncFields(c: CreateControls, f: CreateFields): void {
  const { variant, format, clockKind, opponent, rated } = c;
  const sync = () => {
    const v = variant.value;
    const twice = v === 'twicefour';
    const choices = variantInfo(v)?.choices ?? {};
    f.size.hidden = twice;
    f.popout.hidden = !choices.popout;
    f.blocks.hidden = !choices.blocks;
    f.opening.hidden = !choices.opening_plies;
    f.fischer.hidden = clockKind.value !== 'fischer';
    f.perMove.hidden = clockKind.value !== 'per_move';
    f.level.hidden = opponent.value !== 'computer';
    const single = format.value === 'single' || variantInfo(v)?.format === 'single';
    const canRate = !single && opponent.value === 'person';
    rated.disabled = !canRate;
    if (!canRate) rated.checked = false;
  };
  variant.addEventListener('change', () => {
    const info = variantInfo(variant.value);
    if (info) {
      c.width.value = String(info.width);
      c.height.value = String(info.height);
      c.preset.value = `${info.width}x${info.height}`;
    }
    if (variant.value === 'twicefour') clockKind.value = 'per_move';
    sync();
  });
  for (const x of [format, clockKind, opponent]) x.addEventListener('change', sync);
  sync();
  if (variant.value !== 'classic') variant.dispatchEvent(new Event('change'));
}

function createForm(): HTMLElement {
  const c = createControls();
  const f = createFields(c);
  syncFields(c, f);

  const status = h('p', { class: 'form-status', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'primary', id: 'create-submit' }, t('create.submit'));
  const form = h(
    'form',
    { class: 'create' },
    field(t('create.variant'), c.variant, 'c-variant'),
    f.size,
    f.popout,
    f.blocks,
    f.opening,
    field(t('create.format'), c.format, 'c-format'),
    field(t('create.clock'), c.clockKind, 'c-clock'),
    f.fischer,
    f.perMove,
    h('div', { class: 'row' }, field(t('create.opponent'), c.opponent, 'c-opponent'), f.level),
    f.rated,
    field(t('create.visibility'), c.visibility, 'c-visibility'),
    submit,
    status,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const req = createRequest(c);
    submit.disabled = true;
    try {
      const table = await createTable(req);
      go(table.url);
    } catch (err) {
      status.textContent = t('create.error', { error: errorText(err) });
      submit.disabled = false;
    }
  });
  // The whole form waits behind "More settings": the one-click starts come first.
  const more = h('details', { class: 'more card', id: 'more-settings' }, h('summary', {}, t('home.more')), form);
  return more;
}

function nameForm(): HTMLElement {
  const input = h('input', {
    type: 'text',
    maxlength: 24,
    minlength: 1,
    required: true,
    autocomplete: 'nickname',
  }) as HTMLInputElement;
  input.value = state.me?.name ?? '';
  const status = h('span', { class: 'form-status', role: 'status' });
  const form = h(
    'form',
    { class: 'name-form' },
    field(t('home.name'), input, 'name-input'),
    h('button', { type: 'submit' }, t('home.name.save')),
    status,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      state.me = await setName(input.value.trim());
      status.textContent = t('home.name.saved');
    } catch (err) {
      status.textContent = errorText(err);
    }
  });
  return form;
}

function tableLine(s: TableSummary, action: MessageKey): HTMLElement {
  const v = variantKey(s.settings);
  const names = seatNames(s);
  const taken = s.seats.filter((x) => x.player || x.computer).length;
  const detail = s.status === 'waiting' ? t('home.seats', { taken, seats: s.seats.length }) : formatScore(s.score);
  const size = s.settings.game === 'four' ? ` ${s.settings.width}×${s.settings.height}` : '';
  return h(
    'li',
    { class: 'table-line' },
    h('span', { class: 'tl-variant' }, t(variantLabel(v)) + size),
    h('span', { class: 'tl-names' }, names),
    h(
      'span',
      { class: 'tl-detail' },
      detail,
      ' · ',
      h('span', { class: 'tl-clock' }, clockText(s.settings.clock)),
      ' · ',
      h('span', { class: 'tl-rated' }, s.settings.rated ? t('table.rated') : t('table.casual')),
    ),
    h('a', { href: s.url, class: 'button' }, t(action)),
  );
}

// A live match as a small board that updates with the lobby feed; a click watches.
function liveCard(s: TableSummary): HTMLElement {
  const v = variantKey(s.settings);
  const names = seatNames(s);
  return h(
    'li',
    { class: 'live-card' },
    h(
      'a',
      { href: `${s.url}?watch=1` },
      h('span', { class: 'sr-only' }, `${t('home.watch')}: `),
      s.board ? miniBoard(s.board, s.settings.game === 'twicefour') : null,
      h('span', { class: 'live-names' }, names),
      h('span', { class: 'live-detail' }, `${t(variantLabel(v))} · ${formatScore(s.score)}`),
    ),
  );
}

function lobbyLists(): HTMLElement {
  const box = h('section', { class: 'lobby card', 'aria-live': 'off' });
  const l = state.lobby;
  if (state.lobbyError) box.append(h('p', { class: 'error' }, t('home.lobby_error', { error: state.lobbyError })));
  box.append(h('h2', { id: 'live-matches' }, t('home.live')));
  const live = h('ul', { class: 'live-boards', 'aria-labelledby': 'live-matches', id: 'live-boards' });
  if (l && l.live.length) for (const s of l.live) live.append(liveCard(s));
  else live.append(h('li', { class: 'empty' }, l ? t('home.none_live') : t('loading')));
  box.append(live, h('h2', { id: 'open-tables' }, t('home.open')));
  const open = h('ul', { class: 'table-list', 'aria-labelledby': 'open-tables' });
  if (l && l.open.length) for (const s of l.open) open.append(tableLine(s, 'home.join'));
  else open.append(h('li', { class: 'empty' }, l ? t('home.none_open') : t('loading')));
  box.append(open);
  return box;
}

// "Your games" (protocol 2.11): the tables where this guest sits that are not over.
function yourGames(): HTMLElement {
  const box = h('section', { class: 'your-games card', id: 'your-games', 'aria-labelledby': 'your-games-h' });
  box.hidden = state.mine.length === 0;
  const list = h('ul', { class: 'table-list' });
  for (const s of state.mine) list.append(tableLine(s, 'home.back'));
  box.append(h('h2', { id: 'your-games-h' }, t('home.mine')), list);
  return box;
}

// The daily puzzle's card: its code and words are a chunk of their own,
// loaded once the page is drawn (the table page's budget, scripts/size.mjs).
function dailyCard(): HTMLElement {
  const slot = h('section', { class: 'daily-puzzle card', id: 'daily-puzzle' });
  void import('../daily_puzzle').then((m) => m.fillDailyCard(slot));
  return slot;
}

let lobbySlot: HTMLElement | null = null;
let mineSlot: HTMLElement | null = null;

function refreshLobby(): void {
  if (!lobbySlot) return;
  const next = lobbyLists();
  lobbySlot.replaceWith(next);
  lobbySlot = next;
}

function refreshMine(): void {
  if (!mineSlot) return;
  const next = yourGames();
  mineSlot.replaceWith(next);
  mineSlot = next;
}

export function renderHome(shell: Shell): void {
  document.title = `fourtable — ${t('home.title')}`;
  const main = shell.main;
  clear(main);
  lobbySlot = lobbyLists();
  mineSlot = yourGames();
  main.append(
    h('h1', {}, t('home.title')),
    h(
      'div',
      { class: 'home-grid' },
      h(
        'div',
        {},
        playNow(),
        poolsCard(askedVariant()),
        dailyCard(),
        mineSlot,
        createForm(),
        h(
          'p',
          { class: 'home-links' },
          h('a', { href: '/leaderboard/classic', id: 'leaderboards' }, t('leaderboard.nav')),
        ),
      ),
      lobbySlot,
    ),
    nameForm(),
    h('p', { class: 'intro' }, t('home.intro')),
  );
  if (!state.conn) startLobby();
}

function startLobby(): void {
  getMe()
    .then((me) => {
      state.me = me;
      const input = document.getElementById('name-input') as HTMLInputElement | null;
      if (input && !input.value) input.value = me.name;
    })
    .catch(() => undefined);
  getMyTables()
    .then((mine) => {
      state.mine = mine;
      refreshMine();
    })
    .catch(() => undefined);
  getLobby()
    .then((l) => {
      state.lobby = l;
      state.lobbyError = null;
      refreshLobby();
    })
    .catch((e) => {
      state.lobbyError = errorText(e);
      refreshLobby();
    });
  state.conn = new Connection({
    url: wsUrl(),
    onOpen: () => [{ type: 'lobby' }],
    onMessage: (m) => {
      if (m.type === 'lobby') {
        state.lobby = { open: m.open, live: m.live };
        state.lobbyError = null;
        refreshLobby();
      }
    },
    onStatus: () => undefined,
  });
  state.conn.start();
}
