import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerWrongMethods } from './wrong-method.js';
import { sendNotFound } from './error-envelope.js';

async function appWithRoutes(options: { corsPreflight: boolean }) {
  const app = Fastify();
  const notFound = answerWrongMethods(app, sendNotFound, {
    hidden: (request) => request.url.startsWith('/hidden'),
  });
  app.setNotFoundHandler(notFound);
  app.post('/api/v1/bundle', () => ({ ok: true }));
  app.get('/api/v1/items/:id', () => ({ ok: true }));
  app.patch('/hidden/config', () => ({ ok: true }));
  // A catch-all answers every address; it must not make every address "allow" its method.
  if (options.corsPreflight) app.route({ method: 'OPTIONS', url: '*', handler: () => 'preflight' });
  app.get('/*', (request, reply) => notFound(request, reply));
  await app.ready();
  return app;
}

describe('an address asked with a method it does not take', () => {
  let app: Awaited<ReturnType<typeof appWithRoutes>>;
  let withCors: typeof app;
  beforeAll(async () => {
    app = await appWithRoutes({ corsPreflight: false });
    withCors = await appWithRoutes({ corsPreflight: true });
  });
  afterAll(async () => {
    await app.close();
    await withCors.close();
  });

  it('answers 405 with the methods it takes, in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/bundle?x=1' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toMatchObject({ statusCode: '405', status: 'failure' });
    expect(res.json().message).toBe('This address does not take this kind of request.');

    const put = await app.inject({ method: 'PUT', url: '/api/v1/items/42/' });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe('GET, HEAD');
  });

  it('answers in the language asked for', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/v1/bundle',
      headers: { 'accept-language': 'pcm' },
    });
    expect(res.json().message).toBe('Dis address no dey take dis kind request.');
  });

  it('tells OPTIONS what an address takes, and keeps 404 for what is not there or hidden', async () => {
    const options = await app.inject({ method: 'OPTIONS', url: '/api/v1/bundle' });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('POST');

    expect((await app.inject({ method: 'GET', url: '/api/v1/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/v1/items/1/2' })).statusCode).toBe(404);
    const hidden = await app.inject({ method: 'PUT', url: '/hidden/config' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers.allow).toBeUndefined();
  });

  it('leaves OPTIONS to CORS where it is on, and a catch-all does not widen what an address takes', async () => {
    const preflight = await withCors.inject({ method: 'OPTIONS', url: '/api/v1/bundle' });
    expect(preflight.body).toBe('preflight');
    const wrong = await withCors.inject({ method: 'GET', url: '/api/v1/bundle' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect((await withCors.inject({ method: 'PUT', url: '/api/v1/nothing' })).statusCode).toBe(404);
  });
});
