import { afterEach, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { pathOf, startCardPayment, statusOf } from '../../test/payments.js';
import { coreView, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';
import { createHttpCore, type CorePort } from '../../upstream/core.js';
import { UpstreamError } from '../../upstream/http.js';

const NUMBER = '8021000001';

async function payByCard(portal: TestPortal, amount: number) {
  const { transactionId, redirectUrl } = await startCardPayment(portal, amount, { number: NUMBER });
  const callback = await payOnCheckout(redirectUrl, SUCCESS_CARD);
  await portal.request('GET', pathOf(callback));
  return transactionId;
}

describe.each(testDatabases())('money is never lost nor given twice (%s)', (kind) => {
  const open: TestPortal[] = [];
  afterEach(async () => {
    while (open.length) await open.pop()!.close();
  });

  it('a fulfilment the core refuses is reversed and refunded within 30 s, ending FAILED with a reason', async () => {
    let portalUrl = '';
    const real = createHttpCore({ baseUrl: () => `${portalUrl}/sandbox/core/api`, timeoutMs: 3000 });
    const refusingCore: CorePort = {
      ...real,
      apply: async (op) => {
        if (op.type === 'AIRTIME_CREDIT')
          throw new UpstreamError('client', 'core', 422, { error: 'BARRED' }, 'barred');
        return real.apply(op);
      },
    };
    const portal = await startTestPortal(kind, { ports: { core: refusingCore } });
    open.push(portal);
    portalUrl = portal.baseUrl;
    const before = (await coreView(portal, NUMBER)).airtimeBalance;
    const transactionId = await payByCard(portal, 600);
    const final = await eventually(async () => {
      const s = await statusOf(portal, transactionId);
      return s.transactionStatus === 'REFUNDED' ? s : undefined;
    }, 30_000);
    expect(final.status).toBe('FAILED');
    expect(final.statusReason).toMatch(/refunded/);
    const events = await portal.db.sql.query<{ to_state: string; created_at: Date }>(
      'select to_state, created_at from transaction_events where transaction_id = $1 order by id',
      [transactionId],
    );
    const paidAt = events.rows.find((e) => e.to_state === 'PAID')!.created_at;
    const refundedAt = events.rows.find((e) => e.to_state === 'REFUNDED')!.created_at;
    expect(new Date(refundedAt).getTime() - new Date(paidAt).getTime()).toBeLessThan(30_000);
    // The gateway holds the refund; the core gave nothing.
    const verify = await fetch(`${portal.baseUrl}/sandbox/paystack/transaction/verify/${transactionId}`, {
      headers: { authorization: `Bearer ${portal.config.secrets.cardSecretKey}` },
    });
    const verified = (await verify.json()) as { data: { status: string } };
    expect(verified.data.status).toBe('reversed');
    expect((await coreView(portal, NUMBER)).airtimeBalance).toBe(before);
    // The subscriber is told by SMS.
    const told = await eventually(async () => {
      const sms = (await portal.request<{ text: string }[]>('GET', `/sandbox/sms?to=${NUMBER}`)).body;
      return sms.find((m) => m.text.includes(transactionId));
    });
    expect(told.text).toMatch(/not successful/);
  });

  it('a payment confirmed while no worker runs is fulfilled once after a restart', async () => {
    // First life: the payment is confirmed, but the process "dies" before any job runs.
    const first = await startTestPortal(kind, { env: { RUN_JOBS: 'false' }, keep: true });
    const transactionId = await payByCard(first, 450);
    await eventually(async () =>
      (await statusOf(first, transactionId)).transactionStatus === 'PAID' ? true : undefined,
    );
    const before = (await coreView(first, NUMBER)).airtimeBalance;
    const reuse = { dataDir: first.dataDir, databaseUrl: first.databaseUrl };
    await first.close();

    // Second life on the same database: the queued fulfilment (or reconciliation) gives the value, once.
    const second = await startTestPortal(kind, { reuse });
    open.push(second);
    await eventually(
      async () => ((await statusOf(second, transactionId)).status === 'SUCCESS' ? true : undefined),
      30_000,
    );
    await new Promise((r) => setTimeout(r, 1500));
    const after = await coreView(second, NUMBER);
    expect(after.airtimeBalance).toBe(before + 450);
    expect(
      after.operations.filter((o) => o.transactionId === transactionId && o.type === 'AIRTIME_CREDIT'),
    ).toHaveLength(1);
  });
});
