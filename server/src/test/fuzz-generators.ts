/**
 * The generated bad input of every API route, shared by the unit test (server/src/fuzz.test.ts, a few
 * thousand requests) and the bench (`npm run bench:fuzz`, 100,000 and more): the same fuzz at two sizes.
 * From the OpenAPI document: random JSON bodies, bodies with the route's own field names holding wrong
 * types and odd strings, cut-off JSON, and random query strings. The server must answer each below 500 and,
 * when it answers an error in JSON, in the error envelope with a message.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

export type Operation = { method: string; path: string; properties: string[]; query: string[] };
export type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; parameters?: { in: string; name: string }[] }>
  >;
};

export const oddString = fc.oneof(
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

export const oddValue = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

/** Every operation of the document but the sandbox's, with a path parameter filled with "fuzz". */
export function operationsOf(doc: OpenApiDocument): Operation[] {
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

/** Routes the OpenAPI document leaves out (operations, not API), fuzzed through their query strings. */
const OPERATIONAL: Operation[] = ['/healthz', '/readyz', '/metrics', '/docs/openapi.json'].map((path) => ({
  method: 'GET',
  path,
  properties: [],
  query: [],
}));

/** Every route the server answers without the web build: the API of the document and the operational ones. */
export function routesToFuzz(doc: OpenApiDocument): Operation[] {
  return [...operationsOf(doc), ...OPERATIONAL];
}

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

/** The generated requests of one operation, with the client headers the API requires (spec §7). */
export function requestsOf(op: Operation, headers: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const body = op.properties.length
    ? fc.oneof(
        fc.anything(),
        fc.dictionary(fc.constantFrom(...op.properties), oddValue, { maxKeys: op.properties.length }),
      )
    : fc.anything();
  const query = fc.dictionary(fc.constantFrom(...(op.query.length ? op.query : ['x'])), oddString, {
    maxKeys: 4,
  });
  const isGet = op.method === 'GET';
  return fc.tuple(body, query, fc.boolean()).map(([payload, params, cutOff]) => ({
    method: op.method,
    url: `${op.path}?${new URLSearchParams(params as Record<string, string>).toString()}`,
    headers: { ...headers, ...(isGet ? {} : { 'content-type': 'application/json' }) },
    ...(isGet
      ? {}
      : {
          payload: cutOff
            ? String(JSON.stringify(payload)).slice(0, 3000) + '}'
            : JSON.stringify(payload ?? null),
        }),
  }));
}

/** Why an answer breaks the rule (a 5xx, an error outside the envelope), or undefined when it keeps it. */
export function judge(request: FuzzRequest, status: number, contentType: string, body: string) {
  const what = `${request.method} ${request.url.slice(0, 200)}`;
  if (status >= 500) return `${what} -> ${status} ${body.slice(0, 200)}`;
  if (status >= 400 && contentType.includes('json')) {
    let answer: { status?: string; message?: string } = {};
    try {
      answer = JSON.parse(body) as typeof answer;
    } catch {
      return `${what} -> ${status} with a body that is not JSON`;
    }
    if (answer.status !== 'failure' || !answer.message)
      return `${what} -> unclear error ${body.slice(0, 200)}`;
  }
  return undefined;
}

export type RouteResult = {
  operation: Operation;
  requests: number;
  statuses: Record<number, number>;
  failures: string[];
};

/** Sends `runs` generated requests of one operation in process (fastify.inject) and judges each answer. */
export async function fuzzOperation(
  app: FastifyInstance,
  op: Operation,
  headers: Record<string, string>,
  runs: number,
  seed?: number,
): Promise<RouteResult> {
  const result: RouteResult = { operation: op, requests: 0, statuses: {}, failures: [] };
  await fc.assert(
    fc.asyncProperty(requestsOf(op, headers), async (request) => {
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      result.requests++;
      result.statuses[response.statusCode] = (result.statuses[response.statusCode] ?? 0) + 1;
      const failure = judge(
        request,
        response.statusCode,
        String(response.headers['content-type'] ?? ''),
        response.body,
      );
      if (failure) result.failures.push(failure);
      return true;
    }),
    { numRuns: runs, ...(seed === undefined ? {} : { seed }) },
  );
  return result;
}
