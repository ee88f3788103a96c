// The rules' facts the client shows: board sizes, the variants a table can be
// set to (RULES.md A6) with their boards, colours, seats and the options a
// table may set, and twiceFour's board. They come from the rules library:
// variants.json is the output of `fourtable variants`, and ctest's
// VariantsCommand.WebCopyCurrent fails when it is out of date. Nothing here
// names a variant fact of its own; the server still checks every setting.
import type { MessageKey } from './i18n';
import catalogue from './variants.json';

export interface Range {
  min: number;
  max: number;
}

export interface VariantInfo {
  key: string;
  width: number;
  height: number;
  line: number;
  colours: number;
  seats: number;
  games_per_match: number;
  format: 'match' | 'single';
  cylinder: boolean;
  popout: boolean;
  misere: boolean;
  prefilled_outer: boolean;
  blocks: number;
  opening_plies: number;
  // What a table of this variant may set besides its size (RULES.md A7-A9).
  choices: { popout?: boolean; blocks?: Range; opening_plies?: Range };
}

export interface TwiceFourFacts {
  size: number;
  points: readonly string[];
  lines: readonly (readonly string[])[];
  neighbours: Readonly<Record<string, readonly string[]>>;
  start: { cross: readonly string[]; circle: readonly string[] };
  move_limit: number;
  points_to_win: number;
}

export const VARIANTS: readonly VariantInfo[] = catalogue.variants as VariantInfo[];

// RULES.md A1: any width and height in min..max, the presets offered first.
export const SIZES: Range = { min: catalogue.sizes.min, max: catalogue.sizes.max };
export const PRESETS: readonly [number, number][] = catalogue.sizes.presets as [number, number][];

export const TWICEFOUR: TwiceFourFacts = catalogue.twicefour;

export function variantLabel(key: string): MessageKey {
  return `variant.${key}` as MessageKey;
}

export function variantInfo(key: string): VariantInfo | undefined {
  return VARIANTS.find((v) => v.key === key);
}
