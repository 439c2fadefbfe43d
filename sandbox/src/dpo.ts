import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { num, one, type SandboxDb } from './db.js';
import { objectBody, type SandboxContext } from './context.js';
import { apiFaultHook } from './faults.js';
import { esc, formatMoney, htmlSender, page } from './html.js';
import { cardFields, DECLINE_CARD, judgeCard, SUCCESS_CARD, SUCCESS_CVV } from './checkout-page.js';

/*
 * A card gateway speaking DPO Pay's API v6 (3G Direct Pay, directpayonline.atlassian.net/wiki/spaces/API): one
 * XML endpoint, POST /API/v6/, with the requests createToken, verifyToken and refundToken, answering DPO's
 * <API3G><Result>..</Result><ResultExplanation>..</ResultExplanation>..</API3G> with DPO's result codes; and the
 * hosted payment page payv2.php?ID=<TransToken>, which sends the browser back to the merchant's RedirectURL
 * (paid or declined) or BackURL (cancelled) with TransID, CCDapproval, PnrID, TransactionToken and CompanyRef.
 * DPO sends no server-to-server notification in this flow: the merchant verifies the token. Mounted at
 * `/sandbox/dpo`, which is the adapter's base URL in sandbox mode.
 */

/** The currencies this sandbox merchant account takes (DPO is pan-African); others answer 904. */
export const DPO_CURRENCIES = ['NGN', 'USD', 'KES', 'GHS', 'ZAR', 'TZS', 'UGX', 'ZMW', 'XOF'];

/** How long a token can be paid when createToken sends no PTL (payment time limit). */
const DEFAULT_PTL_HOURS = 96;

export interface DpoTransaction {
  id: unknown;
  trans_token: string;
  trans_ref: string;
  company_ref: string | null;
  amount_minor: unknown;
  currency: string;
  redirect_url: string | null;
  back_url: string | null;
  ptl_minutes: number;
  customer_email: string | null;
  service_type: string;
  service_description: string;
  status: 'created' | 'paid' | 'declined' | 'cancelled';
  approval: string | null;
  card_last4: string | null;
  refunded_minor: unknown;
  created_at: unknown;
  finished_at: unknown;
  /** Still 'created' but past its payment time limit. */
  expired: boolean;
}

// ---- XML ------------------------------------------------------------------------------------------------------

export class XmlError extends Error {}

export interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

type XmlNode = Record<string, unknown>;

// Ordered output keeps repeated elements (<Service> blocks) and lets a repeated field be refused.
const xmlParser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: false,
  // Decodes character references (&#65;); other names than XML's five are refused before parsing.
  htmlEntities: true,
});

function toElement(node: XmlNode): XmlElement | undefined {
  const name = Object.keys(node).find((k) => k !== ':@' && k !== '#text');
  if (!name) return undefined;
  const inner = (node[name] ?? []) as XmlNode[];
  return {
    name,
    children: inner.map(toElement).filter((e): e is XmlElement => e !== undefined),
    text: inner.map((n) => (typeof n['#text'] === 'string' ? n['#text'] : '')).join(''),
  };
}

/** A DPO document, strictly: well-formed, one root, and no DOCTYPE (so no entity expansion). */
export function parseXml(source: string): XmlElement {
  if (/<!DOCTYPE/i.test(source)) throw new XmlError('a DOCTYPE is not accepted');
  // The parser keeps an unknown reference as text; XML says it is an error.
  const badReference = /&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/.exec(source);
  if (badReference) throw new XmlError(`an unknown entity or a bare & at character ${badReference.index}`);
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new XmlError(`${valid.err.msg} (line ${valid.err.line})`);
  const roots = (xmlParser.parse(source) as XmlNode[])
    .map(toElement)
    .filter((e): e is XmlElement => e !== undefined);
  if (roots.length !== 1) throw new XmlError('expected one root element');
  return roots[0]!;
}

function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** The trimmed text of a child element; undefined when absent or empty. */
function value(element: XmlElement | undefined, name: string): string | undefined {
  const text = child(element, name)?.text.trim();
  return text ? text : undefined;
}

function duplicateTag(element: XmlElement): string | undefined {
  const seen = new Set<string>();
  for (const c of element.children) {
    if (seen.has(c.name)) return c.name;
    seen.add(c.name);
  }
  return undefined;
}

type Field = [string, string | number | null | undefined];

function sendXml(reply: FastifyReply, fields: Field[]) {
  const body = fields
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `  <${k}>${esc(v ?? '')}</${k}>`)
    .join('\n');
  return reply
    .code(200)
    .type('application/xml; charset=utf-8')
    .send(`<?xml version="1.0" encoding="utf-8"?>\n<API3G>\n${body}\n</API3G>\n`);
}

/** DPO answers application errors with HTTP 200 and a Result code, never with an HTTP error status. */
function result(reply: FastifyReply, code: string, explanation: string, more: Field[] = []) {
  return sendXml(reply, [['Result', code], ['ResultExplanation', explanation], ...more]);
}

// ---- money ----------------------------------------------------------------------------------------------------

/** "450.00" (at most two decimals, as DPO takes amounts) -> 45000 minor units; anything else undefined. */
export function parseMoney(text: string | undefined): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return undefined;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : undefined;
}

export function formatDecimal(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

// ---- store ----------------------------------------------------------------------------------------------------

const SELECT = `SELECT *, (status = 'created' AND clock_timestamp() >= created_at + make_interval(mins => ptl_minutes))
  AS expired FROM sandbox.dpo_transactions`;

export async function findDpoTransaction(
  db: SandboxDb,
  by: 'trans_token' | 'trans_ref' | 'company_ref',
  key: string,
): Promise<DpoTransaction | undefined> {
  // A CompanyRef may have several tokens (a new one per attempt): the latest is the one that counts.
  return one<DpoTransaction>(db, `${SELECT} WHERE ${by} = $1 ORDER BY id DESC LIMIT 1`, [key]);
}

function httpUrl(text: string | undefined): string | undefined | false {
  if (text === undefined) return undefined;
  return text.length <= 2000 && /^https?:\/\//i.test(text) && URL.canParse(text) ? text : false;
}

// ---- API ------------------------------------------------------------------------------------------------------

async function createToken(ctx: SandboxContext, request: XmlElement, reply: FastifyReply) {
  const transaction = child(request, 'Transaction');
  if (!transaction) return result(reply, '950', 'Request missing mandatory fields - Transaction');
  const repeated = duplicateTag(transaction);
  if (repeated) return result(reply, '960', `Tag has been sent multiple times - ${repeated}`);
  const field = (name: string) => value(transaction, name);
  const missing = (name: string) =>
    result(reply, '950', `Request missing transaction level mandatory fields - ${name}`);
  const mismatch = (name: string) => result(reply, '902', `Data mismatch in one of the fields - ${name}`);

  if (!field('PaymentAmount')) return missing('PaymentAmount');
  const amount = parseMoney(field('PaymentAmount'));
  if (amount === undefined) return mismatch('PaymentAmount');
  const currency = field('PaymentCurrency')?.toUpperCase();
  if (!currency) return missing('PaymentCurrency');
  if (!DPO_CURRENCIES.includes(currency)) return result(reply, '904', 'Currency not supported');
  const companyRef = field('CompanyRef');
  if (companyRef !== undefined && companyRef.length > 100) return mismatch('CompanyRef');
  const unique = field('CompanyRefUnique') ?? '0';
  if (unique !== '0' && unique !== '1') return mismatch('CompanyRefUnique');
  const redirectUrl = httpUrl(field('RedirectURL'));
  if (redirectUrl === false) return mismatch('RedirectURL');
  const backUrl = httpUrl(field('BackURL'));
  if (backUrl === false) return mismatch('BackURL');
  const ptlText = field('PTL');
  if (ptlText !== undefined && !/^\d{1,5}$/.test(ptlText)) return mismatch('PTL');
  const ptlType = field('PTLtype') ?? 'hours';
  if (ptlType !== 'hours' && ptlType !== 'minutes') return mismatch('PTLtype');
  const ptl =
    ptlText === undefined ? DEFAULT_PTL_HOURS * 60 : Number(ptlText) * (ptlType === 'hours' ? 60 : 1);
  if (ptl < 1) return mismatch('PTL');
  const email = field('customerEmail');
  if (email !== undefined && !/^[^\s@]{1,200}@[^\s@]+\.[^\s@]+$/.test(email))
    return mismatch('customerEmail');

  const services = child(request, 'Services')?.children.filter((c) => c.name === 'Service') ?? [];
  if (services.length === 0) return result(reply, '950', 'Request missing mandatory fields - Services');
  for (const service of services) {
    for (const name of ['ServiceType', 'ServiceDescription', 'ServiceDate']) {
      if (!value(service, name)) return result(reply, '950', `Request missing mandatory fields - ${name}`);
    }
    if (!/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/.test(value(service, 'ServiceDate')!))
      return mismatch('ServiceDate');
  }

  // With CompanyRefUnique=1 a reference that was paid already cannot be paid again; an unpaid one can get a
  // new token (a retry).
  const created = await one<DpoTransaction>(
    ctx.db,
    `INSERT INTO sandbox.dpo_transactions (trans_token, trans_ref, company_ref, amount_minor, currency,
       redirect_url, back_url, ptl_minutes, customer_email, service_type, service_description)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
     WHERE NOT ($12::boolean AND EXISTS (
       SELECT 1 FROM sandbox.dpo_transactions WHERE company_ref = $3 AND status = 'paid'))
     RETURNING *`,
    [
      randomUUID().toUpperCase(),
      `R${randomInt(100_000_000, 999_999_999)}`,
      companyRef ?? null,
      amount,
      currency,
      redirectUrl ?? null,
      backUrl ?? null,
      ptl,
      email ?? null,
      value(services[0], 'ServiceType')!,
      services.map((s) => value(s, 'ServiceDescription')!).join('; '),
      unique === '1' && companyRef !== undefined,
    ],
  );
  if (!created) return result(reply, '940', 'CompanyREF already exists and paid');
  return result(reply, '000', 'Transaction created', [
    ['TransToken', created.trans_token],
    ['TransRef', created.trans_ref],
  ]);
}

const VERIFY_RESULTS: Record<DpoTransaction['status'], [string, string]> = {
  paid: ['000', 'Transaction Paid'],
  created: ['900', 'Transaction not paid yet'],
  declined: ['901', 'Transaction Declined'],
  cancelled: ['904', 'Transaction cancelled'],
};

async function verifyToken(ctx: SandboxContext, request: XmlElement, reply: FastifyReply) {
  const token = value(request, 'TransactionToken');
  const companyRef = value(request, 'CompanyRef');
  if (!token && !companyRef)
    return result(reply, '950', 'Request missing transaction level mandatory fields - TransactionToken');
  const verify = value(request, 'VerifyTransaction');
  if (verify !== undefined && verify !== '0' && verify !== '1')
    return result(reply, '951', 'Data mismatch in one of the fields - VerifyTransaction');
  const t = token
    ? await findDpoTransaction(ctx.db, 'trans_token', token)
    : await findDpoTransaction(ctx.db, 'company_ref', companyRef!);
  if (!t || (token && companyRef && t.company_ref !== companyRef)) {
    return result(
      reply,
      '902',
      `Data mismatch in one of the fields - ${token ? 'TransactionToken' : 'CompanyRef'}`,
    );
  }
  const [code, explanation] = t.expired
    ? ['903', 'The transaction passed the Payment Time Limit']
    : VERIFY_RESULTS[t.status];
  const paid = t.status === 'paid';
  return result(reply, code, explanation, [
    ['CustomerName', ''],
    ['CustomerCredit', t.card_last4 ?? ''],
    ['CustomerCreditType', t.card_last4 ? 'Visa' : ''],
    ['TransactionApproval', t.approval ?? ''],
    ['TransactionCurrency', t.currency],
    ['TransactionAmount', formatDecimal(num(t.amount_minor))],
    ['FraudAlert', paid ? '000' : ''],
    ['FraudExplnation', paid ? 'Genuine transaction' : ''],
    ['CompanyRef', t.company_ref ?? ''],
    ['TransRef', t.trans_ref],
  ]);
}

async function refundToken(ctx: SandboxContext, request: XmlElement, reply: FastifyReply) {
  const missing = (name: string) =>
    result(reply, '950', `Request missing transaction level mandatory fields - ${name}`);
  const token = value(request, 'TransactionToken');
  const transRef = value(request, 'TransRef');
  if (!token && !transRef) return missing('TransactionToken');
  const amountText = value(request, 'refundAmount');
  if (!amountText) return missing('refundAmount');
  const amount = parseMoney(amountText);
  if (amount === undefined) return result(reply, '950', 'Data mismatch - refundAmount');
  if (!value(request, 'refundDetails')) return missing('refundDetails');
  const t = token
    ? await findDpoTransaction(ctx.db, 'trans_token', token)
    : await findDpoTransaction(ctx.db, 'trans_ref', transRef!);
  if (!t) return result(reply, '950', `Data mismatch - ${token ? 'TransactionToken' : 'TransRef'}`);
  // One statement: what is left to refund is checked on the latest row, so concurrent refunds cannot together
  // exceed the payment.
  const refunded = await one<DpoTransaction>(
    ctx.db,
    `UPDATE sandbox.dpo_transactions SET refunded_minor = refunded_minor + $2
     WHERE id = $1 AND status = 'paid' AND refunded_minor + $2 <= amount_minor RETURNING *`,
    [num(t.id), amount],
  );
  if (refunded) return result(reply, '000', 'Refund successful');
  const now = (await findDpoTransaction(ctx.db, 'trans_token', t.trans_token))!;
  if (now.status !== 'paid') return result(reply, '999', 'Refund failed - the transaction was not paid');
  if (num(now.refunded_minor) >= num(now.amount_minor))
    return result(reply, '999', 'Refund failed - the transaction is already fully refunded');
  return result(reply, '999', 'Refund failed - the refund amount is more than what is left to refund');
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const XML_TYPES = ['text/xml', 'application/xml'];

function registerApi(api: FastifyInstance, ctx: SandboxContext) {
  api.removeContentTypeParser(XML_TYPES);
  api.addContentTypeParser(XML_TYPES, { parseAs: 'string' }, (_req, body, done) => done(null, body));
  // Faults answer in DPO's shape too: the content type is set before the fault hook may answer.
  api.addHook('onRequest', async (_req, reply) => {
    reply.type('application/xml; charset=utf-8');
  });
  api.addHook(
    'preHandler',
    apiFaultHook(
      ctx.db,
      'card',
      ctx.signal,
      (message) =>
        `<?xml version="1.0" encoding="utf-8"?>\n<API3G>\n  <Result>999</Result>\n  <ResultExplanation>${esc(message)}</ResultExplanation>\n</API3G>\n`,
    ),
  );

  api.post('/API/v6/', async (req, reply) => {
    let request: XmlElement;
    try {
      request = parseXml(typeof req.body === 'string' ? req.body : '');
    } catch {
      return result(reply, '804', 'Error in XML');
    }
    if (request.name !== 'API3G') return result(reply, '804', 'Error in XML');
    const companyToken = value(request, 'CompanyToken');
    if (!companyToken) return result(reply, '801', 'Request missing company token');
    if (!sameSecret(companyToken, ctx.options.dpoCompanyToken))
      return result(reply, '802', 'Company token does not exist');
    switch (value(request, 'Request')) {
      case 'createToken':
        return createToken(ctx, request, reply);
      case 'verifyToken':
        return verifyToken(ctx, request, reply);
      case 'refundToken':
        return refundToken(ctx, request, reply);
      default:
        return result(reply, '803', 'No request or error in Request type name');
    }
  });
}

// ---- hosted payment page --------------------------------------------------------------------------------------

// No script at all on this page; forms post to itself and the browser then follows the redirect to the merchant.
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' http: https:; " +
  "base-uri 'none'";

const sendHtml = htmlSender(CSP);

const spaced = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The merchant's URL with DPO's return parameters added (its own query kept). */
export function returnUrl(base: string, t: DpoTransaction, extra: Record<string, string> = {}): string {
  const url = new URL(base);
  const params: Record<string, string> = {
    TransID: t.trans_ref,
    CCDapproval: t.approval ?? '',
    PnrID: t.company_ref ?? '',
    TransactionToken: t.trans_token,
    CompanyRef: t.company_ref ?? '',
    ...extra,
  };
  for (const [key, v] of Object.entries(params)) url.searchParams.set(key, v);
  return url.toString();
}

function payForm(prefix: string, t: DpoTransaction, error?: string): string {
  const amount = formatMoney(num(t.amount_minor), t.currency);
  const action = `${prefix}/payv2.php?ID=${encodeURIComponent(t.trans_token)}`;
  return page(
    `Pay ${amount} - DPO Pay (sandbox)`,
    `<h1>DPO Pay</h1>
<dl>
  <dt>Amount</dt><dd>${esc(amount)}</dd>
  <dt>For</dt><dd>${esc(t.service_description)}</dd>
  <dt>Reference</dt><dd>${esc(t.company_ref ?? t.trans_ref)}</dd>
</dl>
${error ? `<div class="alert" role="alert" id="card-error">${esc(error)}</div>` : ''}
<form method="post" action="${esc(action)}" novalidate>
  <input type="hidden" name="action" value="pay">
  ${cardFields(error, amount)}
</form>
<form method="post" action="${esc(action)}">
  <input type="hidden" name="action" value="cancel">
  <button type="submit">Cancel</button>
</form>
<h2>Test cards</h2>
<p class="muted">${esc(spaced(SUCCESS_CARD))}, any future expiry, CVV ${esc(SUCCESS_CVV)}: success.<br>
${esc(spaced(DECLINE_CARD))}: declined.</p>`,
  );
}

function finishedPage(t: DpoTransaction): string {
  const [heading, link] = t.expired
    ? ['This payment link has expired', t.back_url]
    : t.status === 'paid'
      ? ['Payment successful', t.redirect_url]
      : t.status === 'declined'
        ? ['Payment declined', t.redirect_url]
        : t.status === 'cancelled'
          ? ['Payment cancelled', t.back_url]
          : ['This payment is no longer open', null];
  return page(
    'DPO Pay (sandbox)',
    `<h1>${esc(heading)}</h1>
<p>Reference: ${esc(t.company_ref ?? t.trans_ref)}.</p>
${link ? `<p><a href="${esc(returnUrl(link, t, t.status === 'cancelled' ? { status: 'CANCELLED' } : {}))}">Return to the merchant</a></p>` : ''}`,
  );
}

const notFound = (reply: FastifyReply) =>
  sendHtml(reply, 404, page('DPO Pay (sandbox)', '<h1>Payment not found</h1>'));

function registerHostedPage(app: FastifyInstance, ctx: SandboxContext) {
  const { db } = ctx;
  const prefix = app.prefix;

  app.get<{ Querystring: { ID?: string } }>('/payv2.php', async (req, reply) => {
    const t = req.query.ID ? await findDpoTransaction(db, 'trans_token', req.query.ID) : undefined;
    if (!t) return notFound(reply);
    if (t.status !== 'created' || t.expired) return sendHtml(reply, 200, finishedPage(t));
    return sendHtml(reply, 200, payForm(prefix, t));
  });

  app.post<{ Querystring: { ID?: string } }>('/payv2.php', async (req, reply) => {
    const token = req.query.ID ?? '';
    const t = token ? await findDpoTransaction(db, 'trans_token', token) : undefined;
    if (!t) return notFound(reply);
    if (t.status !== 'created' || t.expired) return sendHtml(reply, 200, finishedPage(t));
    const input = objectBody(req.body) ?? {};

    if (input.action === 'cancel') {
      const cancelled = await one<DpoTransaction>(
        db,
        `UPDATE sandbox.dpo_transactions SET status = 'cancelled', finished_at = clock_timestamp()
         WHERE trans_token = $1 AND status = 'created' RETURNING *, false AS expired`,
        [token],
      );
      if (!cancelled || !cancelled.back_url)
        return sendHtml(
          reply,
          200,
          finishedPage(cancelled ?? (await findDpoTransaction(db, 'trans_token', token))!),
        );
      return reply.redirect(returnUrl(cancelled.back_url, cancelled, { status: 'CANCELLED' }), 302);
    }

    const judged = judgeCard(input);
    if (judged.outcome === 'error') return sendHtml(reply, 400, payForm(prefix, t, judged.message));
    // Only the request that moves the transaction out of 'created' decides it (a double submit changes nothing).
    const done = await one<DpoTransaction>(
      db,
      `UPDATE sandbox.dpo_transactions
       SET status = $2, approval = $3, card_last4 = $4, finished_at = clock_timestamp()
       WHERE trans_token = $1 AND status = 'created'
         AND clock_timestamp() < created_at + make_interval(mins => ptl_minutes)
       RETURNING *, false AS expired`,
      [
        token,
        judged.outcome === 'success' ? 'paid' : 'declined',
        judged.outcome === 'success' ? String(randomInt(100_000, 999_999)) : null,
        judged.last4,
      ],
    );
    const final = done ?? (await findDpoTransaction(db, 'trans_token', token))!;
    if (!done || !final.redirect_url) return sendHtml(reply, 200, finishedPage(final));
    return reply.redirect(returnUrl(final.redirect_url, final), 302);
  });
}

export const dpoPlugin: FastifyPluginAsync<SandboxContext> = async (app, ctx) => {
  // The API needs the company token (in the XML body); the payment page is for the payer's browser.
  await app.register(async (api) => registerApi(api, ctx));
  await app.register(async (browser) => registerHostedPage(browser, ctx));
};
