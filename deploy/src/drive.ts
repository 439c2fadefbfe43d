import { clientHeaders } from '@portal/contract/client-headers';
import { encryptPin } from '@portal/contract/testing/pin';

/**
 * A subscriber's side of a payment, over HTTP through the proxy: what the browser and the phone do.
 * Every call is retried with the same idempotency key when an instance dies under it, as a browser
 * user would press the button again.
 */
type Envelope<T> = { statusCode: string; status: string; message: string; result: T };

export type Outcome = { transactionId?: string; kind: string; clientError?: string; refused?: boolean };

const BFE = '/orp/bfe/api/portal-service';
/** The spec's API key and service id (the cluster under test runs with the default values). */
const API = clientHeaders();

async function call<T>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  tries = 6,
): Promise<{ status: number; body: Envelope<T> }> {
  let lastError: unknown;
  for (let i = 0; i < tries; i++) {
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...API,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const parsed = (await response.json().catch(() => ({}))) as Envelope<T>;
      if (response.status >= 500 || response.status === 429) {
        lastError = new Error(`${path}: ${response.status} ${parsed.message}`);
      } else return { status: response.status, body: parsed };
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 500 + i * 700));
  }
  throw lastError;
}

async function form(url: string, fields: Record<string, string>, tries = 6): Promise<string | undefined> {
  for (let i = 0; i < tries; i++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(20_000),
      });
      if (response.status === 302) return response.headers.get('location') ?? undefined;
      if (response.status < 500) return undefined;
    } catch {
      // retry
    }
    await new Promise((r) => setTimeout(r, 500 + i * 700));
  }
  return undefined;
}

let seq = 0;

export type CardGateway = 'paystack' | 'dpo';

/** How hard a step tries: a bench calls once (`tries: 1`) and counts a failure instead of retrying it. */
export type StepOptions = { tries?: number };

/** Initiate of a card payment (recharge of `mobileNumber`, by default the sandbox's first prepaid line). */
export async function initiateCard(
  base: string,
  amount: number,
  options: StepOptions & { mobileNumber?: string; gateway?: CardGateway } = {},
): Promise<string> {
  const key = `sys-card-${Date.now()}-${++seq}`;
  const init = await call<{ transactionId: string }>(
    base,
    'POST',
    `${BFE}/transaction/v1/initiate`,
    {
      amount,
      mobileNumber: options.mobileNumber ?? '8021000001',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: options.gateway ?? 'paystack',
      emailId: 'ada@example.com',
    },
    { 'idempotency-key': key },
    options.tries,
  );
  const transactionId = init.body.result?.transactionId;
  if (!transactionId) throw new Error(`initiate: ${init.status} ${init.body.message}`);
  return transactionId;
}

/** Process of a card payment: the gateway's checkout address, or why there is none. */
export async function processCard(
  base: string,
  transactionId: string,
  options: StepOptions & { gateway?: CardGateway } = {},
): Promise<{ redirectUrl?: string; error?: string }> {
  const proc = await call<{ redirectUrl?: string }>(
    base,
    'POST',
    `${BFE}/transaction/v1/process`,
    { transactionId, paymentMode: 'PAYMENT_GATEWAY', paymentGateway: options.gateway ?? 'paystack' },
    {},
    options.tries,
  );
  const redirectUrl = proc.body.result?.redirectUrl;
  return redirectUrl ? { redirectUrl } : { error: `process: ${proc.body.message}` };
}

/** Initiate and process of a card payment: where the browser would go to pay. */
export async function startCard(
  base: string,
  amount: number,
  gateway: CardGateway = 'paystack',
): Promise<{ transactionId: string; redirectUrl?: string; error?: string }> {
  const transactionId = await initiateCard(base, amount, { gateway });
  return { transactionId, ...(await processCard(base, transactionId, { gateway })) };
}

/** The card typed on the gateway's checkout page: where the gateway sends the browser back (undefined: none). */
export async function checkoutCard(
  redirectUrl: string,
  card: string,
  options: StepOptions = {},
): Promise<string | undefined> {
  return form(redirectUrl, { cardNumber: card, expiry: '12/30', cvv: '408' }, options.tries);
}

/**
 * The browser back at the portal's return address, which verifies the payment with the gateway before it
 * answers: where the portal sends the browser (its status page), undefined when the return failed.
 */
export async function returnToPortal(callback: string): Promise<string | undefined> {
  const response = await fetch(callback, { redirect: 'manual', signal: AbortSignal.timeout(20_000) });
  await response.arrayBuffer();
  return response.status === 303 ? (response.headers.get('location') ?? undefined) : undefined;
}

/** How the browser comes back to the portal from the checkout: by default once, at once. */
export type BrowserReturn = (callbackUrl: string) => Promise<void>;

export const returnOnce: BrowserReturn = async (callbackUrl) => {
  await returnToPortal(callbackUrl).catch(() => undefined);
};

/** Pays on the gateway's checkout and returns to the portal, as the browser does. */
export async function payOnCheckout(
  redirectUrl: string,
  card: string,
  browserReturn: BrowserReturn = returnOnce,
): Promise<void> {
  const callback = await checkoutCard(redirectUrl, card);
  if (callback) await browserReturn(callback);
}

export type CardPayment = { gateway?: CardGateway; browserReturn?: BrowserReturn };

export async function payByCard(
  base: string,
  card: string,
  amount: number,
  { gateway = 'paystack', browserReturn }: CardPayment = {},
): Promise<Outcome> {
  const kind = `card-${gateway}-${card.startsWith('4084') ? 'success' : 'decline'}`;
  try {
    const { transactionId, redirectUrl, error } = await startCard(base, amount, gateway);
    if (!redirectUrl) return { transactionId, kind, clientError: error ?? 'no checkout' };
    await payOnCheckout(redirectUrl, card, browserReturn);
    return { transactionId, kind };
  } catch (error) {
    return { kind, clientError: String(error) };
  }
}

export async function payByPush(
  base: string,
  mode: 'MPESA' | 'NAIJA_MONEY_PUSH',
  approve: boolean,
  amount: number,
): Promise<Outcome> {
  const kind = `${mode.toLowerCase()}-${approve ? 'approve' : 'decline'}`;
  try {
    const init = await call<{ transactionId: string }>(
      base,
      'POST',
      `${BFE}/transaction/v1/initiate`,
      {
        amount,
        mobileNumber: '8021000001',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: mode,
        emailId: 'ada@example.com',
        paymentMobile: '08021000001',
      },
      { 'idempotency-key': `sys-push-${Date.now()}-${++seq}` },
    );
    const transactionId = init.body.result.transactionId;
    await call(base, 'POST', `${BFE}/transaction/v1/process`, { transactionId, paymentMode: mode });
    for (let i = 0; i < 30; i++) {
      const prompts = await fetch(`${base}/sandbox/phone/8021000001/prompts`)
        .then((r) => r.json() as Promise<{ id: string; reference: string }[]>)
        .catch(() => []);
      const prompt = prompts.find((p) => p.reference.startsWith(transactionId));
      if (prompt) {
        await call(
          base,
          'POST',
          `/sandbox/phone/8021000001/prompts/${prompt.id}/${approve ? 'approve' : 'decline'}`,
          approve ? { pin: '1234' } : {},
        );
        return { transactionId, kind };
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return { transactionId, kind, clientError: 'no prompt on the phone' };
  } catch (error) {
    return { kind, clientError: String(error) };
  }
}

const PAYER = '8021000001';

/**
 * One payer's inbox is read by one payment at a time: a one-time code is taken as the newest code there,
 * so two payments of the same payer must not ask for codes together.
 */
let inbox: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = inbox.then(work, work);
  inbox = run.catch(() => undefined);
  return run;
}

/** A payment code for `amount`, sent to the payer and read from the phone's inbox. */
async function codeFor(base: string, amount: number): Promise<{ otpId: string; otp: string }> {
  const sent = await call<{ otpId: string }>(base, 'POST', `${BFE}/otp/v1/send-otp`, {
    msisdn: PAYER,
    amount,
  });
  if (sent.status !== 200) throw new Error(`send-otp: ${sent.status} ${sent.body.message}`);
  const messages = (await fetch(`${base}/sandbox/sms?to=${PAYER}`).then((r) => r.json())) as {
    text: string;
  }[];
  const otp = messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
  if (!otp) throw new Error('no code in the inbox');
  return { otpId: sent.body.result.otpId, otp };
}

/** Airtime pays another line's recharge, with the payer's code for that amount (spec §4 "Airtime payment"). */
export async function payByAirtime(base: string, amount: number): Promise<Outcome> {
  const kind = 'airtime';
  try {
    const uniqueCode = await oneAtATime(async () => {
      const { otpId, otp } = await codeFor(base, amount);
      const verified = await call<{ uniqueCode: string }>(base, 'POST', `${BFE}/otp/v1/verify-otp`, {
        otpId,
        otp,
      });
      return verified.body.result.uniqueCode;
    });
    const init = await call<{ transactionId: string }>(
      base,
      'POST',
      `${BFE}/transaction/v1/initiate`,
      {
        amount,
        mobileNumber: '8021000004',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'AIR_TIME',
        emailId: 'ada@example.com',
        paymentMobile: `0${PAYER}`,
        uniqueCode,
      },
      { 'idempotency-key': `sys-airtime-${Date.now()}-${++seq}` },
    );
    const transactionId = init.body.result?.transactionId;
    if (!transactionId) return { kind, clientError: `initiate: ${init.body.message}` };
    await call(base, 'POST', `${BFE}/transaction/v1/process`, { transactionId, paymentMode: 'AIR_TIME' });
    return { transactionId, kind };
  } catch (error) {
    return { kind, clientError: String(error) };
  }
}

export type PinWallet = 'NAIJA_MONEY' | 'SMARTCASH';

/** A PIN wallet (mobile money, SmartCash): the verify-user token for the amount, then the encrypted PIN (spec §4). */
export async function payByPin(
  base: string,
  amount: number,
  mode: PinWallet = 'NAIJA_MONEY',
): Promise<Outcome> {
  const kind = mode === 'NAIJA_MONEY' ? 'momo-pin' : 'smartcash-pin';
  try {
    const authorization = await oneAtATime(async () => {
      const { otpId, otp } = await codeFor(base, amount);
      const user = await call<{ tokenType: string; accessToken: string }>(
        base,
        'POST',
        '/auth/bfe/api/portal-service/otp/v1/verify-user',
        { refId: otpId, otp, username: PAYER, paymentMode: mode },
      );
      return `${user.body.result.tokenType} ${user.body.result.accessToken}`;
    });
    const init = await call<{ transactionId: string; encryptionKeyDetails: { key: string } }>(
      base,
      'POST',
      `${BFE}/transaction/v1/auth/initiate`,
      {
        amount,
        mobileNumber: PAYER,
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: mode,
        paymentMobile: `0${PAYER}`,
      },
      { 'idempotency-key': `sys-pin-${Date.now()}-${++seq}`, authorization },
    );
    const started = init.body.result;
    if (!started?.transactionId) return { kind, clientError: `initiate: ${init.body.message}` };
    await call(
      base,
      'POST',
      `${BFE}/transaction/v1/auth/process`,
      {
        transactionId: started.transactionId,
        paymentMode: mode,
        amPin: encryptPin('1234', started.encryptionKeyDetails.key),
      },
      { authorization },
    );
    return { transactionId: started.transactionId, kind };
  } catch (error) {
    return { kind, clientError: String(error) };
  }
}

/**
 * An attacker's try: a card mode with "airtime" as its gateway and someone else's number as the payer, no
 * code. It must be refused; `clientError` is set when it was not.
 */
export async function tryAirtimeWithoutConsent(base: string): Promise<Outcome> {
  const kind = 'attack-airtime-as-card';
  try {
    const init = await call<{ transactionId: string }>(base, 'POST', `${BFE}/transaction/v1/initiate`, {
      amount: 100,
      mobileNumber: '8021000004',
      transactionType: 'PREPAID_RECHARGE',
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'airtime',
      paymentMobile: `0${PAYER}`,
      emailId: 'eve@example.com',
    });
    if (init.status !== 400) return { kind, clientError: `initiate answered ${init.status}, not 400` };
    return { kind, refused: true };
  } catch (error) {
    return { kind, clientError: String(error) };
  }
}
