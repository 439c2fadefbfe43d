import { CALLS, type CallName } from '@portal/contract/calls';
import { ENDPOINTS } from '@portal/contract/endpoints';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { startTestPortal, type TestPortal } from './test/harness.js';

/** Every route's schema as the server registered it, by "METHOD path". */
const registered = vi.hoisted(() => new Map<string, unknown>());

// Each Fastify instance the app makes reports its routes as they are added (the app's own and the sandbox's).
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const make = ((options?: Parameters<typeof real.default>[0]) => {
    const app = real.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.set(`${method} ${route.url}`, route.schema);
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: make };
});

/**
 * The contract binds both sides: the web's client is typed from `ENDPOINTS` (contract/src/endpoints.ts); this
 * holds the server to the very same schema objects for each call the browser makes, so that a schema changed
 * for one side has changed for both.
 */
describe('the calls of the web are served with the contract endpoint schemas', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it.each(Object.keys(CALLS) as CallName[])('%s', (name) => {
    const { method, path } = CALLS[name];
    const schema = registered.get(`${method} ${path}`) as FastifySchema | undefined;
    expect(schema, `${method} ${path} is served`).toBeDefined();
    const endpoint = ENDPOINTS[name];
    const request = method === 'GET' ? schema!.querystring : schema!.body;
    if (request === undefined) {
      // A call without parameters: the table says so with an empty object.
      expect(endpoint.request).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((endpoint.request as z.ZodObject).shape)).toEqual([]);
    } else {
      expect(request).toBe(endpoint.request);
    }
    expect((schema!.response as Record<number, unknown>)[200]).toBe(endpoint.response);
  });
});
