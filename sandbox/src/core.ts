import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { businessError, iso, num, numOrNull, one, type SandboxDb } from './db.js';
import { isPositiveInt, objectBody, optionalString, type SandboxContext } from './context.js';
import { apiFaultHook } from './faults.js';
import { toInternational } from './msisdn.js';

/*
 * The operator core: subscribers, line types, balances, bundles, bills, invoices, and the operations that
 * change them. `/core/api/*` is what the portal's core adapter calls (amounts in kobo); `/core/subscribers/:n`
 * is the read-only view a tester uses to see what the network holds (amounts in naira).
 */

interface SubscriberRow {
  msisdn: string;
  line_type: 'PREPAID' | 'POSTPAID' | 'HYBRID';
  broadband: boolean;
  account_no: string | null;
  airtime_kobo: unknown;
}

export const OPERATION_TYPES = [
  'AIRTIME_CREDIT',
  'BUNDLE_PROVISION',
  'BILL_PAYMENT',
  'INVOICE_PAYMENT',
  'AIRTIME_DEBIT',
  'REVERSAL',
] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

const ERROR_STATUS: Record<string, number> = {
  NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  INVOICE_NOT_FOUND: 404,
  OPERATION_NOT_FOUND: 404,
  INSUFFICIENT_BALANCE: 409,
  ALREADY_REVERSED: 409,
  NOT_REVERSIBLE: 409,
  AMOUNT_EXCEEDS_OUTSTANDING: 409,
  INVALID_TYPE: 400,
};

// ---- queries -------------------------------------------------------------------------------------------------

async function findSubscriber(db: SandboxDb, number: unknown): Promise<SubscriberRow | undefined> {
  const msisdn = toInternational(number);
  if (!msisdn) return undefined;
  return one<SubscriberRow>(
    db,
    'SELECT msisdn, line_type, broadband, account_no, airtime_kobo FROM sandbox.subscribers WHERE msisdn = $1',
    [msisdn],
  );
}

/** Unexpired data balances; mb null means unlimited. */
async function dataBalances(db: SandboxDb, msisdn: string) {
  const { rows } = await db.query<{
    balance_type: string;
    description: string;
    mb: unknown;
    expires: unknown;
  }>(
    `SELECT balance_type, description, mb, sandbox.expiry(expires_at, expires_in_days) AS expires
     FROM sandbox.data_balances
     WHERE msisdn = $1 AND coalesce(sandbox.expiry(expires_at, expires_in_days) > now(), true)
     ORDER BY id`,
    [msisdn],
  );
  return rows.map((r) => ({
    balanceType: r.balance_type,
    description: r.description,
    mb: numOrNull(r.mb),
    expiresAt: iso(r.expires),
  }));
}

async function activeBundles(db: SandboxDb, msisdn: string) {
  const { rows } = await db.query<{
    product_code: string;
    description: string;
    data_mb: unknown;
    expires: unknown;
  }>(
    `SELECT product_code, description, data_mb, sandbox.expiry(expires_at, expires_in_days) AS expires
     FROM sandbox.bundles
     WHERE msisdn = $1 AND coalesce(sandbox.expiry(expires_at, expires_in_days) > now(), true)
     ORDER BY id`,
    [msisdn],
  );
  return rows.map((r) => ({
    productCode: r.product_code,
    description: r.description,
    dataMb: numOrNull(r.data_mb),
    expiresAt: iso(r.expires),
  }));
}

interface AccountRow {
  account_no: string;
  kind: 'POSTPAID' | 'FIXED';
  msisdn: string | null;
  contact_email: string | null;
  outstanding_kobo: unknown;
}

/** A fixed-internet account owes the sum of its open invoices; a postpaid account carries its balance. */
async function findAccount(db: SandboxDb, accountNo: string): Promise<AccountRow | undefined> {
  return one<AccountRow>(
    db,
    `SELECT a.account_no, a.kind, a.msisdn, a.contact_email,
       CASE WHEN a.kind = 'FIXED'
         THEN (SELECT coalesce(sum(i.outstanding_kobo), 0) FROM sandbox.invoices i
               WHERE i.account_no = a.account_no AND i.outstanding_kobo > 0)
         ELSE a.outstanding_kobo END AS outstanding_kobo
     FROM sandbox.accounts a WHERE a.account_no = $1`,
    [accountNo.trim().toUpperCase()],
  );
}

async function openInvoices(db: SandboxDb, accountNo: string) {
  const { rows } = await db.query<{
    invoice_no: string;
    account_no: string;
    start_date: string;
    end_date: string;
    due_date: string;
    currency: string;
    outstanding_kobo: unknown;
    overdue: boolean;
  }>(
    `SELECT invoice_no, account_no, currency, outstanding_kobo,
       to_char(current_date + start_offset_days, 'YYYY-MM-DD') AS start_date,
       to_char(current_date + end_offset_days, 'YYYY-MM-DD') AS end_date,
       to_char(current_date + due_offset_days, 'YYYY-MM-DD') AS due_date,
       due_offset_days < 0 AS overdue
     FROM sandbox.invoices WHERE account_no = $1 AND outstanding_kobo > 0
     ORDER BY due_offset_days, invoice_no`,
    [accountNo],
  );
  return rows.map((r) => ({
    invoiceNo: r.invoice_no,
    accountNo: r.account_no,
    billingStartDate: r.start_date,
    billingEndDate: r.end_date,
    dueDate: r.due_date,
    currency: r.currency,
    outstandingKobo: num(r.outstanding_kobo),
    invoiceStatus: r.overdue ? 'OVERDUE' : 'OPEN',
  }));
}

async function walletsOf(db: SandboxDb, msisdn: string) {
  const { rows } = await db.query<{ provider: string; balance_kobo: unknown; pin_attempts_left: number }>(
    'SELECT provider, balance_kobo, pin_attempts_left FROM sandbox.wallets WHERE msisdn = $1',
    [msisdn],
  );
  const names: Record<string, string> = { MOMO: 'mobileMoney', SMARTCASH: 'smartCash', MPESA: 'mpesa' };
  const wallets: Record<string, { balance: number; locked: boolean; pinAttemptsLeft: number }> = {};
  for (const r of rows) {
    wallets[names[r.provider] ?? r.provider] = {
      balance: num(r.balance_kobo) / 100,
      locked: r.pin_attempts_left <= 0,
      pinAttemptsLeft: r.pin_attempts_left,
    };
  }
  return wallets;
}

async function operationsOf(db: SandboxDb, msisdn: string) {
  const { rows } = await db.query<{
    operation_id: string;
    type: string;
    amount_kobo: unknown;
    transaction_id: string | null;
    created_at: unknown;
    reversed_by: string | null;
    reverses_operation_id: string | null;
    product_code: string | null;
    account_no: string | null;
    invoice_no: string | null;
  }>(
    `SELECT operation_id, type, amount_kobo, transaction_id, created_at, reversed_by, reverses_operation_id,
       product_code, account_no, invoice_no
     FROM sandbox.operations WHERE msisdn = $1 ORDER BY created_at DESC, operation_id`,
    [msisdn],
  );
  return rows.map((r) => ({
    operationId: r.operation_id,
    type: r.type,
    amount: num(r.amount_kobo) / 100,
    transactionId: r.transaction_id,
    createdAt: iso(r.created_at),
    reversed: r.reversed_by !== null,
    reversedBy: r.reversed_by,
    reversesOperationId: r.reverses_operation_id,
    productCode: r.product_code,
    accountNo: r.account_no,
    invoiceNo: r.invoice_no,
  }));
}

/**
 * The portal's payment behind a wallet debit: it sends its transaction id as the reference, `<id>-R<n>` for a
 * later attempt of the same payment (server/src/modules/payments/context.ts, attemptReference).
 */
function transactionIdOf(reference: string): string {
  return reference.replace(/-R\d+$/, '');
}

async function walletPaymentsOf(db: SandboxDb, msisdn: string) {
  const { rows } = await db.query<{
    provider: string;
    reference: string;
    flow: string;
    amount_kobo: unknown;
    status: string;
    reason: string | null;
    refunded_at: unknown;
    created_at: unknown;
  }>(
    `SELECT provider, reference, flow, amount_kobo, status, reason, refunded_at, created_at
     FROM sandbox.wallet_payments WHERE msisdn = $1 ORDER BY id DESC`,
    [msisdn],
  );
  return rows.map((r) => ({
    provider: r.provider,
    reference: r.reference,
    transactionId: transactionIdOf(r.reference),
    flow: r.flow,
    amount: num(r.amount_kobo) / 100,
    status: r.status,
    reason: r.reason,
    refunded: r.refunded_at !== null,
    createdAt: iso(r.created_at),
  }));
}

// ---- operations ----------------------------------------------------------------------------------------------

export interface OperationInput {
  operationId: string;
  transactionId?: string;
  msisdn?: string;
  type: OperationType;
  amountKobo?: number;
  productCode?: string;
  dataMb?: number | null;
  validityDays?: number | null;
  description?: string;
  accountNo?: string;
  invoiceNo?: string;
  reversesOperationId?: string;
  /** Refuse the operation (409 OPERATION_EXPIRED) if it arrives after this time and was not applied before. */
  notAfter?: string;
}

function isIntOrNull(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'number' && Number.isSafeInteger(value));
}

/** Checks an operation request; returns the operation or a message saying what is wrong. */
export function parseOperation(raw: unknown): OperationInput | string {
  const body = objectBody(raw);
  if (!body) return 'body must be a JSON object';
  const operationId = optionalString(body.operationId, 200);
  if (!operationId) return 'operationId is required';
  const type = body.type as OperationType;
  if (!OPERATION_TYPES.includes(type)) return `type must be one of ${OPERATION_TYPES.join(', ')}`;
  let msisdn: string | undefined;
  if (body.msisdn !== undefined && body.msisdn !== null && body.msisdn !== '') {
    const normalised = toInternational(body.msisdn);
    if (!normalised) return 'msisdn is not a Nigerian mobile number';
    msisdn = normalised;
  }
  const op: OperationInput = {
    operationId,
    type,
    msisdn,
    transactionId: optionalString(body.transactionId, 200),
    productCode: optionalString(body.productCode, 100),
    description: optionalString(body.description, 500),
    accountNo: optionalString(body.accountNo, 50)?.toUpperCase(),
    invoiceNo: optionalString(body.invoiceNo, 50),
    reversesOperationId: optionalString(body.reversesOperationId, 200),
  };
  if (body.notAfter !== undefined) {
    const notAfter = optionalString(body.notAfter, 40);
    if (!notAfter || Number.isNaN(Date.parse(notAfter))) return 'notAfter must be an ISO date-time';
    op.notAfter = notAfter;
  }
  if (type === 'REVERSAL') {
    if (!op.reversesOperationId) return 'reversesOperationId is required for a REVERSAL';
    return op;
  }
  if (!isPositiveInt(body.amountKobo)) return 'amountKobo must be a positive integer';
  op.amountKobo = body.amountKobo;
  if (!isIntOrNull(body.dataMb) || !isIntOrNull(body.validityDays))
    return 'dataMb and validityDays are integers';
  op.dataMb = (body.dataMb as number | null | undefined) ?? null;
  op.validityDays = (body.validityDays as number | null | undefined) ?? null;
  const needsMsisdn = type === 'AIRTIME_CREDIT' || type === 'AIRTIME_DEBIT' || type === 'BUNDLE_PROVISION';
  if (needsMsisdn && !msisdn) return `msisdn is required for ${type}`;
  if (type === 'BILL_PAYMENT' && !msisdn && !op.accountNo) return 'BILL_PAYMENT needs msisdn or accountNo';
  if (type === 'INVOICE_PAYMENT' && !op.invoiceNo) return 'invoiceNo is required for INVOICE_PAYMENT';
  return op;
}

export type OperationResult =
  | { ok: true; result: { operationId: string; status: 'APPLIED'; duplicate: boolean } }
  | { ok: false; error: string };

interface OperationRow {
  operation_id: string;
  transaction_id: string | null;
  msisdn: string | null;
  type: OperationType;
  amount_kobo: unknown;
  reversed_by: string | null;
}

async function findOperation(db: SandboxDb, operationId: string) {
  return one<OperationRow>(
    db,
    `SELECT operation_id, transaction_id, msisdn, type, amount_kobo, reversed_by
     FROM sandbox.operations WHERE operation_id = $1`,
    [operationId],
  );
}

/** Applies an operation exactly once (see sandbox.apply_operation). */
export async function applyOperation(db: SandboxDb, op: OperationInput): Promise<OperationResult> {
  try {
    const row = await one<{ r: { operationId: string; status: 'APPLIED'; duplicate: boolean } }>(
      db,
      'SELECT sandbox.apply_operation($1::jsonb) AS r',
      [JSON.stringify(op)],
    );
    return { ok: true, result: row!.r };
  } catch (err) {
    const code = businessError(err);
    if (code) return { ok: false, error: code };
    throw err;
  }
}

// ---- routes --------------------------------------------------------------------------------------------------

function notFound(reply: FastifyReply, error = 'NOT_FOUND') {
  return reply.code(404).send({ error });
}

function registerApi(api: FastifyInstance, ctx: SandboxContext) {
  const { db } = ctx;
  api.addHook(
    'preHandler',
    apiFaultHook(db, 'core', ctx.signal, (message) => ({ error: 'CORE_UNAVAILABLE', message })),
  );

  api.get<{ Params: { msisdn: string } }>('/subscribers/:msisdn', async (req, reply) => {
    const sub = await findSubscriber(db, req.params.msisdn);
    if (!sub) return notFound(reply);
    return {
      msisdn: sub.msisdn,
      lineType: sub.line_type,
      accountNo: sub.account_no,
      broadband: sub.broadband,
    };
  });

  api.get<{ Params: { msisdn: string } }>('/subscribers/:msisdn/balances', async (req, reply) => {
    const sub = await findSubscriber(db, req.params.msisdn);
    if (!sub) return notFound(reply);
    return {
      airtimeKobo: num(sub.airtime_kobo),
      data: await dataBalances(db, sub.msisdn),
      bundles: await activeBundles(db, sub.msisdn),
    };
  });

  api.get<{ Params: { msisdn: string } }>('/subscribers/:msisdn/bill', async (req, reply) => {
    const sub = await findSubscriber(db, req.params.msisdn);
    if (!sub) return notFound(reply);
    const account = sub.account_no ? await findAccount(db, sub.account_no) : undefined;
    if (!account) return notFound(reply, 'NO_ACCOUNT');
    return { accountNo: account.account_no, outstandingKobo: num(account.outstanding_kobo) };
  });

  api.get<{ Params: { accountNo: string } }>('/accounts/:accountNo', async (req, reply) => {
    const account = await findAccount(db, req.params.accountNo);
    if (!account) return notFound(reply);
    return {
      accountNo: account.account_no,
      kind: account.kind,
      msisdn: account.msisdn,
      contactEmail: account.contact_email,
      outstandingKobo: num(account.outstanding_kobo),
    };
  });

  api.get<{ Params: { accountNo: string } }>('/accounts/:accountNo/invoices', async (req, reply) => {
    const account = await findAccount(db, req.params.accountNo);
    if (!account) return notFound(reply);
    return openInvoices(db, account.account_no);
  });

  api.get<{ Params: { operationId: string } }>('/operations/:operationId', async (req, reply) => {
    const op = await findOperation(db, req.params.operationId);
    if (!op) return notFound(reply, 'OPERATION_NOT_FOUND');
    return {
      operationId: op.operation_id,
      transactionId: op.transaction_id,
      msisdn: op.msisdn,
      type: op.type,
      amountKobo: num(op.amount_kobo),
      reversed: op.reversed_by !== null,
    };
  });

  api.post('/operations', async (req, reply) => {
    const op = parseOperation(req.body);
    if (typeof op === 'string') return reply.code(400).send({ error: 'INVALID_REQUEST', message: op });
    // Late: only a repeat of what was already applied is answered (as a duplicate); nothing new is applied.
    if (op.notAfter && Date.now() > Date.parse(op.notAfter) && !(await findOperation(db, op.operationId))) {
      return reply.code(409).send({ error: 'OPERATION_EXPIRED' });
    }
    const outcome = await applyOperation(db, op);
    if (!outcome.ok) return reply.code(ERROR_STATUS[outcome.error] ?? 400).send({ error: outcome.error });
    return outcome.result;
  });
}

export const corePlugin: FastifyPluginAsync<SandboxContext> = async (app, ctx) => {
  const { db } = ctx;

  // The tester's view of one number: everything the network holds for it.
  app.get<{ Params: { number: string } }>('/subscribers/:number', async (req, reply) => {
    const sub = await findSubscriber(db, req.params.number);
    if (!sub) return notFound(reply);
    const account = sub.account_no ? await findAccount(db, sub.account_no) : undefined;
    const data = await dataBalances(db, sub.msisdn);
    return {
      msisdn: sub.msisdn,
      lineType: sub.line_type,
      broadband: sub.broadband,
      airtimeBalance: num(sub.airtime_kobo) / 100,
      // null when some balance is unlimited.
      dataBalanceMb: data.some((d) => d.mb === null) ? null : data.reduce((sum, d) => sum + (d.mb ?? 0), 0),
      dataBalances: data,
      wallets: await walletsOf(db, sub.msisdn),
      activeBundles: await activeBundles(db, sub.msisdn),
      accountNo: sub.account_no,
      outstandingBill: account ? num(account.outstanding_kobo) / 100 : null,
      operations: await operationsOf(db, sub.msisdn),
      walletPayments: await walletPaymentsOf(db, sub.msisdn),
    };
  });

  await app.register(async (api) => registerApi(api, ctx), { prefix: '/api' });
};
