// ESLint for the web client (`npm run lint`, run by ctest as web_lint): the
// recommended JavaScript and TypeScript rules. Formatting is Prettier's
// business (`npm run format:check`), so no rule here is about layout.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', '.node/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // The client runs in the browser.
    files: ['src/**/*.ts', 'tests/unit/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Build scripts, configs and the end-to-end tests run on Node.
    files: ['scripts/**/*.mjs', '*.config.ts', 'tests/e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // Pages stay readable in parts: no function over 80 lines (a longer one
    // fails `npm run lint`). Counted are lines of code: comments (which say
    // why) and blank lines do not count against a function.
    files: ['src/pages/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    rules: {
      // A name starting with _ is unused on purpose (a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
