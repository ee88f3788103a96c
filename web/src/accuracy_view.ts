// Accuracy from the exact analysis (docs/protocol.md 2.16 and 2.6): the
// played move's verdict and each player's accuracy on the game page, and
// the accuracy per variant on the profile. A module of its own, with its
// own texts in the four languages, so each page needs one call.
import { h } from './dom';
import { format, lang, type Lang } from './i18n';

// 2.16 `accuracy[]` and a position's `kept`, `decisive`, `given`.
export interface SeatAccuracy {
  seat: number;
  decisive: number;
  kept: number;
  mistakes: number;
  accuracy: number | null;
}
interface MoveVerdict {
  state: string;
  kept?: boolean;
  decisive?: boolean;
  given?: number;
}
interface AnalysisWithAccuracy {
  status: string;
  accuracy?: SeatAccuracy[];
  positions?: MoveVerdict[];
}
// 2.6 `accuracy[]`.
export interface VariantAccuracy {
  variant: string;
  games: number;
  decisive: number;
  kept: number;
  mistakes: number;
  accuracy: number | null;
}

const TEXTS = {
  en: {
    heading: 'Accuracy',
    of: '{name}: {pct}',
    detail: '{kept} of {decisive} critical moves kept the result; mistakes: {mistakes}',
    none: '{name}: no critical move',
    kept: 'The move played here kept the result.',
    kept_slower: 'The move played here kept the result, {n} moves slower than the best.',
    lost: 'The move played here changed the result.',
    variant: 'Variant',
    games_h: 'Games',
    mistakes_h: 'Mistakes',
  },
  tr: {
    heading: 'İsabet',
    of: '{name}: {pct}',
    detail: '{decisive} kritik hamlenin {kept} tanesi sonucu korudu; hata: {mistakes}',
    none: '{name}: kritik hamle yok',
    kept: 'Burada oynanan hamle sonucu korudu.',
    kept_slower: 'Burada oynanan hamle sonucu korudu, en iyisinden {n} hamle yavaş.',
    lost: 'Burada oynanan hamle sonucu değiştirdi.',
    variant: 'Çeşit',
    games_h: 'Oyun',
    mistakes_h: 'Hata',
  },
  el: {
    heading: 'Ακρίβεια',
    of: '{name}: {pct}',
    detail: '{kept} από {decisive} κρίσιμες κινήσεις κράτησαν το αποτέλεσμα· λάθη: {mistakes}',
    none: '{name}: καμία κρίσιμη κίνηση',
    kept: 'Η κίνηση που παίχτηκε εδώ κράτησε το αποτέλεσμα.',
    kept_slower: 'Η κίνηση που παίχτηκε εδώ κράτησε το αποτέλεσμα, {n} κινήσεις πιο αργά από την καλύτερη.',
    lost: 'Η κίνηση που παίχτηκε εδώ άλλαξε το αποτέλεσμα.',
    variant: 'Παραλλαγή',
    games_h: 'Παρτίδες',
    mistakes_h: 'Λάθη',
  },
  nl: {
    heading: 'Nauwkeurigheid',
    of: '{name}: {pct}',
    detail: '{kept} van {decisive} kritieke zetten hielden de uitslag vast; fouten: {mistakes}',
    none: '{name}: geen kritieke zet',
    kept: 'De hier gespeelde zet hield de uitslag vast.',
    kept_slower: 'De hier gespeelde zet hield de uitslag vast, {n} zetten trager dan de beste.',
    lost: 'De hier gespeelde zet veranderde de uitslag.',
    variant: 'Variant',
    games_h: 'Partijen',
    mistakes_h: 'Fouten',
  },
} satisfies Record<Lang, Record<string, string>>;
type Key = keyof (typeof TEXTS)['en'];

function tx(key: Key, params?: Record<string, string | number>): string {
  return format(TEXTS[lang()][key] ?? TEXTS.en[key], params);
}

export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

// The game page: the verdict on the move played at `ply` and each seat's
// accuracy; null until the analysis is done or when it has no accuracy.
export function gameAccuracy(
  a: AnalysisWithAccuracy,
  ply: number,
  nameOf: (seat: number) => string,
): HTMLElement | null {
  if (a.status !== 'done' || !a.accuracy || a.accuracy.length === 0) return null;
  const box = h('div', { class: 'accuracy', id: 'accuracy' });
  const pos = a.positions?.[ply];
  if (pos?.kept !== undefined) {
    const text = !pos.kept ? tx('lost') : pos.given ? tx('kept_slower', { n: pos.given }) : tx('kept');
    box.append(h('p', { class: `move-verdict ${pos.kept ? 'kept' : 'lost'}` }, text));
  }
  const list = h('ul', { class: 'accuracy-list' });
  for (const s of a.accuracy) {
    const name = nameOf(s.seat);
    const line =
      s.accuracy === null
        ? tx('none', { name })
        : `${tx('of', { name, pct: percent(s.accuracy) })} (${tx('detail', { kept: s.kept, decisive: s.decisive, mistakes: s.mistakes })})`;
    list.append(h('li', { 'data-seat': String(s.seat) }, line));
  }
  box.append(h('h3', {}, tx('heading')), list);
  return box;
}

// The profile: a card with a row per variant; null without analysed games.
export function profileAccuracy(
  list: readonly VariantAccuracy[] | undefined,
  label: (variant: string) => string,
): HTMLElement | null {
  if (!list || list.length === 0) return null;
  const rows = list.map((v) =>
    h(
      'tr',
      { 'data-variant': v.variant },
      h('td', {}, label(v.variant)),
      h('td', { class: 'num' }, String(v.games)),
      h('td', { class: 'num accuracy-pct' }, v.accuracy === null ? '–' : percent(v.accuracy)),
      h('td', { class: 'num' }, String(v.mistakes)),
    ),
  );
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'accuracy-h' },
    h('h2', { id: 'accuracy-h' }, tx('heading')),
    h(
      'table',
      { class: 'accuracy-table', id: 'accuracy' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, tx('variant')),
          h('th', { scope: 'col' }, tx('games_h')),
          h('th', { scope: 'col' }, tx('heading')),
          h('th', { scope: 'col' }, tx('mistakes_h')),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}
