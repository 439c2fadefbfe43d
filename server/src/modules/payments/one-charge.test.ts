import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import {
  airtimeCredits,
  encryptPin,
  pathOf,
  paymentUniqueCode,
  pinAccessToken,
  statusOf,
  statusWhen,
} from '../../test/payments.js';
import { coreView, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';

const PAYER = '8021000001';

/**
 * One payment, one charge: however many `process` calls arrive at once (a double click, a retrying
 * network, two tabs), at most one charge is started; a retry after a timeout asks the provider about the
 * charge it may have started before starting another; and a charge the portal did not expect (a first
 * attempt paid after all) is found and refunded by reconciliation.
 */
describe.each(testDatabases())('at most one charge per payment (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind, { env: { RECONCILE_INTERVAL_SECONDS: '5' } });
  });
  afterAll(async () => {
    await portal?.close();
  });
  afterEach(async () => {
    await portal.request('DELETE', '/sandbox/faults');
  });

  const final = (id: string) =>
    statusWhen(portal, id, (s) => ['SUCCESS', 'FAILED'].includes(s.status), 20_000);
  /** An airtime payment of `amount` from PAYER to another line, authorised by a code and initiated. */
  const initiateAirtime = async (amount: number) => {
    const uniqueCode = await paymentUniqueCode(portal, PAYER, amount);
    const initiated = await portal.request<Envelope<{ transactionId: string }>>('POST', PATHS.initiate, {
      amount,
      mobileNumber: '8021000004',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'AIR_TIME',
      emailId: 'ada@example.com',
      paymentMobile: `0${PAYER}`,
      uniqueCode,
    });
    return initiated.body.result.transactionId;
  };
  /** Everything the transaction's work queued has run: no job of it is waiting or active. */
  const quiet = (id: string) =>
    eventually(async () => {
      const jobs = await portal.db.sql.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where data->>'transactionId' = $1
         and state in ('created', 'retry', 'active')`,
        [id],
      );
      return Number(jobs.rows[0]?.n) === 0 ? true : undefined;
    });
  const cardCharges = async (id: string) =>
    (
      await portal.db.sql.query<{ reference: string; status: string; access_code: string }>(
        `select reference, status, access_code from sandbox.card_transactions
         where reference = $1 or reference like $1 || '-%' order by id`,
        [id],
      )
    ).rows;

  /** Fires `count` identical requests at once, over real HTTP. */
  const together = <T>(count: number, call: () => Promise<T>) =>
    Promise.all(Array.from({ length: count }, () => call()));

  const expectOneStart = (answers: { status: number; body: Envelope<unknown> }[]) => {
    for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
  };

  it('four concurrent process calls of an airtime payment debit the payer once', async () => {
    const before = await coreView(portal, PAYER);
    const transactionId = await initiateAirtime(100);
    const answers = await together(4, () =>
      portal.request<Envelope<unknown>>('POST', PATHS.process, { transactionId, paymentMode: 'AIR_TIME' }),
    );
    expectOneStart(answers);
    expect((await final(transactionId)).status).toBe('SUCCESS');
    await quiet(transactionId);
    const after = await coreView(portal, PAYER);
    const debits = after.operations.filter(
      (o) => o.type === 'AIRTIME_DEBIT' && o.transactionId.startsWith(transactionId),
    );
    expect(debits).toHaveLength(1);
    expect(after.airtimeBalance).toBe(before.airtimeBalance - 100);
  });

  it('eight concurrent PIN process calls of a mobile-money payment debit the wallet once', async () => {
    const authorization = await pinAccessToken(portal, PAYER, 250);
    const initiated = await portal.request<
      Envelope<{ transactionId: string; encryptionKeyDetails: { key: string } }>
    >(
      'POST',
      PATHS.authInitiate,
      {
        amount: 250,
        mobileNumber: PAYER,
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'NAIJA_MONEY',
        paymentMobile: `0${PAYER}`,
      },
      { authorization },
    );
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
    const { transactionId, encryptionKeyDetails } = initiated.body.result;
    const amPin = encryptPin('1234', encryptionKeyDetails.key);
    const answers = await together(8, () =>
      portal.request<Envelope<unknown>>(
        'POST',
        PATHS.authProcess,
        { transactionId, paymentMode: 'NAIJA_MONEY', amPin },
        { authorization },
      ),
    );
    expectOneStart(answers);
    expect((await final(transactionId)).status).toBe('SUCCESS');
    await quiet(transactionId);
    const debits = (await coreView(portal, PAYER)).walletPayments.filter((p) =>
      p.reference.startsWith(transactionId),
    );
    expect(debits).toHaveLength(1);
    expect(debits[0]?.transactionId).toBe(transactionId);
  });

  const startCard = async (amount: number) => {
    const initiated = await portal.request<Envelope<{ transactionId: string }>>('POST', PATHS.initiate, {
      amount,
      mobileNumber: PAYER,
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
      emailId: 'ada@example.com',
    });
    return initiated.body.result.transactionId;
  };
  const processCard = (transactionId: string) =>
    portal.request<Envelope<{ redirectUrl?: string }>>('POST', PATHS.process, {
      transactionId,
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
    });
  const checkoutOf = (accessCode: string) => `${portal.baseUrl}/sandbox/paystack/checkout/${accessCode}`;

  it('four concurrent process calls of a card payment open one checkout at the gateway', async () => {
    const transactionId = await startCard(310);
    const answers = await together(4, () => processCard(transactionId));
    expectOneStart(answers);
    const urls = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.result.redirectUrl));
    expect(urls.size).toBe(1);
    expect(await cardCharges(transactionId)).toHaveLength(1);
  });

  /** A card start whose answer is lost: the gateway created the checkout after the portal gave up. */
  const startLostInTransit = async (amount: number) => {
    const transactionId = await startCard(amount);
    await portal.request('PATCH', '/sandbox/faults', { card: { latencyMs: 4000 } });
    const lost = await processCard(transactionId);
    expect(lost.status).toBe(503);
    await portal.request('DELETE', '/sandbox/faults');
    const [first] = await eventually(async () => {
      const charges = await cardCharges(transactionId);
      return charges.length > 0 ? charges : undefined;
    });
    return { transactionId, first: first! };
  };

  it('a retry after a timed-out start asks about the first charge and uses it when it was paid', async () => {
    const before = (await coreView(portal, PAYER)).airtimeBalance;
    const { transactionId, first } = await startLostInTransit(320);
    // The first checkout was completed after all (the gateway had sent the browser on).
    await payOnCheckout(checkoutOf(first.access_code), SUCCESS_CARD);
    const retry = await processCard(transactionId);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect((await final(transactionId)).status).toBe('SUCCESS');
    await quiet(transactionId);
    expect(await cardCharges(transactionId)).toHaveLength(1);
    expect(await airtimeCredits(portal, PAYER, transactionId)).toHaveLength(1);
    expect((await coreView(portal, PAYER)).airtimeBalance).toBe(before + 320);
  });

  it('a first attempt paid after a second was delivered is found by reconciliation and refunded', async () => {
    const { transactionId, first } = await startLostInTransit(330);
    const retry = await processCard(transactionId);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const callback = await payOnCheckout(retry.body.result.redirectUrl!, SUCCESS_CARD);
    await portal.request('GET', pathOf(callback));
    expect((await final(transactionId)).status).toBe('SUCCESS');
    // An old tab pays the first checkout too: the gateway now holds two charges for one purchase.
    await payOnCheckout(checkoutOf(first.access_code), SUCCESS_CARD);
    const refunded = await eventually(async () => {
      const charges = await cardCharges(transactionId);
      return charges.find((c) => c.reference === transactionId && c.status === 'reversed');
    }, 20_000);
    expect(refunded).toBeDefined();
    const charges = await cardCharges(transactionId);
    expect(charges.filter((c) => c.status === 'success')).toHaveLength(1);
    expect((await statusOf(portal, transactionId)).transactionStatus).toBe('FULFILLED');
  });

  it('a debit that lands after its payment was closed for want of one is refunded by reconciliation', async () => {
    const before = (await coreView(portal, PAYER)).airtimeBalance;
    const transactionId = await initiateAirtime(90);
    // The debit reaches the core 12 s after it was sent; the portal stops waiting after 3 s.
    await portal.request('PATCH', '/sandbox/faults', { core: { latencyMs: 12_000 } });
    const started = await portal.request('POST', PATHS.process, { transactionId, paymentMode: 'AIR_TIME' });
    expect(started.status).toBe(200);
    await portal.request('DELETE', '/sandbox/faults');
    // Asked meanwhile, the core has no such debit: the payment fails.
    expect((await final(transactionId)).transactionStatus).toBe('FAILED');
    const landed = await eventually(async () => {
      const debit = (await coreView(portal, PAYER)).operations.find(
        (o) => o.type === 'AIRTIME_DEBIT' && o.transactionId === transactionId,
      );
      return debit;
    }, 20_000);
    expect(landed.reversed).toBe(false);
    // Reconciliation finds the money taken for a failed payment, and gives it back.
    await eventually(
      async () => ((await coreView(portal, PAYER)).airtimeBalance === before ? true : undefined),
      45_000,
      1000,
    );
    await quiet(transactionId);
    const debits = (await coreView(portal, PAYER)).operations.filter(
      (o) => o.type === 'AIRTIME_DEBIT' && o.transactionId.startsWith(transactionId),
    );
    expect(debits.map((d) => d.reversed)).toEqual([true]);
    expect((await statusOf(portal, transactionId)).transactionStatus).toBe('FAILED');
  }, 90_000);
});
