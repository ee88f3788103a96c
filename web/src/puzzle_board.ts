// The board rows of a puzzle position, drawn from its moves. The puzzle
// answers (protocol 2.21) carry moves, not boards, and the analysis board
// (2.17), which does answer rows, solves every position it is asked: too slow
// and too rate-limited to draw each move of a puzzle. So the page stacks the
// discs itself, as every variant with puzzles does (a drop lands on the
// column's top disc; a PopOut pop takes the bottom one out and lets the column
// down), and offers the drops and pops the board allows. It judges nothing:
// whether a move is right, and whether the game is over, the server says.

const SYMBOLS = ['R', 'Y'];

// Rows top first ('.' empty, 'R' the first player, 'Y' the second), after
// `moves` played from the empty board by the two sides in turn.
export function boardAfter(width: number, height: number, moves: readonly string[]): string[] {
  const cols: string[][] = Array.from({ length: width }, () => []);
  moves.forEach((m, i) => {
    const col = cols[m.charCodeAt(0) - 97];
    if (!col) return;
    if (m.endsWith('^')) col.shift();
    else if (col.length < height) col.push(SYMBOLS[i % 2]);
  });
  return Array.from({ length: height }, (_, r) => cols.map((c) => c[height - 1 - r] ?? '.').join(''));
}

// The moves the board takes from `side`: a drop on every column with room,
// and with PopOut a pop of every column whose bottom disc is the side's.
export function movesOn(board: readonly string[], side: number, popout: boolean): string[] {
  const height = board.length;
  const width = board[0]?.length ?? 0;
  const drops: string[] = [];
  const pops: string[] = [];
  for (let c = 0; c < width; c++) {
    const letter = String.fromCharCode(97 + c);
    if (board[0][c] === '.') drops.push(letter);
    if (popout && board[height - 1][c] === SYMBOLS[side]) pops.push(letter + '^');
  }
  return [...drops, ...pops];
}
