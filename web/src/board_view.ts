// The four-in-a-row board for any W x H (cylinder, PopOut, blocks, three
// colours). It has no rules in it: it draws the board it is given and offers
// exactly the moves in `legal` (RULES.md part C input):
// - mouse: a disc of your colour hovers over the aimed column; click drops;
// - touch: the first tap selects a column, a second tap on it drops (one tap
//   when the player chose so, `oneTap`);
// - keyboard: arrows select, Enter drops, digits 1..W drop straight in;
//   arrow down aims at your own bottom disc to pop it (PopOut), arrow up back.
import { clear, h, s } from './dom';
import { cellName, columnLetter, FourGeometry, parseCell, type CellRef } from './geometry';
import { t } from './i18n';

export interface FourBoardProps {
  width: number;
  height: number;
  cylinder: boolean;
  board: string[]; // rows top first: '.', 'R', 'Y', 'G', '#'
  legal: string[];
  mySide: number | null; // the colour of the hovering disc; null: not my turn / watching
  winning: string[];
  lastMove: { move: string; before: string[] } | null;
  lastCell?: string | null; // the newest disc, marked
  animate: boolean;
  still?: boolean; // an illustration: no row above the board for the hovering disc
  // No row above the board (a finished game, a spectator): the board takes
  // the room. `bandText` fills the row while it is another player's turn.
  noBand?: boolean;
  bandText?: string;
  bandMine?: boolean; // the band's text is the player's own turn (drawn in the accent colour)
  // Another player's turn at a table where premoves are taken: the player's
  // colour, and the column chosen to play when the turn comes (drawn in the band).
  premoveSide?: number | null;
  premove?: string | null;
  oneTap?: boolean;
}

const SIDE_WORDS = ['side.red', 'side.yellow', 'side.green'] as const;

// The cell the drop `move` landed on: the top disc of its column (nothing is
// put on a column after its newest disc). Null for a pop or an empty column.
export function dropCell(move: string, board: string[], width: number, height: number): string | null {
  if (move.endsWith('^') || move.length !== 1) return null;
  const col = move.charCodeAt(0) - 97;
  if (col < 0 || col >= width) return null;
  for (let row = height - 1; row >= 0; row--) {
    const ch = board[height - 1 - row]?.[col];
    if (ch && ch !== '.' && ch !== '#') return cellName({ col, row });
    if (ch === '#') return null;
  }
  return null;
}

// A column as a screen reader hears it, bottom to top: "Column d: red, yellow, empty, …".
export function columnText(board: string[], col: number, height: number): string {
  const cells: string[] = [];
  for (let row = 0; row < height; row++) {
    const ch = board[height - 1 - row]?.[col] ?? '.';
    const side = sideOfSymbol(ch);
    cells.push(side >= 0 ? t(SIDE_WORDS[side]) : ch === '#' ? t('board.block') : t('board.empty'));
  }
  return t('board.column_cells', { col: columnLetter(col), cells: cells.join(', ') });
}

// What a finger is told: after a first tap, that a second drops (or pops,
// when the tap chose a bottom disc to pop); before it, how to play.
export function touchHelp(selected: string | null, oneTap: boolean, pops: boolean): string {
  if (selected) return t(selected.endsWith('^') ? 'board.tap_again_pop' : 'board.tap_again', { col: selected[0] });
  return t(oneTap ? 'board.help.one_tap' : 'board.help.touch') + (pops ? ' ' + t('board.help.touch_pop') : '');
}

const C = 100; // one cell in SVG units
const R = 40; // disc radius
const SYMBOL_SIDE: Record<string, number> = { R: 0, Y: 1, G: 2 };

export function sideOfSymbol(ch: string): number {
  return SYMBOL_SIDE[ch] ?? -1;
}

// A disc: colour plus a shape, so colour-blind players can tell sides apart
// (● plain red, ○ yellow with a ring, ◆ green with a diamond), as in the move list.
export function discShape(side: number, x: number, y: number, extra = ''): SVGElement {
  const g = s('g', { class: `disc side-${side} ${extra}`.trim() });
  g.append(s('circle', { cx: x, cy: y, r: R, class: 'disc-body' }));
  if (side === 1) g.append(s('circle', { cx: x, cy: y, r: R * 0.5, class: 'disc-mark ring' }));
  if (side === 2) {
    const d = R * 0.55;
    g.append(
      s('polygon', { points: `${x},${y - d} ${x + d},${y} ${x},${y + d} ${x - d},${y}`, class: 'disc-mark diamond' }),
    );
  }
  return g;
}

function blockShape(x: number, y: number): SVGElement {
  return s('rect', { x: x - R, y: y - R, width: 2 * R, height: 2 * R, rx: 8, class: 'block', fill: 'url(#hatch)' });
}

export class FourBoardView {
  readonly el: HTMLDivElement;
  private readonly svg: SVGSVGElement;
  private readonly help: HTMLParagraphElement;
  // Screen readers: one line per column (the SVG is presentation only), and
  // a live line saying which column the keyboard or a tap aims at.
  private readonly cols: HTMLUListElement;
  private readonly aimLive: HTMLParagraphElement;
  private aspect = 1;
  private props: FourBoardProps | null = null;
  private geo: FourGeometry | null = null;
  private aim: number | null = null; // aimed column
  private aimPop = false; // aiming at the pop of `aim`
  private touchSelected: string | null = null; // the move a first tap selected
  private lastPointer = 'mouse';
  private pressed = false;
  private readonly onMove: (move: string) => void;
  private readonly onPremove: ((move: string | null) => void) | null;
  private layout: { left: number; top: number; popTop: number; bottom: number } | null = null;
  private static nextId = 0;

  constructor(onMove: (move: string) => void, onPremove: ((move: string | null) => void) | null = null) {
    this.onMove = onMove;
    this.onPremove = onPremove;
    const helpId = `board-help-${FourBoardView.nextId++}`;
    this.svg = s('svg', { class: 'board-svg', role: 'presentation' }) as SVGSVGElement;
    this.help = h('p', { id: helpId, class: 'board-help' });
    this.cols = h('ul', { class: 'sr-only board-cols' });
    this.aimLive = h('p', { class: 'sr-only board-aim', 'aria-live': 'polite' });
    this.el = h(
      'div',
      { class: 'board four', tabindex: 0, 'aria-describedby': helpId, role: 'group' },
      this.svg,
      this.cols,
      this.aimLive,
    );
    // A finger has no hover: a phone says "tap, tap again" instead of keys.
    if (window.matchMedia?.('(pointer: coarse)').matches) this.lastPointer = 'touch';
    this.el.addEventListener('keydown', (e) => this.onKey(e));
    this.el.addEventListener('pointerdown', (e) => (this.lastPointer = e.pointerType || 'mouse'));
    this.svg.addEventListener('pointermove', (e) => {
      if (e.pointerType !== 'mouse' || !this.canPlay()) return;
      const hit = this.hitTest(e.clientX, e.clientY);
      if (hit && (this.aim !== hit.col || this.aimPop !== hit.pop)) {
        this.aim = hit.col;
        this.aimPop = hit.pop;
        this.render(false);
      }
    });
    // pointerup, not click: focusing the board may redraw it under the
    // pointer, and a click whose pressed element left the DOM is not delivered.
    this.svg.addEventListener('pointerdown', (e) => {
      this.pressed = e.button === 0;
    });
    this.svg.addEventListener('pointerup', (e) => {
      if (!this.pressed) return;
      this.pressed = false;
      const hit = this.hitTest(e.clientX, e.clientY);
      if (hit && this.canPremove()) this.premoveColumn(hit.col);
      else if (hit) this.onPointerTarget(hit.move, hit.col, hit.pop);
    });
    this.el.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && this.aim !== null) {
        this.aim = null;
        this.render(false);
      }
    });
    this.el.addEventListener('focus', () => {
      if (this.aim === null && this.props && this.canPlay()) {
        this.aim = this.firstLegalColumn();
        this.render(false);
      }
    });
  }

  helpElement(): HTMLParagraphElement {
    return this.help;
  }

  update(p: FourBoardProps): void {
    const sizeChanged =
      !this.props ||
      this.props.width !== p.width ||
      this.props.height !== p.height ||
      this.props.cylinder !== p.cylinder;
    this.props = p;
    if (sizeChanged) this.geo = new FourGeometry(p.width, p.height, p.cylinder);
    if (!this.canPlay()) {
      this.touchSelected = null;
      this.aimPop = false;
    }
    this.el.setAttribute('aria-label', t('board.label', { w: p.width, h: p.height }));
    clear(this.cols);
    for (let col = 0; col < p.width; col++)
      this.cols.append(h('li', { 'data-col': columnLetter(col) }, columnText(p.board, col, p.height)));
    this.setHelp();
    this.render(p.animate);
  }

  // Width over height of the drawing, for a page that sizes the board to its room.
  aspectRatio(): number {
    return this.aspect;
  }

  // Keys pressed on the page outside any control (table page): the board takes them.
  handleKey(e: KeyboardEvent): void {
    this.onKey(e);
  }

  private touch(): boolean {
    return this.lastPointer === 'touch' || this.lastPointer === 'pen';
  }

  private setHelp(): void {
    const p = this.props;
    if (!p) return;
    const pops = p.legal.some((m) => m.endsWith('^'));
    const wrap = p.cylinder ? ' ' + t('board.wrap', { first: 'a', last: columnLetter(p.width - 1) }) : '';
    let text: string;
    if (this.canPremove()) {
      text = t('board.help.premove');
    } else if (this.touch()) {
      text = touchHelp(this.touchSelected, !!p.oneTap, pops);
    } else {
      text = t('board.help', { w: p.width }) + (pops ? ' ' + t('board.help.pop') : '');
    }
    this.help.textContent = text + wrap;
    this.help.classList.toggle('tap-again', !!this.touchSelected);
  }

  // Says the aimed column (keyboard, first tap) through the live line.
  private sayAim(): void {
    const p = this.props;
    if (!p || this.aim === null) return;
    const text = this.aimPop
      ? t('board.aim_pop', { col: columnLetter(this.aim) })
      : columnText(p.board, this.aim, p.height);
    if (this.aimLive.textContent !== text) this.aimLive.textContent = text;
  }

  // The move the page's aim points at now (for tests and the status line).
  aimedMove(): string | null {
    if (this.aim === null) return null;
    return columnLetter(this.aim) + (this.aimPop ? '^' : '');
  }

  private canPlay(): boolean {
    return !!this.props && this.props.mySide !== null && this.props.legal.length > 0;
  }

  // Another player's turn, and the page takes a premove.
  private canPremove(): boolean {
    return !!this.props && !this.canPlay() && this.props.premoveSide != null && !!this.onPremove;
  }

  // The column chosen again cancels the premove.
  private premoveColumn(col: number): void {
    const move = columnLetter(col);
    this.onPremove?.(this.props?.premove === move ? null : move);
  }

  private isLegal(move: string): boolean {
    return !!this.props && this.props.legal.includes(move);
  }

  private firstLegalColumn(): number {
    const p = this.props!;
    const mid = Math.floor(p.width / 2);
    if (this.isLegal(columnLetter(mid))) return mid;
    for (let c = 0; c < p.width; c++) if (this.isLegal(columnLetter(c))) return c;
    return mid;
  }

  private play(move: string): void {
    if (!this.isLegal(move) || !this.canPlay()) return;
    this.touchSelected = null;
    this.aimPop = false;
    this.setHelp();
    this.onMove(move);
  }

  private onKey(e: KeyboardEvent): void {
    const p = this.props;
    const g = this.geo;
    if (!p || !g || e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.canPremove()) {
      const col = g.columnForDigit(e.key);
      if (col >= 0) this.premoveColumn(col);
      else if (e.key === 'Escape' && p.premove) this.onPremove?.(null);
      else return;
      e.preventDefault();
      return;
    }
    if (!this.canPlay()) return;
    let handled = true;
    const cur = this.aim ?? this.firstLegalColumn();
    switch (e.key) {
      case 'ArrowLeft':
        this.aim = g.step(cur, -1);
        this.aimPop = false;
        break;
      case 'ArrowRight':
        this.aim = g.step(cur, 1);
        this.aimPop = false;
        break;
      case 'ArrowDown':
        this.aim = cur;
        if (this.isLegal(columnLetter(cur) + '^')) this.aimPop = true;
        break;
      case 'ArrowUp':
        this.aim = cur;
        this.aimPop = false;
        break;
      case 'Home':
        this.aim = 0;
        this.aimPop = false;
        break;
      case 'End':
        this.aim = p.width - 1;
        this.aimPop = false;
        break;
      case 'Enter':
      case ' ':
        this.aim = cur;
        this.play(columnLetter(cur) + (this.aimPop ? '^' : ''));
        break;
      default: {
        const col = g.columnForDigit(e.key);
        if (col >= 0) {
          this.aim = col;
          this.aimPop = false;
          this.play(columnLetter(col));
        } else {
          handled = false;
        }
      }
    }
    if (handled) {
      e.preventDefault();
      this.sayAim();
      this.render(false);
    }
  }

  private onPointerTarget(move: string, col: number, pop: boolean): void {
    if (!this.canPlay()) return;
    if ((this.lastPointer === 'touch' || this.lastPointer === 'pen') && !this.props?.oneTap) {
      // RULES.md C: on a phone the first tap selects, the second drops.
      if (this.touchSelected === move) {
        this.play(move);
      } else {
        this.touchSelected = move;
        this.aim = col;
        this.aimPop = pop;
        this.sayAim();
      }
      this.setHelp();
      this.render(false);
      return;
    }
    this.play(move);
  }

  private render(animate: boolean): void {
    const p = this.props;
    const g = this.geo;
    if (!p || !g) return;
    const ghost = p.cylinder ? 0.5 : 0; // columns of the wrap shown at each side
    const hasPops = p.legal.some((m) => m.endsWith('^')) || this.aimPop;
    const popRow = hasPops ? 0.6 : 0;
    const left = ghost * C;
    const top = p.still || p.noBand ? 0 : C; // the hover row
    const W = (p.width + 2 * ghost) * C;
    const H = top + p.height * C + popRow * C + 48;
    const svg = this.svg;
    clear(svg);
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    this.aspect = W / H;
    const defs = s(
      'defs',
      {},
      s(
        'pattern',
        { id: 'hatch', width: 16, height: 16, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
        s('rect', { width: 16, height: 16, class: 'hatch-bg' }),
        s('line', { x1: 0, y1: 0, x2: 0, y2: 16, class: 'hatch-line' }),
      ),
      s('clipPath', { id: 'board-clip' }, s('rect', { x: 0, y: top, width: W, height: p.height * C })),
    );
    svg.append(defs);
    const x = (col: number) => left + col * C + C / 2;
    const y = (row: number) => top + (p.height - 1 - row) * C + C / 2;

    // The frame with holes; on a cylinder the wrapped neighbours show faded at
    // each side, with the seam marked.
    svg.append(s('rect', { x: left, y: top, width: p.width * C, height: p.height * C, rx: 14, class: 'frame' }));
    const cellAt = (col: number, row: number) => p.board[p.height - 1 - row]?.[col] ?? '.';
    const newCell = this.newDiscCell(p);
    const win = new Set(p.winning);
    const last = p.lastCell ?? null;
    // All holes first, then the discs: a falling disc passes over the holes above it.
    for (let col = 0; col < p.width; col++)
      for (let row = 0; row < p.height; row++)
        svg.append(s('circle', { cx: x(col), cy: y(row), r: R + 2, class: 'hole' }));
    for (let col = 0; col < p.width; col++) {
      for (let row = 0; row < p.height; row++) {
        const ch = cellAt(col, row);
        const name = cellName({ col, row });
        if (ch === '.') continue;
        if (ch === '#') {
          svg.append(blockShape(x(col), y(row)));
          continue;
        }
        const side = sideOfSymbol(ch);
        const popTarget = row === 0 && p.legal.includes(columnLetter(col) + '^');
        const aimedPop = popTarget && this.aim === col && this.aimPop;
        const disc = discShape(
          side,
          x(col),
          y(row),
          [win.has(name) ? 'win' : '', popTarget ? 'poppable' : '', aimedPop ? 'aimed' : ''].join(' '),
        );
        disc.setAttribute('data-cell', name);
        // The newest disc carries a dot, so a quick answer is found at a glance.
        if (name === last) {
          disc.classList.add('last');
          disc.setAttribute('data-last', '');
          disc.append(s('circle', { cx: x(col), cy: y(row), r: 11, class: 'last-dot' }));
        }
        svg.append(disc);
        if (animate && newCell && newCell.col === col && newCell.row === row) this.fall(disc, newCell, p);
      }
    }
    if (ghost > 0) {
      const gl = s('g', { class: 'wrap-ghost', 'aria-hidden': 'true', 'clip-path': 'url(#board-clip)' });
      for (let row = 0; row < p.height; row++) {
        for (const [col, gx] of [
          [p.width - 1, x(-1)],
          [0, x(p.width)],
        ] as const) {
          const ch = cellAt(col, row);
          gl.append(s('circle', { cx: gx, cy: y(row), r: R + 2, class: 'hole' }));
          if (ch === '#') gl.append(blockShape(gx, y(row)));
          else if (ch !== '.') gl.append(discShape(sideOfSymbol(ch), gx, y(row)));
        }
      }
      svg.append(gl);
      for (const sx of [left, left + p.width * C])
        svg.append(s('line', { x1: sx, y1: top - 10, x2: sx, y2: top + p.height * C + 10, class: 'seam' }));
      svg.append(
        s('text', { x: left / 2, y: H - 12, class: 'wrap-label', 'text-anchor': 'middle' }, columnLetter(p.width - 1)),
        s('text', { x: W - left / 2, y: H - 12, class: 'wrap-label', 'text-anchor': 'middle' }, 'a'),
      );
    }
    // The winning line drawn through its cells (in pieces where it crosses the seam).
    this.drawWinLine(p, x, y);

    // Column letters under the board for orientation (RULES.md A1).
    for (let col = 0; col < p.width; col++)
      svg.append(s('text', { x: x(col), y: H - 12, class: 'col-label', 'text-anchor': 'middle' }, columnLetter(col)));

    // The hovering disc over the aimed column (or the selected one on touch,
    // with the column lit so the first tap's choice is plain to see).
    if (this.canPlay() && this.aim !== null && p.mySide !== null) {
      const m = columnLetter(this.aim);
      if (this.touchSelected === m)
        svg.append(
          s('rect', {
            x: left + this.aim * C + 4,
            y: 4,
            width: C - 8,
            height: top + p.height * C - 8,
            rx: 14,
            class: 'aim-col',
          }),
        );
      if (!this.aimPop && this.isLegal(m)) {
        const hover = discShape(
          p.mySide,
          x(this.aim),
          top / 2 + 8,
          'hover' + (this.touchSelected === m ? ' selected' : ''),
        );
        svg.append(hover);
      }
    }
    // The premove waits over its column, dashed, until the turn comes.
    const pre = this.canPremove() && p.premove ? p.premove.charCodeAt(0) - 97 : -1;
    if (top > 0 && pre >= 0 && pre < p.width)
      svg.append(discShape(p.premoveSide!, x(pre), top / 2 + 8, 'hover premove'));
    else if (top > 0 && p.bandText && !(this.canPlay() && this.aim !== null))
      svg.append(
        s(
          'text',
          { x: W / 2, y: top / 2 + 12, class: 'band-text' + (p.bandMine ? ' mine' : ''), 'text-anchor': 'middle' },
          p.bandText,
        ),
      );
    if (popRow > 0) {
      for (let col = 0; col < p.width; col++) {
        const m = columnLetter(col) + '^';
        if (!this.isLegal(m)) continue;
        const active = this.aim === col && this.aimPop;
        svg.append(
          s(
            'text',
            {
              x: x(col),
              y: top + p.height * C + popRow * C * 0.75,
              class: 'pop-arrow' + (active ? ' active' : ''),
              'text-anchor': 'middle',
            },
            '⇩',
          ),
        );
      }
    }

    this.layout = { left, top, popTop: top + p.height * C, bottom: top + p.height * C + popRow * C };
  }

  // Which move a point of the board (client coordinates) aims at: the whole
  // column (hover row included) drops; the bottom cell of a column where a pop
  // is legal, and the pop row under it, pop. Hit-testing by coordinates keeps
  // clicks working while the board is redrawn under the pointer.
  private hitTest(clientX: number, clientY: number): { move: string; col: number; pop: boolean } | null {
    const p = this.props;
    const l = this.layout;
    const ctm = this.svg.getScreenCTM();
    if (!p || !l || !ctm) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    const col = Math.floor((pt.x - l.left) / C);
    if (col < 0 || col >= p.width || pt.y < 0 || pt.y > l.bottom) return null;
    const drop = columnLetter(col);
    const pop = drop + '^';
    if (this.isLegal(pop) && pt.y >= l.popTop - C) return { move: pop, col, pop: true };
    return { move: drop, col, pop: false };
  }

  private drawWinLine(p: FourBoardProps, x: (c: number) => number, y: (r: number) => number): void {
    const cells = p.winning.map((n) => parseCell(n, p.width, p.height)).filter((c): c is CellRef => !!c);
    if (cells.length < 2 || !this.geo) return;
    if (this.geo.crossesSeam(cells)) {
      // Draw the pieces on each side of the seam separately.
      const leftPart = cells.filter((c) => c.col < p.width / 2);
      const rightPart = cells.filter((c) => c.col >= p.width / 2);
      for (const part of [leftPart, rightPart]) this.segment(part, x, y);
    } else {
      this.segment(cells, x, y);
    }
  }

  private segment(cells: CellRef[], x: (c: number) => number, y: (r: number) => number): void {
    if (cells.length === 0) return;
    const sorted = [...cells].sort((a, b) => a.col - b.col || a.row - b.row);
    const a = sorted[0];
    const b = sorted[sorted.length - 1];
    this.svg.append(s('line', { x1: x(a.col), y1: y(a.row), x2: x(b.col), y2: y(b.row), class: 'win-line' }));
  }

  // The cell of the disc the last move dropped, if it was a drop.
  private newDiscCell(p: FourBoardProps): CellRef | null {
    const lm = p.lastMove;
    if (!lm || lm.move.endsWith('^')) return null;
    const col = lm.move.charCodeAt(0) - 97;
    if (col < 0 || col >= p.width) return null;
    for (let row = p.height - 1; row >= 0; row--) {
      const ch = p.board[p.height - 1 - row]?.[col];
      if (ch && ch !== '.' && ch !== '#') {
        const before = lm.before[p.height - 1 - row]?.[col] ?? '.';
        return before === '.' ? { col, row } : null;
      }
    }
    return null;
  }

  private fall(disc: SVGElement, cell: CellRef, p: FourBoardProps): void {
    if (typeof disc.animate !== 'function') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const rowsToFall = p.height - cell.row;
    const distance = rowsToFall * C;
    // Time grows with the square root of the distance, as a falling body's does.
    const ms = 120 + 90 * Math.sqrt(rowsToFall);
    disc.animate([{ transform: `translateY(-${distance}px)` }, { transform: 'translateY(0)' }], {
      duration: ms,
      easing: 'cubic-bezier(.55,0,1,.45)',
    });
  }
}
