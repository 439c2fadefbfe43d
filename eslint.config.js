// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver } from 'eslint-plugin-import-x';
import { fileURLToPath } from 'node:url';

const FEATURES = [
  'recharge',
  'bundles',
  'bill-pay',
  'broadband',
  'fixed-internet',
  'payment',
  'payment-status',
  'help',
  'store-locator',
  'coverage',
  'hbb-lead',
  'about',
  'home',
  'contact',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Resolve extensionless and '.js'-suffixed TypeScript imports (and the web's '@/' alias): an import the
      // resolver cannot find is silently skipped by no-restricted-paths, so without this the zones see nothing.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['import', 'default'],
          alias: { '@': [fileURLToPath(new URL('./web/src', import.meta.url))] },
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'off',
      // Architecture of design.md §2, kept by lint rather than convention.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Shared code never imports features or the app; contract imports nothing of ours.
            { target: './web/src/ui', from: ['./web/src/features', './web/src/app'] },
            { target: './web/src/lib', from: ['./web/src/features', './web/src/app'] },
            { target: './contract', from: ['./server', './web', './sandbox', './content'] },
            { target: './web', from: ['./server', './sandbox', './content'] },
            { target: './sandbox', from: ['./server', './web'] },
            // A feature never imports another feature.
            ...FEATURES.map((f) => ({
              target: `./web/src/features/${f}`,
              from: './web/src/features',
              except: [`./${f}`],
            })),
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@portal/sandbox', '@portal/sandbox/*'],
              message: 'Only server/src/sandbox-mount.ts mounts the sandbox.',
            },
            { group: ['@portal/server', '@portal/server/*'], message: 'Nothing imports the server.' },
          ],
        },
      ],
    },
  },
  {
    // A module's routes and services never reach into another module's store.
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/store', '../*/store.js', '../../modules/*/store.js'],
              message: "Call the other module's service, not its store.",
            },
            {
              group: ['@portal/sandbox', '@portal/sandbox/*'],
              message: 'Only server/src/sandbox-mount.ts mounts the sandbox.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/sandbox-mount.ts', 'server/src/**/*.test.ts', 'e2e/**', 'bench/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
