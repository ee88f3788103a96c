// The 21-point twiceFour board (RULES.md B1). Input as RULES.md part C: pick
// one of your pieces, then its target, by pointer or keyboard (arrows move a
// cursor over the points, Enter picks, Escape cancels). Only moves in `legal`
// (e.g. `d4-e4`) can be made; the view judges nothing itself.
import { clear, h, s } from './dom';
import { cellName, parseCell, TWICE_LINES, TWICE_POINTS, TWICE_SIZE, twiceNeighbours, twiceStep } from './geometry';
import { TWICEFOUR } from './variants';
import { t } from './i18n';

export interface TwiceBoardProps {
  board: string[]; // 5 rows top first: 'X' cross, 'O' circle, '.' empty, ' ' no point
  legal: string[];
  mySide: number | null; // 0 cross, 1 circle; null when not my turn
  counted: CountedMark[]; // lines already scored this round
  lastMove: string | null;
}

// A counted line (RULES.md B3): named by its end points, e.g. "d2-d5", and
// drawn in the colour of the side that scored it (null: not known).
export interface CountedMark {
  line: string;
  side: number | null;
}

// RULES.md B2: the start, drawn behind the piece choice, in the server's
// board rows (top first; 'X' cross, 'O' circle, '.' empty, ' ' no point).
export const TWICE_START: string[] = Array.from({ length: TWICE_SIZE }, (_, i) => {
  const row = TWICE_SIZE - 1 - i;
  let text = '';
  for (let col = 0; col < TWICE_SIZE; col++) {
    const name = cellName({ col, row });
    text += TWICEFOUR.start.cross.includes(name)
      ? 'X'
      : TWICEFOUR.start.circle.includes(name)
        ? 'O'
        : TWICE_POINTS.includes(name)
          ? '.'
          : ' ';
  }
  return text;
});

const C = 100;
const PAD = 60;
const ROW_LABELS = 30; // viewBox units left of the board for the row numbers
const PIECE = ['X', 'O'];

// Both pieces are a light disc with a mark of the same stroke in the side's
// colour, so neither looks heavier than the other.
export function pieceShape(side: number, x: number, y: number, extra = ''): SVGElement {
  const g = s('g', { class: `piece side-${side} ${extra}`.trim() });
  if (side === 0) {
    const d = 18;
    g.append(
      s('circle', { cx: x, cy: y, r: 36, class: 'piece-body' }),
      s('path', { d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}`, class: 'piece-mark' }),
    );
  } else {
    g.append(
      s('circle', { cx: x, cy: y, r: 36, class: 'piece-body' }),
      s('circle', { cx: x, cy: y, r: 19, class: 'piece-mark' }),
    );
  }
  return g;
}

// The same piece as a small icon (seats, turn line), so the seat shows what
// the board shows.
export function pieceIcon(side: number): SVGElement {
  const icon = s('svg', { viewBox: '0 0 80 80', class: `piece-icon side-${side}`, 'aria-hidden': 'true' });
  icon.append(pieceShape(side, 40, 40));
  return icon;
}

const PIECE_WORDS = ['side.cross', 'side.circle'] as const;

// A row as a screen reader hears it: "Row 4: b4 circle, c4 empty, …".
export function rowText(board: string[], row: number): string {
  const points = TWICE_POINTS.filter((n) => n.slice(1) === String(row)).map((n) => {
    const side = PIECE.indexOf(pointAt(board, n));
    return `${n} ${side >= 0 ? t(PIECE_WORDS[side]) : t('board.empty')}`;
  });
  return t('board.row_points', { row, points: points.join(', ') });
}

export function pointAt(board: string[], name: string): string {
  const c = parseCell(name, TWICE_SIZE, TWICE_SIZE);
  if (!c) return ' ';
  return board[TWICE_SIZE - 1 - c.row]?.[c.col] ?? ' ';
}

export class TwiceBoardView {
  readonly el: HTMLDivElement;
  private readonly svg: SVGSVGElement;
  private readonly help: HTMLParagraphElement;
  private readonly rows: HTMLUListElement; // the position for a screen reader
  private props: TwiceBoardProps | null = null;
  private cursor = 'c3';
  private selected: string | null = null;
  private pressed = false;
  private readonly onMove: (move: string) => void;
  private static nextId = 0;

  constructor(onMove: (move: string) => void) {
    this.onMove = onMove;
    const helpId = `twice-help-${TwiceBoardView.nextId++}`;
    this.svg = s('svg', { class: 'board-svg', role: 'presentation' }) as SVGSVGElement;
    this.help = h('p', { id: helpId, class: 'board-help' });
    this.rows = h('ul', { class: 'sr-only board-rows' });
    this.el = h(
      'div',
      { class: 'board twice', tabindex: 0, role: 'group', 'aria-describedby': helpId },
      this.svg,
      this.rows,
    );
    this.el.addEventListener('keydown', (e) => this.onKey(e));
    this.el.addEventListener('focus', () => this.render());
    this.el.addEventListener('blur', () => this.render());
    // pointerup, not click: see FourBoardView (redraws under the pointer).
    this.svg.addEventListener('pointerdown', (e) => {
      this.pressed = e.button === 0;
    });
    this.svg.addEventListener('pointerup', (e) => {
      if (!this.pressed) return;
      this.pressed = false;
      const p = this.hitTest(e.clientX, e.clientY);
      if (p) this.choose(p);
    });
  }

  helpElement(): HTMLParagraphElement {
    return this.help;
  }

  // Width over height of the drawing (its viewBox, set in render).
  aspectRatio(): number {
    const size = 2 * PAD + (TWICE_SIZE - 1) * C;
    return (size + ROW_LABELS) / (size + 30);
  }

  selectedPoint(): string | null {
    return this.selected;
  }

  update(p: TwiceBoardProps): void {
    this.props = p;
    if (this.selected && !this.movesFrom(this.selected).length) this.selected = null;
    this.el.setAttribute('aria-label', t('board.twice_label'));
    // A finger has no arrow keys: a phone says what to tap instead.
    this.help.textContent = t(
      window.matchMedia?.('(pointer: coarse)').matches ? 'board.help.twice_touch' : 'board.help.twice',
    );
    clear(this.rows);
    for (let row = TWICE_SIZE; row >= 1; row--) this.rows.append(h('li', { 'data-row': row }, rowText(p.board, row)));
    this.render();
  }

  private movesFrom(point: string): string[] {
    return (this.props?.legal ?? []).filter((m) => m.startsWith(point + '-'));
  }

  private choose(point: string): void {
    const p = this.props;
    if (!p || p.mySide === null) return;
    this.cursor = point;
    if (this.selected) {
      const move = `${this.selected}-${point}`;
      if (p.legal.includes(move)) {
        this.selected = null;
        this.onMove(move);
        this.render();
        return;
      }
    }
    this.selected = this.movesFrom(point).length > 0 ? point : null;
    this.render();
  }

  private onKey(e: KeyboardEvent): void {
    const dirs: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, 1],
      ArrowDown: [0, -1],
    };
    if (e.key in dirs) {
      const [dc, dr] = dirs[e.key];
      this.cursor = twiceStep(this.cursor, dc, dr);
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.choose(this.cursor);
    } else if (e.key === 'Escape') {
      this.selected = null;
    } else {
      return;
    }
    e.preventDefault();
    this.render();
  }

  private hitTest(clientX: number, clientY: number): string | null {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    let best: string | null = null;
    let bestD = (C * 0.5) ** 2;
    for (const name of TWICE_POINTS) {
      const [x, y] = this.xy(name);
      const d = (pt.x - x) ** 2 + (pt.y - y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = name;
      }
    }
    return best;
  }

  private xy(name: string): [number, number] {
    const c = parseCell(name, TWICE_SIZE, TWICE_SIZE)!;
    return [PAD + c.col * C, PAD + (TWICE_SIZE - 1 - c.row) * C];
  }

  private render(): void {
    const p = this.props;
    if (!p) return;
    const svg = this.svg;
    clear(svg);
    const size = 2 * PAD + (TWICE_SIZE - 1) * C;
    // Room on the left for the row numbers, clear of a counted line's band.
    svg.setAttribute('viewBox', `-${ROW_LABELS} 0 ${size + ROW_LABELS} ${size + 30}`);
    // The grid: every step between neighbours.
    for (const a of TWICE_POINTS)
      for (const b of twiceNeighbours(a)) {
        if (b < a) continue;
        const [x1, y1] = this.xy(a);
        const [x2, y2] = this.xy(b);
        svg.append(s('line', { x1, y1, x2, y2, class: 'grid' }));
      }
    // Lines already counted this round: a band in the scorer's colour with a
    // dashed centre, kept for the whole round (used up for both sides).
    for (const line of TWICE_LINES) {
      const name = `${line[0]}-${line[3]}`;
      const rev = `${line[3]}-${line[0]}`;
      const mark = p.counted.find((c) => c.line === name || c.line === rev);
      if (!mark) continue;
      const [x1, y1] = this.xy(line[0]);
      const [x2, y2] = this.xy(line[3]);
      const side = mark.side === null ? 'unknown' : String(mark.side);
      const g = s('g', { class: `counted side-${side}`, 'data-line': name });
      g.append(
        s('line', { x1, y1, x2, y2, class: 'counted-line' }),
        s('line', { x1, y1, x2, y2, class: 'counted-used' }),
      );
      svg.append(g);
    }
    const targets = new Set(this.selected ? this.movesFrom(this.selected).map((m) => m.split('-')[1]) : []);
    const movable = new Set(
      p.mySide !== null ? p.legal.filter((m) => m.includes('-')).map((m) => m.split('-')[0]) : [],
    );
    const [lastFrom, lastTo] = p.lastMove && p.lastMove.includes('-') ? p.lastMove.split('-') : [null, null];
    for (const name of TWICE_POINTS) {
      const [x, y] = this.xy(name);
      const ch = pointAt(p.board, name);
      const classes = ['point'];
      if (targets.has(name)) classes.push('target');
      if (name === lastFrom) classes.push('last-from');
      svg.append(s('circle', { cx: x, cy: y, r: 14, class: classes.join(' '), 'data-point': name }));
      const side = PIECE.indexOf(ch);
      if (side >= 0) {
        const extra = [
          movable.has(name) ? 'movable' : '',
          this.selected === name ? 'selected' : '',
          name === lastTo ? 'last' : '',
        ].join(' ');
        const piece = pieceShape(side, x, y, extra);
        piece.setAttribute('data-point', name);
        svg.append(piece);
      }
      if (p.mySide !== null && this.cursor === name && document.activeElement === this.el)
        svg.append(s('rect', { x: x - 46, y: y - 46, width: 92, height: 92, rx: 12, class: 'cursor' }));
    }
    for (let col = 0; col < TWICE_SIZE; col++)
      svg.append(
        s(
          'text',
          { x: PAD + col * C, y: size + 10, class: 'col-label', 'text-anchor': 'middle' },
          cellName({ col, row: 0 })[0],
        ),
      );
    // Row numbers, so that `e2-d2` can be read off the board.
    for (let row = 0; row < TWICE_SIZE; row++)
      svg.append(
        s(
          'text',
          {
            x: -ROW_LABELS / 2 + 4,
            y: PAD + (TWICE_SIZE - 1 - row) * C + 10,
            class: 'row-label',
            'text-anchor': 'middle',
          },
          String(row + 1),
        ),
      );
  }
}
