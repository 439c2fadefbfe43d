import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { newTransactionId } from './context.js';
import { createPaymentStore, type NewTransaction, type PaymentStore } from './store.js';

/**
 * The store's moves are single statements (decision 0061): they must keep what the transactions did
 * (decision 0002) - a move only from an allowed state, one winner among racing callers, and an event that
 * names the state the row really came from, even when another move committed while this one waited.
 */
describe.each(testDatabases())('payment store moves (%s)', (kind) => {
  let portal: TestPortal;
  let store: PaymentStore;
  beforeAll(async () => {
    // No jobs: the payment watch would take the adrift rows these tests claim themselves (a race a slow
    // machine lost: a refund claimed by the watch's job a second after it was inserted).
    portal = await startTestPortal(kind, { env: { RUN_JOBS: 'false' } });
    store = createPaymentStore(portal.db.orm);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const payment = (overrides: Partial<NewTransaction> = {}): NewTransaction => {
    const id = newTransactionId();
    return {
      id,
      idempotencyKey: `store-test-${id}`,
      requestHash: 'h',
      state: 'CREATED',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
      msisdn: '2348021000001',
      amountKobo: 123_450,
      currency: 'NGN',
      meta: { bundle: { dataMb: 1024 } },
      ...overrides,
    };
  };
  const events = async (id: string) =>
    (
      await portal.db.sql.query<{ from_state: string | null; to_state: string; reason: string | null }>(
        'select from_state, to_state, reason from transaction_events where transaction_id = $1 order by id',
        [id],
      )
    ).rows;

  it('inserts once per idempotency key, with its first event, and reads the row back as a select does', async () => {
    const row = payment();
    const first = await store.insertOnce(row);
    const again = await store.insertOnce({ ...row, id: newTransactionId() });
    expect(first.created).toBe(true);
    expect(again).toEqual({ row: first.row, created: false });
    expect(first.row).toEqual(await store.find(row.id));
    expect(first.row.amountKobo).toBe(123_450);
    expect(first.row.meta).toEqual({ bundle: { dataMb: 1024 } });
    expect(first.row.createdAt).toBeInstanceOf(Date);
    expect(await events(row.id)).toEqual([{ from_state: null, to_state: 'CREATED', reason: null }]);
  });

  it('moves only from an allowed state, stamps the time, sets the given columns and records the event', async () => {
    const row = payment({ state: 'PENDING' });
    await store.insertOnce(row);
    expect(await store.transition(row.id, 'FULFILLED')).toBeUndefined();
    const paid = await store.transition(row.id, 'PAID', {
      reason: 'verified',
      data: { source: 'test' },
      set: { meta: { verified: true }, startLeaseUntil: null },
    });
    expect(paid).toMatchObject({
      id: row.id,
      state: 'PAID',
      statusReason: 'verified',
      meta: { verified: true },
    });
    expect(paid!.paidAt).toBeInstanceOf(Date);
    expect(paid).toEqual(await store.find(row.id));
    expect((await events(row.id)).at(-1)).toEqual({
      from_state: 'PENDING',
      to_state: 'PAID',
      reason: 'verified',
    });
    expect(await store.transition('TXNOSUCHPAYMENT', 'PAID')).toBeUndefined();
  });

  it('lets one of many racing moves win, and writes one event for it', async () => {
    const row = payment({ state: 'PENDING' });
    await store.insertOnce(row);
    const targets = ['PAID', 'FAILED', 'CANCELLED', 'EXPIRED', 'PAID', 'FAILED'] as const;
    const moved = await Promise.all(targets.map((to) => store.transition(row.id, to)));
    const after = await events(row.id);
    const fromPending = after.filter((e) => e.from_state === 'PENDING');
    expect(fromPending).toHaveLength(1);
    // A CANCELLED or EXPIRED winner may still be moved on to PAID by a racing caller (a late confirmation, as
    // the state machine allows), once and from its new state; nothing else moves.
    const later = after.slice(2);
    expect(later.length).toBeLessThanOrEqual(1);
    for (const e of later)
      expect(e).toMatchObject({ from_state: fromPending[0]!.to_state, to_state: 'PAID' });
    expect(moved.filter((m) => m !== undefined)).toHaveLength(1 + later.length);
  });

  it('claims a start once among racing callers, counting the attempt in its event', async () => {
    const row = payment();
    await store.insertOnce(row);
    const claims = await Promise.all(Array.from({ length: 5 }, () => store.claimStart(row.id, 30)));
    const won = claims.filter((c) => c !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ state: 'STARTING', startAttempts: 1 });
    expect(won[0]!.startLeaseUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await events(row.id)).at(-1)).toEqual({
      from_state: 'CREATED',
      to_state: 'STARTING',
      reason: null,
    });
    // The lease holds off another claim until it runs out.
    expect(await store.claimStart(row.id, 30)).toBeUndefined();
  });

  it('lets one run at a time fulfil a paid payment, until its lease runs out; the first fixes the core deadline', async () => {
    const timing = { windowSeconds: 15, lateTrySeconds: 3, marginSeconds: 2 };
    const paidAt = new Date(Date.now() - 1_000);
    const row = payment({ state: 'PAID', paidAt });
    await store.insertOnce(row);
    expect(await store.claimFulfilment(payment().id, timing)).toBeUndefined();
    const claims = await Promise.all(Array.from({ length: 4 }, () => store.claimFulfilment(row.id, timing)));
    const first = claims.filter((c) => c !== undefined);
    expect(first).toHaveLength(1);
    // The window after payment, and the lease two seconds beyond it.
    expect(first[0]!.fulfilNotAfter!.getTime()).toBe(paidAt.getTime() + 15_000);
    expect(first[0]!.fulfilLeaseUntil!.getTime()).toBe(paidAt.getTime() + 17_000);
    expect(await store.claimFulfilment(row.id, timing)).toBeUndefined();
    // A run that died leaves its lease to run out; then the next run may go on, with the same deadline.
    await portal.db.sql.query(
      `update transactions set fulfil_lease_until = now() - interval '1 second' where id = $1`,
      [row.id],
    );
    const takeOver = await store.claimFulfilment(row.id, timing);
    expect(takeOver?.state).toBe('PAID');
    expect(takeOver!.fulfilNotAfter!.getTime()).toBe(paidAt.getTime() + 15_000);
    await store.transition(row.id, 'FULFILLED');
    await portal.db.sql.query(`update transactions set fulfil_lease_until = null where id = $1`, [row.id]);
    expect(await store.claimFulfilment(row.id, timing)).toBeUndefined();
  });

  it('gives a run that starts after the window a short late try as its deadline', async () => {
    const row = payment({ state: 'PAID', paidAt: new Date(Date.now() - 60_000) });
    await store.insertOnce(row);
    const before = Date.now();
    const claimed = await store.claimFulfilment(row.id, {
      windowSeconds: 15,
      lateTrySeconds: 3,
      marginSeconds: 2,
    });
    expect(claimed!.fulfilNotAfter!.getTime()).toBeGreaterThanOrEqual(before + 3_000 - 1_000);
    expect(claimed!.fulfilNotAfter!.getTime()).toBeLessThan(Date.now() + 3_000 + 1_000);
  });

  it('finds the payments nobody works on: a fulfilment whose lease ran out, a refund with no call under way', async () => {
    const timing = { windowSeconds: 15, lateTrySeconds: 3, marginSeconds: 2 };
    const working = payment({ state: 'PAID', paidAt: new Date() });
    const dead = payment({ state: 'PAID', paidAt: new Date() });
    const refund = payment({ state: 'REFUND_PENDING' });
    for (const row of [working, dead, refund]) await store.insertOnce(row);
    await store.claimFulfilment(working.id, timing);
    await store.claimFulfilment(dead.id, timing);
    await portal.db.sql.query(
      `update transactions set fulfil_lease_until = now() - interval '1 second' where id = $1`,
      [dead.id],
    );
    const ids = async () => (await store.adrift(5)).map((t) => t.id);
    expect(await ids()).toEqual(expect.arrayContaining([dead.id, refund.id]));
    expect(await ids()).not.toContain(working.id);
    // One refund call at a time; a failed one holds the next try back.
    expect((await store.claimRefund(refund.id, 10))?.id).toBe(refund.id);
    expect(await store.claimRefund(refund.id, 10)).toBeUndefined();
    expect(await ids()).not.toContain(refund.id);
    await store.holdRefund(refund.id, 0);
    expect(await ids()).toContain(refund.id);
  });

  it.runIf(kind === 'postgres')(
    'records the state the row came from when another move committed while this one waited for the row',
    async () => {
      const row = payment({ state: 'PENDING' });
      await store.insertOnce(row);
      const other = new pg.Client({ connectionString: portal.databaseUrl });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(`UPDATE transactions SET state = 'CANCELLED' WHERE id = $1`, [row.id]);
        const waiting = store.transition(row.id, 'PAID');
        // The move waits for the row lock (the database says so): nothing is moved until the other ends.
        await eventually(
          async () => {
            const waits = await other.query(
              `select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
            );
            return waits.rowCount ? true : undefined;
          },
          10_000,
          20,
        );
        await other.query('COMMIT');
        const paid = await waiting;
        expect(paid?.state).toBe('PAID');
        expect((await events(row.id)).at(-1)).toMatchObject({ from_state: 'CANCELLED', to_state: 'PAID' });
      } finally {
        await other.end();
      }
    },
  );

  it('finds the same recent purchase by number, product, account and invoice, an empty one only as empty', async () => {
    const msisdn = '2348029999001';
    const since = new Date(Date.now() - 60_000);
    const bill = payment({
      msisdn,
      state: 'PENDING',
      transactionType: 'POSTPAID_BILL',
      amountKobo: 2_500_000,
      accountId: 'PA0000000001',
      invoiceNumber: 'INV0000000102',
    });
    await store.insertOnce(bill);
    const asked = {
      msisdn,
      transactionType: 'POSTPAID_BILL',
      productCode: null,
      amountKobo: 2_500_000,
      since,
    };
    const same = { ...asked, accountId: 'PA0000000001', invoiceNumber: 'INV0000000102' };
    expect((await store.findRecentSame(same))?.id).toBe(bill.id);
    expect(await store.findRecentSame({ ...same, invoiceNumber: 'INV0000000101' })).toBeUndefined();
    expect(await store.findRecentSame({ ...same, invoiceNumber: null })).toBeUndefined();
    expect(await store.findRecentSame({ ...same, accountId: 'PA0000000009' })).toBeUndefined();
    expect(await store.findRecentSame({ ...same, accountId: null })).toBeUndefined();
    expect(await store.findRecentSame({ ...same, productCode: 'DATA_D_1GB' })).toBeUndefined();
    expect(await store.findRecentSame({ ...same, amountKobo: 2_500_100 })).toBeUndefined();
    expect(await store.findRecentSame({ ...same, since: new Date(Date.now() + 60_000) })).toBeUndefined();

    const bundle = payment({
      msisdn,
      state: 'PAID',
      transactionType: 'PREPAID_BUNDLES',
      productCode: 'DATA_D_1GB',
    });
    await store.insertOnce(bundle);
    const bundles = { ...asked, transactionType: 'PREPAID_BUNDLES', accountId: null, invoiceNumber: null };
    // A product is the purchase whatever its price then; no product is never the same as one.
    expect((await store.findRecentSame({ ...bundles, productCode: 'DATA_D_1GB', amountKobo: 1 }))?.id).toBe(
      bundle.id,
    );
    expect(await store.findRecentSame({ ...bundles, productCode: 'COMBO_W_500' })).toBeUndefined();
    expect(
      await store.findRecentSame({ ...bundles, productCode: null, amountKobo: bundle.amountKobo }),
    ).toBeUndefined();
  });

  it.runIf(kind === 'postgres')(
    "reads a number's recent purchases through its index, not the whole table",
    async () => {
      // Many numbers' past payments, and statistics on them, as a live table has.
      await portal.db.sql.query(
        `INSERT INTO transactions (id, idempotency_key, request_hash, state, transaction_type, payment_mode, msisdn,
           amount_kobo, currency, account_id, invoice_number, product_code, created_at, updated_at)
         SELECT 'TXPLAN' || n, 'plan-' || n, 'h', 'FULFILLED', 'POSTPAID_BILL', 'PAYMENT_GATEWAY',
           '23480' || lpad((n % 5000)::text, 8, '0'), 2500000, 'NGN', 'PA' || (n % 7), 'INV' || n, NULL,
           now() - (n || ' minutes')::interval, now() - (n || ' minutes')::interval
         FROM generate_series(1, 50000) AS n`,
      );
      await portal.db.sql.query('ANALYZE transactions');
      const sent: { text: string; values: unknown[] }[] = [];
      const own = pg.Client.prototype.query;
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        const [config, values] = args as [unknown, unknown];
        const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
        const given = Array.isArray(values) ? values : (config as { values?: unknown[] } | null)?.values;
        if (text && /from "transactions"/i.test(text)) sent.push({ text, values: given ?? [] });
        return (own as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof pg.Client.prototype.query;
      try {
        await store.findRecentSame({
          msisdn: '2348000000042',
          transactionType: 'POSTPAID_BILL',
          productCode: null,
          accountId: 'PA0',
          invoiceNumber: 'INV42',
          amountKobo: 2_500_000,
          since: new Date(Date.now() - 10 * 60_000),
        });
      } finally {
        pg.Client.prototype.query = own;
      }
      expect(sent).toHaveLength(1);
      const plan = await portal.db.sql.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${sent[0]!.text}`,
        sent[0]!.values,
      );
      const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(lines).toContain('transactions_msisdn_created_idx');
      expect(lines).not.toMatch(/Seq Scan on transactions/);
    },
  );
});
