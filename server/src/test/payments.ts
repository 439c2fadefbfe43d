import { PATHS, type Envelope, type TransactionStatusResult } from '@portal/contract';
import { expect } from 'vitest';
import type { TestPortal } from './harness.js';

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
  const initiated = await portal.request<Envelope<{ transactionId: string }>>(
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
  const transactionId = initiated.body.result.transactionId;
  const processed = await portal.request<Envelope<{ redirectUrl: string; reference?: string }>>(
    'POST',
    PATHS.process,
    { transactionId, paymentMode: 'PAYMENT_GATEWAY', paymentGateway: gateway },
  );
  expect(processed.status, JSON.stringify(processed.body)).toBe(200);
  return { transactionId, ...processed.body.result };
}

/** What the status page reads for a payment. */
export async function statusOf(portal: TestPortal, id: string): Promise<TransactionStatusResult> {
  return (await portal.request<Envelope<TransactionStatusResult>>('GET', `${PATHS.status}?tid=${id}`)).body
    .result;
}

/** The path and query of a URL the gateway sent the browser to, for the portal's own request helper. */
export const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
