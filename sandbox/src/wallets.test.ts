import { describe, expect, it } from 'vitest';
import { hmac, WALLET_SECRET, sandboxPerTestFile, type TestSandbox } from './test-support.js';

let sb: TestSandbox;
sandboxPerTestFile((started) => (sb = started));

async function post(url: string, payload: Record<string, unknown>) {
  const res = await sb.app.inject({ method: 'POST', url, payload });
  return { status: res.statusCode, json: res.json() };
}

async function get(url: string) {
  const res = await sb.app.inject({ method: 'GET', url });
  return { status: res.statusCode, json: res.json() };
}

/** Sets the sandbox's fault switches through its HTTP interface. */
const setFaults = (faults: Record<string, unknown>) =>
  sb.app.inject({ method: 'PATCH', url: '/sandbox/faults', payload: faults });

/** Starts a push payment of NGN 1 at `path` (a collection, an STK push); the prompt it put on the phone. */
async function startPush(path: string, reference: string, msisdn = '8021000001') {
  await post(path, { reference, msisdn, amountKobo: 100, callbackUrl: '/cb' });
  const prompts = (await get(`/sandbox/phone/${msisdn}/prompts`)).json as { id: string; reference: string }[];
  return prompts.find((p) => p.reference === reference)!;
}

async function wallets(number: string) {
  return (await get(`/sandbox/core/subscribers/${number}`)).json.wallets;
}

const CALLBACK_PATH = '/orp/bfe/api/portal-service/transaction/v1/webhook/momo';

describe('mobile money push prompt and the phone', () => {
  async function collect(reference: string, amountKobo = 150_000) {
    return post('/sandbox/momo/api/collections', {
      reference,
      msisdn: '8021000001',
      amountKobo,
      currency: 'NGN',
      callbackUrl: CALLBACK_PATH,
      description: 'Airtime 0802 100 0001',
    });
  }

  it('shows the prompt on the phone; a wrong PIN counts; the right PIN pays and calls back signed', async () => {
    expect(await collect('MM-1')).toEqual({
      status: 202,
      json: { reference: 'MM-1', status: 'PENDING', duplicate: false },
    });
    expect((await collect('MM-1')).json).toMatchObject({ status: 'PENDING', duplicate: true });
    expect((await get('/sandbox/momo/api/collections/MM-1')).json).toMatchObject({
      reference: 'MM-1',
      status: 'PENDING',
      reason: null,
    });

    const prompts = (await get('/sandbox/phone/08021000001/prompts')).json;
    expect(prompts).toEqual([
      expect.objectContaining({
        provider: 'MOMO',
        reference: 'MM-1',
        amountKobo: 150_000,
        amount: 1500,
        merchant: 'Selfcare Portal',
      }),
    ]);
    const page = await sb.app.inject({ method: 'GET', url: '/sandbox/phone/8021000001' });
    expect(page.statusCode).toBe(200);
    for (const text of [
      '<h1>Phone 0802 100 0001</h1>',
      'NGN 1,500.00',
      '>PIN</label>',
      '>Approve</button>',
      '>Decline</button>',
    ]) {
      expect(page.body).toContain(text);
    }

    const id = prompts[0].id as string;
    // No PIN at all is asked for, and costs no attempt.
    expect(await post(`/sandbox/phone/8021000001/prompts/${id}/approve`, {})).toEqual({
      status: 400,
      json: { code: 'PIN_REQUIRED', message: 'Enter the PIN' },
    });
    const wrong = await post(`/sandbox/phone/8021000001/prompts/${id}/approve`, { pin: '0000' });
    expect(wrong).toEqual({
      status: 400,
      json: { code: '1004', message: 'Please enter correct PIN', attemptsLeft: 4 },
    });
    expect((await get('/sandbox/momo/api/collections/MM-1')).json.status).toBe('PENDING');

    const ok = await post(`/sandbox/phone/8021000001/prompts/${id}/approve`, { pin: '1234' });
    expect(ok).toEqual({ status: 200, json: { id, reference: 'MM-1', status: 'SUCCESSFUL' } });
    expect((await wallets('8021000001')).mobileMoney).toEqual({
      balance: 98_500,
      locked: false,
      pinAttemptsLeft: 5,
    });
    expect((await get('/sandbox/momo/api/collections/MM-1')).json).toMatchObject({
      status: 'SUCCESSFUL',
      amountKobo: 150_000,
    });
    expect((await get('/sandbox/phone/8021000001/prompts')).json).toEqual([]);

    const [callback] = await sb.receiver.waitFor(1, 'MM-1');
    expect(callback!.url).toBe(CALLBACK_PATH);
    expect(callback!.headers['x-sandbox-signature']).toBe(hmac('sha256', WALLET_SECRET, callback!.rawBody));
    expect(callback!.body).toMatchObject({ reference: 'MM-1', status: 'SUCCESSFUL', reason: null });

    // Answering twice is refused.
    expect((await post(`/sandbox/phone/8021000001/prompts/${id}/approve`, { pin: '1234' })).status).toBe(409);

    // Refund once.
    expect((await post('/sandbox/momo/api/refunds', { reference: 'MM-1' })).json).toMatchObject({
      status: 'REFUNDED',
      duplicate: false,
    });
    expect((await post('/sandbox/momo/api/refunds', { reference: 'MM-1' })).json).toMatchObject({
      duplicate: true,
    });
    expect((await wallets('8021000001')).mobileMoney.balance).toBe(100_000);
  });

  it('declining fails the prompt and calls back', async () => {
    await collect('MM-2');
    const [prompt] = (await get('/sandbox/phone/2348021000001/prompts')).json;
    expect(await post(`/sandbox/phone/8021000001/prompts/${prompt.id}/decline`, {})).toMatchObject({
      status: 200,
      json: { status: 'FAILED', reason: 'DECLINED' },
    });
    expect((await get('/sandbox/momo/api/collections/MM-2')).json).toMatchObject({
      status: 'FAILED',
      reason: 'DECLINED',
    });
    const [callback] = await sb.receiver.waitFor(1, 'MM-2');
    expect(callback!.body).toMatchObject({ reference: 'MM-2', status: 'FAILED', reason: 'DECLINED' });
    expect((await post('/sandbox/momo/api/refunds', { reference: 'MM-2' })).status).toBe(409);
  });

  it('works from the HTML forms, redirecting back with the outcome', async () => {
    await collect('MM-3', 2_000_000);
    const [prompt] = (await get('/sandbox/phone/8021000001/prompts')).json;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const wrong = await sb.app.inject({
      method: 'POST',
      url: `/sandbox/phone/8021000001/prompts/${prompt.id}/approve`,
      headers: form,
      payload: 'pin=9999',
    });
    expect(wrong.statusCode).toBe(303);
    const back = await sb.app.inject({ method: 'GET', url: String(wrong.headers.location) });
    expect(back.body).toContain('Wrong PIN. 4 attempts left.');
    const ok = await sb.app.inject({
      method: 'POST',
      url: `/sandbox/phone/8021000001/prompts/${prompt.id}/approve`,
      headers: form,
      payload: 'pin=1234',
    });
    const done = await sb.app.inject({ method: 'GET', url: String(ok.headers.location) });
    expect(done.body).toContain('Payment approved.');
    expect(done.body).toContain('No pending payment requests.');
    expect(done.body).toContain('NGN 80,000.00');
  });

  it('fails a prompt the wallet cannot pay', async () => {
    await collect('MM-4', 100_000_01);
    const [prompt] = (await get('/sandbox/phone/8021000001/prompts')).json;
    expect(
      (await post(`/sandbox/phone/8021000001/prompts/${prompt.id}/approve`, { pin: '1234' })).json,
    ).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      status: 'FAILED',
    });
    expect((await sb.receiver.waitFor(1, 'MM-4'))[0]!.body).toMatchObject({
      status: 'FAILED',
      reason: 'INSUFFICIENT_FUNDS',
    });
  });

  it('refuses a number without a wallet and a reused reference', async () => {
    expect(
      await post('/sandbox/momo/api/collections', {
        reference: 'X',
        msisdn: '8021000004',
        amountKobo: 100,
        callbackUrl: '/cb',
      }),
    ).toMatchObject({ status: 404, json: { code: '4001' } });
    await collect('MM-5');
    expect((await collect('MM-5', 1)).status).toBe(409);
  });

  it('a locked wallet fails its prompt', async () => {
    const prompt = await startPush('/sandbox/momo/api/collections', 'L-1', '8021000006');
    expect(
      (await post(`/sandbox/phone/8021000006/prompts/${prompt.id}/approve`, { pin: '1234' })).json,
    ).toMatchObject({
      code: '1006',
    });
    expect((await get('/sandbox/momo/api/collections/L-1')).json).toMatchObject({
      status: 'FAILED',
      reason: 'WALLET_LOCKED',
    });
  });
});

describe('MPESA STK push', () => {
  it('approves on the phone and calls back', async () => {
    expect(
      (
        await post('/sandbox/mpesa/api/stkpush', {
          reference: 'MP-1',
          msisdn: '2348021000001',
          amountKobo: 500_000,
          callbackUrl: `${sb.receiver.url}/mpesa-callback`,
        })
      ).json,
    ).toEqual({ reference: 'MP-1', status: 'PENDING', duplicate: false });
    const [prompt] = (await get('/sandbox/phone/8021000001/prompts')).json;
    expect(prompt).toMatchObject({ provider: 'MPESA', amount: 5000 });
    await post(`/sandbox/phone/8021000001/prompts/${prompt.id}/approve`, { pin: '1234' });
    expect((await get('/sandbox/mpesa/api/stkpush/MP-1')).json).toMatchObject({ status: 'SUCCESSFUL' });
    expect((await wallets('8021000001')).mpesa.balance).toBe(15_000);
    const [callback] = await sb.receiver.waitFor(1, 'MP-1');
    expect(callback!.url).toBe('/mpesa-callback');
    expect(callback!.body).toMatchObject({ reference: 'MP-1', status: 'SUCCESSFUL', provider: 'MPESA' });
  });

  it('wallet callback faults, one at a time: late, out of order and duplicate, each recorded', async () => {
    await setFaults({ wallets: { lateCallbacksNext: 1, duplicateCallbacksNext: 1, lateCallbackMs: 300 } });
    const finish = async (reference: string) => {
      const prompt = await startPush('/sandbox/mpesa/api/stkpush', reference);
      await post(`/sandbox/phone/8021000001/prompts/${prompt.id}/decline`, {});
    };
    const faultsOf = async (reference: string) =>
      ((await get('/sandbox/deliveries')).json as { body: { reference: string }; faults: string[] }[]).find(
        (d) => d.body.reference === reference,
      )?.faults;

    const started = Date.now();
    await finish('MP-LATE');
    const callbacks = await sb.receiver.waitFor(2, 'MP-LATE');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(callbacks[0]!.rawBody).toBe(callbacks[1]!.rawBody);
    await expect.poll(() => faultsOf('MP-LATE')).toEqual(['late', 'duplicate']);

    await setFaults({ wallets: { reorderCallbacksNext: 1, lateCallbackMs: 10_000 } });
    await finish('MP-HELD');
    await finish('MP-AFTER');
    await sb.receiver.waitFor(1, 'MP-HELD');
    const order = sb.receiver.received.map((r) => String(r.body.reference));
    expect(order.indexOf('MP-AFTER')).toBeLessThan(order.indexOf('MP-HELD'));
    await expect.poll(() => faultsOf('MP-HELD')).toEqual(['reordered']);
    expect(await faultsOf('MP-AFTER')).toEqual([]);
  });

  it('wallet callback faults drop a callback', async () => {
    await setFaults({ wallets: { dropCallbacksNext: 1 } });
    const prompt = await startPush('/sandbox/mpesa/api/stkpush', 'MP-2');
    await post(`/sandbox/phone/8021000001/prompts/${prompt.id}/decline`, {});
    await expect
      .poll(
        async () =>
          (await get('/sandbox/deliveries')).json.find(
            (d: { body: { reference: string } }) => d.body.reference === 'MP-2',
          )?.status,
      )
      .toBe('DROPPED');
    expect(sb.receiver.of('MP-2')).toHaveLength(0);
  });
});

describe('PIN debits', () => {
  const debit = (path: string, body: Record<string, unknown>) =>
    post(path, { msisdn: '8021000001', amountKobo: 100_000, currency: 'NGN', ...body });

  it('mobile money: wrong PIN 1004 with attempts left, locked 1006 on the fifth', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) {
      const r = await debit('/sandbox/momo/api/debits', { reference: 'P-1', pin: '9999' });
      expect(r.status).toBe(400);
      codes.push([r.json.code, r.json.attemptsLeft]);
    }
    expect(codes).toEqual([
      ['1004', 4],
      ['1004', 3],
      ['1004', 2],
      ['1004', 1],
      ['1006', 0],
    ]);
    const locked = await debit('/sandbox/momo/api/debits', { reference: 'P-1', pin: '1234' });
    expect(locked.json).toMatchObject({ code: '1006' });
    expect((await wallets('8021000001')).mobileMoney).toMatchObject({ locked: true, balance: 100_000 });
  });

  it('a correct PIN resets the attempts and debits once per reference', async () => {
    await debit('/sandbox/momo/api/debits', { reference: 'P-2', pin: '0000' });
    expect(await debit('/sandbox/momo/api/debits', { reference: 'P-2', pin: '1234' })).toEqual({
      status: 200,
      json: {
        reference: 'P-2',
        status: 'SUCCESSFUL',
        amountKobo: 100_000,
        currency: 'NGN',
        duplicate: false,
      },
    });
    expect((await debit('/sandbox/momo/api/debits', { reference: 'P-2', pin: '1234' })).json.duplicate).toBe(
      true,
    );
    expect((await wallets('8021000001')).mobileMoney).toEqual({
      balance: 99_000,
      locked: false,
      pinAttemptsLeft: 5,
    });
    expect((await get('/sandbox/momo/api/debits/P-2')).json).toMatchObject({ status: 'SUCCESSFUL' });
    expect(
      (await debit('/sandbox/momo/api/debits', { reference: 'P-2', pin: '1234', amountKobo: 5 })).status,
    ).toBe(409);
  });

  it('the core view lists each debit with the payment behind it, a later attempt under the same payment', async () => {
    await debit('/sandbox/momo/api/debits', { reference: 'TXAB12', pin: '1234' });
    await debit('/sandbox/momo/api/debits', { reference: 'TXAB12-R2', pin: '1234', amountKobo: 200_000 });
    const view = (await get('/sandbox/core/subscribers/8021000001')).json as {
      walletPayments: { reference: string; transactionId: string }[];
    };
    expect(view.walletPayments.map(({ reference, transactionId }) => [reference, transactionId])).toEqual(
      expect.arrayContaining([
        ['TXAB12', 'TXAB12'],
        ['TXAB12-R2', 'TXAB12'],
      ]),
    );
  });

  it('the locked wallet of 8021000006 answers 1006; 8021000004 has no wallet (4001)', async () => {
    expect(
      (
        await post('/sandbox/momo/api/debits', {
          reference: 'Q',
          msisdn: '8021000006',
          amountKobo: 1,
          pin: '1234',
        })
      ).json,
    ).toMatchObject({
      code: '1006',
    });
    expect(
      await post('/sandbox/momo/api/debits', {
        reference: 'Q',
        msisdn: '8021000004',
        amountKobo: 1,
        pin: '1234',
      }),
    ).toMatchObject({
      status: 404,
      json: { code: '4001' },
    });
  });

  it('SmartCash: wrong PIN 56D005, insufficient funds, refund', async () => {
    expect((await debit('/sandbox/smartcash/api/debits', { reference: 'S-1', pin: '1111' })).json).toEqual({
      code: '56D005',
      message: 'Please enter correct PIN',
      attemptsLeft: 4,
    });
    expect(
      (await debit('/sandbox/smartcash/api/debits', { reference: 'S-1', pin: '1234', amountKobo: 5_000_001 }))
        .json,
    ).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(
      (await debit('/sandbox/smartcash/api/debits', { reference: 'S-1', pin: '1234' })).json.status,
    ).toBe('SUCCESSFUL');
    expect((await get('/sandbox/smartcash/api/debits/S-1')).json).toMatchObject({
      status: 'SUCCESSFUL',
      refunded: false,
    });
    await post('/sandbox/smartcash/api/refunds', { reference: 'S-1' });
    expect((await get('/sandbox/smartcash/api/debits/S-1')).json).toMatchObject({ refunded: true });
    expect((await wallets('8021000001')).smartCash.balance).toBe(50_000);
  });

  it('concurrent debits never overdraw a wallet', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        debit('/sandbox/smartcash/api/debits', { reference: `C-${i}`, pin: '1234', amountKobo: 1_000_000 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.json.code === 'INSUFFICIENT_FUNDS')).toHaveLength(3);
    expect((await wallets('8021000001')).smartCash.balance).toBe(0);
  });
});
