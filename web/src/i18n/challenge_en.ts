// The strings of challenges (the notice on every page, the profile's
// dialog), in English. They ship with those chunks (i18n/challenge.ts), not
// with the shell.
export const challengeEn = {
  'challenge.region': 'Challenges',
  'challenge.incoming': '{name} challenges you: {what}.',
  'challenge.sent': 'You challenged {name}: {what}. Waiting for an answer…',
  'challenge.accept': 'Accept',
  'challenge.decline': 'Decline',
  'challenge.reason': 'Reason',
  'challenge.cancel': 'Cancel the challenge',
  'challenge.dismiss': 'Dismiss',
  'challenge.declined': '{name} declined your challenge: {reason}',
  'challenge.declined_you': 'You declined the challenge of {name}.',
  'challenge.canceled': '{name} took the challenge back.',
  'challenge.canceled_you': 'You took back your challenge to {name}.',
  'challenge.expired_in': 'The challenge of {name} expired unanswered.',
  'challenge.expired_out': 'Your challenge to {name} expired unanswered.',
  'challenge.accepted': 'Challenge accepted: to the table…',
  'challenge.rated': 'rated',
  'challenge.casual': 'casual',
  'challenge.match': 'match',
  'challenge.single': 'one game',
  'challenge.error': 'That did not work: {error}',
  'challenge.button': 'Challenge',
  'challenge.title': 'Challenge {name}',
  'challenge.send': 'Send the challenge',
  'challenge.close': 'Close',
  'challenge.expiry_note': 'A challenge waits two minutes for an answer.',
  'challenge.reason.generic': 'Not now, thanks.',
  'challenge.reason.later': 'Not now; please ask again later.',
  'challenge.reason.tooFast': 'This clock is too fast for me.',
  'challenge.reason.tooSlow': 'This clock is too slow for me.',
  'challenge.reason.timeControl': 'I do not play this clock.',
  'challenge.reason.rated': 'Please send a rated challenge instead.',
  'challenge.reason.casual': 'Please send a casual challenge instead.',
  'challenge.reason.standard': 'I play classic four in a row only just now.',
  'challenge.reason.variant': 'I do not play this variant just now.',
  'challenge.reason.noBot': 'I do not play bots.',
  'challenge.reason.onlyBot': 'I play bots only.',
} as const;

export type ChallengeKey = keyof typeof challengeEn;
export type ChallengeMessages = Record<ChallengeKey, string>;
