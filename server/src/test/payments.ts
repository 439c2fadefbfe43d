import { PATHS, type Envelope, type TransactionStatusResult } from '@portal/contract';
import { expect } from 'vitest';
import { createHttpCore, type CorePort } from '../upstream/core.js';
import {
  eventually,
  startTestPortal,
  whenQuiet,
  type TestPortal,
  type TestPortalOptions,
} from './harness.js';
import { coreView, latestOtp, payOnCheckout, SUCCESS_CARD } from './sandbox-client.js';
import { encryptPin } from '@portal/contract/testing/pin';

export { encryptPin };

let attempts = 0;

/** The initiate body of a prepaid recharge of `number` paid by card, as the payment page sends it. */
export function cardRecharge(amount: number, number: string, gateway: 'paystack' | 'dpo' = 'paystack') {
  return {
    amount,
    mobileNumber: number,
    transactionType: 'PREPAID_RECHARGE',
    paymentMode: 'PAYMENT_GATEWAY',
    paymentGateway: gateway,
    emailId: 'ada@example.com',
  };
}

type CardOptions = { gateway?: 'paystack' | 'dpo'; number?: string; key?: string };

/** The payment page's initiate of a card payment for a prepaid recharge of `number` (not yet charged). */
export async function initiateCardPayment(portal: TestPortal, amount: number, options: CardOptions = {}) {
  const gateway = options.gateway ?? 'paystack';
  const initiated = await portal.request<Envelope<{ transactionId: string; cancelToken: string }>>(
    'POST',
    PATHS.initiate,
    cardRecharge(amount, options.number ?? '8021000001', gateway),
    { 'idempotency-key': options.key ?? `card-${gateway}-${Date.now()}-${++attempts}` },
  );
  expect(initiated.status, JSON.stringify(initiated.body)).toBe(200);
  return initiated.body.result;
}

/** The payment page's process of an initiated card payment: where the gateway sends the browser. */
export async function processCardPayment(
  portal: TestPortal,
  transactionId: string,
  gateway: 'paystack' | 'dpo' = 'paystack',
) {
  const processed = await portal.request<Envelope<{ redirectUrl: string; reference?: string }>>(
    'POST',
    PATHS.process,
    { transactionId, paymentMode: 'PAYMENT_GATEWAY', paymentGateway: gateway },
  );
  expect(processed.status, JSON.stringify(processed.body)).toBe(200);
  return processed.body.result;
}

/**
 * A card payment started as the payment page starts one (initiate, then process), for a prepaid recharge
 * of `number`. Returns the transaction id and where the gateway sends the browser.
 */
export async function startCardPayment(portal: TestPortal, amount: number, options: CardOptions = {}) {
  const { transactionId, cancelToken } = await initiateCardPayment(portal, amount, options);
  const processed = await processCardPayment(portal, transactionId, options.gateway);
  return { transactionId, cancelToken, ...processed };
}

/** What the status page reads for a payment. */
export async function statusOf(portal: TestPortal, id: string): Promise<TransactionStatusResult> {
  return (await portal.request<Envelope<TransactionStatusResult>>('GET', `${PATHS.status}?tid=${id}`)).body
    .result;
}

/**
 * The status answer once `settled` holds for it, polled as `eventually` polls: what a test waits for
 * after the browser's return or a job.
 */
export function statusWhen(
  portal: TestPortal,
  id: string,
  settled: (s: TransactionStatusResult) => boolean,
  timeoutMs?: number,
): Promise<TransactionStatusResult> {
  return eventually(async () => {
    const s = await statusOf(portal, id);
    return settled(s) ? s : undefined;
  }, timeoutMs);
}

/** The airtime credits the sandbox core holds for a payment to `number`: one, once it is delivered. */
export async function airtimeCredits(portal: TestPortal, number: string, id: string) {
  return (await coreView(portal, number)).operations.filter(
    (o) => o.transactionId === id && o.type === 'AIRTIME_CREDIT',
  );
}

/** A card payment of `amount`, paid on the gateway's checkout and returned from; its transaction id. */
export async function payByCard(
  portal: TestPortal,
  amount: number,
  options: Parameters<typeof startCardPayment>[2] = {},
) {
  const { transactionId, redirectUrl } = await startCardPayment(portal, amount, options);
  const callback = await payOnCheckout(redirectUrl, SUCCESS_CARD);
  await portal.request('GET', pathOf(callback));
  return transactionId;
}

/**
 * What a paid card payment comes to, whichever gateway took it: the browser's return (three times, as
 * reloads do) lands on the status page; the status shows it fulfilled; once every job has run a replayed
 * return credits nothing more; and the transaction went through each state once.
 */
export async function expectDeliveredOnce(
  portal: TestPortal,
  paid: { transactionId: string; callback: string; number: string; amount: number; balanceBefore: number },
) {
  const { transactionId, number, amount } = paid;
  const path = pathOf(paid.callback);
  const returns = await Promise.all([1, 2, 3].map(() => portal.request('GET', path)));
  for (const r of returns) {
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(`/payment/status?id=${transactionId}`);
  }
  const final = await statusWhen(portal, transactionId, (s) => s.status === 'SUCCESS');
  expect(final).toMatchObject({
    transactionStatus: 'FULFILLED',
    amount,
    currencyCode: 'NGN',
    // The status answer masks the number but its last four digits.
    mobileNumber: `******${number.slice(-4)}`,
  });
  await whenQuiet(portal);
  await portal.request('GET', path);
  expect(await airtimeCredits(portal, number, transactionId)).toHaveLength(1);
  expect((await coreView(portal, number)).airtimeBalance).toBe(paid.balanceBefore + amount);
  expect((await eventsOf(portal, transactionId)).map((e) => e.to_state)).toEqual([
    'CREATED',
    'STARTING',
    'PENDING',
    'PAID',
    'FULFILLED',
  ]);
}

/**
 * A test portal whose core refuses every airtime credit with the error `refusal` makes (other operations
 * reach the sandbox core): a fulfilment failing after the money was taken, which must end in a refund.
 */
export async function startPortalRefusingCredits(
  kind: Parameters<typeof startTestPortal>[0],
  refusal: (portalUrl: string) => Promise<Error> | Error,
  options: Omit<TestPortalOptions, 'ports'> = {},
): Promise<TestPortal> {
  let portalUrl = '';
  const real = createHttpCore({ baseUrl: () => `${portalUrl}/sandbox/core/api`, timeoutMs: 3000 });
  const core: CorePort = {
    ...real,
    apply: async (op) => {
      if (op.type === 'AIRTIME_CREDIT') throw await refusal(portalUrl);
      return real.apply(op);
    },
  };
  const portal = await startTestPortal(kind, { ...options, ports: { core } });
  portalUrl = portal.baseUrl;
  return portal;
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
/** The state changes of a transaction, oldest first, as recorded in transaction_events. */
export async function eventsOf(portal: TestPortal, id: string) {
  const rows = await portal.db.sql.query<{ to_state: string; reason: string | null; created_at: Date }>(
    'select to_state, reason, created_at from transaction_events where transaction_id = $1 order by id',
    [id],
  );
  return rows.rows;
}

/** The names of the jobs queued for a transaction (pg-boss keeps a finished job until its retention ends). */
export async function jobNamesOf(portal: Pick<TestPortal, 'db'>, id: string): Promise<string[]> {
  const rows = await portal.db.sql.query<{ name: string }>(
    "select name from pgboss.job where data->>'transactionId' = $1 order by created_on",
    [id],
  );
  return rows.rows.map((r) => r.name);
}

/** How long after the payment was confirmed (PAID) it was refunded, by its own events. */
export async function refundedAfterPaidMs(portal: TestPortal, transactionId: string): Promise<number> {
  const events = await eventsOf(portal, transactionId);
  const at = (state: string) => new Date(events.find((e) => e.to_state === state)!.created_at).getTime();
  return at('REFUNDED') - at('PAID');
}
