import {
  PATHS,
  type BalanceEntry,
  type BillResult,
  type Bundle,
  type Envelope,
  type OpenInvoiceResult,
  type ProductConfig,
  type QueryBalanceResult,
} from '@portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { latestOtp } from '../../test/sandbox-client.js';

type Failure = Envelope<unknown>;

describe.each(testDatabases())('subscriber, bill, invoice, balance and bundle endpoints (%s)', (kind) => {
  let portal: TestPortal;

  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });
  beforeEach(async () => {
    await portal.db.sql.query('delete from otp_sends');
  });

  const post = <T>(path: string, body: unknown) => portal.request<T>('POST', path, body);

  /** Sends a code, reads it from the SMS inbox as the subscriber would, verifies it. */
  async function verifiedCode(body: Record<string, unknown>, number: string) {
    const sent = await post<Envelope<{ otpId: string }>>(PATHS.sendOtp, body);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const otp = await latestOtp(portal, number);
    const verified = await post<Envelope<{ uniqueCode: string }>>(PATHS.verifyOtp, {
      otpId: sent.body.result.otpId,
      otp,
    });
    expect(verified.status).toBe(200);
    return { otpId: sent.body.result.otpId, uniqueCode: verified.body.result.uniqueCode };
  }

  describe('line type', () => {
    it('GET subscriber/line-type answers the line type', async () => {
      for (const [number, type] of [
        ['8021000001', 'PREPAID'],
        ['8021000002', 'POSTPAID'],
        ['8021000003', 'HYBRID'],
      ]) {
        const response = await portal.request<Envelope<string>>('GET', `${PATHS.lineType}?msisdn=${number}`);
        expect(response.body).toMatchObject({ statusCode: '200', status: 'success', result: type });
      }
    });

    it('refuses numbers that are not the operator’s, or not subscribers, with Invalid Mobile No', async () => {
      for (const number of ['8031234567', '7011000009']) {
        const response = await portal.request<Failure>('GET', `${PATHS.lineType}?msisdn=${number}`);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ status: 'failure', message: 'Invalid Mobile No' });
      }
      expect((await portal.request('GET', `${PATHS.lineType}?msisdn=80210`)).status).toBe(400);
    });

    it('an empty number is required, not invalid (spec §5), whichever call it is sent to', async () => {
      const asked = [
        await portal.request<Failure>('GET', `${PATHS.lineType}?msisdn=`),
        await portal.request<Failure>('GET', PATHS.lineType),
        await post<Failure>(PATHS.validateMsisdn, { msisdn: '' }),
      ];
      for (const response of asked) {
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          statusCode: 'INVALID_MSISDN',
          message: 'Phone No is required',
        });
      }
      const typed = await post<Failure>(PATHS.validateMsisdn, { msisdn: 8021000001 });
      expect(typed.body.message).toBe('Invalid Mobile No');
    });

    it('a core that fails answers 503 (not the 500 of a fault of its own), and the next call is answered', async () => {
      await portal.request('PATCH', '/sandbox/faults', { core: { failNext5xx: 1 } });
      const failed = await portal.request<Failure>('GET', `${PATHS.lineType}?msisdn=8021000006`);
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({
        statusCode: '503',
        status: 'failure',
        message: 'Something Went Wrong!',
      });
      const again = await portal.request<Envelope<string>>('GET', `${PATHS.lineType}?msisdn=8021000006`);
      expect(again.body.result).toBe('PREPAID');
    });

    it('validate/msisdn-account checks broadband numbers when asked', async () => {
      const mifi = await post<Envelope<string>>(PATHS.validateMsisdn, {
        msisdn: '9021000005',
        checkIfBroadband: true,
      });
      expect(mifi.body.result).toBe('PREPAID');
      const phone = await post<Failure>(PATHS.validateMsisdn, {
        msisdn: '8021000001',
        checkIfBroadband: true,
      });
      expect(phone.body.message).toBe('Invalid Mobile No');
      const plain = await post<Envelope<string>>(PATHS.validateMsisdn, {
        msisdn: '8021000003',
        requestType: 'HYBRID_POSTPAID_CHECK',
      });
      expect(plain.body.result).toBe('HYBRID');
    });
  });

  describe('fixed internet', () => {
    const account = { accountNo: 'PA0000000001', contactPersonEmailId: 'billing@example.com' };

    it('validate/msisdn-account with accountNo + contactPersonEmailId answers the account', async () => {
      const response = await post<Envelope<unknown>>(PATHS.validateMsisdn, {
        ...account,
        contactPersonEmailId: 'Billing@Example.com',
        requestType: 'FIXED_INTERNET',
      });
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({
        accountNo: 'PA0000000001',
        lineNumber: '8021000001',
        contactPersonMsisdn: '8021000001',
      });
    });

    it('one answer (60005) for an unknown account and for an email that is not the account’s', async () => {
      const unknown = await post<Failure>(PATHS.validateMsisdn, { ...account, accountNo: 'PA9999999999' });
      const mismatch = await post<Failure>(PATHS.validateMsisdn, {
        ...account,
        contactPersonEmailId: 'ops@example.com',
      });
      // Nothing tells a stranger which account numbers exist.
      expect(unknown.status).toBe(mismatch.status);
      expect(unknown.body).toEqual(mismatch.body);
      expect(mismatch.body).toMatchObject({ statusCode: '60005', message: 'Account details do not match' });
      const invoicesMismatch = await post<Failure>(PATHS.openInvoices, {
        ...account,
        contactPersonEmailId: 'ops@example.com',
      });
      expect(invoicesMismatch.body.statusCode).toBe('60005');
      const invoicesUnknown = await post<Failure>(PATHS.openInvoices, {
        ...account,
        accountNo: 'EA1234567890',
      });
      expect(invoicesUnknown.body).toEqual(invoicesMismatch.body);
      // A postpaid account is not a fixed-internet account.
      const postpaid = await post<Failure>(PATHS.validateMsisdn, {
        accountNo: '1000000002',
        contactPersonEmailId: 'a@b.co',
      });
      expect(postpaid.body.message).toBe('Invalid Account Number');
    });

    it('refuses malformed account numbers and emails with the §5 messages', async () => {
      const badAccount = await post<Failure>(PATHS.openInvoices, { ...account, accountNo: 'XA0000000001' });
      expect(badAccount.status).toBe(400);
      expect(badAccount.body.message).toContain('Invalid Account Number');
      const badEmail = await post<Failure>(PATHS.openInvoices, {
        ...account,
        contactPersonEmailId: 'billing@example',
      });
      expect(badEmail.body.message).toContain('Invalid Email Id');
      const noEmail = await post<Failure>(PATHS.validateMsisdn, { accountNo: 'PA0000000001' });
      expect(noEmail.body.message).toContain('Email is required');
    });

    it('getopeninvoice lists the open invoices with the overdue one flagged', async () => {
      const response = await post<Envelope<OpenInvoiceResult>>(PATHS.openInvoices, {
        ...account,
        accountNo: 'pa0000000001',
      });
      expect(response.status).toBe(200);
      const result = response.body.result;
      expect(result).toMatchObject({
        accountNo: 'PA0000000001',
        lineNumber: '8021000001',
        contactPersonMsisdn: '8021000001',
      });
      const invoices = result.response.invoices;
      expect(invoices.map((i) => i.invoiceNo)).toEqual(['INV0000000101', 'INV0000000102', 'INV0000000103']);
      expect(invoices.map((i) => i.invoiceStatus)).toEqual(['OVERDUE', 'OPEN', 'OPEN']);
      expect(invoices.map((i) => i.outstandingAmount)).toEqual([25000, 25000, 12500.5]);
      for (const i of invoices) {
        expect(i).toMatchObject({ accountNo: 'PA0000000001', currency: 'NGN' });
        for (const date of [i.dueDate, i.billingStartDate, i.billingEndDate])
          expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      expect(new Date(invoices[0]!.dueDate).getTime()).toBeLessThan(Date.now());
    });

    it('an account without open invoices answers an empty list', async () => {
      const response = await post<Envelope<OpenInvoiceResult>>(PATHS.openInvoices, {
        accountNo: 'EB0000000002',
        contactPersonEmailId: 'ops@example.com',
      });
      expect(response.body.result).toEqual({
        accountNo: 'EB0000000002',
        lineNumber: null,
        contactPersonMsisdn: null,
        response: { invoices: [] },
      });
    });
  });

  describe('postpaid bill', () => {
    it('by account number: the number’s postpaid account answers its outstanding amount with kobo', async () => {
      const response = await post<Envelope<BillResult>>(PATHS.bill, {
        msisdn: '8021000002',
        accountNo: '1000000002',
      });
      expect(response.body).toMatchObject({
        statusCode: '200',
        result: { totalOutstanding: 12345.5, accountNo: '1000000002', currency: 'NGN' },
      });
      const hybrid = await post<Envelope<BillResult>>(PATHS.bill, {
        msisdn: '8021000003',
        accountNo: '1000000003',
      });
      expect(hybrid.body.result.totalOutstanding).toBe(3000);
    });

    it('by account number: one answer (60005) for another number’s account and an unknown one, 400 for a malformed one', async () => {
      const others = await post<Failure>(PATHS.bill, { msisdn: '8021000002', accountNo: '1000000003' });
      const unknown = await post<Failure>(PATHS.bill, { msisdn: '8021000002', accountNo: '9999999999' });
      expect(others.body.statusCode).toBe('60005');
      expect(unknown.status).toBe(others.status);
      expect(unknown.body).toEqual(others.body);
      const malformed = await post<Failure>(PATHS.bill, { msisdn: '8021000002', accountNo: '12345' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toContain('Invalid Account Number');
      expect((await post<Failure>(PATHS.bill, { msisdn: '8021000002' })).status).toBe(400);
      expect(
        (await post<Failure>(PATHS.bill, { msisdn: '8021000002', accountNo: '1000000002', otpId: 'X' }))
          .status,
      ).toBe(400);
    });

    it('by one-time code: a verified INVOICE code for the number gives the bill', async () => {
      const { otpId } = await verifiedCode(
        { text: '8021000002', text1: '', otpAction: 'INVOICE' },
        '8021000002',
      );
      const response = await post<Envelope<BillResult>>(PATHS.bill, { msisdn: '8021000002', otpId });
      expect(response.status).toBe(200);
      expect(response.body.result).toEqual({
        totalOutstanding: 12345.5,
        accountNo: '1000000002',
        currency: 'NGN',
      });
    });

    it('by one-time code: refused when not verified, for another number, or for another purpose', async () => {
      const sent = await post<Envelope<{ otpId: string }>>(PATHS.sendOtp, {
        text: '8021000002',
        otpAction: 'INVOICE',
      });
      const unverified = await post<Failure>(PATHS.bill, {
        msisdn: '8021000002',
        otpId: sent.body.result.otpId,
      });
      expect(unverified.status).toBe(401);

      const other = await verifiedCode({ text: '8021000003', otpAction: 'INVOICE' }, '8021000003');
      const wrongNumber = await post<Failure>(PATHS.bill, { msisdn: '8021000002', otpId: other.otpId });
      expect(wrongNumber.status).toBe(401);

      const payment = await verifiedCode({ msisdn: '8021000002' }, '8021000002');
      const wrongPurpose = await post<Failure>(PATHS.bill, { msisdn: '8021000002', otpId: payment.otpId });
      expect(wrongPurpose.status).toBe(401);

      const unknown = await post<Failure>(PATHS.bill, { msisdn: '8021000002', otpId: 'OTPNOTHING' });
      expect(unknown.status).toBe(401);
    });

    it('by one-time code: a verified code older than 15 minutes no longer vouches for the number', async () => {
      const { otpId } = await verifiedCode({ text: '8021000003', otpAction: 'INVOICE' }, '8021000003');
      await portal.db.sql.query(
        `update otp_challenges set verified_at = now() - interval '16 minutes' where id = $1`,
        [otpId],
      );
      expect((await post<Failure>(PATHS.bill, { msisdn: '8021000003', otpId })).status).toBe(401);
    });

    it('a prepaid number has no bill', async () => {
      const { otpId } = await verifiedCode({ text: '8021000004', otpAction: 'INVOICE' }, '8021000004');
      const response = await post<Failure>(PATHS.bill, { msisdn: '8021000004', otpId });
      expect(response.body).toMatchObject({ status: 'failure', message: 'Invalid Mobile No' });
    });
  });

  describe('query-balance', () => {
    it('airtime: with the uniqueCode of a verified payment code', async () => {
      const { uniqueCode } = await verifiedCode({ msisdn: '8021000001' }, '8021000001');
      const response = await post<Envelope<QueryBalanceResult>>(PATHS.queryBalance, {
        msisdn: '8021000001',
        uniqueCode,
        serviceType: 'Airtime',
      });
      expect(response.status).toBe(200);
      expect(response.body.result.queryBalanceResult).toEqual([
        {
          serviceType: 'AIRTIME',
          balanceDescription: 'Main account',
          balanceType: 'MAIN',
          balance: 5000,
          unitType: 'NGN',
          expireTime: null,
        },
      ]);
      // Looking does not spend it: the payment still can.
      const again = await post(PATHS.queryBalance, {
        msisdn: '8021000001',
        uniqueCode,
        serviceType: 'Airtime',
      });
      expect(again.status).toBe(200);
    });

    it('airtime: refused without a code, with a forged one, or with another number’s', async () => {
      const { uniqueCode } = await verifiedCode({ msisdn: '8021000004' }, '8021000004');
      const cases = [
        { msisdn: '8021000001', serviceType: 'Airtime' },
        {
          msisdn: '8021000001',
          serviceType: 'Airtime',
          uniqueCode: `${uniqueCode.split('.')[0]}.${'0'.repeat(64)}`,
        },
        { msisdn: '8021000001', serviceType: 'Airtime', uniqueCode },
        { msisdn: '8021000001', serviceType: 'Airtime', uniqueCode: 'garbage' },
      ];
      for (const body of cases) {
        const response = await post<Failure>(PATHS.queryBalance, body);
        expect(response.status, JSON.stringify(body)).toBe(401);
      }
      expect((await post(PATHS.queryBalance, { msisdn: '8021000001' })).status).toBe(400);
    });

    it('broadband: sends a code to the router, then answers the data balance once it is verified', async () => {
      const first = await post<Envelope<QueryBalanceResult>>(PATHS.queryBalance, {
        msisdn: '9021000005',
        requestType: 'BROADBAND',
      });
      expect(first.status).toBe(200);
      expect(first.body.result).toMatchObject({ otpRecipient: '902****005', resendAfterSeconds: 60 });
      const txnRefId = first.body.result.txnRefId!;
      expect(first.body.result.queryBalanceResult).toBeUndefined();

      const otp = await latestOtp(portal, '9021000005');
      const wrongTry = await post<Failure>(PATHS.verifyOtp, {
        refId: txnRefId,
        otp: otp === '000000' ? '111111' : '000000',
      });
      expect(wrongTry.body.statusCode).toBe('2003');
      const verified = await post<Envelope<{ uniqueCode: string }>>(PATHS.verifyOtp, {
        refId: txnRefId,
        otp,
      });
      const uniqueCode = verified.body.result.uniqueCode;

      const balance = await post<Envelope<QueryBalanceResult>>(PATHS.queryBalance, {
        msisdn: '9021000005',
        requestType: 'BROADBAND',
        uniqueCode,
      });
      expect(balance.status).toBe(200);
      const rows = balance.body.result.queryBalanceResult as BalanceEntry[];
      expect(rows.length).toBeGreaterThan(0);
      const bundle = rows.find((r) => r.balanceDescription === 'MiFi Monthly 10GB');
      expect(bundle).toMatchObject({ serviceType: 'DATA', balance: 10, unitType: 'GB' });
      const days = (new Date(bundle!.expireTime!).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(18);
      expect(days).toBeLessThan(21);

      // A payment code does not open the data balance, nor does the balance code buy airtime reads.
      const airtime = await post<Failure>(PATHS.queryBalance, {
        msisdn: '9021000005',
        serviceType: 'Airtime',
        uniqueCode,
      });
      expect(airtime.status).toBe(401);
    });

    it('broadband: a phone number is not a router', async () => {
      const response = await post<Failure>(PATHS.queryBalance, {
        msisdn: '8021000001',
        requestType: 'BROADBAND',
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Invalid Mobile No');
    });
  });

  describe('bundles and product config', () => {
    it('a prepaid number gets the prepaid catalogue with every spec field', async () => {
      const response = await post<Envelope<Bundle[]>>(PATHS.bundles, {
        msisdn: '8021000001',
        lineType: 'PREPAID',
        serviceType: null,
      });
      expect(response.status).toBe(200);
      const bundles = response.body.result;
      expect(bundles.length).toBeGreaterThan(20);
      for (const b of bundles) {
        expect(Object.keys(b).sort()).toEqual(
          [
            'amount',
            'category',
            'currency',
            'data',
            'dataUnit',
            'description',
            'lineType',
            'linetype',
            'name',
            'periodType',
            'productCode',
            'serviceType',
            'sms',
            'validity',
            'validityUnit',
            'voice',
            'voiceUnit',
          ].sort(),
        );
        expect(b).toMatchObject({
          lineType: 'PREPAID',
          linetype: 'PREPAID',
          currency: 'NGN',
          serviceType: 'MOBILE',
        });
      }
    });

    it('a MiFi number gets MiFi and router plans; {serviceType} alone works too', async () => {
      const byNumber = await post<Envelope<Bundle[]>>(PATHS.bundles, {
        msisdn: '9021000005',
        lineType: 'PREPAID',
        serviceType: null,
      });
      expect(byNumber.body.result.length).toBeGreaterThan(0);
      expect(byNumber.body.result.every((b) => b.serviceType === 'BROADBAND')).toBe(true);
      const byType = await post<Envelope<Bundle[]>>(PATHS.bundles, { serviceType: 'BROADBAND' });
      expect(byType.body.result.map((b) => b.productCode)).toEqual(
        byNumber.body.result.map((b) => b.productCode),
      );
    });

    it('postpaid bundles appear only when the setting enables them', async () => {
      const off = await post<Envelope<Bundle[]>>(PATHS.bundles, {
        msisdn: '8021000002',
        lineType: 'POSTPAID',
        serviceType: null,
      });
      expect(off.body.result).toEqual([]);
      const patched = await portal.request('PATCH', '/sandbox/config', { enablePostpaidBundles: true });
      expect(patched.status).toBe(200);
      try {
        const on = await post<Envelope<Bundle[]>>(PATHS.bundles, {
          msisdn: '8021000002',
          lineType: 'POSTPAID',
          serviceType: null,
        });
        expect(on.body.result.length).toBeGreaterThan(0);
        expect(on.body.result.every((b) => b.lineType === 'POSTPAID')).toBe(true);
        const config = await portal.request<Envelope<ProductConfig>>('GET', PATHS.productConfig);
        expect(config.body.result.enablePostpaidBundles).toBe(true);
      } finally {
        await portal.request('PATCH', '/sandbox/config', { enablePostpaidBundles: false });
      }
    });

    it('refuses unknown numbers and empty requests', async () => {
      expect(
        (await post<Failure>(PATHS.bundles, { msisdn: '8031234567', lineType: 'PREPAID' })).body.message,
      ).toBe('Invalid Mobile No');
      expect((await post<Failure>(PATHS.bundles, {})).status).toBe(400);
    });

    it('get-product-config answers the catalogue’s categories and period types', async () => {
      const response = await portal.request<Envelope<ProductConfig>>('GET', PATHS.productConfig);
      expect(response.status).toBe(200);
      expect(response.body.result).toMatchObject({
        productCode: 'ORP',
        currency: 'NGN',
        enablePostpaidBundles: false,
      });
      expect(response.body.result.periodTypes).toContain('Others');
      expect(response.body.result.categories.length).toBeGreaterThan(5);
    });
  });
});
