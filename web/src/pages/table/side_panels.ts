// The column beside the board, less the sound toggle and the moves (sounds.ts,
// moves.ts): the score with team names, rating changes and the next game's
// note; the table's link to share with the spectators and the rules; and
// Resign match.
import { h } from '../../dom';
import { formatDelta } from '../../format';
import { t } from '../../i18n';
import type { TableModel } from '../../table_model';
import { variantKey } from '../../table_text';
import { variantLabel } from '../../variants';
import type { TableController } from './controller';
import { resignButton } from './resign';
import { isTwice, nameOf, scoreText, teamName, teams } from './texts';

function ratingLine(m: TableModel, rc: { seat: number; before: number; after: number }): HTMLElement {
  return h(
    'p',
    { class: 'rating-change' + (rc.seat === m.mySeat ? ' mine' : ''), 'data-seat': rc.seat },
    `${nameOf(m, rc.seat)}: `,
    t('result.rating', {
      old: Math.round(rc.before),
      new: Math.round(rc.after),
      delta: formatDelta(rc.after - rc.before),
    }),
  );
}

export function scoreBox(m: TableModel): HTMLElement {
  const score = m.match?.score ?? m.table?.score ?? [];
  const tm = teams(m);
  const box = h(
    'div',
    { class: 'score-box' },
    h(
      'div',
      { class: 'score-line' },
      h('span', { class: 'label' }, t('table.score')),
      h('span', { class: 'score', id: 'score' }, scoreText(m, score)),
    ),
  );
  if (tm) box.append(h('p', { class: 'team-names', id: 'team-names' }, tm.map((x) => teamName(m, x)).join(' : ')));
  const r = m.match?.over ? m.match.result : null;
  for (const rc of r?.ratings ?? []) box.append(ratingLine(m, rc));
  if (m.table?.status === 'between_games' && !m.match?.over) {
    const done = m.mySeat !== null && !!m.match?.ready[m.mySeat];
    const n = (m.match?.game_number ?? 0) + 1;
    box.append(
      h(
        'p',
        { class: 'note' },
        done ? t('table.ready.waiting') : t(isTwice(m) ? 'result.round_next' : 'result.next', { n }),
      ),
    );
  }
  return box;
}

export function shareBox(c: TableController): HTMLElement {
  const m = c.model;
  const url = location.origin + (m.table?.url ?? `/t/${c.id}`);
  const input = h('input', {
    type: 'text',
    readonly: true,
    value: url,
    id: 'share-url',
    'aria-label': t('table.copy'),
  }) as HTMLInputElement;
  const status = h('span', { class: 'form-status', role: 'status' });
  const copy = h('button', { type: 'button', id: 'copy-link' }, t('table.copy'));
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = t('table.copied');
    } catch {
      input.select();
      status.textContent = document.execCommand?.('copy') ? t('table.copied') : t('table.copy_failed');
    }
  });
  const spectators = m.presence?.spectators ?? m.table?.spectators ?? 0;
  const vk = m.table ? variantKey(m.table.settings) : 'classic';
  return h(
    'section',
    { class: 'share' },
    h('div', { class: 'row' }, input, copy),
    status,
    h('p', { class: 'spectators', id: 'spectators' }, t('table.spectators', { n: spectators })),
    h('p', {}, h('a', { href: `/rules.html?v=${vk}` }, t('table.rules', { variant: t(variantLabel(vk)) }))),
  );
}

// Resign match: while a match of more than one game goes on.
export function sideButtons(c: TableController): HTMLElement {
  const m = c.model;
  const box = h('div', { class: 'side-buttons' });
  const st = m.table?.status;
  if (m.mySeat !== null && (st === 'playing' || st === 'between_games') && !m.match?.over && (m.match?.games ?? 1) > 1)
    box.append(resignButton(c, 'resign_match'));
  return box;
}
