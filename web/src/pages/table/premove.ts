// The premove of a four-in-a-row table: while another player is to
// move, a seated player may choose one column to drop in as soon as the turn
// comes. The page keeps it, draws it and sends it; the server still judges
// it, and this only decides, when the turn comes, whether the column is among
// the `legal` moves the server sent (the client judges no rule itself).
import type { TableModel } from '../../table_model';
import { isMyTurn } from '../../table_model';

// Whether the table takes a premove now: a seated player at a four-in-a-row
// game that runs, another player to move.
export function premoveOpen(m: TableModel): boolean {
  const g = m.game;
  return (
    m.mySeat !== null &&
    !!g &&
    g.game === 'four' &&
    !g.outcome &&
    !!g.to_move &&
    m.table?.status === 'playing' &&
    !isMyTurn(m)
  );
}

export type PremoveStep =
  | { kind: 'keep' } // not the player's turn yet: it waits
  | { kind: 'drop' } // the game it was for is over (or none): forgotten silently
  | { kind: 'send'; move: string } // the turn came and the column takes a disc
  | { kind: 'refused'; move: string }; // the turn came and the column is not legal now

// What becomes of `premove` (a column letter) once the model changed; `game`
// is the number of the game it was chosen in.
export function premoveStep(m: TableModel, premove: string, game: number): PremoveStep {
  const g = m.game;
  if (!g || g.number !== game || g.outcome || m.table?.status !== 'playing') return { kind: 'drop' };
  if (!isMyTurn(m)) return { kind: 'keep' };
  return g.legal.includes(premove) ? { kind: 'send', move: premove } : { kind: 'refused', move: premove };
}
