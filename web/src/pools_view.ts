// The home page's "Play someone now" (docs/protocol.md 2.19): the pools of
// one game and variant at a time, each with its clock, rated or casual and
// how many wait in it (refreshed every few seconds); a click waits there,
// with the time waited, the rating range and a cancel button, until the
// server pairs the player and the page opens the table. A wait another tab
// of the same player started is shown (and kept) here too.
import { ApiError } from './api';
import { clear, h } from './dom';
import { errorMessage, t } from './i18n';
import { getPools, joinPool, leavePool, type PoolInfo, type Pools, type PoolWait } from './pools_api';
import { clockText, variantKey } from './table_text';
import { variantLabel } from './variants';

const REFRESH_MS = 5000; // the counts, while not waiting

interface PoolsState {
  pools: Pools | null;
  variant: string;
  wait: PoolWait | null;
  error: string;
  timer: number | undefined;
}

function errorText(e: unknown): string {
  if (e instanceof ApiError) return errorMessage(e.code, e.message);
  return e instanceof Error ? e.message : String(e);
}

function poolVariant(p: PoolInfo): string {
  return variantKey(p.settings);
}

function poolName(p: PoolInfo): string {
  const rated = p.settings.rated ? t('table.rated') : t('table.casual');
  return `${t(variantLabel(poolVariant(p)))} · ${clockText(p.settings.clock)} · ${rated}`;
}

function minutesSeconds(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function poolsCard(initialVariant: string): HTMLElement {
  const st: PoolsState = { pools: null, variant: initialVariant, wait: null, error: '', timer: undefined };
  const body = h('div', { class: 'pools-body' });
  const status = h('p', { class: 'form-status', role: 'status' });
  const card = h(
    'section',
    { class: 'pools card', id: 'pools', 'aria-labelledby': 'pools-h' },
    h('h2', { id: 'pools-h' }, t('pools.title')),
    body,
    status,
  );
  let waitStarted = 0; // this page's clock when the shown wait began

  const schedule = (fn: () => void, ms: number) => {
    window.clearTimeout(st.timer);
    st.timer = window.setTimeout(fn, ms);
  };

  const paired = (w: PoolWait) => {
    window.clearTimeout(st.timer);
    status.textContent = t('pools.paired');
    location.assign(`/t/${w.table ?? ''}`);
  };

  const poll = async () => {
    if (!st.wait || !card.isConnected) return;
    try {
      const w = await joinPool(st.wait.pool, st.wait.since);
      if (!st.wait) return; // cancelled meanwhile
      if (w.state === 'paired') return paired(w);
      st.wait = w;
      render();
    } catch (e) {
      status.textContent = errorText(e);
    }
    schedule(() => void poll(), st.pools?.poll_ms ?? 2000);
  };

  const refresh = async () => {
    if (!card.isConnected && st.pools) return;
    try {
      st.pools = await getPools();
      st.error = '';
      // Another tab's wait: this page shows and keeps it too. A wait paired
      // already was told to the page that waited (or its table is over).
      if (st.pools.wait?.state === 'waiting' && !st.wait) {
        st.wait = st.pools.wait;
        waitStarted = Date.now();
        render();
        return schedule(() => void poll(), st.pools.poll_ms);
      }
    } catch (e) {
      st.error = errorText(e);
    }
    if (!st.wait) {
      render();
      schedule(() => void refresh(), REFRESH_MS);
    }
  };

  const start = async (p: PoolInfo, button: HTMLButtonElement) => {
    button.disabled = true;
    status.textContent = '';
    try {
      const w = await joinPool(p.id);
      if (w.state === 'paired') return paired(w);
      st.wait = w;
      waitStarted = Date.now();
      render();
      document.getElementById('pool-cancel')?.focus();
      schedule(() => void poll(), st.pools?.poll_ms ?? 2000);
    } catch (e) {
      status.textContent = errorText(e);
      button.disabled = false;
    }
  };

  const cancel = async () => {
    const w = st.wait;
    if (!w) return;
    st.wait = null;
    window.clearTimeout(st.timer);
    try {
      await leavePool(w.pool);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'already_paired') {
        st.wait = w;
        return void poll(); // the pairing came first: its answer names the table
      }
      status.textContent = errorText(e);
    }
    void refresh();
  };

  const choices = (): HTMLElement => {
    const pools = st.pools?.pools ?? [];
    const variants = [...new Set(pools.map(poolVariant))];
    if (!variants.includes(st.variant)) st.variant = variants[0] ?? 'classic';
    const select = h('select', { id: 'pool-variant' }) as HTMLSelectElement;
    for (const v of variants) {
      const n = pools.filter((p) => poolVariant(p) === v).reduce((sum, p) => sum + p.waiting, 0);
      const label = n > 0 ? `${t(variantLabel(v))} (${t('pools.waiting_n', { n })})` : t(variantLabel(v));
      const o = h('option', { value: v }, label);
      o.selected = v === st.variant;
      select.append(o);
    }
    select.addEventListener('change', () => {
      st.variant = select.value;
      render();
      document.getElementById('pool-variant')?.focus();
    });
    const list = h('ul', { class: 'pool-list' });
    for (const p of pools.filter((x) => poolVariant(x) === st.variant)) {
      // The variant is read before the visible words (which stay the
      // accessible name's own): a screen reader hears which pool it is.
      const button = h(
        'button',
        { type: 'button', class: 'pool', 'data-pool': p.id },
        h('span', { class: 'sr-only' }, `${t(variantLabel(poolVariant(p)))}: `),
        h('span', { class: 'pool-clock' }, clockText(p.settings.clock)),
        h('span', { class: 'pool-kind' }, p.settings.rated ? t('table.rated') : t('table.casual')),
        h('span', { class: 'pool-count' }, t('pools.waiting_n', { n: p.waiting })),
      ) as HTMLButtonElement;
      button.addEventListener('click', () => void start(p, button));
      list.append(h('li', {}, button));
    }
    return h(
      'div',
      {},
      h('div', { class: 'field' }, h('label', { for: 'pool-variant' }, t('pools.variant')), select),
      list,
      h('p', { class: 'note' }, t('pools.note')),
    );
  };

  const waiting = (w: PoolWait): HTMLElement => {
    const p = st.pools?.pools.find((x) => x.id === w.pool);
    const range =
      w.range === null || w.range === undefined ? t('pools.range_any') : t('pools.range', { range: w.range });
    const cancelButton = h('button', { type: 'button', id: 'pool-cancel' }, t('pools.cancel'));
    cancelButton.addEventListener('click', () => void cancel());
    return h(
      'div',
      { class: 'pool-waiting', id: 'pool-waiting' },
      h('p', { class: 'pool-searching' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), t('pools.searching')),
      h('p', { class: 'pool-which' }, p ? poolName(p) : w.pool),
      h(
        'p',
        { class: 'pool-detail' },
        h('span', { class: 'pool-waited' }, minutesSeconds(Date.now() - waitStarted)),
        ' · ',
        range,
      ),
      cancelButton,
    );
  };

  function render(): void {
    clear(body);
    if (st.wait) body.append(waiting(st.wait));
    else if (st.pools) body.append(choices());
    else body.append(h('p', { class: 'empty' }, st.error ? t('pools.error', { error: st.error }) : t('loading')));
    if (st.error && st.pools) body.append(h('p', { class: 'error' }, t('pools.error', { error: st.error })));
  }

  // The time waited ticks between polls.
  const ticker = window.setInterval(() => {
    if (!card.isConnected && st.pools) {
      window.clearInterval(ticker); // the page was drawn again without this card
      window.clearTimeout(st.timer);
      return;
    }
    const shown = card.querySelector('.pool-waited');
    if (st.wait && shown) shown.textContent = minutesSeconds(Date.now() - waitStarted);
  }, 1000);
  render();
  void refresh();
  return card;
}
