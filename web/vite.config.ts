import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** The portal server (BFE, content, gateway return, sandbox) during development and preview. */
const BACKEND = 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(
  ['/orp', '/api', '/auth', '/sandbox', '/healthz', '/readyz'].map((prefix) => [prefix, { target: BACKEND }]),
);

/**
 * Vendor groups (the `manualChunks` of Rollup, `codeSplitting.groups` in Vite 8 / rolldown). The home route
 * loads only react, router, query and i18n; zod (the contract's form schemas) and leaflet land in their own chunks that only
 * lazily loaded routes pull in.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'forms', test: /node_modules[\\/]zod[\\/]/ },
  { name: 'map', test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/ },
  // The small modules every page loads with the entry, in one chunk rather than a request (and a few
  // hundred bytes of chunk) each.
  {
    name: 'shell',
    test: /web[\\/]src[\\/](lib[\\/](api|config|content|default-error-text|language|market|session-cache|query-client|sleep)\.ts|features[\\/]payment-status[\\/]utils[\\/]seen-key\.ts|ui[\\/](text-field|phone-input|loader|skeleton)\.tsx)$|contract[\\/]src[\\/](rules|paths|success|default-error-text)\.ts$/,
  },
];

/**
 * react-router's package exports point at its development build only; production builds use the
 * production build it also ships (no dev warnings, about a third smaller).
 */
const reactRouterProduction = fileURLToPath(
  new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * react-router's production build makes its components and contexts at module level without a pure annotation
 * (`var Form = React.forwardRef(...)`, then `Form.displayName = "Form"`), so the bundler keeps every one of them
 * and all they call, used or not: `<Form>`, `useSubmit`, `useFormAction`, `useFetcher`, `unstable_HistoryRouter`
 * (no page uses them) weighed 4.2 KB minified, 1.3 KB gzipped, on every page. Marked pure, and without the names
 * (only developer tools read `displayName`), what no page imports is left out. A later react-router whose build
 * no longer has this shape is said in the build's output, so the weight does not come back unnoticed.
 */
function routerTreeShaking(): Plugin {
  const ROUTER_CHUNK = /react-router[\\/]dist[\\/]production[\\/]chunk-\w+\.mjs$/;
  const MADE_AT_MODULE_LEVEL = /^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
  const DISPLAY_NAME = /^\w+\.displayName = "[^"]*";$/gm;
  return {
    name: 'portal:router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!ROUTER_CHUNK.test(id) || !code.includes('.displayName = ')) return null;
      const marked = code.replace(MADE_AT_MODULE_LEVEL, '$1/* @__PURE__ */ $2');
      if (marked === code) {
        this.warn(`react-router's build changed shape: its unused components stay in the bundle (${id})`);
        return null;
      }
      return { code: marked.replace(DISPLAY_NAME, ''), map: null };
    },
  };
}

/**
 * Builds (the browser's and the server's render) run on Preact's React-compatible runtime
 * (docs/decisions/0005): the home route drops from ~133 KB to ~77 KB of gzipped JS, and the server must
 * render with the runtime that hydrates. Development and unit tests run React itself.
 */
function runtime(command: string): 'react' | 'preact' {
  return command === 'build' ? 'preact' : 'react';
}

/**
 * What a lazily loaded route has Vite's loader fetch with it: its style sheets only. Its script chunks
 * come with the route module itself as the browser reads its imports; listing every route's chunks in the
 * entry would weigh on every first page (the home route's budget), and the server already names the first
 * page's chunks to the boot script.
 */
function stylesOnly(_file: string, deps: string[]): string[] {
  return deps.filter((dep) => dep.endsWith('.css'));
}

/**
 * The server's render bundle (docs/decisions/0050): `vite build --ssr src/entry-server.tsx`. Everything is
 * bundled (one React runtime, one Preact: a second copy of either breaks hooks), into one file that the
 * server imports once per market; it is written beside web/dist, never inside it, so it is not served.
 */
const ssrBuild = {
  outDir: 'dist-server',
  emptyOutDir: true,
  target: 'node20',
  rolldownOptions: { output: { codeSplitting: false } },
};

/**
 * The service worker (src/sw.ts, docs/decisions/0051), built by vite-plugin-pwa in injectManifest mode with
 * the web app manifest. Precached: only the icons and the manifest; the page hands the worker what it has
 * loaded, so installing it downloads nothing twice.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  injectManifest: { globPatterns: ['favicon.svg'] },
  manifest: {
    name: 'Naija Mobile self-service',
    short_name: 'Naija',
    description: 'Recharge airtime, buy data bundles and pay bills, even on a slow connection.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#c8102e',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

/**
 * Where the built assets are served from: ASSET_BASE_URL at build time (spec §9 "assets are rewritten to a
 * CDN path"), e.g. `https://cdn.example.com/portal/`; by default the portal itself ('/'). The server reads
 * the base back from the built index.html (server/src/modules/pages/document.ts).
 */
function assetBase(): string {
  const base = process.env['ASSET_BASE_URL']?.trim();
  if (!base) return '/';
  return base.endsWith('/') ? base : `${base}/`;
}

/** The version's one home, the root package.json (the server reads it through contract/src/version.ts). */
const APP_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The browser gets the version string alone, not the whole package.json.
  define: { 'import.meta.env.APP_VERSION': JSON.stringify(APP_VERSION) },
  base: assetBase(),
  plugins: [routerTreeShaking(), react(), ...(isSsrBuild || mode === 'test' ? [] : [pwa])],
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      ...(command === 'build' && mode === 'production'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : []),
      ...(runtime(command) === 'preact'
        ? [
            // react-i18next reaches useSyncExternalStore through this shim; Preact has it built in.
            {
              find: /^use-sync-external-store\/shim(\/index\.js)?$/,
              replacement: fileURLToPath(new URL('./src/runtime/preact-react.js', import.meta.url)),
            },
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
            {
              find: /^react$/,
              replacement: fileURLToPath(new URL('./src/runtime/preact-react.js', import.meta.url)),
            },
          ]
        : []),
    ],
  },
  // Merged into the `web` project of the root vitest.config.ts.
  test: { setupFiles: ['./src/testing/setup.ts'] },
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  ssr: { noExternal: true, target: 'node' as const },
  build: isSsrBuild
    ? ssrBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // bench/src/page-weight.ts reads which chunks each route loads from here.
        manifest: true,
        // Every browser we serve scripts to preloads modules itself; the polyfill would only add weight.
        modulePreload: { polyfill: false, resolveDependencies: stylesOnly },
        target: 'es2022',
        rolldownOptions: {
          output: {
            codeSplitting: { groups: vendorGroups },
          },
        },
      },
}));
