// The light or dark theme of every page: the system's (prefers-color-scheme)
// until the reader chooses with the header's toggle; the choice is kept in
// localStorage and set as data-theme on <html>, which style.css reads.
const KEY = 'fourtable.theme';

type Theme = 'light' | 'dark';

function stored(): Theme | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
}

// The theme the page shows now.
export function themeNow(): Theme {
  return stored() ?? (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
}

export function applyTheme(): void {
  const t = stored();
  if (t) document.documentElement.dataset.theme = t;
  else delete document.documentElement.dataset.theme;
}

// The header's toggle: pressed while the dark theme shows.
export function themeToggle(label: () => string): { el: HTMLButtonElement; relabel: () => void } {
  const el = document.createElement('button');
  el.type = 'button';
  el.id = 'theme-toggle';
  el.className = 'account-button theme-toggle';
  const word = document.createElement('span');
  word.className = 'theme-word';
  el.append('◐ ', word);
  const relabel = (): void => {
    // The word hides on a phone (style.css); a screen reader still hears it.
    word.textContent = label();
    el.setAttribute('aria-pressed', themeNow() === 'dark' ? 'true' : 'false');
  };
  el.addEventListener('click', () => {
    try {
      localStorage.setItem(KEY, themeNow() === 'dark' ? 'light' : 'dark');
    } catch {
      document.documentElement.dataset.theme = themeNow() === 'dark' ? 'light' : 'dark';
    }
    if (stored()) applyTheme();
    relabel();
  });
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', relabel);
  return { el, relabel };
}
