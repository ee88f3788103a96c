// The strings of challenges: the notice every page shows and the profile's
// dialog. Imported only by those chunks, which load when a challenge comes
// or is sent, so they are not part of the shell every page loads (the table
// page's budget, scripts/size.mjs).
import { format, lang, type Lang } from './index';
import { challengeEl } from './challenge_el';
import { challengeEn, type ChallengeKey, type ChallengeMessages } from './challenge_en';
import { challengeNl } from './challenge_nl';
import { challengeTr } from './challenge_tr';

export type { ChallengeKey };
export const CHALLENGE_DICTIONARIES: Record<Lang, ChallengeMessages> = {
  en: challengeEn,
  tr: challengeTr,
  el: challengeEl,
  nl: challengeNl,
};

// t() of i18n/index.ts for these keys: the current language, English if a
// string is missing.
export function tc(key: ChallengeKey, params?: Record<string, string | number>): string {
  return format(CHALLENGE_DICTIONARIES[lang()][key] ?? challengeEn[key], params);
}
