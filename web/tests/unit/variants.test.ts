// The rules' facts as the client reads them (src/variants.json, the output of
// `fourtable variants`): checked against RULES.md here, independently of the
// C++ that wrote them, and against what the client draws from them.
import { describe, expect, it } from 'vitest';
import { TWICE_LINES, TWICE_POINTS, twiceNeighbours } from '../../src/geometry';
import { EXAMPLES } from '../../src/rules/examples';
import { RULE_PAGES } from '../../src/rules/types';
import { TWICE_START } from '../../src/twice_view';
import { PRESETS, SIZES, TWICEFOUR, variantInfo, VARIANTS } from '../../src/variants';

describe('variants (RULES.md A1, A6)', () => {
  it('lists the eleven variants of A6 in its order, each with its board', () => {
    expect(VARIANTS.map((v) => v.key)).toEqual([
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
    ]);
    expect(variantInfo('five')).toMatchObject({ width: 9, height: 6, line: 5, prefilled_outer: true });
    expect(variantInfo('small')).toMatchObject({ width: 6, height: 5 });
    expect(variantInfo('three-players')).toMatchObject({ colours: 3, seats: 3, games_per_match: 3 });
    expect(variantInfo('two-vs-two')).toMatchObject({ colours: 2, seats: 4 });
    expect(variantInfo('cylinder')?.cylinder).toBe(true);
    expect(VARIANTS.filter((v) => v.cylinder).map((v) => v.key)).toEqual(['cylinder']);
    expect(variantInfo('single')?.format).toBe('single');
  });

  it('says which options each variant takes (A7 PopOut with five, A8 blocks, A9 opening)', () => {
    const taking = (name: 'popout' | 'blocks' | 'opening_plies') =>
      VARIANTS.filter((v) => v.choices[name] !== undefined).map((v) => v.key);
    expect(taking('popout')).toEqual(['five']);
    expect(taking('blocks')).toEqual(['obstacles']);
    expect(taking('opening_plies')).toEqual(['drawn-opening']);
    expect(variantInfo('obstacles')?.choices.blocks).toEqual({ min: 2, max: 8 });
    expect(variantInfo('drawn-opening')?.choices.opening_plies).toEqual({ min: 2, max: 6 });
  });

  it('offers the sizes of A1', () => {
    expect(SIZES).toEqual({ min: 4, max: 10 });
    expect(PRESETS).toEqual([
      [5, 4],
      [6, 5],
      [7, 6],
      [8, 7],
      [9, 7],
      [10, 8],
    ]);
  });

  it('has a rules page and an example on its own board for every variant', () => {
    expect(RULE_PAGES).toEqual([...VARIANTS.map((v) => v.key), 'twicefour']);
    for (const v of VARIANTS) {
      const ex = EXAMPLES[v.key];
      expect(ex, v.key).toBeDefined();
      expect(ex.board, v.key).toHaveLength(v.height);
      for (const row of ex.board) expect(row, v.key).toHaveLength(v.width);
    }
  });
});

describe('twiceFour board (RULES.md B1, B2)', () => {
  it('has 21 points, 16 lines of four and orthogonal neighbours', () => {
    expect(TWICE_POINTS).toHaveLength(21);
    expect(TWICE_LINES).toHaveLength(16);
    for (const line of TWICE_LINES) expect(line).toHaveLength(4);
    expect(twiceNeighbours('c3').sort()).toEqual(['b3', 'c2', 'c4', 'd3']);
    expect(TWICEFOUR.move_limit).toBe(80);
    expect(TWICEFOUR.points_to_win).toBe(2);
  });

  it('draws the start of B2: cross b1 c1 d1 b2 d2, circle the same turned by 180 degrees', () => {
    expect([...TWICEFOUR.start.cross].sort()).toEqual(['b1', 'b2', 'c1', 'd1', 'd2']);
    expect([...TWICEFOUR.start.circle].sort()).toEqual(['b4', 'b5', 'c5', 'd4', 'd5']);
    expect(TWICE_START).toEqual([' OOO ', '.O.O.', '.....', '.X.X.', ' XXX ']);
  });
});
