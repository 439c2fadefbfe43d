// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/*
 * The architecture of design.md §2, kept by lint rules rather than convention. ESLint's own
 * no-restricted-imports works on the import text, so it needs no module resolver: every rule below is
 * written against the ways this code base imports (workspace names, the web's '@/' alias, relative paths).
 */
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
  'offline',
  'tariffs',
];

/** @param {string} regex @param {string} message */
const ban = (regex, message) => ({ regex, message });

const EVERYWHERE = [
  ban('^@portal/sandbox(/|$)', 'Only server/src/sandbox-mount.ts mounts the sandbox.'),
  ban('^@portal/server(/|$)', 'Nothing imports the server.'),
];
const CONTRACT = [
  ban('^@portal/(server|web|sandbox|content|deploy)(/|$)', 'The contract imports nothing of ours.'),
  ban('^(\\.\\./)+(server|web|sandbox|content)/', 'The contract imports nothing of ours.'),
];
const SANDBOX = [
  ...EVERYWHERE,
  ban('^@portal/web(/|$)', 'The sandbox stands apart from the portal.'),
  ban('^(\\.\\./)+(server|web)/', 'The sandbox stands apart from the portal.'),
];
const SERVER_MODULES = [
  ...EVERYWHERE,
  ban('^(\\.\\./)+(modules/)?[a-z-]+/store(\\.js)?$', "Call the other module's service, not its store."),
];
const WEB_BASE = [
  ...EVERYWHERE,
  ban('^@portal/content(/|$)', 'The web reads content through the API.'),
  ban('^(\\.\\./)+(server|sandbox|content)/', 'The web talks to the server only through lib/api.'),
];
const WEB = [
  ...WEB_BASE,
  ban(
    '^@/server(/|$)',
    "web/src/server (the plain forms' handlers) is the server render's alone: entry-server.",
  ),
];
const SHARED_WEB = [
  ...WEB,
  ban('^@/(features|app)(/|$)', 'Shared code (ui/, domain/, lib/) never imports features or the app.'),
  ban(
    '^(\\.\\./)+(features|app)(/|$)',
    'Shared code (ui/, domain/, lib/) never imports features or the app.',
  ),
];
const PRESENTATIONAL = 'ui/ only presents: what calls the API or holds domain rules lives in domain/.';
const UI = [
  ...SHARED_WEB,
  ban('^@/domain(/|$)', PRESENTATIONAL),
  ban('^(\\.\\./)+domain(/|$)', PRESENTATIONAL),
  ban('^@/lib/api(\\.[jt]s)?$', PRESENTATIONAL),
  ban('^(\\.\\./)+lib/api(\\.[jt]s)?$', PRESENTATIONAL),
];
/** ui/ neither fetches nor navigates: react-query's data hooks and react-router's navigation stay out. */
const UI_NAMED = [
  {
    name: '@tanstack/react-query',
    importNames: [
      'useQuery',
      'useQueries',
      'useSuspenseQuery',
      'useInfiniteQuery',
      'useMutation',
      'useQueryClient',
    ],
    message: PRESENTATIONAL,
  },
  {
    name: 'react-router',
    importNames: ['useNavigate', 'Navigate', 'redirect', 'useSubmit', 'useFetcher', 'Form'],
    message:
      'ui/ never navigates: the feature or domain/ component that uses it does (a plain Link is fine).',
  },
];
/** @param {string} feature */
const featureRules = (feature) => {
  const others = FEATURES.filter((f) => f !== feature).join('|');
  return [
    ...WEB,
    ban(
      `^@/features/(?!${feature}/)`,
      'A feature never imports another feature: share through ui/, domain/ or lib/.',
    ),
    ban(
      `^(\\.\\./)+(features/)?(${others})(/|$)`,
      'A feature never imports another feature: share through ui/, domain/ or lib/.',
    ),
  ];
};

/**
 * @param {string[]} files @param {{regex: string, message: string}[]} patterns
 * @param {{name: string, importNames: string[], message: string}[]} [paths] named imports banned
 */
const restrict = (files, patterns, paths = []) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns, paths }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  restrict(['**/*.{js,ts,tsx}'], EVERYWHERE),
  restrict(['contract/**'], CONTRACT),
  restrict(['sandbox/**'], SANDBOX),
  restrict(['server/src/modules/**'], SERVER_MODULES),
  restrict(['web/**'], WEB),
  restrict(['web/src/entry-server.tsx', 'web/src/server/**'], WEB_BASE),
  restrict(['web/src/lib/**', 'web/src/domain/**'], SHARED_WEB),
  restrict(['web/src/ui/**'], UI, UI_NAMED),
  ...FEATURES.map((f) => restrict([`web/src/features/${f}/**`], featureRules(f))),
  {
    files: ['server/src/sandbox-mount.ts', 'server/src/**/*.test.ts', 'e2e/**', 'bench/**', 'deploy/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Type-aware: a promise nobody awaits (a refund job, a charge) fails silently, so these are errors.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Zero import circles: a circle makes load order matter and hides which module owns what.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without a TypeScript parser for the modules it follows, the rule silently sees no imports there.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'web/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    // A lazy import() runs after both modules have loaded, so it cannot create a load-order circle.
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // Routes are HTTP only: they call their module's service, never a store or the tables (design.md §2).
    // Resolved paths, so every way of writing the import (relative, with or without .js) is caught.
    files: ['server/src/modules/*/routes.ts', 'server/src/modules/*/routes/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ['server/src/modules/*/routes.ts', 'server/src/modules/*/routes/**'],
              from: [
                'server/src/modules/*/store.ts',
                'server/src/modules/*/store/**',
                'server/src/modules/*/*/store.ts',
                'server/src/db/schema/**',
              ],
              message: "Routes call the module's service; the service calls the store.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
