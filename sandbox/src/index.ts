import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { corePlugin } from './core.js';
import { objectBody, type SandboxContext, type SandboxOptions } from './context.js';
import { iso } from './db.js';
import { createDeliverer } from './deliver.js';
import { parseFaultPatch, readFaults, writeFaults, clearFaults } from './faults.js';
import { esc, page } from './html.js';
import { toLocalDisplay } from './msisdn.js';
import { dpoPlugin } from './dpo.js';
import { paystackPlugin } from './paystack-plugin.js';
import { phonePlugin } from './phone-page.js';
import { migrateSandbox, resetSandbox, SEED } from './seed.js';
import { smsPlugin } from './sms.js';
import { walletsPlugin } from './wallets.js';

/*
 * The sandbox: simulators of the systems the portal cannot reach here (operator core, SMS centre, Paystack and DPO
 * card gateways, mobile money / SmartCash / MPESA), as one Fastify plugin the server mounts under /sandbox in sandbox
 * mode. All state is in the `sandbox` schema of the portal's database, so any number of instances agree.
 */

export type { SandboxDb } from './db.js';
export type { SandboxOptions } from './context.js';
export type { Faults } from './faults.js';
export { migrateSandbox, resetSandbox };

function indexPage(prefix: string): string {
  const numbers = SEED.subscribers
    .map(
      (s) =>
        `<li>${esc(toLocalDisplay(s.msisdn))} (${esc(s.line_type)}${s.broadband ? ', broadband' : ''}):
  <a href="${esc(prefix)}/phone/${esc(s.msisdn)}">phone</a>,
  <a href="${esc(prefix)}/core/subscribers/${esc(s.msisdn)}">core view</a>,
  <a href="${esc(prefix)}/sms?to=${esc(s.msisdn)}">SMS inbox</a></li>`,
    )
    .join('\n');
  return page(
    'Sandbox',
    `<h1>Sandbox</h1>
<p>Simulated operator core, SMS centre, card gateway and wallets.</p>
<h2>Subscribers</h2>
<ul>${numbers}</ul>
<h2>Tools</h2>
<ul>
  <li><a href="${esc(prefix)}/faults">Fault knobs</a></li>
  <li><a href="${esc(prefix)}/deliveries">Webhooks and callbacks sent</a></li>
</ul>`,
  );
}

export const sandboxPlugin: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  // HTML forms (checkout, phone) post urlencoded bodies; the host app may already parse them.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  // `curl -XPOST -H 'content-type: application/json' .../reset`, or a test client that always names JSON, sends
  // no body: that is no body (each route says what it needs), not Fastify's 400 for empty JSON.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return json(request, String(body), done);
  });

  const shutdown = new AbortController();
  const deliverer = createDeliverer(options.db, app.log, shutdown.signal);
  app.addHook('onClose', async () => {
    shutdown.abort();
    await deliverer.idle();
  });
  const ctx: SandboxContext = { options, db: options.db, deliverer, signal: shutdown.signal };

  await app.register(corePlugin, { ...ctx, prefix: '/core' });
  await app.register(smsPlugin, { ...ctx, prefix: '/sms' });
  await app.register(paystackPlugin, { ...ctx, prefix: '/paystack' });
  await app.register(dpoPlugin, { ...ctx, prefix: '/dpo' });
  await app.register(walletsPlugin, ctx);
  await app.register(phonePlugin, { ...ctx, prefix: '/phone' });

  app.get('/', async (_req, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').send(indexPage(app.prefix)),
  );

  // Portal configuration (configData) changes at run time; the portal owns it, the sandbox only forwards.
  app.patch('/config', async (req, reply) => {
    const patch = objectBody(req.body);
    if (!patch)
      return reply.code(400).send({ error: 'INVALID_REQUEST', message: 'body must be a JSON object' });
    return options.onConfigPatch(patch);
  });

  app.post('/reset', async () => {
    await resetSandbox(options.db);
    await options.onReset();
    return { ok: true };
  });

  app.get('/faults', async () => readFaults(options.db));
  app.patch('/faults', async (req, reply) => {
    const knobs = parseFaultPatch(req.body);
    if (typeof knobs === 'string') return reply.code(400).send({ error: 'INVALID_REQUEST', message: knobs });
    await writeFaults(options.db, knobs);
    return readFaults(options.db);
  });
  app.delete('/faults', async () => {
    await clearFaults(options.db);
    return readFaults(options.db);
  });

  app.get<{ Querystring: { limit?: string } }>('/deliveries', async (req) => {
    const limit = Math.min(Math.max(Number(req.query.limit) || 50, 1), 500);
    const { rows } = await options.db.query<{
      id: unknown;
      kind: string;
      url: string;
      body: string;
      status: string;
      attempts: number;
      last_status: number | null;
      last_error: string | null;
      faults: string[];
      created_at: unknown;
      updated_at: unknown;
    }>('SELECT * FROM sandbox.deliveries ORDER BY id DESC LIMIT $1', [limit]);
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      url: r.url,
      status: r.status,
      attempts: r.attempts,
      lastStatus: r.last_status,
      lastError: r.last_error,
      faults: r.faults,
      body: JSON.parse(r.body) as unknown,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    }));
  });
};
