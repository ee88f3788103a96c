// The table page's spoken lines: what the live region (the shell's announcer)
// says when a move is played, a game or round ends, a game starts with this
// player to move, or the match ends, so that a screen-reader user follows the
// table without reading the board.
import { dropCell } from '../../board_view';
import { t } from '../../i18n';
import type { TableEvent } from '../../protocol';
import { isMyTurn, type TableModel } from '../../table_model';
import { reasonText } from '../../table_text';
import { gameResultText, isTwice, matchResultText, nameOf, roundEndText } from './texts';

// The line for `ev` (the model already holds it); null when there is nothing
// to say. `pointNote`: the point(s) the move scored (twiceFour).
export function eventLine(m: TableModel, ev: TableEvent, wasMyTurn: boolean, pointNote: string | null): string | null {
  if (ev.kind === 'moved') {
    // The cell, not only the column: "Bob played d3".
    const g = ev.game;
    const cell = isTwice(m) ? null : dropCell(ev.move, g.board, g.width ?? 0, g.height ?? 0);
    let text = t('announce.move', { name: nameOf(m, ev.seat), move: cell ?? ev.move });
    if (pointNote) text += ' ' + pointNote;
    if (!wasMyTurn && isMyTurn(m)) text += ' ' + t('announce.your_turn');
    return text;
  }
  if (ev.kind === 'game_over') {
    const detail = roundEndText(m);
    return (
      gameResultText(m) + ' ' + t('result.by', { reason: reasonText(ev.outcome.reason) }) + (detail ? ' ' + detail : '')
    );
  }
  if (ev.kind === 'game_started') return isMyTurn(m) ? t('announce.your_turn') : null;
  if (ev.kind === 'match_over') return matchResultText(m);
  return null;
}
