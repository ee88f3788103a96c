// The rules pages' text: written for players from RULES.md, one module per
// language. Each page is a list of sections with headings and paragraphs.
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

export const RULE_PAGES = [
  'classic',
  'single',
  'five',
  'popout',
  'small',
  'misere',
  'cylinder',
  'obstacles',
  'drawn-opening',
  'three-players',
  'two-vs-two',
  'twicefour',
] as const;
