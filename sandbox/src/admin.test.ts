import { describe, expect, it } from 'vitest';
import { AUTH, sandboxPerTestFile, type TestSandbox } from './test-support.js';

let sb: TestSandbox;
sandboxPerTestFile((started) => (sb = started));

async function patchFaults(payload: unknown) {
  return sb.app.inject({ method: 'PATCH', url: '/sandbox/faults', payload: payload as object });
}

describe('config and reset', () => {
  it('forwards PATCH /config to the portal and returns its answer', async () => {
    const res = await sb.app.inject({
      method: 'PATCH',
      url: '/sandbox/config',
      payload: { enableAmPin: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enableAmPin: true });
    expect(sb.configPatches.at(-1)).toEqual({ enableAmPin: true });
    const bad = await sb.app.inject({ method: 'PATCH', url: '/sandbox/config', payload: [1, 2] });
    expect(bad.statusCode).toBe(400);
  });

  it('POST /reset restores the seed, forgets messages and payments, and tells the portal', async () => {
    await sb.app.inject({
      method: 'POST',
      url: '/sandbox/core/api/operations',
      payload: {
        operationId: 'o',
        transactionId: 't',
        msisdn: '8021000001',
        type: 'AIRTIME_DEBIT',
        amountKobo: 100,
      },
    });
    await sb.app.inject({
      method: 'POST',
      url: '/sandbox/sms/api/messages',
      payload: { to: '8021000001', text: 'hi' },
    });
    await patchFaults({ core: { failNext5xx: 3 } });
    const before = sb.resets.count;
    const res = await sb.app.inject({ method: 'POST', url: '/sandbox/reset' });
    expect(res.json()).toEqual({ ok: true });
    expect(sb.resets.count).toBe(before + 1);
    const view = (await sb.app.inject({ method: 'GET', url: '/sandbox/core/subscribers/8021000001' })).json();
    expect(view).toMatchObject({ airtimeBalance: 5000, operations: [] });
    expect((await sb.app.inject({ method: 'GET', url: '/sandbox/sms?to=8021000001' })).json()).toEqual([]);
    expect((await sb.app.inject({ method: 'GET', url: '/sandbox/faults' })).json().core.failNext5xx).toBe(0);
  });

  it('takes a reset and a clearing of faults that name JSON and send nothing; bad JSON is still refused', async () => {
    const json = { 'content-type': 'application/json' };
    await patchFaults({ core: { failNext5xx: 3 } });
    const cleared = await sb.app.inject({ method: 'DELETE', url: '/sandbox/faults', headers: json });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().core.failNext5xx).toBe(0);
    const reset = await sb.app.inject({ method: 'POST', url: '/sandbox/reset', headers: json });
    expect(reset.json()).toEqual({ ok: true });
    const bad = await sb.app.inject({ method: 'PATCH', url: '/sandbox/faults', headers: json, payload: '{' });
    expect(bad.statusCode).toBe(400);
  });

  it('serves an index page', async () => {
    const res = await sb.app.inject({ method: 'GET', url: '/sandbox/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('/sandbox/phone/2348021000001');
  });
});

describe('faults', () => {
  it('validates knobs', async () => {
    expect((await patchFaults({ card: { nope: 1 } })).statusCode).toBe(400);
    expect((await patchFaults({ mars: {} })).statusCode).toBe(400);
    expect((await patchFaults({ card: { failNext5xx: -1 } })).statusCode).toBe(400);
    expect((await patchFaults({ webhooks: { duplicate: 1 } })).statusCode).toBe(400);
    const ok = await patchFaults({ card: { latencyMs: 5 }, webhooks: { duplicate: true } });
    expect(ok.json()).toMatchObject({
      card: { latencyMs: 5, failNext5xx: 0 },
      webhooks: { duplicate: true },
    });
    const cleared = await sb.app.inject({ method: 'DELETE', url: '/sandbox/faults' });
    expect(cleared.json().card.latencyMs).toBe(0);
  });

  it('fails the next N core calls with 500, then recovers', async () => {
    await patchFaults({ core: { failNext5xx: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await sb.app.inject({ method: 'GET', url: '/sandbox/core/api/subscribers/8021000001' })).statusCode,
      );
    }
    expect(statuses).toEqual([500, 500, 200]);
    // The tester's read-only view is never faulted.
    await patchFaults({ core: { failNext5xx: 1 } });
    expect(
      (await sb.app.inject({ method: 'GET', url: '/sandbox/core/subscribers/8021000001' })).statusCode,
    ).toBe(200);
  });

  it('refuses the next N card calls with 401, 403 or 429 in the gateway’s own shape, then recovers', async () => {
    const verify = () =>
      sb.app.inject({
        method: 'GET',
        url: '/sandbox/paystack/transaction/verify/NOPE',
        headers: AUTH,
      });
    await patchFaults({ card: { failNext401: 1, failNext403: 1, failNext429: 1 } });
    const answers = [await verify(), await verify(), await verify(), await verify()];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 403, 429, 404]);
    expect(answers[0]!.json()).toMatchObject({ status: false });
    expect(answers[2]!.headers['retry-after']).toBe('1');
    const left = (await sb.app.inject({ method: 'GET', url: '/sandbox/faults' })).json().card;
    expect(left).toMatchObject({ failNext401: 0, failNext403: 0, failNext429: 0 });
  });

  it('hangs the next card call, then answers 504; adds latency', async () => {
    await patchFaults({ card: { timeoutNext: 1, hangMs: 300 } });
    const started = Date.now();
    const res = await sb.app.inject({
      method: 'GET',
      url: '/sandbox/paystack/transaction/verify/nope',
      headers: AUTH,
    });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ status: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await patchFaults({ card: { latencyMs: 200 } });
    const t0 = Date.now();
    expect(
      (
        await sb.app.inject({
          method: 'GET',
          url: '/sandbox/paystack/transaction/verify/nope',
          headers: AUTH,
        })
      ).statusCode,
    ).toBe(404);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
  });

  it('fails wallet and SMS calls on demand', async () => {
    await patchFaults({ wallets: { failNext5xx: 1 }, sms: { failNext5xx: 1 } });
    const momo = await sb.app.inject({ method: 'GET', url: '/sandbox/momo/api/collections/x' });
    expect(momo.statusCode).toBe(500);
    const sms = await sb.app.inject({
      method: 'POST',
      url: '/sandbox/sms/api/messages',
      payload: { to: '8021000001', text: 'x' },
    });
    expect(sms.statusCode).toBe(500);
  });
});
