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
import {
  around,
  cutsOf,
  paintCuts,
  SCREENS,
  SHIFT_LIMIT,
  withoutScripts,
  worstOf,
} from '../../e2e/tests/cut-paint.js';
import { LANGUAGE_PREFIXES, ROUTES, withPortalAndBrowser } from './paint-bench.js';

async function main() {
  await withPortalAndBrowser(8, async (portal, browser) => {
    let worstOfAll = 0;
    const page = await browser.newPage();
    console.log('cut paint: each page painted with its HTML cut at the end of each tag in its body');
    console.log(
      `route | screen | cuts | worst | cuts over ${SHIFT_LIMIT} | what moved at the worst cut | the cut`,
    );
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
            moved.filter((m) => m.score > SHIFT_LIMIT).length,
            worst?.moved.join('; ') ?? '',
            worst ? around(html, worst.cut) : '',
          ];
          console.log(row.join(' | '));
        }
      }
    }
    console.log(`worst of all: ${worstOfAll.toFixed(5)}`);
  });
}

await main();
