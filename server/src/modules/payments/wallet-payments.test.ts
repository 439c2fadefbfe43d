import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { encryptPin, paymentUniqueCode, pinAccessToken, statusOf, statusWhen } from '../../test/payments.js';
import { coreView } from '../../test/sandbox-client.js';

type Prompt = { id: string; reference: string; amount: number };

describe.each(testDatabases())('airtime and wallet payments through the sandbox (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const status = (id: string) => statusOf(portal, id);
  const finalStatus = (id: string) =>
    statusWhen(portal, id, (s) => ['SUCCESS', 'FAILED'].includes(s.status), 20_000);
  const accessToken = (number: string, amount: number) => pinAccessToken(portal, number, amount);
  /** The push prompt of a payment, once it has reached the payer's phone. */
  const promptFor = (transactionId: string) =>
    eventually(async () => {
      const prompts = (await portal.request<Prompt[]>('GET', '/sandbox/phone/8021000001/prompts')).body;
      return prompts.find((p) => p.reference === transactionId);
    });

  // A hybrid line holds airtime, so airtime is offered for its bill (a pure postpaid line's: airtime-options.test).
  it("airtime pays a hybrid line's bill after the payer verified a code for that amount", async () => {
    const payerBefore = (await coreView(portal, '8021000001')).airtimeBalance;
    const uniqueCode = await paymentUniqueCode(portal, '8021000001', 1000);
    const body = {
      amount: 1000,
      mobileNumber: '8021000003',
      accountId: '1000000003',
      transactionType: 'POSTPAID_BILL',
      paymentMode: 'AIR_TIME',
      emailId: 'ada@example.com',
      paymentMobile: '08021000001',
      uniqueCode,
    };
    // A code issued for 1,000 cannot pay 2,000.
    const other = await portal.request<Envelope<null>>('POST', PATHS.initiate, { ...body, amount: 2000 });
    expect(other.status).toBe(401);
    const initiated = await portal.request<Envelope<{ transactionId: string }>>('POST', PATHS.initiate, body);
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
    const transactionId = initiated.body.result.transactionId;
    // The code is spent: it cannot start a second payment.
    const reuse = await portal.request<Envelope<null>>('POST', PATHS.initiate, body);
    expect(reuse.status).toBe(401);
    await portal.request('POST', PATHS.process, { transactionId, paymentMode: 'AIR_TIME' });
    expect((await finalStatus(transactionId)).status).toBe('SUCCESS');
    const payer = await coreView(portal, '8021000001');
    expect(payer.airtimeBalance).toBe(payerBefore - 1000);
    const billPayer = await coreView(portal, '8021000003');
    expect(
      billPayer.operations.filter((o) => o.transactionId === transactionId && o.type === 'BILL_PAYMENT'),
    ).toHaveLength(1);
  });

  it("airtime recharges another prepaid line, never the payer's own", async () => {
    const recipientBefore = (await coreView(portal, '8021000004')).airtimeBalance;
    const uniqueCode = await paymentUniqueCode(portal, '8021000001', 150);
    const body = {
      amount: 150,
      mobileNumber: '8021000004',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'AIR_TIME',
      emailId: 'ada@example.com',
      paymentMobile: '08021000001',
      uniqueCode,
    };
    const itself = await portal.request<Envelope<null>>('POST', PATHS.initiate, {
      ...body,
      mobileNumber: '8021000001',
    });
    expect(itself.status).toBe(400);
    expect(itself.body.message).toBe(
      'Pay from another number: a line cannot recharge itself with its own airtime',
    );
    // The refusal came before the code was used: it still pays the transfer.
    const initiated = await portal.request<Envelope<{ transactionId: string }>>('POST', PATHS.initiate, body);
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
    const transactionId = initiated.body.result.transactionId;
    await portal.request('POST', PATHS.process, { transactionId, paymentMode: 'AIR_TIME' });
    expect((await finalStatus(transactionId)).status).toBe('SUCCESS');
    expect((await coreView(portal, '8021000004')).airtimeBalance).toBe(recipientBefore + 150);
    // 8021000004 is the seeded number with too little airtime; the next test needs it so.
    await portal.request('POST', '/sandbox/reset');
  });

  it('airtime without enough balance fails with the spec message and debits nothing', async () => {
    const uniqueCode = await paymentUniqueCode(portal, '8021000004', 1000);
    const initiated = await portal.request<Envelope<{ transactionId: string }>>('POST', PATHS.initiate, {
      amount: 1000,
      mobileNumber: '8021000003',
      accountId: '1000000003',
      transactionType: 'POSTPAID_BILL',
      paymentMode: 'AIR_TIME',
      emailId: 'ada@example.com',
      paymentMobile: '08021000004',
      uniqueCode,
    });
    const transactionId = initiated.body.result.transactionId;
    await portal.request('POST', PATHS.process, { transactionId, paymentMode: 'AIR_TIME' });
    const final = await finalStatus(transactionId);
    expect(final.status).toBe('FAILED');
    expect(final.statusReason).toBe("Looks like you don't have sufficient balance.");
    expect((await coreView(portal, '8021000004')).airtimeBalance).toBe(50);
  });

  it('mobile money with PIN: wrong PIN counts down, the right PIN pays, the PIN is never stored', async () => {
    const authorization = await accessToken('8021000001', 200);
    const body = {
      amount: 200,
      mobileNumber: '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'NAIJA_MONEY',
      paymentMobile: '08021000001',
    };
    const unauthorised = await portal.request<Envelope<null>>('POST', PATHS.authInitiate, body);
    expect(unauthorised.status).toBe(401);
    const initiated = await portal.request<
      Envelope<{ transactionId: string; encryptionKeyDetails: { key: string } }>
    >('POST', PATHS.authInitiate, body, { authorization });
    expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
    const { transactionId, encryptionKeyDetails } = initiated.body.result;
    const processWith = (pin: string) =>
      portal.request<Envelope<{ attemptsLeft?: number }>>(
        'POST',
        PATHS.authProcess,
        { transactionId, paymentMode: 'NAIJA_MONEY', amPin: encryptPin(pin, encryptionKeyDetails.key) },
        { authorization },
      );
    const wrong = await processWith('0000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.statusCode).toBe('1004');
    expect(wrong.body.result).toEqual({ attemptsLeft: 4 });
    const right = await processWith('1234');
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((await finalStatus(transactionId)).status).toBe('SUCCESS');
    const stored = await portal.db.sql.query<{ t: string }>(
      `select row_to_json(t)::text as t from transactions t where id = $1
       union all select row_to_json(e)::text from transaction_events e where transaction_id = $1`,
      [transactionId],
    );
    // As a whole value: an id or a time in microseconds can hold the same four digits.
    for (const row of stored.rows) expect(row.t).not.toMatch(/(?<![0-9A-Za-z])1234(?![0-9A-Za-z])/);
  });

  it('a locked mobile-money wallet is refused with 1006 and the unlock advice', async () => {
    const authorization = await accessToken('8021000006', 100);
    const initiated = await portal.request<
      Envelope<{ transactionId: string; encryptionKeyDetails: { key: string } }>
    >(
      'POST',
      PATHS.authInitiate,
      {
        amount: 100,
        mobileNumber: '8021000006',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'NAIJA_MONEY',
        paymentMobile: '08021000006',
      },
      { authorization },
    );
    const { transactionId, encryptionKeyDetails } = initiated.body.result;
    const res = await portal.request<Envelope<null>>(
      'POST',
      PATHS.authProcess,
      { transactionId, paymentMode: 'NAIJA_MONEY', amPin: encryptPin('1234', encryptionKeyDetails.key) },
      { authorization },
    );
    expect(res.body.statusCode).toBe('1006');
    expect(res.body.message).toContain('300');
    expect((await status(transactionId)).status).toBe('FAILED');
  });

  it.each([
    ['NAIJA_MONEY_PUSH', 'approve'],
    ['MPESA', 'approve'],
    ['NAIJA_MONEY_PUSH', 'decline'],
  ])('%s push prompt, subscriber chooses %s on the phone', async (paymentMode, action) => {
    const before = (await coreView(portal, '8021000001')).airtimeBalance;
    const initiated = await portal.request<Envelope<{ transactionId: string }>>('POST', PATHS.initiate, {
      amount: 150,
      mobileNumber: '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode,
      paymentMobile: '08021000001',
      emailId: 'ada@example.com',
    });
    const transactionId = initiated.body.result.transactionId;
    await portal.request('POST', PATHS.process, { transactionId, paymentMode });
    expect((await status(transactionId)).status).toBe('IN_PROCESS');
    const prompt = await promptFor(transactionId);
    const answered = await portal.request(
      'POST',
      `/sandbox/phone/8021000001/prompts/${prompt.id}/${action}`,
      action === 'approve' ? { pin: '1234' } : {},
    );
    expect(answered.status).toBeLessThan(400);
    const final = await finalStatus(transactionId);
    expect(final.status).toBe(action === 'approve' ? 'SUCCESS' : 'FAILED');
    const after = (await coreView(portal, '8021000001')).airtimeBalance;
    expect(after).toBe(action === 'approve' ? before + 150 : before);
  });

  it('a lost wallet callback is settled by asking the provider', async () => {
    await portal.request('PATCH', '/sandbox/faults', { wallets: { dropCallbacksNext: 1 } });
    const initiated = await portal.request<Envelope<{ transactionId: string }>>('POST', PATHS.initiate, {
      amount: 120,
      mobileNumber: '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'MPESA',
      emailId: 'ada@example.com',
      paymentMobile: '08021000001',
    });
    const transactionId = initiated.body.result.transactionId;
    await portal.request('POST', PATHS.process, { transactionId, paymentMode: 'MPESA' });
    const prompt = await promptFor(transactionId);
    await portal.request('POST', `/sandbox/phone/8021000001/prompts/${prompt.id}/approve`, { pin: '1234' });
    // No callback comes; the status poll (as the payment page does every 10 s) makes the portal ask.
    const final = await eventually(
      async () => {
        const s = await status(transactionId);
        return s.status === 'SUCCESS' ? s : undefined;
      },
      25_000,
      1000,
    );
    expect(final.transactionStatus).toBe('FULFILLED');
    await portal.request('PATCH', '/sandbox/faults', { wallets: { dropCallbacksNext: 0 } });
  });
});
