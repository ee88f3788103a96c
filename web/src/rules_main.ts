// Entry of rules.html: one page per variant and one for twiceFour
// (`/rules.html?v=popout`), in the interface language; the twiceFour page
// carries the RULES.md B4 example as a puzzle on a live board.
import './style.css';
import { clear, h } from './dom';
import { lang, t, type Lang } from './i18n';
import { B4_EXAMPLE, boardRows, crossSteps, judge } from './puzzle';
import { FourBoardView } from './board_view';
import { EXAMPLES } from './rules/examples';
import { rulesEl } from './rules/el';
import { rulesEn } from './rules/en';
import { rulesNl } from './rules/nl';
import { rulesTr } from './rules/tr';
import { RULE_PAGES, type RulesSection, type RulesText } from './rules/types';
import { mountShell, type Shell } from './shell';
import { TWICE_START, TwiceBoardView } from './twice_view';
import { variantInfo, variantLabel } from './variants';

const TEXTS: Record<Lang, RulesText> = { en: rulesEn, tr: rulesTr, el: rulesEl, nl: rulesNl };

function sections(list: RulesSection[], level: 'h2' | 'h3' = 'h2'): HTMLElement[] {
  return list.map((s) => h('section', {}, h(level, {}, s.heading), ...s.paras.map((p) => h('p', {}, p))));
}

function puzzle(shell: Shell): HTMLElement {
  const status = h('p', { class: 'puzzle-status', role: 'status', id: 'puzzle-status' }, t('rules.puzzle.prompt'));
  const view = new TwiceBoardView((move) => {
    const verdict = judge(B4_EXAMPLE, move);
    const key =
      verdict.kind === 'win'
        ? 'rules.puzzle.win'
        : verdict.kind === 'again'
          ? 'rules.puzzle.again'
          : 'rules.puzzle.nothing';
    status.textContent = t(key, { move });
    status.className = `puzzle-status ${verdict.kind}`;
    shell.announce(status.textContent);
    const after = {
      ...B4_EXAMPLE,
      cross: B4_EXAMPLE.cross.map((p) => (p === move.split('-')[0] ? move.split('-')[1] : p)),
    };
    view.update({
      board: boardRows(after),
      legal: [],
      mySide: null,
      // Cross scored every line of the puzzle (RULES.md B4).
      counted: [...B4_EXAMPLE.counted, ...verdict.newLines].map((line) => ({ line, side: 0 })),
      lastMove: move,
    });
    reset.hidden = false;
  });
  const start = () => {
    view.update({
      board: boardRows(B4_EXAMPLE),
      legal: crossSteps(B4_EXAMPLE),
      mySide: 0,
      counted: B4_EXAMPLE.counted.map((line) => ({ line, side: 0 })),
      lastMove: null,
    });
    status.textContent = t('rules.puzzle.prompt');
    status.className = 'puzzle-status';
    reset.hidden = true;
  };
  const reset = h('button', { type: 'button', id: 'puzzle-reset' }, t('rules.puzzle.reset'));
  reset.addEventListener('click', start);
  start();
  return h(
    'section',
    { class: 'puzzle card', id: 'puzzle' },
    h('h2', {}, t('rules.puzzle')),
    status,
    view.el,
    view.helpElement(),
    reset,
  );
}

// RULES.md B2: the start position, drawn after the section that describes it.
function startFigure(): HTMLElement {
  const view = new TwiceBoardView(() => undefined);
  view.update({ board: TWICE_START, legal: [], mySide: null, counted: [], lastMove: null });
  view.el.removeAttribute('tabindex');
  return h('figure', { class: 'example', id: 'twice-start' }, view.el, h('figcaption', {}, t('table.choice_start')));
}

function render(shell: Shell): void {
  const main = shell.main;
  clear(main);
  const text = TEXTS[lang()];
  const v = new URLSearchParams(location.search).get('v');
  const page = RULE_PAGES.find((p) => p === v) ?? null;
  const index = h(
    'nav',
    { class: 'rules-index', 'aria-label': t('rules.variants') },
    h('h2', {}, t('rules.variants')),
    h(
      'ul',
      {},
      RULE_PAGES.map((p) =>
        h(
          'li',
          {},
          h('a', { href: `/rules.html?v=${p}`, 'aria-current': p === page ? 'page' : null }, t(variantLabel(p))),
        ),
      ),
    ),
  );
  if (page === 'twicefour') {
    document.title = `${t('variant.twicefour')} — ${t('rules.title')} — fourtable`;
    main.append(
      h('h1', {}, `${t('rules.title')}: ${t('variant.twicefour')}`),
      h(
        'div',
        { class: 'rules-layout' },
        h(
          'article',
          { class: 'rules' },
          ...sections(text.twicefour.slice(0, 1)),
          startFigure(),
          ...sections(text.twicefour.slice(1)),
          puzzle(shell),
        ),
        index,
      ),
    );
    return;
  }
  const key = page ?? 'classic';
  const example = EXAMPLES[key];
  const info = variantInfo(key);
  let figure: HTMLElement | null = null;
  if (example && info) {
    const view = new FourBoardView(() => undefined);
    view.update({
      width: info.width,
      height: info.height,
      cylinder: info.cylinder,
      board: example.board,
      legal: [],
      mySide: null,
      winning: example.winning ?? [],
      lastMove: null,
      animate: false,
      still: true,
    });
    view.el.removeAttribute('tabindex');
    figure = h('figure', { class: 'example' }, view.el);
  }
  document.title = `${t(variantLabel(key))} — ${t('rules.title')} — fourtable`;
  main.append(
    h('h1', {}, `${t('rules.title')}: ${t(variantLabel(key))}`),
    h(
      'div',
      { class: 'rules-layout' },
      h(
        'article',
        { class: 'rules' },
        ...sections(text.variants[key] ?? []),
        figure,
        h('p', {}, h('a', { href: `/?variant=${key}`, class: 'button', id: 'play-variant' }, t('rules.play'))),
        h('h2', {}, t('rules.basics')),
        ...sections(text.basics, 'h3'),
        h('h2', {}, text.facts),
        h(
          'ul',
          {},
          text.factList.map((f) => h('li', {}, f)),
        ),
      ),
      index,
    ),
  );
}

void mountShell(render);
