// The rules pages' text: written for players from RULES.md, one module per
// language. Each page is a list of sections with headings and paragraphs.
import { VARIANTS } from '../variants';

export interface RulesSection {
  heading: string;
  paras: string[];
}

export interface RulesText {
  basics: RulesSection[];
  variants: Record<string, RulesSection[]>; // the variant keys of RULES.md A6
  twicefour: RulesSection[];
  facts: string; // heading of Part D facts
  factList: string[];
}

// One page per variant of the rules library (variants.ts), then twiceFour.
export const RULE_PAGES: readonly string[] = [...VARIANTS.map((v) => v.key), 'twicefour'];
