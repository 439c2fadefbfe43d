/**
 * `npm run bench:fuzz`: the generated bad input of server/src/fuzz.test.ts at scale - FUZZ_REQUESTS (100,000
 * by default) spread evenly over every API route of the OpenAPI document, sent in process (fastify.inject) to
 * a portal with the sandbox mounted on the embedded database. Prints the requests and the status codes per
 * route and the rate; fails (exit 1) on any 5xx, any error outside the envelope, any unhandled rejection.
 *
 *   npm run bench:fuzz
 *   FUZZ_REQUESTS=5000 FUZZ_SEED=42 npm run bench:fuzz
 */
import { clientHeaders } from '@portal/contract';
import { randomInt } from 'node:crypto';
import {
  fuzzOperation,
  routesToFuzz,
  type OpenApiDocument,
  type RouteResult,
} from '../../server/src/test/fuzz-generators.js';
import { startTestPortal } from '../../server/src/test/harness.js';

const REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 100_000);
const SEED = Number(process.env['FUZZ_SEED'] ?? randomInt(2 ** 31));

const unhandled: unknown[] = [];
process.on('unhandledRejection', (reason) => unhandled.push(reason));

const portal = await startTestPortal('pglite', {
  env: {
    // One client sends everything: the per-client limits would answer 429 to most of it.
    RATE_LIMIT_PER_MINUTE: '100000000',
    OTP_SENDS_PER_NUMBER_PER_HOUR: '100000000',
    OTP_SENDS_PER_CLIENT_PER_HOUR: '100000000',
  },
});
let failed = true;
try {
  const doc = (await portal.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json<OpenApiDocument>();
  const operations = routesToFuzz(doc);
  const runs = Math.ceil(REQUESTS / operations.length);
  console.log(
    `fuzz: ${operations.length} routes x ${runs} generated requests (seed ${SEED}), in process, embedded database`,
  );
  const headers = clientHeaders(portal.config.clientHeaders);
  const started = performance.now();
  const routes: RouteResult[] = [];
  for (const [i, op] of operations.entries()) {
    const t0 = performance.now();
    const route = await fuzzOperation(portal.app, op, headers, runs, SEED + i);
    routes.push(route);
    const statuses = Object.entries(route.statuses)
      .map(([status, n]) => `${status}:${n}`)
      .join(' ');
    console.log(
      `  ${`${op.method} ${op.path}`.padEnd(78)} ${String(route.requests).padStart(7)}  ${((route.requests / (performance.now() - t0)) * 1000).toFixed(0).padStart(5)}/s  ${statuses}${route.failures.length ? `  FAILURES ${route.failures.length}` : ''}`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const total = routes.reduce((n, r) => n + r.requests, 0);
  const byStatus: Record<string, number> = {};
  for (const r of routes)
    for (const [status, n] of Object.entries(r.statuses)) byStatus[status] = (byStatus[status] ?? 0) + n;
  const failures = routes.flatMap((r) => r.failures);
  console.log(
    `fuzz: ${total} requests over ${routes.length} routes in ${seconds.toFixed(0)} s (${(total / seconds).toFixed(0)} requests/s); ` +
      `status codes ${JSON.stringify(byStatus)}; ${failures.length} failures; ${unhandled.length} unhandled rejections`,
  );
  for (const f of failures.slice(0, 20)) console.log(`  failure: ${f}`);
  for (const u of unhandled.slice(0, 5)) console.log(`  unhandled rejection: ${String(u)}`);
  failed = failures.length > 0 || unhandled.length > 0;
} finally {
  await portal.close();
}
process.exit(failed ? 1 : 0);
