import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'coverage/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
      'vendor/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The few classic scripts index.html loads before the bundle (public/): plain browser JavaScript.
  { files: ['public/**/*.js'], languageOptions: { sourceType: 'script', globals: { window: 'readonly', document: 'readonly' } } },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-nocheck': true, 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The size caps count lines, so a line may not hide size: 160 characters, comments included. A line that is one
      // string and nothing else (a test's name, a fixture's sentence) or that holds a URL may be longer.
      'max-len': ['error', { code: 160, ignoreUrls: true, ignoreRegExpLiterals: true, ignorePattern: String.raw`^\s*(['"\x60]).*\1[,;)]*$` }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
          message: 'No .only or .skip in committed tests.',
        },
      ],
    },
  },
  // The API document (server/api-docs) describes a union by its members, which only src/contract/union.ts remembers.
  {
    files: ['src/contract/**/*.ts'],
    ignores: ['src/contract/union.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'superstruct', importNames: ['union'], message: "Import union from './union' so the API document can describe it." }] },
      ],
    },
  },
  // Browser specs take `test` from tests/e2e/support/test.ts: its fixtures send pages, requests and letters to the
  // worker's own gateway. A Playwright fixture that needs no other fixture names none (`async ({}, provide) => …`).
  {
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/support/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "Import test from tests/e2e/support/test.ts: it runs against the worker's gateway.",
            },
          ],
        },
      ],
    },
  },
  { files: ['tests/e2e/support/test.ts'], rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] } },
);
