// The frame of every page: skip link first, header with navigation and the
// language switch, <main id="main">, the live region, and the footer with the
// version and commit the bundle was built from.
import { h } from './dom';
import { startMyEvents } from './my_events';
import { applyTheme, themeToggle } from './theme';
import { initLanguage, lang, LANG_NAMES, LANGS, onLanguageChange, setLanguage, t, type Lang } from './i18n';

declare const __FT_VERSION__: string;
declare const __FT_COMMIT__: string;

export const VERSION = __FT_VERSION__;
export const COMMIT = __FT_COMMIT__;

export function footerText(): string {
  return `v${VERSION} · ${COMMIT}`;
}

export interface Shell {
  main: HTMLElement;
  announce: (text: string) => void;
}

// Builds the page frame, once the reader's language is loaded (nothing shows
// untranslated), and calls `render` then and after every language switch.
export async function mountShell(render: (shell: Shell) => void): Promise<Shell> {
  applyTheme();
  await initLanguage();
  const main = h('main', { id: 'main', tabindex: -1 });
  const live = h('div', { class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'true', id: 'announcer' });
  const shell: Shell = {
    main,
    announce: (text: string) => {
      // Clear first so that the same text twice is read twice.
      live.textContent = '';
      setTimeout(() => (live.textContent = text), 30);
    },
  };
  const skip = h('a', { class: 'skip-link', href: '#main' });
  skip.addEventListener('click', (e) => {
    e.preventDefault();
    main.focus();
  });
  const home = h('a', { href: '/', class: 'brand' }, 'fourtable');
  const playLink = h('a', { href: '/' });
  const rulesLink = h('a', { href: '/rules.html' });
  const analysisLink = h('a', { href: '/analysis' });
  const puzzlesLink = h('a', { href: '/puzzles' });
  const nav = h('nav', {}, playLink, puzzlesLink, rulesLink, analysisLink);
  const select = h('select', { id: 'lang-select' }) as HTMLSelectElement;
  for (const l of LANGS) select.append(h('option', { value: l, lang: l }, LANG_NAMES[l]));
  // The new language's words come from the server; should they not come, the
  // switch shows the language still in use.
  select.addEventListener('change', () => {
    setLanguage(select.value as Lang).catch(() => (select.value = lang()));
  });
  const langLabel = h('label', { for: 'lang-select', class: 'lang-label' });
  const accountButton = h('button', {
    type: 'button',
    class: 'account-button',
    id: 'account-open',
    'aria-expanded': 'false',
    'aria-controls': 'account-panel',
  }) as HTMLButtonElement;
  const accountPanel = h('section', { class: 'account-panel', id: 'account-panel', hidden: true });
  let accountRelabel = (): void => {
    accountButton.textContent = t('account.open');
  };
  // The account panel's code comes with the first click: playing needs none of it.
  const loadAccount = async (): Promise<void> => {
    accountButton.removeEventListener('click', loadAccount);
    const { mountAccount } = await import('./account_view');
    const control = mountAccount(accountButton, accountPanel);
    accountRelabel = control.relabel;
    await control.toggle();
  };
  accountButton.addEventListener('click', loadAccount);
  const theme = themeToggle(() => t('theme.dark'));
  const header = h(
    'header',
    { class: 'site-header' },
    home,
    nav,
    accountButton,
    theme.el,
    h('div', { class: 'lang' }, langLabel, select),
  );
  const footer = h('footer', { class: 'site-footer' });
  const footerVersion = h('span', { class: 'version' }, footerText());
  footer.append(footerVersion);
  document.body.append(skip, header, accountPanel, main, live, footer);

  const relabel = () => {
    skip.textContent = t('skip');
    playLink.textContent = t('nav.home');
    rulesLink.textContent = t('nav.rules');
    analysisLink.textContent = t('analysis.nav');
    puzzlesLink.textContent = t('nav.puzzles');
    nav.setAttribute('aria-label', t('nav.main'));
    langLabel.textContent = t('lang.label');
    select.value = lang();
    footerVersion.setAttribute('title', t('footer.label'));
    accountRelabel();
    theme.relabel();
    render(shell);
  };
  onLanguageChange(relabel);
  relabel();
  // Challenges reach the player on whatever page is open (protocol 4.10).
  startMyEvents();
  return shell;
}
