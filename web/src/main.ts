// Entry of index.html: the home/lobby page at `/`, a table at `/t/<id>`
// (the server answers both paths with this page, protocol 2.10).
import './style.css';
import { renderHome } from './pages/home';
import { renderTable, tableIdFromPath } from './pages/table';
import { mountShell } from './shell';

const id = tableIdFromPath(location.pathname);
mountShell((shell) => {
  if (id) renderTable(shell, id);
  else renderHome(shell);
});
