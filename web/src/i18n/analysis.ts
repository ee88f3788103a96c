// The game page's and the analysis board's strings. They are
// imported only by those pages, so they load with the pages' chunks and not
// with the shell every page loads (the table page's budget, scripts/size.mjs).
import { format, lang, type Lang } from './index';
import { analysisEl } from './analysis_el';
import { analysisEn, type AnalysisKey, type AnalysisMessages } from './analysis_en';
import { analysisNl } from './analysis_nl';
import { analysisTr } from './analysis_tr';

export type { AnalysisKey };
export const ANALYSIS_DICTIONARIES: Record<Lang, AnalysisMessages> = {
  en: analysisEn,
  tr: analysisTr,
  el: analysisEl,
  nl: analysisNl,
};

// t() of i18n/index.ts for these keys: the current language, English if a
// string is missing.
export function ta(key: AnalysisKey, params?: Record<string, string | number>): string {
  return format(ANALYSIS_DICTIONARIES[lang()][key] ?? analysisEn[key], params);
}
