/**
 * A subscriber's side of a payment, over HTTP through the proxy: what the browser and the phone do.
 * Every call is retried with the same idempotency key when an instance dies under it, as a browser
 * user would press the button again.
 */
type Envelope<T> = { statusCode: string; status: string; message: string; result: T };

export type Outcome = { transactionId?: string; kind: string; clientError?: string };

const BFE = '/orp/bfe/api/portal-service';

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
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
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

export async function payByCard(base: string, card: string, amount: number): Promise<Outcome> {
  const key = `sys-card-${Date.now()}-${++seq}`;
  const kind = card.startsWith('4084') ? 'card-success' : 'card-decline';
  try {
    const init = await call<{ transactionId: string }>(
      base,
      'POST',
      `${BFE}/transaction/v1/initiate`,
      {
        amount,
        mobileNumber: '8021000001',
        transactionType: 'PREPAID_RECHARGE',
        paymentMode: 'PAYMENT_GATEWAY',
        paymentGateway: 'paystack',
        emailId: 'ada@example.com',
      },
      { 'idempotency-key': key },
    );
    const transactionId = init.body.result.transactionId;
    const proc = await call<{ redirectUrl?: string }>(base, 'POST', `${BFE}/transaction/v1/process`, {
      transactionId,
      paymentMode: 'PAYMENT_GATEWAY',
      paymentGateway: 'paystack',
    });
    const redirectUrl = proc.body.result?.redirectUrl;
    if (!redirectUrl) return { transactionId, kind, clientError: `process: ${proc.body.message}` };
    const callback = await form(redirectUrl, { cardNumber: card, expiry: '12/30', cvv: '408' });
    if (callback) await fetch(callback, { redirect: 'manual' }).catch(() => undefined);
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
