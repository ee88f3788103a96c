import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __FT_VERSION__: '"0.0.0-test"', __FT_COMMIT__: '"test"' },
  test: { include: ['tests/unit/**/*.test.ts'], environment: 'node', setupFiles: ['tests/unit/setup.ts'] },
});
