// Small example positions drawn on the rules pages, one per variant, so each
// page shows its board as it looks at the table. Rows are top first, in the
// server's board notation ('.', 'R', 'Y', 'G', '#').
export interface BoardExample {
  width: number;
  height: number;
  cylinder?: boolean;
  board: string[];
  winning?: string[];
}

const classic: BoardExample = {
  width: 7,
  height: 6,
  board: ['.......', '.......', '...R...', '..RY...', '.RYY...', 'RYRYR..'],
  winning: ['a1', 'b2', 'c3', 'd4'],
};

export const EXAMPLES: Record<string, BoardExample> = {
  classic,
  single: classic,
  five: {
    width: 9,
    height: 6,
    board: ['Y.......R', 'R.......Y', 'Y.......R', 'R...Y...Y', 'Y...Y...R', 'R..RYR..Y'],
  },
  popout: {
    width: 7,
    height: 6,
    board: ['.......', '.......', '.......', '..Y....', '..RY.Y.', '.YRRYR.'],
  },
  small: { width: 6, height: 5, board: ['......', '......', '..Y...', '..RR..', '.YRYY.'] },
  misere: { width: 7, height: 6, board: ['.......', '.......', '.......', '...Y...', '..RRR..', '.YRYYY.'] },
  cylinder: {
    width: 7,
    height: 6,
    cylinder: true,
    board: ['.......', '.......', '.......', '.......', 'Y....YY', 'RR...RR'],
    winning: ['f1', 'g1', 'a1', 'b1'],
  },
  obstacles: { width: 7, height: 6, board: ['.......', '.......', '.......', '.......', '.#...#.', '.#R.Y#.'] },
  'drawn-opening': { width: 7, height: 6, board: ['.......', '.......', '.......', '.......', '.......', '..R.Y..'] },
  'three-players': {
    width: 9,
    height: 7,
    board: ['.........', '.........', '.........', '.........', '....G....', '...YRG...', '..RGYRY..'],
  },
  'two-vs-two': { width: 8, height: 7, board: ['........', '........', '........', '........', '........', '...RY...', '..YRRY..'] },
};
