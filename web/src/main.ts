// Entry of index.html: the home/lobby page at `/`, a table at `/t/<id>`
// (the server answers both paths with this page, protocol 2.10), a player at
// `/p/<id>` and a leaderboard at `/leaderboard/<pool>`. The last two are
// chunks of their own, loaded only on their pages.
import './style.css';
import { renderHome } from './pages/home';
import { renderTable, tableIdFromPath } from './pages/table';
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

mountShell((shell) => {
  if (id) renderTable(shell, id);
  else if (profile) profile(shell);
  else if (board) board(shell);
  else renderHome(shell);
});
