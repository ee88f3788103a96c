import { describe, expect, it } from 'vitest';
import { canPlayFrom } from '../../src/play_from';

describe('a position opened as a new game (protocol 2.3 start)', () => {
  it('takes drops on boards without a drawn set-up', () => {
    expect(canPlayFrom('classic', [])).toBe(true);
    expect(canPlayFrom('classic', ['d', 'd', 'c'])).toBe(true);
    expect(canPlayFrom('cylinder', ['j', 'a'])).toBe(true);
    expect(canPlayFrom('popout', ['a', 'b'])).toBe(true);
  });

  it('refuses pops and drawn set-ups, which a start cannot stand on', () => {
    expect(canPlayFrom('popout', ['a', 'b', 'a^'])).toBe(false);
    expect(canPlayFrom('obstacles', ['d'])).toBe(false);
    expect(canPlayFrom('drawn-opening', [])).toBe(false);
  });
});
