import { PATHS } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { startCardPayment, statusOf } from '../../test/payments.js';
import { coreView, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';
import { JOBS } from './service.js';

const NUMBER = '8021000001';

/**
 * A payment closed without money (the browser said CANCELLED, or it expired) whose money arrives later
 * with the gateway's webhook lost: reconciliation asks the gateway again 5 minutes, 1 hour, 6 hours and
 * 24 hours after it closed, so the subscriber is never charged without value.
 */
describe.each(testDatabases())('closed payments are asked about again (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind, { env: { RECONCILE_INTERVAL_SECONDS: '5' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function cancelledCardPayment(amount: number) {
    const started = await startCardPayment(portal, amount, { number: NUMBER });
    const { transactionId, cancelToken } = started;
    // The popup was closed before paying: the return says CANCELLED and the gateway has no charge yet.
    await portal.request(
      'GET',
      `${PATHS.pgCallback('paystack')}?txref=${transactionId}&status=CANCELLED&cancelToken=${cancelToken}`,
    );
    expect((await status(transactionId)).transactionStatus).toBe('CANCELLED');
    return started;
  }

  const status = (id: string) => statusOf(portal, id);

  /** As if the payment had closed `seconds` ago (only while it is still closed). */
  const closedAgo = (id: string, seconds: number) =>
    portal.db.sql.query(
      `update transactions set updated_at = now() - make_interval(secs => $2)
        where id = $1 and state in ('CANCELLED', 'EXPIRED')`,
      [id, seconds],
    );

  const paidBy = async (id: string) =>
    (
      await portal.db.sql.query<{ data: { source?: string } }>(
        `select data from transaction_events where transaction_id = $1 and to_state = 'PAID'`,
        [id],
      )
    ).rows.map((r) => r.data.source);

  it('money that arrives after a cancel, with its webhook lost, is found and delivered once', async () => {
    const before = (await coreView(portal, NUMBER)).airtimeBalance;
    const { transactionId, redirectUrl } = await cancelledCardPayment(140);
    // The subscriber paid after all, and the gateway's notification never arrived.
    await portal.request('PATCH', '/sandbox/faults', { webhooks: { dropNext: 1 } });
    await payOnCheckout(redirectUrl, SUCCESS_CARD);
    expect((await status(transactionId)).transactionStatus).toBe('CANCELLED');

    // Five minutes after it closed, reconciliation asks the gateway and delivers.
    const final = await eventually(async () => {
      await closedAgo(transactionId, 5 * 60 + 1);
      const s = await status(transactionId);
      return s.status === 'SUCCESS' ? s : undefined;
    }, 30_000);
    expect(final.transactionStatus).toBe('FULFILLED');
    expect(await paidBy(transactionId)).toEqual(['reconcile:late']);
    const credits = (await coreView(portal, NUMBER)).operations.filter(
      (o) => o.transactionId === transactionId && o.type === 'AIRTIME_CREDIT',
    );
    expect(credits.map((c) => c.amount)).toEqual([140]);
    expect((await coreView(portal, NUMBER)).airtimeBalance).toBe(before + 140);
  }, 45_000);

  it('a payment that was never paid stays closed when asked again', async () => {
    const { transactionId } = await cancelledCardPayment(150);
    await closedAgo(transactionId, 60 * 60 + 1);
    const asOf = new Date();
    // Wait for a reconciliation run that started after the payment entered its one-hour window.
    await eventually(async () => {
      const { rows } = await portal.db.sql.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job
          where name = $1 and state = 'completed' and started_on > $2`,
        [JOBS.reconcile, asOf],
      );
      return (rows[0]?.n ?? 0) > 0 ? true : undefined;
    }, 20_000);
    expect(await status(transactionId)).toMatchObject({ transactionStatus: 'CANCELLED', status: 'FAILED' });
    expect(await paidBy(transactionId)).toEqual([]);
  }, 30_000);
});
