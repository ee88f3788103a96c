// Measures what the table page ships (protocol 2.10: `/t/<id>` answers
// index.html): every JS and CSS file index.html loads, followed through the
// chunks they import statically (`from"./x.js"`, `import"./x.js"`), counted as
// the server sends them to a browser that accepts brotli: the precompressed
// .br file of the build (scripts/compress.mjs), else .gz, else the file. A
// dynamic `import("./x.js")` is a chunk the table page does not load at once
// (the player, leaderboard, game and analysis pages, the account panel):
// listed, not counted, except the interface dictionaries (assets/lang-*.js,
// one a language): the page loads the reader's one before it draws anything,
// so the largest of them is counted. tests/e2e/assets.test.ts measures the
// same through the running server.
// Usage: node scripts/size.mjs [--max-kib N]   (exit 1 over budget)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const seen = new Set();
const onDemand = new Set();
const queue = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const sentSize = (f) => {
  const form = ['.br', '.gz', ''].find((s) => existsSync(join(dist, f + s)));
  return { form, bytes: readFileSync(join(dist, f + form)).length };
};
const dictionaries = new Set();
while (queue.length) {
  const f = queue.shift();
  if (seen.has(f)) continue;
  seen.add(f);
  if (f.endsWith('.js')) {
    const text = readFileSync(join(dist, f), 'utf8');
    for (const m of text.matchAll(/\b(from|import)\s*(\(?)["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g)) {
      if (!m[2]) queue.push(`assets/${m[3]}`);
      else if (m[3].startsWith('lang-')) dictionaries.add(`assets/${m[3]}`);
      else onDemand.add(`assets/${m[3]}`);
    }
  }
}
if (dictionaries.size === 0) {
  console.error('no interface dictionary (assets/lang-*.js) found: the count would miss the words');
  process.exit(1);
}
const largest = [...dictionaries].sort((a, b) => sentSize(b).bytes - sentSize(a).bytes)[0];
for (const f of dictionaries) if (f !== largest) onDemand.add(f);
seen.add(largest);
let raw = 0;
let gz = 0;
for (const f of [...seen].sort()) {
  const buf = readFileSync(join(dist, f));
  const { form, bytes: z } = sentSize(f);
  raw += buf.length;
  gz += z;
  console.log(
    `${f.padEnd(40)} ${String(buf.length).padStart(8)} B  sent ${String(z).padStart(7)} B (${form || 'plain'})` +
      (f === largest ? '  the largest dictionary' : ''),
  );
}
for (const f of [...onDemand].filter((x) => !seen.has(x)).sort())
  console.log(`${f.padEnd(40)} on demand (not counted${dictionaries.has(f) ? `: ${sentSize(f).bytes} B` : ''})`);
console.log(`table page JS+CSS: ${raw} B raw, ${gz} B sent (${(gz / 1024).toFixed(1)} KiB)`);
const i = process.argv.indexOf('--max-kib');
if (i > 0) {
  const max = Number(process.argv[i + 1]) * 1024;
  if (gz > max) {
    console.error(`over budget: ${gz} B > ${max} B`);
    process.exit(1);
  }
  console.log(`within budget of ${process.argv[i + 1]} KiB`);
}
