// @vitest-environment happy-dom
// The board views' input as RULES.md part C asks, driven by keyboard events in
// a DOM: arrows select, Enter drops, digits 1..W drop straight in, arrow down
// aims at a pop; twiceFour: a piece, then its target. And what they draw:
// shapes as well as colours, blocks, the winning line, the cylinder wrap.
import { describe, expect, it } from 'vitest';
import { columnText, dropCell, FourBoardView, touchHelp, type FourBoardProps } from '../../src/board_view';
import { rowText, TWICE_START, TwiceBoardView } from '../../src/twice_view';
import { B4_EXAMPLE, boardRows, crossSteps } from '../../src/puzzle';

const EMPTY = ['.......', '.......', '.......', '.......', '.......', '.......'];
const ALL = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

function four(p: Partial<FourBoardProps> = {}) {
  const moves: string[] = [];
  const view = new FourBoardView((m) => moves.push(m));
  document.body.append(view.el);
  view.update({
    width: 7,
    height: 6,
    cylinder: false,
    board: EMPTY,
    legal: ALL,
    mySide: 0,
    winning: [],
    lastMove: null,
    animate: false,
    ...p,
  });
  const key = (k: string) =>
    view.el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
  view.el.dispatchEvent(new FocusEvent('focus'));
  return { view, moves, key };
}

describe('four-in-a-row board input (RULES.md C)', () => {
  it('aims at the middle column on focus and shows a disc of my colour above it', () => {
    const { view } = four({ mySide: 1 });
    expect(view.aimedMove()).toBe('d');
    const hover = view.el.querySelectorAll('.disc.hover');
    expect(hover).toHaveLength(1);
    expect(hover[0].getAttribute('class')).toContain('side-1');
  });

  it('arrow keys select, Enter drops', () => {
    const { view, moves, key } = four();
    key('ArrowRight');
    key('ArrowRight');
    expect(view.aimedMove()).toBe('f');
    expect(moves).toEqual([]);
    key('Enter');
    expect(moves).toEqual(['f']);
  });

  it('stops at the edge of a flat board and wraps on a cylinder', () => {
    const flat = four();
    for (let i = 0; i < 5; i++) flat.key('ArrowLeft');
    expect(flat.view.aimedMove()).toBe('a');
    const cyl = four({ cylinder: true });
    for (let i = 0; i < 4; i++) cyl.key('ArrowLeft');
    expect(cyl.view.aimedMove()).toBe('g');
  });

  it('digits 1..W drop straight into their column, others do nothing', () => {
    const { moves, key } = four();
    key('1');
    key('7');
    key('8');
    key('0');
    expect(moves).toEqual(['a', 'g']);
  });

  it('offers only the legal moves: a full column takes nothing', () => {
    const { moves, key } = four({ legal: ['a', 'b', 'c', 'e', 'f', 'g'] });
    key('4');
    key('Enter'); // aimed at d, which is full
    key('5');
    expect(moves).toEqual(['e']);
  });

  it('does nothing when it is not my turn', () => {
    const { moves, key, view } = four({ mySide: null, legal: [] });
    key('1');
    key('Enter');
    expect(moves).toEqual([]);
    expect(view.el.querySelectorAll('.disc.hover')).toHaveLength(0);
  });

  it('PopOut: arrow down aims at my bottom disc, Enter pops it, arrow up goes back', () => {
    const board = ['.......', '.......', '.......', '.......', '..Y....', '..R.Y..'];
    const { view, moves, key } = four({ board, legal: [...ALL, 'c^'] });
    expect(view.el.querySelectorAll('.disc.poppable')).toHaveLength(1);
    key('ArrowLeft'); // c
    key('ArrowDown');
    expect(view.aimedMove()).toBe('c^');
    expect(view.el.querySelectorAll('.disc.aimed')).toHaveLength(1);
    key('ArrowUp');
    expect(view.aimedMove()).toBe('c');
    key('ArrowDown');
    key('Enter');
    expect(moves).toEqual(['c^']);
    // No pop where the bottom disc is not mine to pop.
    key('ArrowRight');
    key('ArrowRight'); // e: a yellow disc
    key('ArrowDown');
    expect(view.aimedMove()).toBe('e');
  });
});

describe('premove and touch help', () => {
  function waiting(premove: string | null) {
    const chosen: (string | null)[] = [];
    const view = new FourBoardView(
      () => undefined,
      (m) => chosen.push(m),
    );
    document.body.append(view.el);
    const props: FourBoardProps = {
      width: 7,
      height: 6,
      cylinder: false,
      board: EMPTY,
      legal: [],
      mySide: null,
      winning: [],
      lastMove: null,
      animate: false,
      premoveSide: 1,
      premove,
    };
    view.update(props);
    const key = (k: string) =>
      view.el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
    return { view, chosen, key };
  }

  it('takes a digit as the premove on another player turn, the same digit or Escape cancels', () => {
    const { chosen, key } = waiting(null);
    key('3');
    key('9');
    expect(chosen).toEqual(['c']);
    const set = waiting('c');
    set.key('3');
    set.key('Escape');
    expect(set.chosen).toEqual([null, null]);
  });

  it('draws the premove dashed over its column, in the player colour', () => {
    const { view } = waiting('e');
    const disc = view.el.querySelectorAll('.disc.premove');
    expect(disc).toHaveLength(1);
    expect(disc[0].getAttribute('class')).toContain('side-1');
    expect(view.helpElement().textContent).toBe(
      'Not your turn: choose a column now to play it as soon as your turn comes.',
    );
  });

  it('tells a finger what a second tap does: drop, or pop a chosen bottom disc', () => {
    expect(touchHelp(null, false, false)).toBe('Tap a column to choose it, tap it again to drop.');
    expect(touchHelp(null, true, true)).toBe('Tap a column to drop. Tap your bottom disc to pop it.');
    expect(touchHelp('d', false, true)).toBe('Tap column d again to drop, or tap another column.');
    expect(touchHelp('d^', false, true)).toBe(
      'Tap the bottom disc of column d again to pop it, or tap another column.',
    );
  });
});

describe('four-in-a-row board drawing', () => {
  it('tells sides apart by shape: plain red, yellow with a ring, green with a diamond; blocks hatched', () => {
    const board = ['.......', '.......', '.......', '.......', '...G...', 'RY#GR..'];
    const { view } = four({ board, legal: [], mySide: null });
    expect(view.el.querySelectorAll('.disc.side-0')).toHaveLength(2);
    expect(view.el.querySelectorAll('.disc.side-1 .disc-mark.ring')).toHaveLength(1);
    expect(view.el.querySelectorAll('.disc.side-2 .disc-mark.diamond')).toHaveLength(2);
    expect(view.el.querySelectorAll('.disc.side-0 .disc-mark')).toHaveLength(0);
    expect(view.el.querySelectorAll('rect.block')).toHaveLength(1);
  });

  it('highlights the winning line', () => {
    const board = ['.......', '.......', '.......', '.......', 'YYY....', 'RRRR...'];
    const { view } = four({ board, legal: [], mySide: null, winning: ['a1', 'b1', 'c1', 'd1'] });
    expect(view.el.querySelectorAll('.disc.win')).toHaveLength(4);
    expect(view.el.querySelectorAll('.win-line')).toHaveLength(1);
  });

  it('shows the cylinder wrap: faded neighbour columns, the seam, a line across it in two pieces', () => {
    const board = ['.......', '.......', '.......', '.......', 'Y....YY', 'RR...RR'];
    const { view } = four({ board, cylinder: true, legal: [], mySide: null, winning: ['f1', 'g1', 'a1', 'b1'] });
    expect(view.el.querySelectorAll('.wrap-ghost')).toHaveLength(1);
    expect(view.el.querySelectorAll('.seam')).toHaveLength(2);
    expect(view.el.querySelectorAll('.win-line')).toHaveLength(2);
    expect(view.el.querySelector('.board-help')?.textContent ?? view.helpElement().textContent).toContain(
      'column a follows column g',
    );
  });

  it('draws any size from 4x4 to 10x10', () => {
    for (const [w, h] of [
      [4, 4],
      [10, 10],
      [9, 6],
    ]) {
      const board = Array.from({ length: h }, () => '.'.repeat(w));
      const { view } = four({ width: w, height: h, board, legal: [], mySide: null });
      expect(view.el.querySelectorAll('.hole')).toHaveLength(w * h);
      expect(view.el.getAttribute('aria-label')).toBe(`Board, ${w} columns by ${h} rows`);
    }
  });
});

describe('the last move and the board for a screen reader', () => {
  // d: red, yellow, red from the bottom; e: a block under a red disc; f: two yellow.
  const BOARD = ['.......', '.......', '.......', '...R...', '...YRY.', '...R#Y.'];

  it('finds the cell a drop landed on: the top disc of its column', () => {
    expect(dropCell('d', BOARD, 7, 6)).toBe('d3');
    expect(dropCell('e', BOARD, 7, 6)).toBe('e2');
    expect(dropCell('f', BOARD, 7, 6)).toBe('f2');
    // A pop, an empty column, a twiceFour move: no cell.
    expect(dropCell('d^', BOARD, 7, 6)).toBeNull();
    expect(dropCell('a', BOARD, 7, 6)).toBeNull();
    expect(dropCell('d4-e4', BOARD, 7, 6)).toBeNull();
  });

  it('reads a column bottom to top', () => {
    expect(columnText(BOARD, 3, 6)).toBe('Column d, bottom to top: Red, Yellow, Red, empty, empty, empty');
    expect(columnText(BOARD, 4, 6)).toBe('Column e, bottom to top: block, Red, empty, empty, empty, empty');
  });

  it('marks only the newest disc and lists every column', () => {
    const { view } = four({ board: BOARD, lastCell: 'd3', mySide: null, legal: [] });
    const marked = view.el.querySelectorAll('.disc[data-last]');
    expect(marked).toHaveLength(1);
    expect(marked[0].getAttribute('data-cell')).toBe('d3');
    expect(view.el.querySelectorAll('.board-cols li')).toHaveLength(7);
  });

  it('has no row above the board when told so, and says whose turn it is in it otherwise', () => {
    const none = four({ noBand: true, mySide: null, legal: [] });
    expect(none.view.el.querySelector('svg')!.getAttribute('viewBox')).toBe('0 0 700 648');
    const band = four({ mySide: null, legal: [], bandText: 'Bob to move' });
    expect(band.view.el.querySelector('svg')!.getAttribute('viewBox')).toBe('0 0 700 748');
    expect(band.view.el.querySelector('.band-text')!.textContent).toBe('Bob to move');
  });

  it('announces the aimed column when the keys move the aim', () => {
    const { view, key } = four({ board: BOARD });
    key('ArrowLeft');
    expect(view.el.querySelector('.board-aim')!.textContent).toBe(
      'Column c, bottom to top: empty, empty, empty, empty, empty, empty',
    );
  });
});

describe('twiceFour board input (RULES.md C)', () => {
  it('reads the position row by row for a screen reader', () => {
    expect(rowText(TWICE_START, 1)).toBe('Row 1: b1 Cross, c1 Cross, d1 Cross');
    expect(rowText(TWICE_START, 4)).toBe('Row 4: a4 empty, b4 Circle, c4 empty, d4 Circle, e4 empty');
    const view = new TwiceBoardView(() => undefined);
    view.update({ board: TWICE_START, legal: [], mySide: null, counted: [], lastMove: null });
    const rows = [...view.el.querySelectorAll('.board-rows li')].map((li) => li.textContent);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toBe('Row 5: b5 Circle, c5 Circle, d5 Circle');
  });

  it('picks a piece, then its target, by keyboard', () => {
    const moves: string[] = [];
    const view = new TwiceBoardView((m) => moves.push(m));
    document.body.append(view.el);
    view.update({
      board: boardRows(B4_EXAMPLE),
      legal: crossSteps(B4_EXAMPLE),
      mySide: 0,
      counted: [{ line: 'd2-d5', side: 0 }],
      lastMove: null,
    });
    const key = (k: string) => view.el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    expect(view.el.querySelectorAll('.board.twice .point, .point')).toHaveLength(21);
    // The counted line in its scorer's colour, marked as used up.
    expect(view.el.querySelectorAll('.counted-line')).toHaveLength(1);
    expect(view.el.querySelector('.counted.side-0[data-line="d2-d5"] .counted-used')).not.toBeNull();
    // Row numbers 1-5 beside the board.
    expect([...view.el.querySelectorAll('.row-label')].map((e) => e.textContent)).toEqual(['1', '2', '3', '4', '5']);
    key('ArrowRight');
    key('ArrowUp'); // d4
    key('Enter');
    expect(view.selectedPoint()).toBe('d4');
    expect([...view.el.querySelectorAll('.point.target')].map((e) => e.getAttribute('data-point')).sort()).toEqual([
      'c4',
      'e4',
    ]);
    key('Escape');
    expect(view.selectedPoint()).toBeNull();
    key('Enter');
    key('ArrowRight'); // e4
    key('Enter');
    expect(moves).toEqual(['d4-e4']);
  });

  it('cannot pick an empty point or an opponent piece', () => {
    const moves: string[] = [];
    const view = new TwiceBoardView((m) => moves.push(m));
    view.update({
      board: boardRows(B4_EXAMPLE),
      legal: crossSteps(B4_EXAMPLE),
      mySide: 0,
      counted: [],
      lastMove: null,
    });
    const key = (k: string) => view.el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
    key('Enter'); // c3 is empty
    expect(view.selectedPoint()).toBeNull();
    key('ArrowLeft');
    key('ArrowUp'); // b4: a circle
    key('Enter');
    expect(view.selectedPoint()).toBeNull();
    expect(moves).toEqual([]);
  });
});
