// The strings of the puzzles outside their own page: the home page's daily
// puzzle card and the profile's puzzle history. Imported only by those
// chunks (loaded after the home page is drawn, or with the player page), so
// they are not part of the shell every page loads (the table page's
// budget, scripts/size.mjs).
import { format, lang, type Lang } from './index';
import { puzzleCardEl } from './puzzle_card_el';
import { puzzleCardEn, type PuzzleCardKey, type PuzzleCardMessages } from './puzzle_card_en';
import { puzzleCardNl } from './puzzle_card_nl';
import { puzzleCardTr } from './puzzle_card_tr';

export type { PuzzleCardKey };
export const PUZZLE_CARD_DICTIONARIES: Record<Lang, PuzzleCardMessages> = {
  en: puzzleCardEn,
  tr: puzzleCardTr,
  el: puzzleCardEl,
  nl: puzzleCardNl,
};

// t() of i18n/index.ts for these keys: the current language, English if a
// string is missing.
export function tp(key: PuzzleCardKey, params?: Record<string, string | number>): string {
  return format(PUZZLE_CARD_DICTIONARIES[lang()][key] ?? puzzleCardEn[key], params);
}

// A theme of the collection (protocol 2.21) by name; one this client does
// not know shows as the server wrote it.
export function themeName(theme: string): string {
  const key = `puzzles.theme.${theme}`;
  return key in puzzleCardEn ? tp(key as PuzzleCardKey) : theme;
}
