// End-to-end tests: real `fourtable serve`, real headless Chromium. One file at
// a time and no parallel files: the machine has two cores shared with the server.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
