import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { PATHS, type Envelope, type TransactionStatusResult } from '@portal/contract';
import { expect } from 'vitest';
import type { TestPortal } from './harness.js';
import { latestOtp } from './sandbox-client.js';

let attempts = 0;

/**
 * A card payment started as the payment page starts one (initiate, then process), for a prepaid recharge
 * of `number`. Returns the transaction id and where the gateway sends the browser.
 */
export async function startCardPayment(
  portal: TestPortal,
  amount: number,
  options: { gateway?: 'paystack' | 'dpo'; number?: string; key?: string } = {},
) {
  const gateway = options.gateway ?? 'paystack';
  const initiated = await portal.request<Envelope<{ transactionId: string; cancelToken: string }>>(
    'POST',
    PATHS.initiate,
    {
      amount,
      mobileNumber: options.number ?? '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: gateway,
      emailId: 'ada@example.com',
    },
    { 'idempotency-key': options.key ?? `card-${gateway}-${Date.now()}-${++attempts}` },
  );
  expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
  const { transactionId, cancelToken } = initiated.body.result;
  const processed = await portal.request<Envelope<{ redirectUrl: string; reference?: string }>>(
    'POST',
    PATHS.process,
    { transactionId, paymentMode: 'PAYMENT_GATEWAY', paymentGateway: gateway },
  );
  expect(processed.status, JSON.stringify(processed.body)).toBe(200);
  return { transactionId, cancelToken, ...processed.body.result };
}

/** What the status page reads for a payment. */
export async function statusOf(portal: TestPortal, id: string): Promise<TransactionStatusResult> {
  return (await portal.request<Envelope<TransactionStatusResult>>('GET', `${PATHS.status}?tid=${id}`)).body
    .result;
}

/** The path and query of a URL the gateway sent the browser to, for the portal's own request helper. */
export const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

/** A payment one-time code sent to `number` (bound to `amount` when given) and read from its inbox. */
export async function sentCode(portal: TestPortal, number: string, amount?: number) {
  const sent = await portal.request<Envelope<{ otpId: string }>>('POST', PATHS.sendOtp, {
    msisdn: number,
    ...(amount !== undefined ? { amount } : {}),
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { otpId: sent.body.result.otpId, otp: await latestOtp(portal, number) };
}

/** The uniqueCode of a verified payment code: what the airtime method hands to initiate. */
export async function paymentUniqueCode(portal: TestPortal, number: string, amount?: number) {
  const { otpId, otp } = await sentCode(portal, number, amount);
  const verified = await portal.request<Envelope<{ uniqueCode: string }>>('POST', PATHS.verifyOtp, {
    otpId,
    otp,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return verified.body.result.uniqueCode;
}

/** The bearer token of verify-user, as the PIN methods obtain it (`Bearer <token>`). */
export async function pinAccessToken(portal: TestPortal, number: string, amount?: number) {
  const { otpId, otp } = await sentCode(portal, number, amount);
  const res = await portal.request<Envelope<{ tokenType: string; accessToken: string }>>(
    'POST',
    PATHS.verifyUser,
    { refId: otpId, otp, username: number, paymentMode: 'NAIJA_MONEY' },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return `${res.body.result.tokenType} ${res.body.result.accessToken}`;
}

/** The wallet PIN encrypted as the browser encrypts it, under the key initiate returned. */
export function encryptPin(pin: string, key: string): string {
  return publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(key, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    Buffer.from(pin),
  ).toString('base64');
}

/** The state changes of a transaction, oldest first, as recorded in transaction_events. */
export async function eventsOf(portal: TestPortal, id: string) {
  const rows = await portal.db.sql.query<{ to_state: string; reason: string | null; created_at: Date }>(
    'select to_state, reason, created_at from transaction_events where transaction_id = $1 order by id',
    [id],
  );
  return rows.rows;
}
