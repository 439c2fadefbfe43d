import { chromium, type Browser } from '@playwright/test';
import { PAINTED_ROUTES } from '../../e2e/tests/server-rendered-routes.js';
import { BASE_PORT, scratchDir, startPortal, stop, type Portal } from './portal.js';

/** What the paint benches (partial-paint.ts, cut-paint.ts) load: every language unless BENCH_LANGUAGES names some. */
export const LANGUAGE_PREFIXES = (process.env['BENCH_LANGUAGES'] ?? ',sw,ha,yo,ig,pcm')
  .split(',')
  .map((code) => (code ? `/${code}` : ''));
export const ROUTES = process.env['BENCH_ROUTES']?.split(',') ?? PAINTED_ROUTES;

/**
 * Runs `bench` with a portal serving the built pages (on BASE_PORT + `offset`, a fresh data directory) and
 * Debian's Chromium, and puts both away after it, whatever happens.
 */
export async function withPortalAndBrowser(
  offset: number,
  bench: (portal: Portal, browser: Browser) => Promise<void>,
): Promise<void> {
  const data = scratchDir();
  const portal = await startPortal(undefined, data.dir, {
    logLevel: 'warn',
    port: BASE_PORT + offset,
    env: { SERVE_WEB: 'true' },
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    await bench(portal, browser);
  } finally {
    await browser.close();
    await stop(portal.process);
    data.remove();
  }
}
