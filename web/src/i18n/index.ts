// The interface language: taken from the browser, switchable, remembered in
// localStorage. All four dictionaries are small and ship in the bundle so a
// switch needs no round trip.
import { el } from './el';
import { en, type MessageKey, type Messages } from './en';
import { nl } from './nl';
import { tr } from './tr';

export type Lang = 'en' | 'tr' | 'el' | 'nl';
export const LANGS: readonly Lang[] = ['en', 'tr', 'el', 'nl'];
export const DICTIONARIES: Record<Lang, Messages> = { en, tr, el, nl };
export type { MessageKey };

const STORAGE_KEY = 'fourtable.lang';
// `?lang=` holds for the rest of the visit (this tab's session), not only the
// page that carried it.
const SESSION_KEY = 'fourtable.lang.session';

function storageGet(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}

function storageSet(store: () => Storage, key: string, value: string): void {
  try {
    store().setItem(key, value);
  } catch {
    // private mode: the choice lasts for this page only
  }
}
let current: Lang = 'en';
const listeners: (() => void)[] = [];

// The first supported language in the browser's preference list.
export function pickLanguage(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] as Lang;
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

export function initLanguage(): Lang {
  const stored = storageGet(() => localStorage, STORAGE_KEY);
  const fromUrl = new URLSearchParams(location.search).get('lang');
  const session = storageGet(() => sessionStorage, SESSION_KEY);
  if (fromUrl && LANGS.includes(fromUrl as Lang)) {
    current = fromUrl as Lang;
    storageSet(() => sessionStorage, SESSION_KEY, current);
  } else if (session && LANGS.includes(session as Lang)) current = session as Lang;
  else if (stored && LANGS.includes(stored as Lang)) current = stored as Lang;
  else current = pickLanguage(navigator.languages ?? [navigator.language]);
  document.documentElement.lang = current;
  return current;
}

export function lang(): Lang {
  return current;
}

export function setLanguage(l: Lang): void {
  current = l;
  document.documentElement.lang = l;
  storageSet(() => localStorage, STORAGE_KEY, l);
  // A choice made on the page overrides the link's `?lang=` for the visit.
  if (storageGet(() => sessionStorage, SESSION_KEY)) storageSet(() => sessionStorage, SESSION_KEY, l);
  for (const f of listeners) f();
}

export function onLanguageChange(f: () => void): void {
  listeners.push(f);
}

export function format(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function translate(l: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  return format(DICTIONARIES[l][key] ?? en[key], params);
}

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return translate(current, key, params);
}

// The placeholders a message uses, for the completeness test.
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
}

// A server error in the reader's language: the protocol's error codes have
// their own messages; an unknown code falls back to a general one. Settings and
// name errors keep the server's detail, which names the field and its range.
const ERROR_KEYS: Record<string, MessageKey> = {
  not_your_turn: 'error.not_your_turn',
  illegal_move: 'error.illegal_move',
  stale_version: 'error.stale_version',
  not_now: 'error.not_now',
  not_seated: 'error.not_seated',
  rate_limited: 'error.rate_limited',
  server_error: 'error.server_error',
  table_unavailable: 'error.table_unavailable',
  match_not_over: 'error.match_not_over',
  rematch_offered: 'error.rematch_offered',
  no_rematch_offer: 'error.no_rematch_offer',
  rematch_declined: 'error.rematch_declined',
  bad_settings: 'error.bad_settings',
  bad_name: 'error.bad_name',
};

export function errorMessage(code: string, detail: string): string {
  const key = ERROR_KEYS[code];
  if (!key) return `${t('error.other')} (${detail})`;
  return code === 'bad_settings' || code === 'bad_name' ? `${t(key)}: ${detail}` : t(key);
}
