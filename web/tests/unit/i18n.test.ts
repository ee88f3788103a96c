// RULES.md C: the pages are offered in English, Turkish, Greek and Dutch. This
// walks every key of the interface and every rules page in all four.
import { describe, expect, it } from 'vitest';
import {
  errorMessage,
  LANG_NAMES,
  LANGS,
  loadDictionary,
  pickLanguage,
  placeholders,
  t,
  useLanguage,
  format,
  type Lang,
  type Messages,
} from '../../src/i18n';
import { ANALYSIS_DICTIONARIES } from '../../src/i18n/analysis';
import { CHALLENGE_DICTIONARIES } from '../../src/i18n/challenge';
import { PUZZLES_DICTIONARIES } from '../../src/i18n/puzzles';
import { PUZZLE_CARD_DICTIONARIES } from '../../src/i18n/puzzle_card';
import { el } from '../../src/i18n/el';
import { en } from '../../src/i18n/en';
import { nl } from '../../src/i18n/nl';
import { tr } from '../../src/i18n/tr';
import { rulesEl } from '../../src/rules/el';
import { rulesEn } from '../../src/rules/en';
import { rulesNl } from '../../src/rules/nl';
import { rulesTr } from '../../src/rules/tr';
import { RULE_PAGES, type RulesText } from '../../src/rules/types';
import { VARIANTS } from '../../src/variants';

// Words that stay the same in every language: names of games and brands.
const SAME_EVERYWHERE = new Set(['twiceFour', 'PopOut', 'Misère']);
// Words that happen to be spelt the same in a language as in English.
const SAME_IN: Record<string, string[]> = {
  // "Variant", "Rating", "Computer" and "min" are Dutch words too.
  nl: [
    'create.variant',
    'result.rating',
    'player.col.variant',
    'leaderboard.rating',
    'player.computer',
    'clock.fischer',
    'puzzles.variant',
    'puzzles.puzzle_rating',
    'puzzles.computer',
  ],
  // Chess's German word, used as it is in Turkish.
  tr: ['puzzles.theme.zugzwang'],
  el: [],
};

describe('interface strings', () => {
  const keys = Object.keys(en) as (keyof typeof en)[];

  it('has a good number of keys', () => {
    expect(keys.length).toBeGreaterThan(150);
  });

  // The shell's dictionaries and those that ship with a page's chunk.
  const SETS = [
    { name: 'shell', dicts: { en, tr, el, nl } as Record<Lang, Record<string, string>> },
    { name: 'game and analysis pages', dicts: ANALYSIS_DICTIONARIES as Record<Lang, Record<string, string>> },
    { name: 'challenges', dicts: CHALLENGE_DICTIONARIES as Record<Lang, Record<string, string>> },
    { name: 'puzzle page', dicts: PUZZLES_DICTIONARIES as Record<Lang, Record<string, string>> },
    { name: 'puzzle card and history', dicts: PUZZLE_CARD_DICTIONARIES as Record<Lang, Record<string, string>> },
  ];
  for (const { name, dicts } of SETS) {
    const base = dicts.en;
    const setKeys = Object.keys(base);
    for (const lang of LANGS) {
      it(`${name}, ${lang}: every key is present, non-empty and keeps its placeholders`, () => {
        const dict = dicts[lang];
        expect(Object.keys(dict).sort()).toEqual([...setKeys].sort());
        for (const k of setKeys) {
          const text = dict[k];
          expect(typeof text, `${lang} ${k}`).toBe('string');
          expect(text.trim().length, `${lang} ${k} is empty`).toBeGreaterThan(0);
          expect(placeholders(text), `${lang} ${k} placeholders`).toEqual(placeholders(base[k]));
        }
      });
    }

    for (const lang of ['tr', 'el', 'nl'] as const) {
      it(`${name}, ${lang}: strings are translated, not English left behind`, () => {
        const dict = dicts[lang];
        const untranslated = setKeys.filter(
          (k) => dict[k] === base[k] && !SAME_EVERYWHERE.has(base[k]) && !SAME_IN[lang].includes(k),
        );
        expect(untranslated, `${lang} still English`).toEqual([]);
      });
    }
  }

  it('keeps a page key out of the shell: no key is in both sets', () => {
    expect(Object.keys(ANALYSIS_DICTIONARIES.en).filter((k) => k in en)).toEqual([]);
    expect(Object.keys(PUZZLES_DICTIONARIES.en).filter((k) => k in en)).toEqual([]);
  });

  it('names every variant of RULES.md A6 and twiceFour', () => {
    for (const v of VARIANTS) expect(Object.keys(en)).toContain(`variant.${v.key}`);
    expect(Object.keys(en)).toContain('variant.twicefour');
  });

  it('loads each language its own dictionary, and t() speaks the one in use', async () => {
    for (const l of LANGS) {
      const dict: Messages = await loadDictionary(l);
      expect(dict).toBe({ en, tr, el, nl }[l]);
      expect(await loadDictionary(l), 'fetched once').toBe(dict);
    }
    expect(Object.values(LANG_NAMES)).toEqual(['English', 'Türkçe', 'Ελληνικά', 'Nederlands']);
    await useLanguage('tr');
    expect(t('table.game', { n: 1, m: 2 })).toBe('Oyun 1 / 2');
    await useLanguage('en');
    expect(t('table.game', { n: 1, m: 2 })).toBe('Game 1 of 2');
  });

  it('fills placeholders', () => {
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it("turns protocol error codes into the reader's language, keeping settings details", () => {
    expect(errorMessage('not_your_turn', 'seat 1 is to move')).toBe('It is not your turn.');
    expect(errorMessage('bad_settings', 'width 12 is out of range (4..10)')).toBe(
      'These settings are not possible: width 12 is out of range (4..10)',
    );
    expect(errorMessage('gremlins', 'odd')).toBe('Something went wrong (odd)');
  });

  it('takes the language from the browser preferences', () => {
    expect(pickLanguage(['tr-TR', 'en'])).toBe('tr');
    expect(pickLanguage(['de-DE', 'el'])).toBe('el');
    expect(pickLanguage(['nl-BE'])).toBe('nl');
    expect(pickLanguage(['fr', 'de'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('rules pages', () => {
  const texts: Record<string, RulesText> = { en: rulesEn, tr: rulesTr, el: rulesEl, nl: rulesNl };
  const shape = (r: RulesText) => ({
    basics: r.basics.map((s) => s.paras.length),
    variants: Object.fromEntries(Object.entries(r.variants).map(([k, v]) => [k, v.map((s) => s.paras.length)])),
    twicefour: r.twicefour.map((s) => s.paras.length),
    facts: r.factList.length,
  });

  it('has a page for every variant and twiceFour', () => {
    for (const p of RULE_PAGES) if (p !== 'twicefour') expect(rulesEn.variants[p], p).toBeDefined();
    expect(Object.keys(rulesEn.variants).sort()).toEqual(RULE_PAGES.filter((p) => p !== 'twicefour').sort());
  });

  for (const [lang, r] of Object.entries(texts)) {
    it(`${lang}: has every section and paragraph of the English pages, none empty`, () => {
      expect(shape(r)).toEqual(shape(rulesEn));
      const all = [...r.basics, ...Object.values(r.variants).flat(), ...r.twicefour];
      for (const s of all) {
        expect(s.heading.trim()).not.toBe('');
        for (const p of s.paras) expect(p.trim().length).toBeGreaterThan(20);
      }
      if (lang !== 'en') {
        expect(r.basics[0].paras[0]).not.toBe(rulesEn.basics[0].paras[0]);
        expect(r.twicefour[0].paras[0]).not.toBe(rulesEn.twicefour[0].paras[0]);
      }
    });

    it(`${lang}: the twiceFour page carries the B4 worked example`, () => {
      const text = r.twicefour.flatMap((s) => s.paras).join(' ');
      for (const needle of ['d2–d5', 'b1', 'c2', 'd4–e4', 'b1–e4', 'c2–d2']) expect(text).toContain(needle);
    });
  }
});
