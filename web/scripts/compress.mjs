// Run by npm after `build` (postbuild), so `npm run build -- --outDir X`
// still reaches vite. Precompresses the built client (dist/) for the server, which sends a file's
// .br or .gz form to a browser that accepts it (server/static_files.h): brotli
// at its best quality and gzip at level 9, made once at build time instead
// of on every request. A form that is not smaller than the file is not kept.
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const PACKED = /\.(?:js|css|html|svg|json|txt|map|webmanifest)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

if (!existsSync(dist)) {
  console.log('compress: no dist/ to precompress');
  process.exit(0);
}
// Forms left by an earlier build go first, then every file gets its own.
for (const file of [...files(dist)]) {
  if (file.endsWith('.br') || file.endsWith('.gz')) unlinkSync(file);
}
let count = 0;
for (const file of [...files(dist)]) {
  if (!PACKED.test(file)) continue;
  const raw = readFileSync(file);
  const forms = {
    '.br': brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    '.gz': gzipSync(raw, { level: 9 }),
  };
  for (const [suffix, packed] of Object.entries(forms)) {
    if (packed.length < raw.length) {
      writeFileSync(file + suffix, packed);
      count++;
    }
  }
}
console.log(`compress: ${count} precompressed files in dist/`);
