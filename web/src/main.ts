// Entry of index.html: the home/lobby page at `/`, a table at `/t/<id>`, a
// finished game at `/g/<id>` and the analysis board at `/analysis` (the
// server answers these paths with this page, protocol 2.10). The game and
// analysis pages load as chunks of their own, so the table page's bundle
// does not carry them.
import './style.css';
import { renderHome } from './pages/home';
import { renderTable, tableIdFromPath } from './pages/table';
import { mountShell } from './shell';

const id = tableIdFromPath(location.pathname);
const game = /^\/g\/([A-Za-z0-9_]{1,64}-[0-9]{1,3})\/?$/.exec(location.pathname)?.[1] ?? null;
const analysis = /^\/analysis\/?$/.test(location.pathname);
mountShell((shell) => {
  if (id) renderTable(shell, id);
  else if (game) void import('./pages/game').then((m) => m.renderGame(shell, game));
  else if (analysis) void import('./pages/analysis').then((m) => m.renderAnalysis(shell));
  else renderHome(shell);
});
