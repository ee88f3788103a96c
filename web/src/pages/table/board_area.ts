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
import { oneTapOn } from './prefs';
import { premoveOpen } from './premove';
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

  // A digit typed on the page outside any control: a four-in-a-row board
  // takes it (Space, Enter and the arrows keep scrolling the page).
  handleKey(e: KeyboardEvent): void {
    if (this.four?.el.isConnected && /^[0-9]$/.test(e.key)) this.four.handleKey(e);
  }

  focus(): void {
    (this.four?.el ?? this.twice?.el)?.focus({ preventScroll: true });
  }

  element(c: TableController): HTMLElement {
    const m = c.model;
    const g = m.game;
    const myTurn = isMyTurn(m) && !c.pendingMove;
    const wrap = h('div', { class: 'board-wrap' });
    const box = h('div', { class: 'board-box' });
    const view = isTwice(m) ? this.twiceBoard(c, box, myTurn) : this.fourBoard(c, box, myTurn);
    const help = view.helpElement();
    // Through the CSSOM: the Content-Security-Policy refuses style attributes.
    box.style.setProperty('--ar', view.aspectRatio().toFixed(4));
    // Under the board, in a band of fixed least height (style.css) so the
    // board keeps its size through every state: the help and the buttons
    // while a game runs, the result with the next action when it is over.
    help.classList.toggle('idle', m.mySeat === null || !g || !!g.outcome || m.table?.status !== 'playing');
    const below = h('div', { class: 'below-board' }, help);
    const result = resultBox(c);
    if (result) below.append(result);
    below.append(underBoard(c));
    wrap.append(box, below);
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
    if (!this.four)
      this.four = new FourBoardView(
        (mv) => c.sendMove(mv),
        (mv) => c.setPremove(mv),
      );
    const width = g?.width ?? s.width;
    const height = g?.height ?? s.height;
    const board = g?.board ?? Array.from({ length: height }, () => '.'.repeat(width));
    const running = !!g && !g.outcome && m.table?.status === 'playing';
    const last = lastMoveOf(m);
    const mine = isMyTurn(m);
    const premoving = premoveOpen(m);
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
      // The row over the board is always there, so the board keeps its size
      // from the first move to the result: it holds the hovering disc, the
      // premove, or says whose turn it is.
      noBand: false,
      bandText:
        running && g?.to_move
          ? mine
            ? t('table.turn.you')
            : t('table.turn.other', { name: nameOf(m, g.to_move.seat) })
          : undefined,
      bandMine: mine,
      premoveSide: premoving && m.mySeat !== null ? sideOfSeat(m, m.mySeat) : null,
      premove: premoving ? c.premove : null,
      oneTap: oneTapOn(),
    });
    c.animateNext = false;
    box.append(this.four.el);
    return this.four;
  }
}

// The premove waiting, with the button that cancels it.
function premoveLine(c: TableController, move: string): HTMLElement {
  const cancel = h('button', { type: 'button', class: 'small', id: 'premove-cancel' }, t('table.premove_cancel'));
  cancel.addEventListener('click', () => c.setPremove(null));
  return h('p', { class: 'premove-note', id: 'premove' }, t('table.premove', { col: move }), ' ', cancel);
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
    if (c.premove && premoveOpen(m)) box.append(premoveLine(c, c.premove));
    box.append(resignButton(c, 'resign_game'));
  }
  if (seated && m.table?.settings.opponent.kind === 'computer' && !m.match?.over && (m.match?.games ?? 1) > 1)
    box.append(autoNextToggle((on) => c.setAutoNext(on)));
  return box;
}
