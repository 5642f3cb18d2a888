// ESLint (flat config) with typescript-eslint, run by `npm test` (npm run lint); see CONTRIBUTING.md.
// Only rules that catch real mistakes: eslint's and typescript-eslint's recommended sets, and the
// type-aware promise rules (a promise nobody awaits loses its errors: in an LSP handler the
// request never answers, in a test the assertion never runs). Formatting is prettier's.
// Violations that predate the linter, in files other work is changing, are recorded in
// eslint-suppressions.json (new ones fail; `npx eslint --prune-suppressions` drops fixed ones).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeGlobals = Object.fromEntries(
  [
    'process',
    'console',
    'URL',
    'Buffer',
    'fetch',
    'performance',
    'AbortController',
    'AbortSignal',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'queueMicrotask',
    'structuredClone',
  ].map((g) => [g, 'readonly']),
);

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', '.tsbuild/', '.vscode-test/', 'test-artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      // type-aware rules: each file is typed by the tsconfig of its part (the ones tsc -b checks)
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's test() and describe() return promises that the runner awaits
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // style, not mistakes: JSON-RPC payloads and ohm's semantics are untyped; regexes match aligned output
      '@typescript-eslint/no-explicit-any': 'off',
      'no-regex-spaces': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...nodeGlobals, __dirname: 'readonly', require: 'readonly', module: 'writable' } },
  },
  {
    // the e2e harness passes callbacks to page.evaluate: they run in the browser
    files: ['test/e2e/**/*.mjs'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly' } },
  },
);
