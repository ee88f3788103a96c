// Small example positions drawn on the rules pages, one per variant, so each
// page shows its board as it looks at the table: on the variant's own board
// (its size and wrap come from variants.ts; a unit test checks that the rows
// fit). Rows are top first, in the server's board notation ('.', 'R', 'Y',
// 'G', '#').
export interface BoardExample {
  board: string[];
  winning?: string[];
}

const classic: BoardExample = {
  board: ['.......', '.......', '...R...', '..RY...', '.RYY...', 'RYRYR..'],
  winning: ['a1', 'b2', 'c3', 'd4'],
};

export const EXAMPLES: Record<string, BoardExample> = {
  classic,
  single: classic,
  five: {
    board: ['Y.......R', 'R.......Y', 'Y.......R', 'R...Y...Y', 'Y...Y...R', 'R..RYR..Y'],
  },
  popout: {
    board: ['.......', '.......', '.......', '..Y....', '..RY.Y.', '.YRRYR.'],
  },
  small: { board: ['......', '......', '..Y...', '..RR..', '.YRYY.'] },
  misere: { board: ['.......', '.......', '.......', '...Y...', '..RRR..', '.YRYYY.'] },
  cylinder: {
    board: ['.......', '.......', '.......', '.......', 'Y....YY', 'RR...RR'],
    winning: ['f1', 'g1', 'a1', 'b1'],
  },
  obstacles: { board: ['.......', '.......', '.......', '.......', '.#...#.', '.#R.Y#.'] },
  'drawn-opening': { board: ['.......', '.......', '.......', '.......', '.......', '..R.Y..'] },
  'three-players': {
    board: ['.........', '.........', '.........', '.........', '....G....', '...YRG...', '..RGYRY..'],
  },
  'two-vs-two': { board: ['........', '........', '........', '........', '........', '...RY...', '..YRRY..'] },
};
