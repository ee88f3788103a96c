// The puzzle page's strings. They are imported only by that page, so they
// load with its chunk and not with the shell every page loads (the table
// page's budget, scripts/size.mjs).
import { format, lang, type Lang } from './index';
import { puzzlesEl } from './puzzles_el';
import { puzzlesEn, type PuzzlesKey, type PuzzlesMessages } from './puzzles_en';
import { puzzlesNl } from './puzzles_nl';
import { puzzlesTr } from './puzzles_tr';

export type { PuzzlesKey };
export const PUZZLES_DICTIONARIES: Record<Lang, PuzzlesMessages> = {
  en: puzzlesEn,
  tr: puzzlesTr,
  el: puzzlesEl,
  nl: puzzlesNl,
};

// t() of i18n/index.ts for these keys: the current language, English if a
// string is missing.
export function tp(key: PuzzlesKey, params?: Record<string, string | number>): string {
  return format(PUZZLES_DICTIONARIES[lang()][key] ?? puzzlesEn[key], params);
}
