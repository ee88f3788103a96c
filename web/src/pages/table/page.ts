// The table page (`/t/<id>`): the board, seats with clocks, score, move list,
// the buttons of RULES.md A3/A4 and the results, all drawn from the
// TableModel that the table's WebSocket keeps current (controller.ts). The
// page never decides a rule: it offers the server's `legal` moves and shows
// the server's outcomes. This file lays the panels out (each in a file of
// its own here) and keeps the play column fitted to the window.
import { clear, h } from '../../dom';
import { t } from '../../i18n';
import type { Shell } from '../../shell';
import { isMyTurn, type TableModel } from '../../table_model';
import { variantKey } from '../../table_text';
import { variantLabel } from '../../variants';
import { fillBanner } from './banner';
import { BoardArea } from './board_area';
import { TableController, type TableHooks } from './controller';
import { countedBox, movesBox } from './moves';
import { Clocks, seatsPanel } from './seats';
import { scoreBox, shareBox, sideButtons } from './side_panels';
import { prefToggles } from './prefs';
import { soundToggle } from './sounds';
import { TurnNotice } from './turn_notice';
import { statusLine } from './status_line';
import { isTwice, scoreText } from './texts';

// The title line: variant and size, rated or casual, game (or round) number, score.
function heading(m: TableModel): HTMLElement {
  const s = m.table!.settings;
  const gameNo = m.match?.game_number ?? 0;
  const games = m.match?.games ?? 1;
  return h(
    'h1',
    { class: 'table-title' },
    t(variantLabel(variantKey(s))) + (s.game === 'four' ? ` ${s.width}×${s.height}` : ''),
    h('span', { class: 'badge' }, s.rated ? t('table.rated') : t('table.casual')),
    gameNo > 0
      ? h(
          'span',
          { class: 'game-no' },
          isTwice(m) ? t('table.round', { n: gameNo }) : t('table.game', { n: gameNo, m: games }),
        )
      : null,
    h('span', { class: 'head-score', 'aria-hidden': 'true' }, scoreText(m, m.match?.score ?? m.table!.score)),
  );
}

// The page is the controller's hooks: it draws, shows the connection and
// speaks through the shell's announcer.
class TablePage implements TableHooks {
  private readonly c: TableController;
  private shell: Shell | null = null;
  private readonly board = new BoardArea();
  private readonly clocks = new Clocks();
  private bannerEl: HTMLElement | null = null;
  private playEl: HTMLElement | null = null;
  private readonly notice = new TurnNotice();

  constructor(id: string, watch: boolean) {
    this.c = new TableController(id, watch, this);
    this.c.onTurn = () => this.notice.turnCame();
  }

  start(shell: Shell): void {
    this.shell = shell;
    this.c.start();
    setInterval(() => this.updateClocks(), 100);
    window.addEventListener('resize', () => this.fitPlay());
    // Digits typed on the page, outside any control, go to the board: a
    // seated player plays without tabbing to it first.
    document.addEventListener('keydown', (e) => {
      const el = e.target;
      if (e.defaultPrevented || !(el === document.body || el === this.shell?.main)) return;
      this.board.handleKey(e);
    });
  }

  render(): void {
    const shell = this.shell;
    if (!shell) return;
    const main = shell.main;
    const c = this.c;
    const m = c.model;
    const focused = document.activeElement;
    const boardHadFocus = this.board.has(focused);
    const focusedId = focused instanceof HTMLElement ? focused.id : '';
    clear(main);
    document.body.classList.add('at-table');
    this.bannerEl = h('div', { class: 'conn-banner', role: 'status' });
    main.append(this.bannerEl);
    this.status();
    if (c.notFound || !m.table) {
      const line = c.notFound ? h('p', { class: 'error' }, t('table.not_found')) : h('p', {}, t('loading'));
      main.append(h('h1', {}, t('table.title', { id: c.id })), line);
      return;
    }
    const label = t(variantLabel(variantKey(m.table.settings)));
    this.notice.update(`${label} — fourtable`, isMyTurn(m));
    // Seats and clocks, the turn, the board with the result over it, then the
    // buttons: a column that fits the window (fitPlay), the board taking what
    // the rest leaves.
    const play = h('section', { class: 'play', 'aria-label': label });
    const boardArea = this.board.element(c);
    play.append(seatsPanel(m, this.clocks), statusLine(c), boardArea);
    this.playEl = play;
    const side = h(
      'aside',
      { class: 'side' },
      scoreBox(m),
      soundToggle(
        () => this.render(),
        prefToggles(m.mySeat !== null, () => this.render()),
      ),
      movesBox(m),
      countedBox(m),
      shareBox(c),
      sideButtons(c),
    );
    main.append(heading(m), h('div', { class: 'table-layout' }, play, side));
    this.fitPlay();
    this.updateClocks();
    // The newest move is the one people look for: keep it in view.
    const movesList = document.getElementById('moves');
    if (movesList) movesList.scrollTop = movesList.scrollHeight;
    if (boardHadFocus) this.board.focus();
    else if (focusedId) document.getElementById(focusedId)?.focus({ preventScroll: true });
  }

  // The play column gets the window's height below its top, so the board
  // (flex: 1, sized by container units in style.css) shrinks to what is left
  // and nothing of the table is below the fold.
  private fitPlay(): void {
    const play = this.playEl;
    if (!play || !play.isConnected) return;
    const top = play.getBoundingClientRect().top + window.scrollY;
    const room = Math.max(300, Math.floor(window.innerHeight - top - 8));
    play.style.setProperty('--play-h', `${room}px`);
  }

  announce(text: string): void {
    this.shell?.announce(text);
  }

  // The banner pushes the table down: the play column gets shorter with it.
  status(): void {
    if (this.bannerEl) fillBanner(this.bannerEl, this.c, () => this.fitPlay());
  }

  // Ten times a second: the clocks' texts, and the banner's countdown while
  // the connection waits to try again.
  private updateClocks(): void {
    if (!this.c.model.clocks) return;
    this.clocks.update(this.c.model);
    if (this.c.connStatus.state === 'waiting') this.status();
  }
}

export function tableIdFromPath(path: string): string | null {
  const m = /^\/t\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  return m ? m[1] : null;
}

let page: TablePage | null = null;

export function renderTable(shell: Shell, id: string): void {
  if (!page) {
    const watch = new URLSearchParams(location.search).get('watch') === '1';
    page = new TablePage(id, watch);
    page.start(shell);
  }
  page.render();
}
