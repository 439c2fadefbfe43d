import { PATHS, type Envelope } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayHoldPersonalData, scrubPersonalData } from './lib/redact.js';
import { eventually, startTestPortal, type TestPortal } from './test/harness.js';
import { encryptPin, pathOf, pinAccessToken, sentCode, startCardPayment, statusOf } from './test/payments.js';
import { latestOtp, payOnCheckout, SUCCESS_CARD } from './test/sandbox-client.js';

const PREPAID = '8021000001';
const POSTPAID = '8021000002';

describe('logs never hold a full number, email, PIN, code or card number', () => {
  let portal: TestPortal;
  const lines: string[] = [];
  const secrets = new Set<string>();

  beforeAll(async () => {
    portal = await startTestPortal('pglite', { logSink: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('scrubs numbers, card numbers and emails from any line', () => {
    expect(scrubPersonalData('"msg":"subscriber 2348021000001 not found","time":1764007200000')).toBe(
      '"msg":"subscriber *********0001 not found","time":1764007200000',
    );
    expect(scrubPersonalData('url=/x?msisdn=8021000001&e=ada%40example.com')).toBe(
      'url=/x?msisdn=******0001&e=a***%40example.com',
    );
    expect(scrubPersonalData('card 4084 0840 8408 4081, mail ada.obi@example.com')).toBe(
      'card ****4081, mail a***@example.com',
    );
    // Transaction references, hashes and request ids are not numbers (a request id's groups of four digits
    // are not a card's).
    expect(scrubPersonalData('TX0123456789AB0123456789 ab12345678901234cd')).toBe(
      'TX0123456789AB0123456789 ab12345678901234cd',
    );
    const ids = '"reqId":"9a8a87de-1234-4567-8901-0123a456b789","card":"4084-0840-8408-4081"';
    expect(scrubPersonalData(ids)).toBe('"reqId":"9a8a87de-1234-4567-8901-0123a456b789","card":"****4081"');
  });

  it('looks quickly past lines with nothing to scrub, and never past one with something', () => {
    const request =
      '{"level":30,"time":1764007200000,"reqId":"9a1b2c3d-1234-5678-abcd-0123a456b789","ms":1.2}';
    expect(mayHoldPersonalData(request)).toBe(false);
    expect(mayHoldPersonalData('{"time":1764007200000,"msg":"x"}')).toBe(false);
    const samples = [
      '{"time":1764007200000,"msg":"subscriber 2348021000001"}',
      '"msisdn":"8021000001","time":1764007200000',
      'card 4084 0840 8408 4081',
      'card 4084-0840-8408-4081',
      'mail ada@example.com',
      'e=ada%40example.com',
    ];
    for (const line of samples) {
      expect(scrubPersonalData(line), line).not.toBe(line);
      expect(mayHoldPersonalData(line), line).toBe(true);
    }
  });

  it('a full journey (codes, a bill, invoices, a card payment, a PIN payment) leaves none in the log', async () => {
    // A number check and a bill behind a one-time code.
    await portal.request('GET', `${PATHS.lineType}?msisdn=${PREPAID}`);
    const invoiceSend = await portal.request<Envelope<{ otpId: string }>>('POST', PATHS.sendOtp, {
      msisdn: POSTPAID,
      otpAction: 'INVOICE',
    });
    const otpId = invoiceSend.body.result.otpId;
    const code = await latestOtp(portal, POSTPAID);
    secrets.add(code);
    await portal.request('POST', PATHS.verifyOtp, { otpId, otp: code });
    expect((await portal.request('POST', PATHS.bill, { msisdn: POSTPAID, otpId })).status).toBe(200);
    // Fixed-internet invoices by account and email, and a wrong pair (an upstream refusal).
    const fixed = { accountNo: 'PA0000000001', contactPersonEmailId: 'billing@example.com' };
    await portal.request('POST', PATHS.openInvoices, fixed);
    await portal.request('POST', PATHS.openInvoices, { ...fixed, contactPersonEmailId: 'eve@example.com' });
    // A card payment to its end.
    const card = await startCardPayment(portal, 500, { number: PREPAID });
    const callback = await payOnCheckout(card.redirectUrl, SUCCESS_CARD);
    await portal.request('GET', pathOf(callback));
    await eventually(async () =>
      (await statusOf(portal, card.transactionId)).status === 'SUCCESS' ? true : undefined,
    );
    // A PIN payment, with a wrong PIN first.
    const { otp } = await sentCode(portal, PREPAID, 200);
    secrets.add(otp);
    const authorization = await pinAccessToken(portal, PREPAID, 200);
    const initiated = await portal.request<
      Envelope<{ transactionId: string; encryptionKeyDetails: { key: string } }>
    >(
      'POST',
      PATHS.authInitiate,
      {
        amount: 200,
        mobileNumber: PREPAID,
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'NAIJA_MONEY',
        paymentMobile: `0${PREPAID}`,
      },
      { authorization },
    );
    const { transactionId, encryptionKeyDetails } = initiated.body.result;
    for (const pin of ['0000', '1234']) {
      await portal.request(
        'POST',
        PATHS.authProcess,
        { transactionId, paymentMode: 'NAIJA_MONEY', amPin: encryptPin(pin, encryptionKeyDetails.key) },
        { authorization },
      );
    }
    await eventually(async () =>
      (await statusOf(portal, transactionId)).status === 'SUCCESS' ? true : undefined,
    );

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    for (const personal of [
      PREPAID,
      POSTPAID,
      'ada@example.com',
      'ada%40example.com',
      'billing@example.com',
      'eve@example.com',
      '4084084084084081',
      '4084 0840 8408 4081',
      '1000000002',
      authorization.replace(/^Bearer /, ''),
    ]) {
      expect(log, personal).not.toContain(personal);
    }
    for (const secret of [...secrets, '"1234"', '"0000"']) {
      expect(log).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${secret}(?![0-9A-Za-z])`));
    }
  });
});
