// The board area of the table page: the result banner over the board, the
// board itself (four in a row or twiceFour, views kept across renders so a
// drop can animate and focus and aim survive), the input help under it, and
// the row under the board (pass, resign the game, start the next game at once).
import { dropCell, FourBoardView } from '../../board_view';
import { h } from '../../dom';
import { t } from '../../i18n';
import { autoNextToggle } from '../../rematch_view';
import { isMyTurn, sideOfSeat, type TableModel } from '../../table_model';
import { TWICE_START, TwiceBoardView } from '../../twice_view';
import { variantInfo } from '../../variants';
import type { TableController } from './controller';
import { pieceChoice } from './piece_choice';
import { resignButton } from './resign';
import { resultBox } from './result';
import { isTwice, nameOf } from './texts';

interface BoardView {
  readonly el: HTMLElement;
  helpElement(): HTMLElement;
  aspectRatio(): number;
}

// The last move on the board: the one just played, else the game's last.
function lastMoveOf(m: TableModel): string | null {
  const g = m.game;
  return m.lastMove?.move ?? g?.moves?.[g.moves.length - 1] ?? null;
}

export class BoardArea {
  private four: FourBoardView | null = null;
  private twice: TwiceBoardView | null = null;

  // Whether `el` is the board (the page gives it its focus back after drawing).
  has(el: Element | null): boolean {
    return !!el && (el === this.four?.el || el === this.twice?.el);
  }

  focus(): void {
    (this.four?.el ?? this.twice?.el)?.focus({ preventScroll: true });
  }

  element(c: TableController): HTMLElement {
    const m = c.model;
    const g = m.game;
    const myTurn = isMyTurn(m) && !c.pendingMove;
    const wrap = h('div', { class: 'board-wrap' });
    // The result sits in the board's area, over the board, with the next action.
    const result = resultBox(c);
    if (result) wrap.append(result);
    const box = h('div', { class: 'board-box' });
    const view = isTwice(m) ? this.twiceBoard(c, box, myTurn) : this.fourBoard(c, box, myTurn);
    const help = view.helpElement();
    // Through the CSSOM: the Content-Security-Policy refuses style attributes.
    box.style.setProperty('--ar', view.aspectRatio().toFixed(4));
    // The help keeps its line while a game runs (no jump of the board each
    // turn) and gives it to the board when the game is over or watched.
    help.classList.toggle('idle', m.mySeat === null || !g || !!g.outcome || m.table?.status !== 'playing');
    wrap.append(box, help);
    return wrap;
  }

  private twiceBoard(c: TableController, box: HTMLElement, myTurn: boolean): BoardView {
    const m = c.model;
    const g = m.game;
    if (!this.twice) this.twice = new TwiceBoardView((mv) => c.sendMove(mv));
    const lines = g?.round?.lines ?? [];
    this.twice.update({
      // Before round 1 the start position (RULES.md B2) stands behind the choice.
      board: g?.board ?? TWICE_START,
      legal: myTurn ? (g?.legal ?? []) : [],
      mySide: myTurn && m.mySeat !== null ? sideOfSeat(m, m.mySeat) : null,
      counted: lines.map((l) => ({ line: l.line, side: l.side })),
      lastMove: lastMoveOf(m),
    });
    // The choice sits over row 3, the empty row of the start, so the start's
    // ten pieces stay in view around it.
    const choice = pieceChoice(c);
    box.append(choice ? h('div', { class: 'board-stack' }, this.twice.el, choice) : this.twice.el);
    return this.twice;
  }

  private fourBoard(c: TableController, box: HTMLElement, myTurn: boolean): BoardView {
    const m = c.model;
    const s = m.table!.settings;
    const g = m.game;
    if (!this.four) this.four = new FourBoardView((mv) => c.sendMove(mv));
    const width = g?.width ?? s.width;
    const height = g?.height ?? s.height;
    const board = g?.board ?? Array.from({ length: height }, () => '.'.repeat(width));
    const seated = m.mySeat !== null;
    const running = !!g && !g.outcome && m.table?.status === 'playing';
    const last = lastMoveOf(m);
    this.four.update({
      width,
      height,
      cylinder: variantInfo(s.variant)?.cylinder ?? false,
      board,
      legal: myTurn ? (g?.legal ?? []) : [],
      mySide: myTurn && m.mySeat !== null ? sideOfSeat(m, m.mySeat) : null,
      winning: g?.winning_cells ?? [],
      lastMove: c.animateNext && m.lastMove ? { move: m.lastMove.move, before: m.lastMove.before } : null,
      lastCell: last ? dropCell(last, board, width, height) : null,
      animate: c.animateNext,
      // The row for the hovering disc only while the player plays; on the
      // others' turns it says who is to move, so it is never an empty band.
      noBand: !(seated && running),
      bandText:
        seated && running && !isMyTurn(m) && g?.to_move
          ? t('table.turn.other', { name: nameOf(m, g.to_move.seat) })
          : undefined,
    });
    c.animateNext = false;
    box.append(this.four.el);
    return this.four;
  }
}

// Under the board: Pass when it is the only move, Resign the game while one
// runs, and against the computer the choice to start the next game at once.
export function underBoard(c: TableController): HTMLElement {
  const m = c.model;
  const box = h('div', { class: 'under-board' });
  const seated = m.mySeat !== null;
  const g = m.game;
  if (seated && g && !g.outcome && m.table?.status === 'playing') {
    if (isMyTurn(m) && g.legal.length === 1 && g.legal[0] === 'pass') {
      const pass = h('button', { type: 'button', class: 'primary', id: 'pass' }, t('table.pass'));
      pass.addEventListener('click', () => c.sendMove('pass'));
      box.append(pass);
    }
    box.append(resignButton(c, 'resign_game'));
  }
  if (seated && m.table?.settings.opponent.kind === 'computer' && !m.match?.over && (m.match?.games ?? 1) > 1)
    box.append(autoNextToggle((on) => c.setAutoNext(on)));
  return box;
}
