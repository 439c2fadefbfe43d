import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { iso, num, one, type SandboxDb } from './db.js';
import { objectBody, optionalString, parseAmount, type SandboxContext } from './context.js';
import { absoluteUrl, hmacHex } from './deliver.js';
import { apiFaultHook } from './faults.js';

/*
 * A card gateway speaking Paystack's API (reference/paystack.yaml): initialize, verify, fetch, refund, with the
 * response bodies Paystack documents, signed `charge.*` webhooks, and a hosted checkout page
 * (checkout-page.ts). Mounted at `/sandbox/paystack`, which is the adapter's base URL in sandbox mode.
 */

/** Where the portal receives Paystack webhooks. */
export const WEBHOOK_PATH = '/orp/bfe/api/portal-service/transaction/v1/webhook/paystack';
/** Where the browser returns when the merchant gave no callback_url (Paystack would use the dashboard's). */
export const DEFAULT_CALLBACK_PATH = '/api/portal-service/transaction/v1/pg-callback/status/ORP/paystack';

export interface CardTransaction {
  id: unknown;
  reference: string;
  access_code: string;
  email: string;
  amount_kobo: unknown;
  currency: string;
  callback_url: string | null;
  metadata: Record<string, unknown> | null;
  channels: string[] | null;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned' | 'reversed';
  gateway_response: string;
  channel: string;
  card_bin: string | null;
  card_last4: string | null;
  exp_month: string | null;
  exp_year: string | null;
  refunded_kobo: unknown;
  created_at: unknown;
  paid_at: unknown;
}

const REFERENCE_RE = /^[A-Za-z0-9.=-]{1,100}$/;

function randomCode(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
}

// ---- store ---------------------------------------------------------------------------------------------------

export async function findTransaction(
  db: SandboxDb,
  by: 'reference' | 'access_code' | 'id',
  value: string | number,
): Promise<CardTransaction | undefined> {
  return one<CardTransaction>(db, `SELECT * FROM sandbox.card_transactions WHERE ${by} = $1`, [value]);
}

export interface InitializeInput {
  email?: unknown;
  amount?: unknown;
  currency?: unknown;
  reference?: unknown;
  callback_url?: unknown;
  metadata?: unknown;
  channels?: unknown;
}

export type InitializeResult =
  { ok: true; transaction: CardTransaction } | { ok: false; status: number; body: Record<string, unknown> };

function badRequest(message: string): InitializeResult {
  return { ok: false, status: 400, body: { status: false, message } };
}

/** Paystack accepts metadata as an object or as a stringified JSON object. */
function parseMetadata(value: unknown): Record<string, unknown> | null | undefined {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') {
    try {
      return parseMetadata(JSON.parse(value) as unknown);
    } catch {
      return undefined;
    }
  }
  return objectBody(value);
}

/** The channels Paystack's OpenAPI description lists for TransactionInitialize. */
const CHANNELS = ['card', 'bank', 'ussd', 'qr', 'eft', 'mobile_money', 'bank_transfer'];

/** Absent is every channel (null); a list must name only known channels (undefined: refused). */
function parseChannels(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((c) => typeof c === 'string' && CHANNELS.includes(c)))
    return undefined;
  return value as string[];
}

/** Creates a transaction, as POST /transaction/initialize and the inline popup both do. */
export async function initializeTransaction(
  ctx: SandboxContext,
  input: InitializeInput,
): Promise<InitializeResult> {
  const email = typeof input.email === 'string' ? input.email.trim() : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return badRequest('Invalid Email Address Passed');
  const amount = parseAmount(input.amount);
  if (amount === undefined) return badRequest('Invalid Amount Sent');
  const currency = input.currency === undefined || input.currency === '' ? 'NGN' : input.currency;
  if (currency !== 'NGN') return badRequest('Currency not supported by merchant');
  const reference =
    input.reference === undefined || input.reference === '' ? randomCode(12) : input.reference;
  if (typeof reference !== 'string' || !REFERENCE_RE.test(reference)) {
    return badRequest('Invalid transaction reference: only -, ., = and alphanumeric characters allowed');
  }
  let callbackUrl = absoluteUrl(DEFAULT_CALLBACK_PATH, ctx.options.portalBaseUrl());
  if (input.callback_url !== undefined && input.callback_url !== '') {
    const given = optionalString(input.callback_url, 2000);
    if (!given || !/^https?:\/\//.test(given) || !URL.canParse(given))
      return badRequest('Invalid callback_url');
    callbackUrl = given;
  }
  const metadata = parseMetadata(input.metadata);
  if (metadata === undefined) return badRequest('Invalid metadata: expected a JSON object');
  const channels = parseChannels(input.channels);
  if (channels === undefined)
    return badRequest(`Invalid channels: each must be one of ${CHANNELS.join(', ')}`);

  const transaction = await one<CardTransaction>(
    ctx.db,
    `INSERT INTO sandbox.card_transactions (reference, access_code, email, amount_kobo, currency, callback_url,
       metadata, channels)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)
     ON CONFLICT (reference) DO NOTHING RETURNING *`,
    [
      reference,
      randomCode(15),
      email,
      amount,
      currency,
      callbackUrl,
      metadata === null ? null : JSON.stringify(metadata),
      channels === null ? null : JSON.stringify(channels),
    ],
  );
  if (!transaction) {
    return {
      ok: false,
      status: 400,
      body: {
        status: false,
        message: 'Duplicate Transaction Reference',
        meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
        type: 'validation_error',
        code: 'duplicate_reference',
      },
    };
  }
  return { ok: true, transaction };
}

// ---- response bodies -----------------------------------------------------------------------------------------

/** Paystack's local card fee: 1.5% plus NGN 100 from NGN 2,500, capped at NGN 2,000. */
export function paystackFee(amountKobo: number): number {
  const fee = Math.round(amountKobo * 0.015) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

function customerOf(email: string) {
  // Paystack keeps one customer per email; a hash gives the same id on every instance without a table.
  const hash = createHash('sha256').update(email.toLowerCase()).digest('hex');
  return { id: parseInt(hash.slice(0, 8), 16) % 100_000_000, code: `CUS_${hash.slice(8, 23)}` };
}

/**
 * The customer object of Paystack's fetch answers (a transaction's, a refund's): empty strings for what it
 * does not know; `metadata` as each answer carries it.
 */
function fetchedCustomer(email: string, metadata: unknown) {
  const customer = customerOf(email);
  return {
    id: customer.id,
    first_name: '',
    last_name: '',
    email,
    customer_code: customer.code,
    phone: '',
    metadata,
    risk_action: 'default',
    international_format_phone: '',
  };
}

function authorizationOf(t: CardTransaction) {
  const paid = t.card_last4 !== null;
  return {
    authorization_code: paid
      ? `AUTH_${createHash('sha256').update(t.reference).digest('hex').slice(0, 10)}`
      : '',
    bin: t.card_bin ?? '',
    last4: t.card_last4 ?? '',
    exp_month: t.exp_month ?? '',
    exp_year: t.exp_year ?? '',
    channel: 'card',
    card_type: paid ? 'visa ' : '',
    bank: paid ? 'TEST BANK' : '',
    country_code: 'NG',
    brand: paid ? 'visa' : '',
    reusable: false,
    signature: paid
      ? `SIG_${createHash('sha256')
          .update(t.email + t.card_last4)
          .digest('hex')
          .slice(0, 20)}`
      : '',
    account_name: null,
    receiver_bank_account_number: null,
    receiver_bank: null,
  };
}

/**
 * The transaction as Paystack shows it. `verify` (also the webhook's data) and `fetch` differ where Paystack's
 * own description differs: plan is null or {}, customer names null or "", metadata as given or with
 * custom_fields.
 */
export function transactionData(t: CardTransaction, shape: 'verify' | 'fetch') {
  const amount = num(t.amount_kobo);
  const customer = customerOf(t.email);
  const createdAt = iso(t.created_at)!;
  const paidAt = iso(t.paid_at);
  const common = {
    id: num(t.id),
    domain: 'test',
    status: t.status,
    reference: t.reference,
    receipt_number: null,
    amount,
    message: null,
    gateway_response: t.gateway_response,
    paid_at: paidAt,
    created_at: createdAt,
    channel: t.channel,
    currency: t.currency,
    ip_address: '127.0.0.1',
    log: null,
    fees: t.status === 'success' || t.status === 'reversed' ? paystackFee(amount) : 0,
    fees_split: null,
    authorization: authorizationOf(t),
    split: {},
    order_id: null,
    paidAt,
    createdAt,
    requested_amount: amount,
    pos_transaction_data: null,
    source: { type: 'api', source: 'merchant_api', identifier: null },
    fees_breakdown: null,
    connect: null,
    subaccount: {},
  };
  if (shape === 'verify') {
    return {
      ...common,
      metadata: t.metadata ?? '',
      customer: {
        id: customer.id,
        first_name: null,
        last_name: null,
        email: t.email,
        customer_code: customer.code,
        phone: null,
        metadata: null,
        risk_action: 'default',
        international_format_phone: null,
      },
      plan: null,
      transaction_date: createdAt,
      plan_object: {},
    };
  }
  return {
    ...common,
    // The description's fetch answer has paid_at as a string, never null: an unpaid one has none to give.
    paid_at: paidAt ?? '',
    paidAt: paidAt ?? '',
    helpdesk_link: null,
    metadata: { custom_fields: [], ...(t.metadata ?? {}) },
    customer: fetchedCustomer(t.email, {}),
    plan: {},
  };
}

interface RefundRow {
  id: unknown;
  transaction_id: unknown;
  amount_kobo: unknown;
  currency: string;
  customer_note: string;
  merchant_note: string;
  status: string;
  created_at: unknown;
}

const INTEGRATION_ID = 100_001;

function refundCreatedData(r: RefundRow, t: CardTransaction) {
  const createdAt = iso(r.created_at)!;
  return {
    transaction: {
      id: num(t.id),
      domain: 'test',
      reference: t.reference,
      amount: num(t.amount_kobo),
      paid_at: iso(t.paid_at),
      channel: t.channel,
      currency: t.currency,
      authorization: { exp_month: null, exp_year: null, account_name: null },
      customer: { international_format_phone: null },
      plan: {},
      subaccount: { currency: null },
      split: {},
      order_id: null,
      paidAt: iso(t.paid_at),
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
    },
    integration: INTEGRATION_ID,
    deducted_amount: 0,
    channel: null,
    merchant_note: r.merchant_note,
    customer_note: r.customer_note,
    status: 'pending',
    refunded_by: t.email,
    expected_at: new Date(Date.parse(createdAt) + 24 * 3600 * 1000).toISOString(),
    currency: r.currency,
    domain: 'test',
    amount: num(r.amount_kobo),
    fully_deducted: false,
    id: num(r.id),
    createdAt,
    updatedAt: createdAt,
  };
}

function refundFetchData(r: RefundRow, t: CardTransaction) {
  const amount = num(r.amount_kobo);
  return {
    integration: INTEGRATION_ID,
    transaction: num(t.id),
    dispute: null,
    settlement: null,
    id: num(r.id),
    domain: 'test',
    currency: r.currency,
    amount,
    status: r.status,
    refunded_at: iso(r.created_at),
    refunded_by: t.email,
    customer_note: r.customer_note,
    merchant_note: r.merchant_note,
    deducted_amount: amount,
    fully_deducted: 1,
    createdAt: iso(r.created_at),
    bank_reference: null,
    transaction_reference: t.reference,
    reason: r.customer_note,
    customer: fetchedCustomer(t.email, ''),
    refund_type: amount === num(t.amount_kobo) ? 'full' : 'partial',
    transaction_amount: num(t.amount_kobo),
    initiated_by: 'api',
    refund_channel: 'card',
    session_id: null,
    collect_account_number: false,
  };
}

// ---- webhooks ------------------------------------------------------------------------------------------------

/** Sends `charge.success` / `charge.failed` for a finished transaction, signed as Paystack signs it. */
export function sendChargeWebhook(ctx: SandboxContext, t: CardTransaction): void {
  const event = t.status === 'success' ? 'charge.success' : 'charge.failed';
  const body = JSON.stringify({ event, data: transactionData(t, 'verify') });
  ctx.deliverer.send({
    kind: 'paystack-webhook',
    url: absoluteUrl(WEBHOOK_PATH, ctx.options.portalBaseUrl()),
    body,
    headers: { 'x-paystack-signature': hmacHex('sha512', ctx.options.cardSecretKey, body) },
  });
}

// ---- routes --------------------------------------------------------------------------------------------------

function bearerMatches(header: string | undefined, secret: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!.trim());
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function notFound(reply: FastifyReply, message: string) {
  return reply.code(404).send({ status: false, message });
}

async function refund(ctx: SandboxContext, raw: unknown, reply: FastifyReply) {
  const body = objectBody(raw) ?? {};
  const key =
    typeof body.transaction === 'number' ? String(body.transaction) : optionalString(body.transaction);
  if (!key)
    return reply.code(400).send({ status: false, message: 'Transaction reference or id is required' });
  let t = await findTransaction(ctx.db, 'reference', key);
  if (!t && /^\d{1,15}$/.test(key)) t = await findTransaction(ctx.db, 'id', Number(key));
  if (!t) return notFound(reply, 'Transaction reference not found');
  if (t.status === 'reversed')
    return reply
      .code(400)
      .send({ status: false, message: 'Transaction has been fully reversed: nothing left to refund' });
  if (t.status !== 'success') {
    return reply
      .code(400)
      .send({ status: false, message: 'Cannot refund a transaction that was not successful' });
  }
  if (body.currency !== undefined && body.currency !== t.currency) {
    return reply
      .code(400)
      .send({ status: false, message: 'Currency does not match the transaction currency' });
  }
  const remaining = num(t.amount_kobo) - num(t.refunded_kobo);
  const amount = body.amount === undefined || body.amount === '' ? remaining : parseAmount(body.amount);
  if (amount === undefined) return reply.code(400).send({ status: false, message: 'Invalid Amount Sent' });
  const customerNote = optionalString(body.customer_note) ?? `Refund for transaction ${t.reference}`;
  const merchantNote =
    optionalString(body.merchant_note) ?? `Refund for transaction ${t.reference} by ${t.email}`;
  // One statement: the remaining amount is checked on the locked, latest row, so concurrent refunds cannot
  // together exceed the transaction.
  const row = await one<{ refund: RefundRow; txn: CardTransaction }>(
    ctx.db,
    `WITH t AS (
       UPDATE sandbox.card_transactions
       SET refunded_kobo = refunded_kobo + $2,
           status = CASE WHEN refunded_kobo + $2 >= amount_kobo THEN 'reversed' ELSE status END
       WHERE id = $1 AND status = 'success' AND refunded_kobo + $2 <= amount_kobo
       RETURNING *
     ), r AS (
       INSERT INTO sandbox.card_refunds (transaction_id, amount_kobo, currency, customer_note, merchant_note)
       SELECT id, $2, currency, $3, $4 FROM t RETURNING *
     )
     SELECT to_jsonb(r.*) AS refund, to_jsonb(t.*) AS txn FROM r, t`,
    [num(t.id), amount, customerNote, merchantNote],
  );
  if (!row) {
    return reply.code(400).send({
      status: false,
      message: 'Refund amount cannot be more than the unrefunded transaction amount',
    });
  }
  return {
    status: true,
    message: 'Refund has been queued for processing',
    data: refundCreatedData(row.refund, row.txn),
  };
}

export function registerApi(api: FastifyInstance, ctx: SandboxContext): void {
  const { db } = ctx;
  api.addHook('onRequest', async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, ctx.options.cardSecretKey)) {
      return reply.code(401).send({ status: false, message: 'Invalid key' });
    }
    return undefined;
  });
  api.addHook(
    'preHandler',
    apiFaultHook(db, 'card', ctx.signal, (message) => ({ status: false, message })),
  );

  api.post('/transaction/initialize', async (req, reply) => {
    const result = await initializeTransaction(ctx, (objectBody(req.body) ?? {}) as InitializeInput);
    if (!result.ok) return reply.code(result.status).send(result.body);
    const t = result.transaction;
    return {
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: absoluteUrl(
          `${api.prefix}/checkout/${t.access_code}`,
          (ctx.options.ownBaseUrl ?? ctx.options.portalBaseUrl)(),
        ),
        access_code: t.access_code,
        reference: t.reference,
      },
    };
  });

  api.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (req, reply) => {
    const t = await findTransaction(db, 'reference', req.params.reference);
    if (!t) return notFound(reply, 'Transaction reference not found');
    return { status: true, message: 'Verification successful', data: transactionData(t, 'verify') };
  });

  api.get<{ Params: { id: string } }>('/transaction/:id', async (req, reply) => {
    const t = /^\d{1,15}$/.test(req.params.id)
      ? await findTransaction(db, 'id', Number(req.params.id))
      : undefined;
    if (!t) return notFound(reply, 'Transaction not found');
    return { status: true, message: 'Transaction retrieved', data: transactionData(t, 'fetch') };
  });

  api.post('/refund', async (req, reply) => refund(ctx, req.body, reply));

  api.get<{ Params: { id: string } }>('/refund/:id', async (req, reply) => {
    const r = /^\d{1,15}$/.test(req.params.id)
      ? await one<RefundRow>(db, 'SELECT * FROM sandbox.card_refunds WHERE id = $1', [Number(req.params.id)])
      : undefined;
    const t = r ? await findTransaction(db, 'id', num(r.transaction_id)) : undefined;
    if (!r || !t) return notFound(reply, 'Refund not found');
    return { status: true, message: 'Refund retrieved', data: refundFetchData(r, t) };
  });
}
