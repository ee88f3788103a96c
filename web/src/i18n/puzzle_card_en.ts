// The strings of the daily puzzle card (home page) and the puzzle history
// (profile), in English. They ship with those chunks (i18n/puzzle_card.ts),
// not with the shell.
export const puzzleCardEn = {
  'puzzles.daily': 'Puzzle of the day',
  'puzzles.to_move.0': 'Red to move',
  'puzzles.to_move.1': 'Yellow to move',
  'puzzles.win_in': 'Win in {n}',
  'puzzles.win_in_one': 'Win in one move',
  'puzzles.board': 'The position of the puzzle: {side}, {length}.',
  'puzzles.solve': 'Solve it',
  'puzzles.all': 'More puzzles',
  'puzzles.daily_error': 'The puzzle of the day could not be loaded.',
  'puzzles.title': 'Puzzles',
  'puzzles.none': 'No puzzles tried yet.',
  'puzzles.rated_n': 'puzzles rated: {n}',
  'puzzles.recent': 'Latest attempts',
  'puzzles.col.puzzle': 'Puzzle',
  'puzzles.col.themes': 'Themes',
  'puzzles.solved': 'Solved',
  'puzzles.failed': 'Failed',
  'puzzles.more': 'Show older attempts',
  'puzzles.error': 'The puzzle history could not be loaded: {error}',
  'puzzles.theme.win-now': 'Win now',
  'puzzles.theme.block-and-win': 'Block and win',
  'puzzles.theme.zugzwang': 'Zugzwang',
  'puzzles.theme.stacked-threats': 'Stacked threats',
  'puzzles.theme.avoid-four': 'Avoid four',
  'puzzles.theme.pop': 'Pop out',
} as const;

export type PuzzleCardKey = keyof typeof puzzleCardEn;
export type PuzzleCardMessages = Record<PuzzleCardKey, string>;
