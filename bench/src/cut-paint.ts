/**
 * Cut paint (numbers, not pass/fail): where a server-rendered page moves if the browser paints it with only
 * part of its HTML. partial-paint.ts loads pages on a slowed browser and sees the cuts the moment happens to
 * give; this one tries every cut (e2e/tests/cut-paint.ts; cut-paint.spec.ts holds every page to the hydration
 * test's limit). Prints, per route and screen, the worst cut's score, how many cuts score over 0.001, what
 * moved at the worst cut and where the HTML was cut.
 *
 *   npm run bench:cut-paint                                  (builds first)
 *   BENCH_LANGUAGES=,sw,ha BENCH_ROUTES=/table,/hbb-lead npm run bench:cut-paint
 */
import { chromium } from '@playwright/test';
import { around, cutsOf, paintCuts, SCREENS, withoutScripts, worstOf } from '../../e2e/tests/cut-paint.js';
import { SERVER_RENDERED_ROUTES } from '../../e2e/tests/server-rendered-routes.js';
import { BASE_PORT, scratchDir, startPortal, stop } from './portal.js';

const LANGUAGE_PREFIXES = (process.env['BENCH_LANGUAGES'] ?? ',sw,ha,yo,ig,pcm')
  .split(',')
  .map((code) => (code ? `/${code}` : ''));
const ROUTES = process.env['BENCH_ROUTES']?.split(',') ?? [
  ...SERVER_RENDERED_ROUTES,
  '/home-broadband',
  '/privacy-policy',
];
/** Over this a cut would fail the hydration test were a paint to fall on it. */
const LIMIT = 0.001;

async function main() {
  const data = scratchDir();
  const portal = await startPortal(undefined, data.dir, {
    logLevel: 'warn',
    port: BASE_PORT + 8,
    env: { SERVE_WEB: 'true' },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  let worstOfAll = 0;
  try {
    const page = await browser.newPage();
    console.log('cut paint: each page painted with its HTML cut at the end of each tag in its body');
    console.log(`route | screen | cuts | worst | cuts over ${LIMIT} | what moved at the worst cut | the cut`);
    for (const prefix of LANGUAGE_PREFIXES) {
      for (const route of ROUTES) {
        const response = await fetch(`${portal.base}${prefix}${route}`);
        const html = withoutScripts(await response.text(), portal.base);
        for (const screen of SCREENS) {
          const moved = await paintCuts(page, html, screen);
          const worst = worstOf(moved);
          worstOfAll = Math.max(worstOfAll, worst?.score ?? 0);
          const row = [
            `${prefix}${route}`,
            screen.name,
            cutsOf(html).length,
            (worst?.score ?? 0).toFixed(5),
            moved.filter((m) => m.score > LIMIT).length,
            worst?.moved.join('; ') ?? '',
            worst ? around(html, worst.cut) : '',
          ];
          console.log(row.join(' | '));
        }
      }
    }
    console.log(`worst of all: ${worstOfAll.toFixed(5)}`);
  } finally {
    await browser.close();
    await stop(portal.process);
    data.remove();
  }
}

await main();
