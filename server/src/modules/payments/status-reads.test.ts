import { PATHS, type TransactionStatusResult } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { cardRecharge, statusOf } from '../../test/payments.js';

/**
 * Status calls are answered from memory (status-cache.ts, docs/decisions/0060), and never stale once a change
 * was acknowledged: the instance that made it answers with it at once, another one within a second.
 */
type Envelope<T> = { result: T };

let keys = 0;
async function initiate(portal: TestPortal): Promise<string> {
  const initiated = await portal.request<Envelope<{ transactionId: string }>>(
    'POST',
    PATHS.initiate,
    cardRecharge(100, '8021000001'),
    { 'idempotency-key': `status-reads-${Date.now()}-${++keys}` },
  );
  expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
  return initiated.body.result.transactionId;
}

async function processPayment(portal: TestPortal, transactionId: string) {
  const processed = await portal.request('POST', PATHS.process, {
    transactionId,
    paymentMode: 'PAYMENT_GATEWAY',
    paymentGateway: 'paystack',
  });
  expect(processed.status, JSON.stringify(processed.body)).toBe(200);
}

/** Reads the status until `done` holds; the milliseconds it took (fails after `limitMs`). */
async function msUntil(
  portal: TestPortal,
  id: string,
  done: (status: TransactionStatusResult | undefined) => boolean,
  limitMs: number,
) {
  const start = performance.now();
  for (;;) {
    // An unknown transaction is a 404, whose envelope has no result.
    const status: TransactionStatusResult | undefined = await statusOf(portal, id);
    if (done(status)) return performance.now() - start;
    if (performance.now() - start > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(testDatabases())('status calls on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('are answered from memory until the database names the transaction as changed', async () => {
    const id = await initiate(portal);
    expect((await statusOf(portal, id)).transactionStatus).toBe('CREATED');

    // A change the database does not announce is not seen: the answer comes from memory.
    await portal.db.orm.execute(sql`ALTER TABLE transactions DISABLE TRIGGER transactions_change_notice`);
    await portal.db.orm.execute(
      sql`UPDATE transactions SET state = 'CANCELLED', status_reason = 'by hand' WHERE id = ${id}`,
    );
    await portal.db.orm.execute(sql`ALTER TABLE transactions ENABLE TRIGGER transactions_change_notice`);
    expect((await statusOf(portal, id)).transactionStatus).toBe('CREATED');

    // Any announced change, whoever makes it, is seen.
    await portal.db.orm.execute(
      sql`UPDATE transactions SET status_reason = 'by hand, told' WHERE id = ${id}`,
    );
    await msUntil(portal, id, (s) => s?.transactionStatus === 'CANCELLED', 1000);
    expect((await statusOf(portal, id)).statusReason).toBe('by hand, told');
  });

  it('show this instance’s own change as soon as it answered', async () => {
    const id = await initiate(portal);
    expect((await statusOf(portal, id)).transactionStatus).toBe('CREATED');
    await processPayment(portal, id);
    expect((await statusOf(portal, id)).transactionStatus).toBe('PENDING');
  });

  it('find a transaction that was unknown when first asked for, once it exists', async () => {
    const later = 'LATERTRANSACTION1';
    expect((await portal.request('GET', `${PATHS.status}?tid=${later}`)).status).toBe(404);
    expect((await portal.request('GET', `${PATHS.status}?tid=${later}`)).status).toBe(404);
    // A copy of a payment under that id, written behind the portal's back.
    const id = await initiate(portal);
    await portal.db.orm.execute(
      sql`INSERT INTO transactions SELECT (jsonb_populate_record(t, jsonb_build_object(
            'id', ${later}::text, 'idempotency_key', ${`copy-${id}`}::text))).*
          FROM transactions t WHERE id = ${id}`,
    );
    await msUntil(portal, later, (s) => s?.transactionStatus === 'CREATED', 1000);
  });
});

describe.runIf(process.env['TEST_DATABASE_URL'])('status calls on two instances of one PostgreSQL', () => {
  let a: TestPortal;
  let b: TestPortal;
  beforeAll(async () => {
    a = await startTestPortal('postgres', { keep: true });
    b = await startTestPortal('postgres', { reuse: { dataDir: a.dataDir, databaseUrl: a.databaseUrl } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('show a change acknowledged by one instance on the other within a second', async () => {
    const id = await initiate(a);
    expect((await statusOf(b, id)).transactionStatus).toBe('CREATED');
    expect((await statusOf(b, id)).transactionStatus).toBe('CREATED');
    await processPayment(a, id);
    expect((await statusOf(a, id)).transactionStatus).toBe('PENDING');
    expect(await msUntil(b, id, (s) => s?.transactionStatus === 'PENDING', 1000)).toBeLessThan(1000);
  });
});
