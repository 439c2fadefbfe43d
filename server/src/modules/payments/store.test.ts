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
});
