// The variants a table can be set to (RULES.md A6) with their default boards,
// for the create-table form and the rules pages. The server checks settings;
// these are only the defaults the form starts from.
import type { MessageKey } from './i18n';

export interface VariantInfo {
  key: string;
  width: number;
  height: number;
  seats: number;
}

export const VARIANTS: readonly VariantInfo[] = [
  { key: 'classic', width: 7, height: 6, seats: 2 },
  { key: 'single', width: 7, height: 6, seats: 2 },
  { key: 'five', width: 9, height: 6, seats: 2 },
  { key: 'popout', width: 7, height: 6, seats: 2 },
  { key: 'small', width: 6, height: 5, seats: 2 },
  { key: 'misere', width: 7, height: 6, seats: 2 },
  { key: 'cylinder', width: 7, height: 6, seats: 2 },
  { key: 'obstacles', width: 7, height: 6, seats: 2 },
  { key: 'drawn-opening', width: 7, height: 6, seats: 2 },
  { key: 'three-players', width: 9, height: 7, seats: 3 },
  { key: 'two-vs-two', width: 8, height: 7, seats: 4 },
];

// RULES.md A1 presets (W x H).
export const PRESETS: readonly [number, number][] = [
  [5, 4],
  [6, 5],
  [7, 6],
  [8, 7],
  [9, 7],
  [10, 8],
];

export function variantLabel(key: string): MessageKey {
  return `variant.${key}` as MessageKey;
}

export function variantInfo(key: string): VariantInfo | undefined {
  return VARIANTS.find((v) => v.key === key);
}
