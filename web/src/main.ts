// Entry of index.html: the home/lobby page at `/`, a table at `/t/<id>`, a
// player at `/p/<id>`, a leaderboard at `/leaderboard/<pool>`, a finished
// game at `/g/<id>`, the analysis board at `/analysis` and the puzzles at
// `/puzzles`, `/puzzles/daily` and `/puzzles/<id>` (the server answers
// these paths with this page, protocol 2.10). All but the home and table
// pages are chunks of their own, loaded only on their pages, so the table
// page's bundle does not carry them.
import './style.css';
import { renderHome } from './pages/home';
import { renderTable, tableIdFromPath } from './pages/table/page';
import { mountShell, type Shell } from './shell';

const path = location.pathname;
const id = tableIdFromPath(path);

// A page module loaded on first render; later renders (a language switch)
// reuse it.
function lazy<M>(load: () => Promise<M>, render: (m: M, shell: Shell) => void): (shell: Shell) => void {
  let mod: M | null = null;
  return (shell) => {
    if (mod) render(mod, shell);
    else
      void load().then((m) => {
        mod = m;
        render(m, shell);
      });
  };
}

const profile = /^\/p\/[^/]+\/?$/.test(path)
  ? lazy(
      () => import('./pages/player'),
      (m, shell) => {
        const pid = m.playerIdFromPath(path);
        if (pid) m.renderPlayer(shell, pid);
        else renderHome(shell);
      },
    )
  : null;
const board = /^\/leaderboard(\/|$)/.test(path)
  ? lazy(
      () => import('./pages/leaderboard'),
      (m, shell) => m.renderLeaderboard(shell, m.poolFromPath(path) ?? 'classic'),
    )
  : null;

const game = /^\/g\/([A-Za-z0-9_]{1,64}-[0-9]{1,3})\/?$/.exec(path)?.[1] ?? null;
const gamePage = game
  ? lazy(
      () => import('./pages/game'),
      (m, shell) => m.renderGame(shell, game),
    )
  : null;
const analysis = /^\/analysis\/?$/.test(path)
  ? lazy(
      () => import('./pages/analysis'),
      (m, shell) => m.renderAnalysis(shell),
    )
  : null;

const puzzles = /^\/puzzles(\/[A-Za-z0-9_-]{1,64})?\/?$/.test(path)
  ? lazy(
      () => import('./pages/puzzles'),
      (m, shell) => m.renderPuzzles(shell),
    )
  : null;

void mountShell((shell) => {
  if (id) renderTable(shell, id);
  else if (profile) profile(shell);
  else if (board) board(shell);
  else if (gamePage) gamePage(shell);
  else if (analysis) analysis(shell);
  else if (puzzles) puzzles(shell);
  else renderHome(shell);
});
