import { describe, expect, it } from 'vitest';
import { migrateSandbox } from './index.js';
import { sandboxPerTestFile, type TestSandbox } from './test-support.js';

let sb: TestSandbox;
sandboxPerTestFile((started) => (sb = started));

async function view(number: string) {
  const res = await sb.app.inject({ method: 'GET', url: `/sandbox/core/subscribers/${number}` });
  return { status: res.statusCode, body: res.json() };
}

async function operation(body: Record<string, unknown>) {
  const res = await sb.app.inject({ method: 'POST', url: '/sandbox/core/api/operations', payload: body });
  return { status: res.statusCode, body: res.json() };
}

async function api(path: string) {
  const res = await sb.app.inject({ method: 'GET', url: `/sandbox/core/api${path}` });
  return { status: res.statusCode, body: res.json() };
}

const DAY = 24 * 3600 * 1000;

describe('seed (design.md section 4)', () => {
  it('migrates idempotently', async () => {
    await migrateSandbox(sb.db);
    await migrateSandbox(sb.db);
    expect((await view('8021000001')).status).toBe(200);
  });

  it('8021000001: prepaid, NGN 5,000 airtime, 2 GB, three wallets with PIN 1234', async () => {
    for (const form of ['8021000001', '08021000001', '2348021000001', '+2348021000001']) {
      const { status, body } = await view(encodeURIComponent(form));
      expect(status).toBe(200);
      expect(body.msisdn).toBe('2348021000001');
    }
    const { body } = await view('8021000001');
    expect(body).toMatchObject({
      lineType: 'PREPAID',
      broadband: false,
      airtimeBalance: 5000,
      dataBalanceMb: 2048,
      wallets: {
        mobileMoney: { balance: 100_000, locked: false },
        smartCash: { balance: 50_000, locked: false },
        mpesa: { balance: 20_000, locked: false },
      },
      outstandingBill: null,
      operations: [],
    });
  });

  it('8021000002 postpaid owes NGN 12,345.50; 8021000003 hybrid owes NGN 3,000', async () => {
    expect((await view('8021000002')).body).toMatchObject({
      lineType: 'POSTPAID',
      accountNo: '1000000002',
      outstandingBill: 12345.5,
    });
    expect((await view('8021000003')).body).toMatchObject({
      lineType: 'HYBRID',
      accountNo: '1000000003',
      outstandingBill: 3000,
    });
    expect((await api('/subscribers/8021000002/bill')).body).toEqual({
      accountNo: '1000000002',
      outstandingKobo: 1_234_550,
    });
    expect((await api('/subscribers/08021000003/bill')).body).toEqual({
      accountNo: '1000000003',
      outstandingKobo: 300_000,
    });
    expect((await api('/subscribers/8021000001/bill')).status).toBe(404);
  });

  it('8021000004 has NGN 50 and no wallets; 8021000006 has a locked mobile money wallet', async () => {
    expect((await view('8021000004')).body).toMatchObject({
      lineType: 'PREPAID',
      airtimeBalance: 50,
      wallets: {},
    });
    expect((await view('8021000006')).body.wallets).toEqual({
      mobileMoney: { balance: 10_000, locked: true, pinAttemptsLeft: 0 },
    });
  });

  it('9021000005 is a MiFi with 10 GB expiring in 20 days and an active monthly bundle', async () => {
    const { body } = await view('9021000005');
    expect(body).toMatchObject({ lineType: 'PREPAID', broadband: true, dataBalanceMb: 10_240 });
    expect(body.activeBundles).toHaveLength(1);
    const days = (Date.parse(body.activeBundles[0].expiresAt) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(19);
    expect(days).toBeLessThanOrEqual(20);
    const balances = (await api('/subscribers/9021000005/balances')).body;
    expect(balances.data).toHaveLength(1);
    expect(balances.data[0]).toMatchObject({ mb: 10_240 });
    expect(balances.bundles[0]).toMatchObject({ dataMb: 10_240, productCode: 'MIFI_MONTHLY_10GB' });
  });

  it('7011000009 and 8031234567 are unknown', async () => {
    expect((await view('7011000009')).status).toBe(404);
    expect((await view('8031234567')).status).toBe(404);
    expect(await api('/subscribers/7011000009')).toEqual({ status: 404, body: { error: 'NOT_FOUND' } });
    expect((await api('/subscribers/8031234567')).status).toBe(404);
  });

  it('adapter view of a subscriber', async () => {
    expect((await api('/subscribers/08021000003')).body).toEqual({
      msisdn: '2348021000003',
      lineType: 'HYBRID',
      accountNo: '1000000003',
      broadband: false,
    });
    expect((await api('/subscribers/8021000001/balances')).body).toMatchObject({
      airtimeKobo: 500_000,
      data: [{ balanceType: 'DATA_MAIN', mb: 2048 }],
      bundles: [],
    });
  });

  it('fixed internet: PA0000000001 has three open invoices, one overdue; EB0000000002 none', async () => {
    expect((await api('/accounts/PA0000000001')).body).toEqual({
      accountNo: 'PA0000000001',
      kind: 'FIXED',
      msisdn: '2348021000001',
      contactEmail: 'billing@example.com',
      outstandingKobo: 6_250_050,
    });
    const invoices = (await api('/accounts/PA0000000001/invoices')).body as Array<Record<string, unknown>>;
    expect(invoices).toHaveLength(3);
    expect(invoices.filter((i) => i.invoiceStatus === 'OVERDUE')).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    for (const invoice of invoices) {
      expect(invoice).toMatchObject({ accountNo: 'PA0000000001', currency: 'NGN' });
      expect(invoice.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(invoice.invoiceStatus === 'OVERDUE').toBe(String(invoice.dueDate) < today);
    }
    expect((await api('/accounts/EB0000000002')).body).toMatchObject({
      contactEmail: 'ops@example.com',
      outstandingKobo: 0,
    });
    expect((await api('/accounts/EB0000000002/invoices')).body).toEqual([]);
    expect((await api('/accounts/PA0000000009')).status).toBe(404);
  });
});

describe('operations', () => {
  it('applies an operation once per operationId', async () => {
    const op = {
      operationId: 'op-1',
      transactionId: 'TXN1',
      msisdn: '8021000004',
      type: 'AIRTIME_CREDIT',
      amountKobo: 10_000,
    };
    expect(await operation(op)).toEqual({
      status: 200,
      body: { operationId: 'op-1', status: 'APPLIED', duplicate: false },
    });
    expect(await operation(op)).toEqual({
      status: 200,
      body: { operationId: 'op-1', status: 'APPLIED', duplicate: true },
    });
    const { body } = await view('8021000004');
    expect(body.airtimeBalance).toBe(150);
    expect(body.operations).toEqual([
      expect.objectContaining({
        operationId: 'op-1',
        type: 'AIRTIME_CREDIT',
        amount: 100,
        transactionId: 'TXN1',
        reversed: false,
      }),
    ]);
  });

  it('concurrent calls with one operationId apply once', async () => {
    const op = {
      operationId: 'op-c',
      transactionId: 'T',
      msisdn: '2348021000004',
      type: 'AIRTIME_CREDIT',
      amountKobo: 100,
    };
    const results = await Promise.all(Array.from({ length: 6 }, () => operation(op)));
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect((await view('8021000004')).body.airtimeBalance).toBe(51);
  });

  it('refuses an airtime debit beyond the balance, and concurrent debits never overdraw', async () => {
    expect(
      await operation({
        operationId: 'big',
        transactionId: 'T',
        msisdn: '8021000004',
        type: 'AIRTIME_DEBIT',
        amountKobo: 5_001,
      }),
    ).toEqual({ status: 409, body: { error: 'INSUFFICIENT_BALANCE' } });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        operation({
          operationId: `d${i}`,
          transactionId: `T${i}`,
          msisdn: '8021000004',
          type: 'AIRTIME_DEBIT',
          amountKobo: 1_000,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
    expect((await view('8021000004')).body.airtimeBalance).toBe(0);
  });

  it('a failed operation can be retried with the same id', async () => {
    const op = {
      operationId: 'retry',
      transactionId: 'T',
      msisdn: '8021000004',
      type: 'AIRTIME_DEBIT',
      amountKobo: 6_000,
    };
    expect((await operation(op)).status).toBe(409);
    await operation({
      operationId: 'topup',
      transactionId: 'T0',
      msisdn: '8021000004',
      type: 'AIRTIME_CREDIT',
      amountKobo: 1_000,
    });
    expect((await operation(op)).body).toMatchObject({ duplicate: false });
    expect((await view('8021000004')).body.airtimeBalance).toBe(0);
  });

  it('provisions a bundle and reverses it once', async () => {
    const provision = {
      operationId: 'b1',
      transactionId: 'TB',
      msisdn: '8021000001',
      type: 'BUNDLE_PROVISION',
      amountKobo: 150_000,
      productCode: 'DATA_1GB_30D',
      description: '1GB Monthly',
      dataMb: 1024,
      validityDays: 30,
    };
    expect((await operation(provision)).status).toBe(200);
    let balances = (await api('/subscribers/8021000001/balances')).body;
    expect(balances.bundles).toEqual([
      expect.objectContaining({ productCode: 'DATA_1GB_30D', description: '1GB Monthly', dataMb: 1024 }),
    ]);
    expect((await view('8021000001')).body.dataBalanceMb).toBe(2048 + 1024);
    const reversal = { operationId: 'r1', transactionId: 'TB', type: 'REVERSAL', reversesOperationId: 'b1' };
    expect((await operation(reversal)).body).toMatchObject({ duplicate: false });
    expect((await operation(reversal)).body).toMatchObject({ duplicate: true });
    expect(await operation({ ...reversal, operationId: 'r2' })).toEqual({
      status: 409,
      body: { error: 'ALREADY_REVERSED' },
    });
    balances = (await api('/subscribers/8021000001/balances')).body;
    expect(balances.bundles).toEqual([]);
    const ops = (await view('8021000001')).body.operations;
    expect(ops.find((o: { operationId: string }) => o.operationId === 'b1')).toMatchObject({
      reversed: true,
      reversedBy: 'r1',
    });
  });

  it('reverses an airtime debit', async () => {
    await operation({
      operationId: 'd',
      transactionId: 'T',
      msisdn: '8021000001',
      type: 'AIRTIME_DEBIT',
      amountKobo: 100_000,
    });
    expect((await view('8021000001')).body.airtimeBalance).toBe(4000);
    await operation({ operationId: 'rd', transactionId: 'T', type: 'REVERSAL', reversesOperationId: 'd' });
    expect((await view('8021000001')).body.airtimeBalance).toBe(5000);
  });

  it('pays a postpaid bill and a fixed-internet invoice', async () => {
    await operation({
      operationId: 'bp',
      transactionId: 'T',
      msisdn: '8021000002',
      type: 'BILL_PAYMENT',
      amountKobo: 234_550,
    });
    expect((await view('8021000002')).body.outstandingBill).toBe(10_000);
    const invoice = {
      operationId: 'ip',
      transactionId: 'T2',
      type: 'INVOICE_PAYMENT',
      accountNo: 'PA0000000001',
      invoiceNo: 'INV0000000101',
      amountKobo: 2_500_000,
    };
    expect(await operation({ ...invoice, amountKobo: 2_500_001, operationId: 'ip0' })).toEqual({
      status: 409,
      body: { error: 'AMOUNT_EXCEEDS_OUTSTANDING' },
    });
    // The payer's number need not be a subscriber when the account is named.
    expect((await operation({ ...invoice, msisdn: '8031234567' })).status).toBe(200);
    const open = (await api('/accounts/PA0000000001/invoices')).body as Array<{
      invoiceNo: string;
      invoiceStatus: string;
    }>;
    expect(open.map((i) => i.invoiceNo)).toEqual(['INV0000000102', 'INV0000000103']);
    expect(open.every((i) => i.invoiceStatus === 'OPEN')).toBe(true);
    expect((await api('/accounts/PA0000000001')).body.outstandingKobo).toBe(3_750_050);
  });

  it('rejects unknown subscribers and malformed requests', async () => {
    expect(
      await operation({
        operationId: 'x',
        transactionId: 'T',
        msisdn: '7011000009',
        type: 'AIRTIME_CREDIT',
        amountKobo: 1,
      }),
    ).toEqual({ status: 404, body: { error: 'NOT_FOUND' } });
    expect(
      (await operation({ operationId: 'y', msisdn: '8021000001', type: 'AIRTIME_CREDIT', amountKobo: -1 }))
        .status,
    ).toBe(400);
    expect(
      (await operation({ operationId: 'z', msisdn: '8021000001', type: 'GIFT', amountKobo: 1 })).status,
    ).toBe(400);
    expect(
      (await operation({ operationId: 'w', type: 'REVERSAL', reversesOperationId: 'nope' })).status,
    ).toBe(404);
  });
});

describe('operation status and late operations', () => {
  const credit = (extra: Record<string, unknown> = {}) => ({
    operationId: 'TXL:fulfil',
    transactionId: 'TXL',
    msisdn: '8021000001',
    type: 'AIRTIME_CREDIT',
    amountKobo: 10_000,
    ...extra,
  });

  it('GET /operations/:id tells what the core applied under an id, and whether it was reversed', async () => {
    expect((await api('/operations/TXL%3Afulfil')).status).toBe(404);
    expect((await operation(credit())).status).toBe(200);
    expect((await api('/operations/TXL%3Afulfil')).body).toEqual({
      operationId: 'TXL:fulfil',
      transactionId: 'TXL',
      msisdn: '2348021000001',
      type: 'AIRTIME_CREDIT',
      amountKobo: 10_000,
      reversed: false,
    });
    await operation({ operationId: 'TXL:reversal', type: 'REVERSAL', reversesOperationId: 'TXL:fulfil' });
    expect((await api('/operations/TXL%3Afulfil')).body.reversed).toBe(true);
  });

  it('an operation arriving after its notAfter is refused and changes nothing; a repeat of an applied one is answered', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const late = await operation(credit({ notAfter: past }));
    expect(late).toEqual({ status: 409, body: { error: 'OPERATION_EXPIRED' } });
    expect((await view('8021000001')).body.airtimeBalance).toBe(5000);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await operation(credit({ notAfter: future }))).body.duplicate).toBe(false);
    expect((await operation(credit({ notAfter: past }))).body).toMatchObject({ duplicate: true });
    expect((await view('8021000001')).body.airtimeBalance).toBe(5100);
    expect((await operation(credit({ notAfter: 'soon' }))).status).toBe(400);
  });
});
