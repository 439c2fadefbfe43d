/**
 * Partial paint (numbers, not pass/fail): a slow or busy phone paints a page before it has parsed all of its
 * HTML, and what is on screen then must not move when the rest arrives (decision 50). Loads each route in each
 * language on a phone's and a desktop's screen, BENCH_RUNS times (default 3), at BENCH_CPU times CPU slowdown
 * (default 6) in Debian's Chromium, and adds up the layout shifts until the page is attached (the same window
 * as e2e/tests/hydration.spec.ts). Prints per route and screen the worst and mean shift, and what moved.
 * BENCH_NETWORK=slow also holds the page to a slow mobile connection (400 kbit/s down, 400 ms round trip), on
 * which the HTML arrives in pieces and the browser paints between them.
 *
 *   npm run bench:partial-paint            (builds first)
 *   BENCH_RUNS=5 BENCH_LANGUAGES=,sw BENCH_ROUTES=/storeLocator,/hbb-lead npm run bench:partial-paint
 *   BENCH_NETWORK=slow BENCH_CPU=1 npm run bench:partial-paint
 */
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { SCREENS, type Screen } from '../../e2e/tests/cut-paint.js';
import { LANGUAGE_PREFIXES, ROUTES, withPortalAndBrowser } from './paint-bench.js';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const CPU = Number(process.env['BENCH_CPU'] ?? 6);
const SLOW_NETWORK = process.env['BENCH_NETWORK'] === 'slow';
/** Chrome's conditions for a slow mobile connection: bytes a second, and the round trip in ms. */
const SLOW = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
/** The hydration test's recorder: the layout shifts until the app is attached, and what moved. */
const RECORDER = fileURLToPath(new URL('../../e2e/tests/hydration-recorder.js', import.meta.url));

type ShiftRecord = { shift: number; moved: string[] };

async function load(browser: Browser, url: string, screen: Screen): Promise<ShiftRecord> {
  const context = await browser.newContext({ viewport: { width: screen.width, height: screen.height } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    if (SLOW_NETWORK) await cdp.send('Network.emulateNetworkConditions', SLOW);
    await page.addInitScript({ path: RECORDER });
    await page.goto(url);
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 60_000 });
    return (await page.evaluate('window.__hydration')) as ShiftRecord;
  } finally {
    await context.close();
  }
}

async function main() {
  await withPortalAndBrowser(7, async (portal, browser) => {
    let worstOfAll = 0;
    const network = SLOW_NETWORK ? ', on a slow mobile connection' : '';
    console.log(`partial paint: ${RUNS} loads each at ${CPU}x CPU slowdown${network}; shift until attached`);
    console.log('route | screen | worst | mean | what moved in the worst load');
    for (const prefix of LANGUAGE_PREFIXES) {
      for (const route of ROUTES) {
        for (const screen of SCREENS) {
          const loads: ShiftRecord[] = [];
          for (let run = 0; run < RUNS; run++)
            loads.push(await load(browser, `${portal.base}${prefix}${route}`, screen));
          const worst = loads.reduce((a, b) => (b.shift > a.shift ? b : a));
          const mean = loads.reduce((sum, l) => sum + l.shift, 0) / loads.length;
          worstOfAll = Math.max(worstOfAll, worst.shift);
          console.log(
            `${prefix}${route} | ${screen.name} | ${worst.shift.toFixed(5)} | ${mean.toFixed(5)} | ${worst.moved.join('; ')}`,
          );
        }
      }
    }
    console.log(`worst of all: ${worstOfAll.toFixed(5)} (the hydration test allows under 0.001)`);
  });
}

await main();
