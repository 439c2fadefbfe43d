import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { iso, num, one, type SandboxDb } from './db.js';
import { isPositiveInt, objectBody, optionalString, type SandboxContext } from './context.js';
import { absoluteUrl, hmacHex } from './deliver.js';
import { apiFaultHook } from './faults.js';
import { toInternational } from './msisdn.js';

/*
 * Mobile money, SmartCash and MPESA wallets. Two ways to pay:
 * - push prompt (mobile money collections, MPESA STK push): the request leaves a PENDING prompt on the phone
 *   page; the subscriber approves with the PIN or declines, and the sandbox calls the portal back (signed);
 * - PIN debit (mobile money with enableAmPin, SmartCash): the portal sends the PIN, the answer is immediate.
 * Everything is idempotent by the caller's reference. Money moves in stored functions (schema.ts).
 */

export type Provider = 'MOMO' | 'SMARTCASH' | 'MPESA';

export interface WalletPayment {
  id: unknown;
  provider: Provider;
  reference: string;
  flow: 'PROMPT' | 'PIN';
  msisdn: string;
  amount_kobo: unknown;
  currency: string;
  merchant: string;
  description: string | null;
  callback_url: string | null;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason: string | null;
  refunded_at: unknown;
  created_at: unknown;
}

const PROVIDER_NAMES: Record<Provider, string> = {
  MOMO: 'mobile money',
  SMARTCASH: 'SmartCash',
  MPESA: 'MPESA',
};

/** Error codes as the spec's error catalogue knows them. */
const WRONG_PIN_CODE: Record<Provider, string> = { MOMO: '1004', SMARTCASH: '56D005', MPESA: '1004' };
export const LOCKED_CODE = '1006';
export const NO_WALLET_CODE = '4001';
const DEFAULT_MERCHANT = 'Selfcare Portal';

export function lockedMessage(provider: Provider): string {
  return `Your ${PROVIDER_NAMES[provider]} wallet has been blocked due to too many incorrect PIN attempts.`;
}

// ---- store ---------------------------------------------------------------------------------------------------

export async function findPayment(db: SandboxDb, provider: Provider, reference: string) {
  return one<WalletPayment>(
    db,
    'SELECT * FROM sandbox.wallet_payments WHERE provider = $1 AND reference = $2',
    [provider, reference],
  );
}

async function hasWallet(db: SandboxDb, msisdn: string, provider: Provider): Promise<boolean> {
  const row = await one(db, 'SELECT 1 FROM sandbox.wallets WHERE msisdn = $1 AND provider = $2', [
    msisdn,
    provider,
  ]);
  return row !== undefined;
}

export function paymentView(p: WalletPayment) {
  return {
    reference: p.reference,
    provider: p.provider,
    status: p.status,
    reason: p.reason,
    msisdn: p.msisdn,
    amountKobo: num(p.amount_kobo),
    currency: p.currency,
    refunded: p.refunded_at !== null && p.refunded_at !== undefined,
    createdAt: iso(p.created_at),
  };
}

/** Tells the portal how a push prompt ended: POST {reference, status, reason, ...} signed with HMAC-SHA256. */
export function sendWalletCallback(ctx: SandboxContext, p: WalletPayment): void {
  if (!p.callback_url) return;
  const body = JSON.stringify({
    reference: p.reference,
    status: p.status,
    reason: p.reason,
    provider: p.provider,
    msisdn: p.msisdn,
    amountKobo: num(p.amount_kobo),
  });
  ctx.deliverer.send({
    kind: 'wallet-callback',
    url: absoluteUrl(p.callback_url, ctx.options.portalBaseUrl()),
    body,
    headers: { 'x-sandbox-signature': hmacHex('sha256', ctx.options.walletCallbackSecret, body) },
  });
}

// ---- phone actions (used by phone-page.ts) -------------------------------------------------------------------

export async function pendingPrompts(db: SandboxDb, msisdn: string) {
  const { rows } = await db.query<WalletPayment>(
    `SELECT * FROM sandbox.wallet_payments WHERE msisdn = $1 AND flow = 'PROMPT' AND status = 'PENDING'
     ORDER BY id DESC`,
    [msisdn],
  );
  return rows.map((p) => ({
    id: String(p.id),
    provider: p.provider,
    reference: p.reference,
    merchant: p.merchant,
    description: p.description,
    amountKobo: num(p.amount_kobo),
    amount: num(p.amount_kobo) / 100,
    currency: p.currency,
    createdAt: iso(p.created_at),
  }));
}

export type PromptAnswer = {
  httpStatus: number;
  body: Record<string, unknown>;
  outcome: string;
  provider?: Provider;
};

/** The subscriber approves prompt `id` with their PIN. */
export async function approvePrompt(
  ctx: SandboxContext,
  msisdn: string,
  id: string,
  pin: unknown,
): Promise<PromptAnswer> {
  if (!/^\d{1,15}$/.test(id))
    return { httpStatus: 404, outcome: 'NOT_FOUND', body: { code: 'NOT_FOUND', message: 'No such prompt' } };
  // No PIN typed is not a wrong PIN: a phone asks for it and costs no attempt.
  if (pin === undefined || pin === null || pin === '') {
    return {
      httpStatus: 400,
      outcome: 'PIN_MISSING',
      body: { code: 'PIN_REQUIRED', message: 'Enter the PIN' },
    };
  }
  const row = await one<{ r: { outcome: string; attemptsLeft?: number; payment?: WalletPayment } }>(
    ctx.db,
    'SELECT sandbox.approve_prompt($1, $2, $3) AS r',
    [Number(id), msisdn, typeof pin === 'string' ? pin : String(pin ?? '')],
  );
  const r = row!.r;
  const payment = r.payment;
  if (payment && r.outcome !== 'NOT_PENDING') sendWalletCallback(ctx, payment);
  const provider = payment?.provider;
  switch (r.outcome) {
    case 'SUCCESSFUL':
      return {
        httpStatus: 200,
        outcome: r.outcome,
        provider,
        body: { id, reference: payment!.reference, status: 'SUCCESSFUL' },
      };
    case 'WRONG_PIN': {
      const p = await one<WalletPayment>(ctx.db, 'SELECT * FROM sandbox.wallet_payments WHERE id = $1', [
        Number(id),
      ]);
      const code = WRONG_PIN_CODE[p?.provider ?? 'MOMO'];
      return {
        httpStatus: 400,
        outcome: r.outcome,
        provider: p?.provider,
        body: { code, message: 'Please enter correct PIN', attemptsLeft: r.attemptsLeft },
      };
    }
    case 'WALLET_LOCKED':
      return {
        httpStatus: 400,
        outcome: r.outcome,
        provider,
        body: {
          code: LOCKED_CODE,
          message: lockedMessage(provider ?? 'MOMO'),
          status: 'FAILED',
          attemptsLeft: 0,
        },
      };
    case 'INSUFFICIENT_FUNDS':
      return {
        httpStatus: 400,
        outcome: r.outcome,
        provider,
        body: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds in the wallet', status: 'FAILED' },
      };
    case 'NOT_PENDING':
      return {
        httpStatus: 409,
        outcome: r.outcome,
        provider,
        body: {
          code: 'NOT_PENDING',
          message: 'This prompt has already been answered',
          status: payment?.status,
        },
      };
    case 'NO_WALLET':
      return {
        httpStatus: 404,
        outcome: r.outcome,
        provider,
        body: { code: NO_WALLET_CODE, message: 'No wallet', status: 'FAILED' },
      };
    default:
      return {
        httpStatus: 404,
        outcome: 'NOT_FOUND',
        body: { code: 'NOT_FOUND', message: 'No such prompt' },
      };
  }
}

export async function declinePrompt(ctx: SandboxContext, msisdn: string, id: string): Promise<PromptAnswer> {
  if (!/^\d{1,15}$/.test(id))
    return { httpStatus: 404, outcome: 'NOT_FOUND', body: { code: 'NOT_FOUND', message: 'No such prompt' } };
  const declined = await one<WalletPayment>(
    ctx.db,
    `UPDATE sandbox.wallet_payments SET status = 'FAILED', reason = 'DECLINED', updated_at = clock_timestamp()
     WHERE id = $1 AND msisdn = $2 AND flow = 'PROMPT' AND status = 'PENDING' RETURNING *`,
    [Number(id), msisdn],
  );
  if (declined) {
    sendWalletCallback(ctx, declined);
    return {
      httpStatus: 200,
      outcome: 'DECLINED',
      provider: declined.provider,
      body: { id, reference: declined.reference, status: 'FAILED', reason: 'DECLINED' },
    };
  }
  const existing = await one<WalletPayment>(
    ctx.db,
    `SELECT * FROM sandbox.wallet_payments WHERE id = $1 AND msisdn = $2 AND flow = 'PROMPT'`,
    [Number(id), msisdn],
  );
  if (!existing)
    return { httpStatus: 404, outcome: 'NOT_FOUND', body: { code: 'NOT_FOUND', message: 'No such prompt' } };
  return {
    httpStatus: 409,
    outcome: 'NOT_PENDING',
    body: { code: 'NOT_PENDING', message: 'This prompt has already been answered', status: existing.status },
  };
}

// ---- provider APIs -------------------------------------------------------------------------------------------

interface PaymentRequest {
  reference: string;
  msisdn: string;
  amountKobo: number;
  currency: string;
  callbackUrl?: string;
  description?: string;
  merchant: string;
}

/**
 * Wallets of the markets the portal ships configurations for (NG; CD's mobile money takes francs and
 * dollars). A sandbox wallet keeps one balance in minor units whatever the currency.
 */
export const WALLET_CURRENCIES: readonly string[] = ['NGN', 'CDF', 'USD'];

function parsePaymentRequest(raw: unknown): PaymentRequest | string {
  const body = objectBody(raw);
  if (!body) return 'body must be a JSON object';
  const reference = optionalString(body.reference, 100);
  if (!reference) return 'reference is required';
  const msisdn = toInternational(body.msisdn);
  if (!msisdn) return 'msisdn must be a Nigerian mobile number';
  if (!isPositiveInt(body.amountKobo)) return 'amountKobo must be a positive integer';
  const currency = body.currency === undefined ? 'NGN' : body.currency;
  if (typeof currency !== 'string' || !WALLET_CURRENCIES.includes(currency))
    return `currency must be one of ${WALLET_CURRENCIES.join(', ')}`;
  return {
    reference,
    msisdn,
    amountKobo: body.amountKobo,
    currency,
    callbackUrl: optionalString(body.callbackUrl, 2000),
    description: optionalString(body.description, 200),
    merchant: optionalString(body.merchant, 100) ?? DEFAULT_MERCHANT,
  };
}

function invalid(reply: FastifyReply, message: string) {
  return reply.code(400).send({ code: 'INVALID_REQUEST', message });
}

function noWallet(reply: FastifyReply, provider: Provider) {
  return reply
    .code(404)
    .send({ code: NO_WALLET_CODE, message: `This number has no ${PROVIDER_NAMES[provider]} wallet` });
}

/** A push prompt: PENDING until the subscriber answers on the phone page. */
async function createPrompt(ctx: SandboxContext, provider: Provider, raw: unknown, reply: FastifyReply) {
  const req = parsePaymentRequest(raw);
  if (typeof req === 'string') return invalid(reply, req);
  if (!(await hasWallet(ctx.db, req.msisdn, provider))) return noWallet(reply, provider);
  const created = await one<WalletPayment>(
    ctx.db,
    `INSERT INTO sandbox.wallet_payments (provider, reference, flow, msisdn, amount_kobo, currency, merchant,
       description, callback_url)
     VALUES ($1, $2, 'PROMPT', $3, $4, $5, $6, $7, $8)
     ON CONFLICT (provider, reference) DO NOTHING RETURNING *`,
    [
      provider,
      req.reference,
      req.msisdn,
      req.amountKobo,
      req.currency,
      req.merchant,
      req.description ?? null,
      req.callbackUrl ?? null,
    ],
  );
  if (created)
    return reply.code(202).send({ reference: created.reference, status: 'PENDING', duplicate: false });
  const existing = await findPayment(ctx.db, provider, req.reference);
  if (
    !existing ||
    existing.flow !== 'PROMPT' ||
    existing.msisdn !== req.msisdn ||
    num(existing.amount_kobo) !== req.amountKobo
  ) {
    return reply
      .code(409)
      .send({ code: 'DUPLICATE_REFERENCE', message: 'reference already used for another payment' });
  }
  return reply.code(202).send({ reference: existing.reference, status: existing.status, duplicate: true });
}

async function pinDebit(ctx: SandboxContext, provider: Provider, raw: unknown, reply: FastifyReply) {
  const req = parsePaymentRequest(raw);
  if (typeof req === 'string') return invalid(reply, req);
  const pin = objectBody(raw)?.pin;
  if (typeof pin !== 'string' && typeof pin !== 'number') return invalid(reply, 'pin is required');
  const row = await one<{
    r: { outcome: string; attemptsLeft?: number; duplicate?: boolean; reason?: string };
  }>(ctx.db, 'SELECT sandbox.wallet_pin_debit($1::jsonb) AS r', [
    JSON.stringify({ ...req, provider, pin: String(pin) }),
  ]);
  const r = row!.r;
  switch (r.outcome) {
    case 'SUCCESSFUL':
      return {
        reference: req.reference,
        status: 'SUCCESSFUL',
        amountKobo: req.amountKobo,
        currency: req.currency,
        duplicate: r.duplicate ?? false,
      };
    case 'NO_WALLET':
      return noWallet(reply, provider);
    case 'LOCKED':
      return reply.code(400).send({ code: LOCKED_CODE, message: lockedMessage(provider), attemptsLeft: 0 });
    case 'WRONG_PIN':
      return reply.code(400).send({
        code: WRONG_PIN_CODE[provider],
        message: 'Please enter correct PIN',
        attemptsLeft: r.attemptsLeft,
      });
    case 'INSUFFICIENT_FUNDS':
      return reply
        .code(400)
        .send({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds in the wallet' });
    default:
      return reply
        .code(409)
        .send({ code: 'DUPLICATE_REFERENCE', message: 'reference already used for another payment' });
  }
}

async function refundPayment(ctx: SandboxContext, provider: Provider, raw: unknown, reply: FastifyReply) {
  const reference = optionalString(objectBody(raw)?.reference, 100);
  if (!reference) return invalid(reply, 'reference is required');
  const row = await one<{
    r: { outcome: string; duplicate?: boolean; amountKobo?: number; status?: string };
  }>(ctx.db, 'SELECT sandbox.wallet_refund($1, $2) AS r', [provider, reference]);
  const r = row!.r;
  if (r.outcome === 'NOT_FOUND')
    return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such payment' });
  if (r.outcome === 'NOT_REFUNDABLE') {
    return reply.code(409).send({
      code: 'NOT_REFUNDABLE',
      message: 'Only a successful payment can be refunded',
      status: r.status,
    });
  }
  return { reference, status: 'REFUNDED', amountKobo: r.amountKobo, duplicate: r.duplicate ?? false };
}

interface ProviderApi {
  provider: Provider;
  /** Path of the push-prompt request, if the provider has one. */
  prompt?: string;
  /** Path of the PIN debit, if the provider has one. */
  debit?: string;
}

function registerProvider(api: FastifyInstance, ctx: SandboxContext, spec: ProviderApi) {
  const { provider } = spec;
  api.addHook(
    'preHandler',
    apiFaultHook(ctx.db, 'wallets', ctx.signal, (message) => ({ code: 'SERVICE_UNAVAILABLE', message })),
  );
  const status = async (reference: string, reply: FastifyReply) => {
    const p = await findPayment(ctx.db, provider, reference);
    if (!p) return reply.code(404).send({ code: 'NOT_FOUND', message: 'No such payment' });
    return paymentView(p);
  };
  for (const path of [spec.prompt, spec.debit]) {
    if (!path) continue;
    api.get<{ Params: { reference: string } }>(`${path}/:reference`, async (req, reply) =>
      status(req.params.reference, reply),
    );
  }
  if (spec.prompt) api.post(spec.prompt, async (req, reply) => createPrompt(ctx, provider, req.body, reply));
  if (spec.debit) api.post(spec.debit, async (req, reply) => pinDebit(ctx, provider, req.body, reply));
  api.post('/refunds', async (req, reply) => refundPayment(ctx, provider, req.body, reply));
}

export const walletsPlugin: FastifyPluginAsync<SandboxContext> = async (app, ctx) => {
  const apis: Array<[string, ProviderApi]> = [
    ['/momo/api', { provider: 'MOMO', prompt: '/collections', debit: '/debits' }],
    ['/smartcash/api', { provider: 'SMARTCASH', debit: '/debits' }],
    ['/mpesa/api', { provider: 'MPESA', prompt: '/stkpush' }],
  ];
  for (const [prefix, spec] of apis) {
    await app.register(async (api) => registerProvider(api, ctx, spec), { prefix });
  }
};
