import { Writable } from 'node:stream';
import { PATHS } from '@portal/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/connection.js';
import { startTestPortal, type TestPortal } from '../test/harness.js';
import { registerHealth } from './health.js';
import { OneLineRequestLog } from './request-log.js';

describe('request logging', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite', { logger: { level: 'info', stream } });
  }, 180_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('writes one line per request: method, route, status and time', async () => {
    lines.length = 0;
    await portal.request('GET', `${PATHS.config}?code=NG`);
    const requestLines = lines.filter(
      (l) => l['msg'] !== undefined && String(l['msg']).startsWith('request'),
    );
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      method: 'GET',
      route: PATHS.config,
      status: 200,
      msg: 'request',
    });
    expect(typeof requestLines[0]!['ms']).toBe('number');
    expect(requestLines[0]!['reqId']).toBeTypeOf('string');
    expect(lines.some((l) => l['msg'] === 'incoming request')).toBe(false);
  });

  it('names the route of an unknown path as unmatched', async () => {
    lines.length = 0;
    await portal.request('GET', '/orp/bfe/api/portal-service/no-such-thing?msisdn=08021000001');
    expect(lines).toContainEqual(expect.objectContaining({ route: 'unmatched', status: 404 }));
    expect(JSON.stringify(lines)).not.toContain('8021000001');
  });
});

describe('health probes in the request log', () => {
  /** An app with the request log and the probes, its database answering as `up` says, logging at `level`. */
  async function probedApp(level: 'info' | 'debug') {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const state = { up: true };
    const db = {
      kind: 'pglite',
      ping: async () => {
        if (!state.up) throw new Error('database gone');
      },
    } as unknown as Database;
    const app = Fastify({
      loggerInstance: pino({ level }, stream) as FastifyBaseLogger,
      logController: new OneLineRequestLog(() => false),
    });
    await registerHealth(app, db, 5);
    app.get('/other', async () => ({ ok: true }));
    await app.ready();
    return { app, lines, state };
  }

  const requestLines = (lines: Record<string, unknown>[]) => lines.filter((l) => l['msg'] === 'request');

  it('writes an answered probe at debug, other requests at info as before', async () => {
    const { app, lines } = await probedApp('info');
    await app.inject({ url: PATHS.healthz });
    await app.inject({ url: PATHS.readyz });
    await app.inject({ url: '/other' });
    expect(requestLines(lines)).toEqual([
      expect.objectContaining({ level: 30, route: '/other', status: 200 }),
    ]);
    await app.close();

    const debug = await probedApp('debug');
    await debug.app.inject({ url: PATHS.healthz });
    await debug.app.inject({ url: PATHS.readyz });
    expect(requestLines(debug.lines)).toEqual([
      expect.objectContaining({ level: 20, route: PATHS.healthz, status: 200 }),
      expect.objectContaining({ level: 20, route: PATHS.readyz, status: 200 }),
    ]);
    await debug.app.close();
  });

  it('writes a failing probe at info', async () => {
    const { app, lines, state } = await probedApp('info');
    state.up = false;
    await vi.waitFor(async () => expect((await app.inject({ url: PATHS.readyz })).statusCode).toBe(503));
    expect(requestLines(lines).at(-1)).toMatchObject({ level: 30, route: PATHS.readyz, status: 503 });
    await app.close();
  });
});
