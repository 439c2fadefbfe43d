/**
 * Test scaffolding (not a test): a Fastify app with the sandbox on an in-memory PGlite, and a tiny listening
 * receiver standing in for the portal's webhook and callback endpoints.
 */
import { readFileSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { migrateSandbox, resetSandbox, sandboxPlugin, type SandboxDb } from './index.js';

export const CARD_SECRET = 'sk_test_sandbox_secret';
export const WALLET_SECRET = 'wallet-callback-secret';
export const DPO_COMPANY_TOKEN = '5A1D0B0C-0000-4000-8000-00000000D0D0';
export const AUTH = { authorization: `Bearer ${CARD_SECRET}` };

export interface Received {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  body: Record<string, unknown>;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status codes to answer with, in order; 200 once they run out. */
  replies: number[];
  /**
   * Waits for `count` deliveries whose body mentions `reference` (deliveries are asynchronous: one caused by an
   * earlier test may still arrive, so tests pick theirs by reference).
   */
  waitFor(count: number, reference: string, timeoutMs?: number): Promise<Received[]>;
  of(reference: string): Received[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const app = Fastify();
  const received: Received[] = [];
  const replies: number[] = [];
  // Keep the raw body: signatures are over the exact bytes sent.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/*', async (req, reply) => {
    const rawBody = String(req.body);
    received.push({
      url: req.url,
      headers: req.headers,
      rawBody,
      body: JSON.parse(rawBody) as Record<string, unknown>,
    });
    return reply.code(replies.shift() ?? 200).send({ ok: true });
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const of = (reference: string) => received.filter((r) => r.rawBody.includes(JSON.stringify(reference)));
  return {
    url: address,
    received,
    replies,
    of,
    async waitFor(count, reference, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mine = of(reference);
        if (mine.length >= count) return mine;
        if (Date.now() > deadline)
          throw new Error(`expected ${count} deliveries for ${reference}, got ${mine.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => app.close(),
  };
}

export interface TestSandbox {
  app: FastifyInstance;
  db: SandboxDb;
  receiver: Receiver;
  configPatches: Record<string, unknown>[];
  resets: { count: number };
  close(): Promise<void>;
}

/**
 * In-memory PGlite by default. With SANDBOX_TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)
 * each test file gets its own fresh database on that PostgreSQL server, through a pg.Pool: the same suite then
 * proves the SQL on PostgreSQL 15 and the one-statement-per-call rule on a pool.
 */
async function openDatabase(): Promise<{ db: SandboxDb; close: () => Promise<void> }> {
  const url = process.env.SANDBOX_TEST_DATABASE_URL;
  if (!url) {
    const lite = new PGlite();
    return { db: lite, close: () => lite.close() };
  }
  const { default: pg } = await import('pg');
  const name = `sandbox_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: target.toString(), max: 8 });
  return {
    db: pool,
    async close() {
      await pool.end();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

/** `ownBaseUrl`: the sandbox serves its pages from a base of its own (in a process apart from the portal). */
export async function startSandbox(options: { ownBaseUrl?: string } = {}): Promise<TestSandbox> {
  const { db, close: closeDb } = await openDatabase();
  await migrateSandbox(db);
  const receiver = await startReceiver();
  const configPatches: Record<string, unknown>[] = [];
  const resets = { count: 0 };
  const app = Fastify();
  await app.register(sandboxPlugin, {
    prefix: '/sandbox',
    db,
    portalBaseUrl: () => receiver.url,
    ...(options.ownBaseUrl ? { ownBaseUrl: () => options.ownBaseUrl! } : {}),
    cardSecretKey: CARD_SECRET,
    dpoCompanyToken: DPO_COMPANY_TOKEN,
    walletCallbackSecret: WALLET_SECRET,
    onConfigPatch: async (patch) => {
      configPatches.push(patch);
      return { enableAmPin: false, ...patch };
    },
    onReset: async () => {
      resets.count += 1;
    },
  });
  await app.ready();
  return {
    app,
    db,
    receiver,
    configPatches,
    resets,
    async close() {
      await app.close();
      await receiver.close();
      await closeDb();
    },
  };
}

/**
 * One sandbox for a test file: started before its tests (handed to `started`), closed after them, and emptied
 * before each test: its state, the deliveries the receiver took and the answers it was told to give.
 */
export function sandboxPerTestFile(started: (sandbox: TestSandbox) => void): void {
  let sandbox: TestSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox();
    started(sandbox);
  });
  afterAll(async () => sandbox?.close());
  beforeEach(async () => {
    await resetSandbox(sandbox!.db);
    sandbox!.receiver.received.length = 0;
    sandbox!.receiver.replies.length = 0;
  });
}

export function hmac(algorithm: 'sha256' | 'sha512', key: string, body: string): string {
  return createHmac(algorithm, key).update(body).digest('hex');
}

// ---- Paystack's OpenAPI description as JSON Schema -----------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** OpenAPI 3.0 `nullable: true` becomes JSON Schema's type [..., 'null'] (or nothing, when any type is allowed). */
function convertNullable(node: Json): Json {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) out[key] = convertNullable(value);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

let paystackAjv: Ajv | undefined;

/** A validator for `#/components/schemas/<name>` of reference/paystack.yaml. */
export function paystackSchema(name: string): ValidateFunction {
  if (!paystackAjv) {
    const doc = parse(readFileSync(new URL('../reference/paystack.yaml', import.meta.url), 'utf8')) as Json;
    const components = (doc as { components: Json }).components;
    paystackAjv = new Ajv({ strict: false, allErrors: true, logger: false });
    addFormats(paystackAjv);
    paystackAjv.addSchema({ $id: 'paystack', components: convertNullable(components) } as object);
  }
  return paystackAjv.compile({ $ref: `paystack#/components/schemas/${name}` });
}

/** Asserts a body against a schema with readable errors. */
export function expectSchema(name: string, body: unknown): void {
  const validate = paystackSchema(name);
  if (!validate(body)) {
    throw new Error(
      `${name}: ${JSON.stringify(validate.errors, null, 2)}\nbody: ${JSON.stringify(body, null, 2)}`,
    );
  }
}
