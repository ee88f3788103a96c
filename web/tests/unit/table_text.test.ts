// @vitest-environment happy-dom
// The table words every page shares (src/table_text.ts): the variant key of a
// table's settings, the names at a table, a computer's name and why a game ended.
// The interface language is English (tests/unit/setup.ts loads it).
import { describe, expect, it } from 'vitest';
import { h } from '../../src/dom';
import type { Settings, TableSummary } from '../../src/protocol';
import { clockText, computerName, reasonText, seatNames, variantKey } from '../../src/table_text';

const settings = (game: Settings['game'], variant: string) => ({ game, variant });

describe('variant key of a table', () => {
  it('is the variant for four in a row and twicefour for twiceFour', () => {
    expect(variantKey(settings('four', 'classic'))).toBe('classic');
    expect(variantKey(settings('four', 'popout'))).toBe('popout');
    // twiceFour tables carry a variant field too; the key is still twicefour.
    expect(variantKey(settings('twicefour', 'classic'))).toBe('twicefour');
  });
});

describe('names at a table', () => {
  it('gives a person, a computer and a free seat', () => {
    const seats = [
      { seat: 0, player: { id: 'p_1', name: 'Ada' }, computer: null },
      { seat: 1, player: null, computer: { level: 4 } },
      { seat: 2, player: null, computer: null },
    ];
    const line = h('span', {}, seatNames({ seats } as unknown as TableSummary));
    expect(line.textContent).toBe('Ada – Computer (level 4) – —');
    expect(line.querySelector('.bot-tag')).toBeNull();
  });

  it('tags a bot with BOT, its title saying what that is', () => {
    const seats = [
      { seat: 0, player: { id: 'p_1', name: 'Ada', bot: false }, computer: null },
      { seat: 1, player: { id: 'p_2', name: 'Deep Column', bot: true }, computer: null },
    ];
    const line = h('span', {}, seatNames({ seats } as unknown as TableSummary));
    expect(line.textContent).toBe('Ada – Deep Column BOT');
    const tag = line.querySelector('abbr.bot-tag');
    expect(tag?.textContent).toBe('BOT');
    expect(tag?.getAttribute('title')).toBe('This player is a bot: a program that plays through the API.');
  });

  it('names the perfect computer and the reasons', () => {
    expect(computerName('perfect')).toBe('Computer (perfect play)');
    expect(computerName('3')).toBe('Computer (level 3)');
    expect(reasonText('resign_match')).toBe('resignation');
    expect(reasonText('no such reason')).toBe('the end of the game');
  });
});

describe('clock of a table', () => {
  it('says a Fischer clock and a per-move clock in a few words', () => {
    expect(clockText({ kind: 'fischer', bank_ms: 300_000, increment_ms: 3000 })).toBe('5 min + 3 s');
    expect(clockText({ kind: 'fischer', bank_ms: 90_000, increment_ms: 0 })).toBe('1.5 min + 0 s');
    expect(clockText({ kind: 'per_move', move_ms: 30_000 })).toBe('30 s a move');
  });
});
