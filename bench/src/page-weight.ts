/**
 * Page weight: the gzipped JavaScript and CSS a route loads, from the production build's manifest.
 * A route's weight is the entry (index.html) plus its route module (web/src/app/routes/<module>.tsx) and
 * their static imports. Prints numbers; the budget line says how the home route compares to 80 KB of JS.
 *
 * Usage: npm run bench:page-weight   (builds first)   or   node --import tsx bench/src/page-weight.ts
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const DIST = path.resolve('web/dist');
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
const HOME_BUDGET_KB = 80;

/** Each route and its route module (app/routes.tsx names them). */
const ROUTES: { route: string; module: string }[] = [
  { route: '/', module: 'home' },
  { route: '/prepaid-recharge', module: 'prepaid-recharge' },
  { route: '/postpaid-bill-pay', module: 'postpaid-bill-pay' },
  { route: '/data-bundle', module: 'data-bundle' },
  { route: '/broadband-recharge', module: 'broadband-recharge' },
  { route: '/orp/fixed-internet', module: 'fixed-internet' },
  { route: '/payment/start', module: 'payment-start' },
  { route: '/payment/status', module: 'payment-status' },
  { route: '/gethelp', module: 'gethelp' },
  { route: '/storeLocator', module: 'store-locator' },
  { route: '/openNetworks', module: 'coverage' },
];

function gzipKb(file: string): number {
  return gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length / 1024;
}

function closure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

function weigh(manifest: Record<string, Chunk>, keys: Set<string>) {
  let js = 0;
  let css = 0;
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    if (!files.has(chunk.file)) {
      files.add(chunk.file);
      js += gzipKb(chunk.file);
    }
    for (const c of chunk.css ?? []) {
      if (!files.has(c)) {
        files.add(c);
        css += gzipKb(c);
      }
    }
  }
  return { js, css };
}

if (!existsSync(MANIFEST)) {
  console.error(`No build manifest at ${MANIFEST}: run \`npm run build\` (vite build.manifest must be on).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const home = closure(manifest, entryKey);

console.log('route                    JS gzip KB   CSS gzip KB');
for (const { route, module } of ROUTES) {
  const keys = new Set(home);
  const routeKey = `src/app/routes/${module}.tsx`;
  if (!manifest[routeKey]) {
    console.log(`${route.padEnd(24)} (no route module ${routeKey} in the build)`);
    continue;
  }
  for (const k of closure(manifest, routeKey)) keys.add(k);
  // Parts the page itself loads as soon as it renders (the map) count towards the route.
  for (const dynamic of manifest[routeKey]!.dynamicImports ?? []) {
    if (/map|leaflet/i.test(dynamic)) for (const k of closure(manifest, dynamic)) keys.add(k);
  }
  const { js, css } = weigh(manifest, keys);
  console.log(`${route.padEnd(24)} ${js.toFixed(1).padStart(10)}   ${css.toFixed(1).padStart(11)}`);
  if (route === '/') {
    console.log(
      `  home route budget: ${HOME_BUDGET_KB} KB JS -> ${js <= HOME_BUDGET_KB ? 'within' : 'OVER'} (${js.toFixed(1)} KB)`,
    );
  }
}
