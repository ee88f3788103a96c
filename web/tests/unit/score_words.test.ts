// The exact scores read as words (score_words.ts, scores_view.ts): the
// distance to the end in the mover's own moves from the solver's convention
// (docs/protocol.md 2.16), and a played move judged against the best one.
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguage } from '../../src/i18n';
import { reasonWords, scoreWords, whyText } from '../../src/scores_view';
import { bestMoves, discsOn, judge, verdict, type ScoreBoard } from '../../src/score_words';

const board = (width: number, height: number, discs: number, wdl = false): ScoreBoard => ({
  width,
  height,
  discs,
  wdl,
});

describe('verdict', () => {
  it('reads the empty 7x6 board: the first player wins with its 21st disc (the 41st)', () => {
    expect(verdict(1, board(7, 6, 0))).toEqual({ result: 'win', moves: 21 });
    expect(verdict(-1, board(7, 6, 1))).toEqual({ result: 'loss', moves: 20 });
  });

  it('says a win with this very move, whatever the rounding of the score', () => {
    // (43 - 6) / 2 = 18 and (43 - 7) / 2 = 18: both win at once.
    expect(verdict(18, board(7, 6, 6))).toEqual({ result: 'win', moves: 1 });
    expect(verdict(18, board(7, 6, 7))).toEqual({ result: 'win', moves: 1 });
    expect(verdict(17, board(7, 6, 6))).toEqual({ result: 'win', moves: 2 });
  });

  it('reads the 5x4 game of the e2e test: after ababa, a wins with the 20th disc, b loses at once', () => {
    expect(verdict(1, board(5, 4, 5))).toEqual({ result: 'win', moves: 8 });
    expect(verdict(-7, board(5, 4, 5))).toEqual({ result: 'loss', moves: 1 });
  });

  it('gives no distance for a draw or for PopOut', () => {
    expect(verdict(0, board(7, 6, 3))).toEqual({ result: 'draw', moves: null });
    expect(verdict(1, board(7, 6, 3, true))).toEqual({ result: 'win', moves: null });
  });

  it('counts discs, not empty cells or blocks', () => {
    expect(discsOn(['.#R', 'YG.', '...'])).toBe(3);
  });
});

describe('judge', () => {
  const moves = [
    { move: 'a', score: 1 },
    { move: 'b', score: -7 },
    { move: 'c', score: 1 },
    { move: 'd', score: 0 },
  ];

  it('finds every best move', () => {
    expect(bestMoves(moves).map((m) => m.move)).toEqual(['a', 'c']);
  });

  it('calls a move that changes the result a mistake, one that keeps it but slower a slower move', () => {
    expect(judge(moves, 'a', false)).toBe('best');
    expect(judge(moves, 'b', false)).toBe('mistake');
    expect(judge(moves, 'd', false)).toBe('mistake');
    const winning = [
      { move: 'a', score: 5 },
      { move: 'b', score: 3 },
    ];
    expect(judge(winning, 'b', false)).toBe('slower');
    const losing = [
      { move: 'a', score: -3 },
      { move: 'b', score: -5 },
    ];
    expect(judge(losing, 'b', false)).toBe('slower');
    expect(judge(moves, 'z', false)).toBeNull();
  });

  it('judges PopOut by the result alone', () => {
    const wdl = [
      { move: 'a', score: 1 },
      { move: 'b', score: 0 },
    ];
    expect(judge(wdl, 'b', true)).toBe('mistake');
  });
});

describe('words', () => {
  beforeEach(() => useLanguage('en'));

  it('says each score in words', () => {
    expect(scoreWords(18, board(7, 6, 6))).toBe('wins now');
    expect(scoreWords(1, board(5, 4, 5))).toBe('wins in 8');
    expect(scoreWords(0, board(5, 4, 5))).toBe('draws');
    expect(scoreWords(-7, board(5, 4, 5))).toBe('loses next move');
    expect(scoreWords(-1, board(7, 6, 1))).toBe('loses in 20');
    expect(scoreWords(-1, board(7, 6, 1, true))).toBe('loses');
  });

  it('tells a mistake and a slower move in words, naming the best moves', () => {
    const after = board(5, 4, 5);
    const moves = [
      { move: 'a', score: 1 },
      { move: 'b', score: -7 },
      { move: 'c', score: 1 },
    ];
    expect(whyText(moves, 'b', after)).toBe('b let the win go: a or c wins in 8.');
    expect(whyText(moves, 'a', after)).toBeNull();
    const drawn = [
      { move: 'a', score: 0 },
      { move: 'b', score: -2 },
    ];
    expect(whyText(drawn, 'b', after)).toBe('b lost the draw: a draws.');
    const slower = [
      { move: 'a', score: 2 },
      { move: 'b', score: 1 },
    ];
    expect(whyText(slower, 'b', after)).toBe('Slower: b wins in 8, a wins in 7.');
  });
});

describe('reasons', () => {
  beforeEach(() => useLanguage('en'));

  it("says the solver's known reasons in the reader's words and leaves others as written", async () => {
    await useLanguage('tr');
    expect(reasonWords('the exact solver plays two sides, not three')).toBe('kesin çözücü üç değil, iki tarafla oynar');
    expect(reasonWords('something new')).toBe('something new');
  });
});
