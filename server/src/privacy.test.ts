import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './test/harness.js';
import { cardRecharge, statusOf } from './test/payments.js';
import { newTransactionId } from './modules/payments/service.js';

const NUMBER = '8021000001';

describe('private by default (docs/decisions/0065)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal('pglite');
  });
  afterAll(async () => {
    await portal?.close();
  });

  async function initiate(extra: Record<string, unknown> = {}) {
    const response = await portal.request<Envelope<{ transactionId: string }>>(
      'POST',
      PATHS.initiate,
      { ...cardRecharge(500, NUMBER), ...extra },
      { 'idempotency-key': `privacy-${Math.random()}` },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.result.transactionId;
  }

  it('answers with personal data are never stored by a cache (no-store)', async () => {
    const fixed = { accountNo: 'PA0000000001', contactPersonEmailId: 'billing@example.com' };
    const answers = {
      lineType: await portal.request('GET', `${PATHS.lineType}?msisdn=${NUMBER}`),
      numberCheck: await portal.request('POST', PATHS.validateMsisdn, fixed),
      invoices: await portal.request('POST', PATHS.openInvoices, fixed),
      bill: await portal.request('POST', PATHS.bill, { msisdn: '8021000002', accountNo: '1000000002' }),
      balance: await portal.request('POST', PATHS.queryBalance, {
        msisdn: '9021000005',
        serviceType: 'BROADBAND',
      }),
      status: await portal.request('GET', `${PATHS.status}?tid=${await initiate()}`),
      trackLead: await portal.request('POST', PATHS.trackLead, { leadId: 'HBB0000000000000000' }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      expect(answer.headers.get('cache-control'), name).toBe('no-store');
    }
    expect(answers.lineType.status).toBe(200);
    expect(answers.invoices.status).toBe(200);
    expect(answers.bill.status).toBe(200);
    // What may be cached still says so itself.
    expect((await portal.request('GET', PATHS.mapConfig)).headers.get('cache-control')).toMatch(/public/);
  });

  it('the status answer shows only the last four digits of the number', async () => {
    const status = await statusOf(portal, await initiate());
    expect(status.mobileNumber).toBe('******0001');
    expect(status.msisdn).toBe('*********0001');
    expect(JSON.stringify(status)).not.toContain('8021000001');
  });

  it('a recharge shows the payer no description written by the client', async () => {
    const id = await initiate({ bundleDescription: 'You won a prize! Call 0800 000 0000 to claim it' });
    expect((await statusOf(portal, id)).bundleDescription).toBeNull();
  });

  it('transaction references carry 96 random bits and no creation time', async () => {
    const ids = Array.from({ length: 200 }, () => newTransactionId());
    for (const id of ids) expect(id).toMatch(/^TX[0-9A-F]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // No shared prefix that a clock would give: references made in the same millisecond differ from the start.
    expect(new Set(ids.map((id) => id.slice(2, 5))).size).toBeGreaterThan(150);
    expect(await initiate()).toMatch(/^TX[0-9A-F]{24}$/);
  });
});
