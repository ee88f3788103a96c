// Builds the client into dist/, which `fourtable serve` serves. The version and
// commit shown in every page's footer are read here, at build time: the version
// from the top-level CMakeLists.txt (one source of truth with the C++ side),
// the commit from git.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = resolve(import.meta.dirname, '..');

function projectVersion(): string {
  const cmake = readFileSync(resolve(root, 'CMakeLists.txt'), 'utf8');
  const m = /project\(\s*fourtable\s+VERSION\s+([0-9.]+)/.exec(cmake);
  if (!m) throw new Error('vite.config: no project VERSION in CMakeLists.txt');
  return m[1];
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  define: {
    __FT_VERSION__: JSON.stringify(projectVersion()),
    __FT_COMMIT__: JSON.stringify(gitCommit()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: true,
    rollupOptions: {
      input: { index: resolve(import.meta.dirname, 'index.html'), rules: resolve(import.meta.dirname, 'rules.html') },
      output: {
        // The interface dictionaries (src/i18n/en.ts …), one chunk a language,
        // named lang-<code> so scripts/size.mjs and the assets e2e test can
        // count the one a page loads.
        chunkFileNames: (chunk) =>
          /[\\/]src[\\/]i18n[\\/](?:en|tr|el|nl)\.ts$/.test(chunk.facadeModuleId ?? '')
            ? 'assets/lang-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
});
