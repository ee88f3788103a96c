// The computer's level the player chose last (home page), kept in the
// browser: the game page's "play this position" uses the same one.
export const LEVEL_KEY = 'fourtable.level';

export function storedLevel(): string {
  try {
    return localStorage.getItem(LEVEL_KEY) ?? '3';
  } catch {
    return '3';
  }
}
