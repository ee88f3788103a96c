// The interface language: taken from the browser, switchable, remembered in
// localStorage. Each language's dictionary is a chunk of its own, loaded
// before the first page is drawn (so no text shows untranslated) and the
// others only when the reader switches to them: a page carries one language's
// words, not four (the table page's budget, scripts/size.mjs).
import type { MessageKey, Messages } from './en';

export type Lang = 'en' | 'tr' | 'el' | 'nl';
export const LANGS: readonly Lang[] = ['en', 'tr', 'el', 'nl'];
export type { MessageKey, Messages };

// Each language's own name, for the switch, which offers all four before any
// of their dictionaries is here.
export const LANG_NAMES: Record<Lang, string> = {
  en: 'English',
  tr: 'Türkçe',
  el: 'Ελληνικά',
  nl: 'Nederlands',
};

const LOADERS: Record<Lang, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
  tr: () => import('./tr').then((m) => m.tr),
  el: () => import('./el').then((m) => m.el),
  nl: () => import('./nl').then((m) => m.nl),
};
const loaded: Partial<Record<Lang, Messages>> = {};

// A language's dictionary, fetched once.
export async function loadDictionary(l: Lang): Promise<Messages> {
  const dict = loaded[l] ?? (await LOADERS[l]());
  loaded[l] = dict;
  return dict;
}

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
// The current language's dictionary; null until the first one is loaded.
let messages: Messages | null = null;
const listeners: (() => void)[] = [];

// The first supported language in the browser's preference list.
export function pickLanguage(preferred: readonly string[]): Lang {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] as Lang;
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

// Makes `l` the language t() speaks, once its dictionary is here. Pages call
// initLanguage or setLanguage; tests call this.
export async function useLanguage(l: Lang): Promise<void> {
  const dict = await loadDictionary(l);
  current = l;
  messages = dict;
}

// The reader's language: `?lang=`, else this visit's, else the remembered one,
// else the browser's.
function chosenLanguage(): Lang {
  const stored = storageGet(() => localStorage, STORAGE_KEY);
  const fromUrl = new URLSearchParams(location.search).get('lang');
  const session = storageGet(() => sessionStorage, SESSION_KEY);
  if (fromUrl && LANGS.includes(fromUrl as Lang)) {
    storageSet(() => sessionStorage, SESSION_KEY, fromUrl);
    return fromUrl as Lang;
  }
  if (session && LANGS.includes(session as Lang)) return session as Lang;
  if (stored && LANGS.includes(stored as Lang)) return stored as Lang;
  return pickLanguage(navigator.languages ?? [navigator.language]);
}

// Picks the reader's language and loads its dictionary. Should that chunk not
// come, English is tried before giving up.
export async function initLanguage(): Promise<Lang> {
  const l = chosenLanguage();
  try {
    await useLanguage(l);
  } catch (e) {
    if (l === 'en') throw e;
    await useLanguage('en');
  }
  document.documentElement.lang = current;
  return current;
}

export function lang(): Lang {
  return current;
}

// Switches to `l` once its dictionary is here; a switch overtaken by a later
// one while loading is dropped. Rejects if the dictionary cannot be fetched:
// the page stays in its language.
let wanted: Lang | null = null;
export async function setLanguage(l: Lang): Promise<void> {
  wanted = l;
  const dict = await loadDictionary(l);
  if (wanted !== l) return;
  current = l;
  messages = dict;
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

// A string in the current language. Every dictionary has every key (the
// Messages type and tests/unit/i18n.test.ts hold them to it); before any is
// loaded, which no page lets happen, the key itself shows.
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return format(messages?.[key] ?? key, params);
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
  unknown_pool: 'error.unknown_pool',
  already_waiting: 'error.already_waiting',
  already_paired: 'error.already_paired',
};

export function errorMessage(code: string, detail: string): string {
  const key = ERROR_KEYS[code];
  if (!key) return `${t('error.other')} (${detail})`;
  return code === 'bad_settings' || code === 'bad_name' ? `${t(key)}: ${detail}` : t(key);
}
