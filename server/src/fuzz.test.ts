import { clientHeaders } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './test/harness.js';
import { fuzzOperation, routesToFuzz, type OpenApiDocument } from './test/fuzz-generators.js';

/**
 * Generated bad input over every API route of the OpenAPI document (test/fuzz-generators.ts: the same fuzz
 * `npm run bench:fuzz` sends 100,000 times and more). The server must answer each with a clear error in the
 * envelope - never a 5xx, never an unhandled rejection.
 */
const RUNS_PER_ROUTE = Number(process.env['FUZZ_RUNS'] ?? 60);

describe('bad input never breaks the server', () => {
  let portal: TestPortal;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    portal = await startTestPortal('pglite', {
      env: { OTP_SENDS_PER_NUMBER_PER_HOUR: '100000', OTP_SENDS_PER_CLIENT_PER_HOUR: '100000' },
    });
    process.on('unhandledRejection', onUnhandled);
  });
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await portal?.close();
  });

  it('answers every generated request below 500, in the error envelope', async () => {
    const doc = (
      await portal.app.inject({ method: 'GET', url: '/docs/openapi.json' })
    ).json<OpenApiDocument>();
    const operations = routesToFuzz(doc);
    expect(operations.length).toBeGreaterThan(10);
    // The spec's API key and service id, so that the fuzzed input reaches the routes' own checks.
    const headers = clientHeaders(portal.config.clientHeaders);
    let requests = 0;
    const failures: string[] = [];
    for (const op of operations) {
      const route = await fuzzOperation(portal.app, op, headers, RUNS_PER_ROUTE);
      requests += route.requests;
      failures.push(...route.failures);
    }
    console.log(
      `fuzz: ${requests} generated requests over ${operations.length} routes, ${failures.length} failures`,
    );
    expect(failures.slice(0, 5)).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 300_000);
});
