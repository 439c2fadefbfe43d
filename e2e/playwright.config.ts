import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the started portal (`npm run serve`: production server,
 * web/dist, sandbox mounted) on port 8090 with a fresh data directory per run.
 *
 * E2E_BASE_URL=http://host:port runs the same tests against a portal that is already running (nothing
 * is started then); the sandbox must be mounted there.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
// E2E_PORT moves the portal off 8090 when that port is taken (another run on the same machine).
const PORT = Number(process.env.E2E_PORT ?? 8090);
// Kept in the environment so the worker processes see the same value as the main process.
process.env.E2E_DATA_DIR ??= `./data/e2e-${Date.now()}`;
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${PORT}`;
// A second portal for the second market (MARKET=CD, dual currency) next to the first; the workers read
// its address from the environment. With E2E_BASE_URL, E2E_CD_BASE_URL names a CD portal to use too.
if (!external) process.env.E2E_CD_BASE_URL = `http://127.0.0.1:${PORT + 1}`;
// The first portal's card gateway answers on a second origin (below); the workers check that a payer gets there.
if (!external) process.env.E2E_CARD_CHECKOUT_ORIGIN = `http://localhost:${PORT}`;
const portal = (port: number, env: Record<string, string>) => ({
  command: 'npm run serve',
  cwd: root,
  // Every test comes from 127.0.0.1: the per-client limits (one-time codes per hour, requests per minute)
  // are raised for the suite, or a busy minute of tests is refused with 429s (the limits have their own tests).
  env: {
    PORT: String(port),
    OTP_SENDS_PER_CLIENT_PER_HOUR: '1000',
    // Many specs send codes to the one seeded line with airtime and wallets (8021000001): five an hour from one
    // address would refuse the sixth (it did, once a keyboard test was added).
    OTP_SENDS_PER_NUMBER_PER_HOUR: '1000',
    // The resend test fast-forwards the page's 60 s countdown on the browser's clock, not the server's; the
    // server's own wait has its test (server/src/modules/otp/otp.test.ts).
    OTP_RESEND_INTERVAL_SECONDS: '0',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Specs buy the same thing for the same number again and again; the paying-twice spec turns it on.
    DUPLICATE_PURCHASE_WINDOW_MINUTES: '0',
    ...env,
  },
  url: `http://127.0.0.1:${port}/readyz`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL,
    // Recording a trace of every test cost 18 % of the suite's time (Chromium's screencast and DOM snapshots,
    // kept only when a test fails); E2E_TRACE=1 records them again to look into a failure.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: external
    ? undefined
    : [
        portal(PORT, {
          DATA_DIR: process.env.E2E_DATA_DIR,
          // The card gateway on a second origin (this server by another name), as Paystack's is in
          // production: a plain form must be let leave for its hosted checkout (the CSP's form-action).
          CARD_GATEWAY_URL: `${process.env.E2E_CARD_CHECKOUT_ORIGIN}/sandbox/paystack`,
          CARD_CHECKOUT_ORIGIN: process.env.E2E_CARD_CHECKOUT_ORIGIN!,
        }),
        // It keeps no rendered page, so kept-pages.spec.ts sees a render per request.
        portal(PORT + 1, {
          DATA_DIR: `${process.env.E2E_DATA_DIR}-cd`,
          MARKET: 'CD',
          PAGE_CACHE_SECONDS: '0',
        }),
      ],
});
