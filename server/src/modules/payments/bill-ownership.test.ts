import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { pathOf, statusOf } from '../../test/payments.js';
import { coreView, payOnCheckout, SUCCESS_CARD } from '../../test/sandbox-client.js';

/**
 * A bill payment pays the bill of the number it names: the account, the invoice and the amount are checked
 * against the core when the payment is initiated, before any money moves.
 */
describe.each(testDatabases())('a bill payment credits only the account of its number (%s)', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const card = { paymentMode: 'PAYMENT_GATEWAY', paymentGateway: 'paystack', emailId: 'ada@example.com' };
  const initiate = (body: Record<string, unknown>) =>
    portal.request<Envelope<{ transactionId: string } | null>>('POST', PATHS.initiate, {
      transactionType: 'POSTPAID_BILL',
      ...card,
      ...body,
    });

  it("refuses a postpaid payment for another subscriber's account", async () => {
    const refused = await initiate({ amount: 500, mobileNumber: '8021000002', accountId: '1000000003' });
    expect(refused.status).toBe(400);
    expect(refused.body.statusCode).toBe('60005');
    const unknown = await initiate({ amount: 500, mobileNumber: '8021000002', accountId: '1999999999' });
    expect(unknown.status).toBe(400);
  });

  it("pays the number's own account, named or not, and nobody else's", async () => {
    const victimBefore = (await coreView(portal, '8021000003')).outstandingBill;
    for (const accountId of ['1000000002', '']) {
      const initiated = await initiate({ amount: 500, mobileNumber: '8021000002', accountId });
      expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
      const transactionId = initiated.body.result!.transactionId;
      const processed = await portal.request<Envelope<{ redirectUrl: string }>>('POST', PATHS.process, {
        transactionId,
        ...card,
      });
      await portal.request(
        'GET',
        pathOf(await payOnCheckout(processed.body.result.redirectUrl, SUCCESS_CARD)),
      );
      await eventually(async () =>
        (await statusOf(portal, transactionId)).status === 'SUCCESS' ? true : undefined,
      );
      const paid = (await coreView(portal, '8021000002')).operations.filter(
        (o) => o.transactionId === transactionId,
      );
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({ type: 'BILL_PAYMENT', accountNo: '1000000002' });
      expect((await statusOf(portal, transactionId)).accountId).toBe('1000000002');
    }
    expect((await coreView(portal, '8021000003')).outstandingBill).toBe(victimBefore);
  });

  it('a prepaid number cannot pay a postpaid account, with or without an invoice number', async () => {
    const plain = await initiate({ amount: 500, mobileNumber: '8021000001', accountId: '1000000002' });
    expect(plain.status).toBe(400);
    const withInvoice = await initiate({
      amount: 500,
      mobileNumber: '8021000001',
      accountId: '1000000002',
      invoiceNumber: 'INV0000000101',
    });
    expect(withInvoice.status).toBe(400);
  });

  it('a fixed-internet payment names an open invoice of an account of that number, for no more than it owes', async () => {
    const ok = await initiate({
      amount: 25_000,
      mobileNumber: '8021000001',
      accountId: 'PA0000000001',
      invoiceNumber: 'INV0000000101',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const refusals: Record<string, Record<string, unknown>> = {
      'more than the invoice': {
        amount: 25_001,
        mobileNumber: '8021000001',
        accountId: 'PA0000000001',
        invoiceNumber: 'INV0000000103',
      },
      'an invoice of no such account': {
        amount: 100,
        mobileNumber: '8021000001',
        accountId: 'EB0000000002',
        invoiceNumber: 'INV0000000101',
      },
      'an account of another number': {
        amount: 100,
        mobileNumber: '8021000004',
        accountId: 'PA0000000001',
        invoiceNumber: 'INV0000000101',
      },
      'an unknown invoice': {
        amount: 100,
        mobileNumber: '8021000001',
        accountId: 'PA0000000001',
        invoiceNumber: 'INV0000000999',
      },
      'a postpaid account as an invoice account': {
        amount: 100,
        mobileNumber: '8021000002',
        accountId: '1000000002',
        invoiceNumber: 'INV0000000101',
      },
    };
    for (const [name, body] of Object.entries(refusals)) {
      const refused = await initiate(body);
      expect(refused.status, name).toBe(400);
    }
  });
});
