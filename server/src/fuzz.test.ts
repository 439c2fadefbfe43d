import { clientHeaders } from '@portal/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './test/harness.js';

/**
 * Generated bad input over every API route of the OpenAPI document: random JSON bodies, bodies with
 * the route's own field names holding wrong types and odd strings, and random query strings. The
 * server must answer each with a clear error in the envelope - never a 5xx, never an unhandled rejection.
 */
type Operation = { method: string; path: string; properties: string[]; query: string[] };

const RUNS_PER_ROUTE = Number(process.env['FUZZ_RUNS'] ?? 40);

const oddString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '\u0000',
    '😀'.repeat(50),
  ),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);
const oddValue = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

function operationsOf(doc: {
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; parameters?: { in: string; name: string }[] }>
  >;
}) {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/sandbox')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const schema = (
        op.requestBody as
          { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined
      )?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, 'fuzz'),
        properties: Object.keys(schema?.properties ?? {}),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return ops;
}

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
    const doc = (await portal.app.inject({ method: 'GET', url: '/docs/openapi.json' })).json();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(10);
    let requests = 0;
    const failures: string[] = [];

    for (const op of operations) {
      const body = op.properties.length
        ? fc.oneof(
            fc.anything(),
            fc.dictionary(fc.constantFrom(...op.properties), oddValue, { maxKeys: op.properties.length }),
          )
        : fc.anything();
      const query = fc.dictionary(fc.constantFrom(...(op.query.length ? op.query : ['x'])), oddString, {
        maxKeys: 4,
      });
      await fc.assert(
        fc.asyncProperty(body, query, fc.boolean(), async (payload, params, raw) => {
          requests++;
          const url = `${op.path}?${new URLSearchParams(params as Record<string, string>).toString()}`;
          // The spec's API key and service id, so that the fuzzed input reaches the routes' own checks.
          const headers = {
            ...clientHeaders(portal.config.clientHeaders),
            ...(op.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          };
          const response = await portal.app.inject({
            method: op.method as 'GET',
            url,
            headers,
            ...(op.method === 'GET'
              ? {}
              : {
                  payload: raw
                    ? String(JSON.stringify(payload)).slice(0, 3000) + '}'
                    : JSON.stringify(payload ?? null),
                }),
          });
          if (response.statusCode >= 500)
            failures.push(`${op.method} ${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
          if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
            const answer = response.json() as { status?: string; message?: string };
            if (answer.status !== 'failure' || !answer.message)
              failures.push(`${op.method} ${url} -> unclear error ${response.body.slice(0, 200)}`);
          }
          return true;
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    console.log(
      `fuzz: ${requests} generated requests over ${operations.length} routes, ${failures.length} failures`,
    );
    expect(failures.slice(0, 5)).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 300_000);
});
