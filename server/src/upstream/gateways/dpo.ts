import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { createHttpClient, UpstreamError } from '../http.js';
import {
  classifyRead,
  classifyWrite,
  providerFailure,
  ProviderFailure,
  type FailureKind,
  type ProviderOperation,
} from './classify.js';
import {
  lastFourOf,
  type ChargeRequest,
  type ChargeStart,
  type PaymentProvider,
  type ProviderStatus,
  type Verification,
} from './provider.js';

/**
 * DPO Pay (3G Direct Pay) card gateway adapter, API v6: XML posted to `<base>/API/v6/`, the browser sent to
 * DPO's hosted page `<base>/payv2.php?ID=<TransToken>` (a redirect flow, no popup). The same code talks to the
 * sandbox and to DPO, only `baseUrl` and the company token differ.
 *
 * DPO sends no signed notification in this flow, so there are no webhooks: a payment is settled by the browser's
 * return (pg-callback, which verifies the token) and, should the browser never come back, by the reconciliation
 * job, which verifies every pending payment.
 */

/** The currencies the portal lets DPO charge in (DPO is pan-African; a merchant account may take fewer). */
export const DPO_CURRENCIES = ['NGN', 'USD', 'KES', 'GHS', 'ZAR', 'TZS', 'UGX', 'ZMW', 'XOF'] as const;

/**
 * How long DPO keeps a token payable (its PTL, in hours): a little longer than the portal's default pending
 * expiry (30 minutes), so DPO never refuses a payment the portal still waits for; one made later still
 * reopens the expired transaction through verification.
 */
const PAYMENT_TIME_LIMIT_HOURS = 1;

/**
 * verifyToken's Result codes -> ours, in one place; undefined for a code that is no payment state (801-804, 902,
 * 950, ...: the request itself was refused, which says nothing about the money).
 */
export function mapDpoResult(code: string): ProviderStatus | undefined {
  switch (code) {
    case '000': // Transaction paid
      return 'PAID';
    case '901': // Transaction declined
      return 'FAILED';
    case '903': // The transaction passed the payment time limit: abandoned, nothing was paid
    case '904': // Transaction cancelled
      return 'CANCELLED';
    case '900': // Transaction not paid yet
    case '001': // Authorized only: no money has moved yet
    case '002': // Overpaid or underpaid: not the agreed amount, left for a person to look at
      return 'PENDING';
    default:
      return undefined;
  }
}

// ---- XML ------------------------------------------------------------------------------------------------------

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function xmlEscape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** One element with escaped text; elements are built from these only, so no value can open a tag. */
function tag(name: string, value: string): string {
  return `<${name}>${xmlEscape(value)}</${name}>`;
}

type XmlElement = { name: string; children: XmlElement[]; text: string };
type XmlNode = Record<string, unknown>;

// Ordered output keeps a repeated field visible, so it can be refused rather than one copy picked.
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

/** An answer, strictly: well-formed, one root, known references only, no DOCTYPE (no entity expansion). */
function parseXml(source: string): XmlElement {
  if (/<!DOCTYPE/i.test(source)) throw new Error('a DOCTYPE is not accepted');
  const badReference = /&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/.exec(source);
  if (badReference) throw new Error(`an unknown entity or a bare & at character ${badReference.index}`);
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new Error(`${valid.err.msg} (line ${valid.err.line})`);
  const roots = (xmlParser.parse(source) as XmlNode[])
    .map(toElement)
    .filter((e): e is XmlElement => e !== undefined);
  if (roots.length !== 1) throw new Error('expected one root element');
  return roots[0]!;
}

/**
 * DPO's answer `<API3G><Result>000</Result>...</API3G>` -> its plain fields (name -> trimmed text). Blocks
 * with elements inside are not fields the portal reads and are left out; a field given twice, or any XML this
 * cannot read, is an error rather than a guess.
 */
export function readDpoAnswer(xml: string): Record<string, string> {
  const root = parseXml(xml);
  if (root.name !== 'API3G') throw new Error(`<${root.name}> is not an API3G answer`);
  const fields: Record<string, string> = {};
  for (const element of root.children) {
    if (element.children.length > 0) continue;
    if (element.name in fields) throw new Error(`<${element.name}> given twice`);
    fields[element.name] = element.text.trim();
  }
  return fields;
}

// ---- money ----------------------------------------------------------------------------------------------------

/** Kobo (minor units) -> DPO's amount, a decimal with two places: 45000 -> "450.00". */
export function dpoAmount(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** DPO's amount -> minor units; undefined when it is not a plain decimal with at most two places. */
export function parseDpoAmount(text: string | undefined): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text ?? '');
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** ServiceDate as DPO writes it: "YYYY/MM/DD HH:MM" (UTC here). */
function serviceDate(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getUTCFullYear()}/${p(now.getUTCMonth() + 1)}/${p(now.getUTCDate())} ${p(now.getUTCHours())}:${p(now.getUTCMinutes())}`;
}

function withQuery(url: string, query: Record<string, string>): string {
  const u = new URL(url);
  for (const [key, value] of Object.entries(query)) u.searchParams.set(key, value);
  return u.toString();
}

export function createDpo(options: {
  baseUrl: () => string;
  companyToken: string;
  serviceType: string;
  timeoutMs: number;
  now?: () => Date;
}): PaymentProvider {
  const http = createHttpClient({
    service: 'dpo',
    baseUrl: options.baseUrl,
    timeoutMs: options.timeoutMs,
    text: { contentType: 'application/xml; charset=utf-8', accept: 'application/xml, text/xml' },
  });
  const now = options.now ?? (() => new Date());

  /** Posts one API v6 request; an answer it cannot read is an UpstreamError like a 5xx (DPO may have acted). */
  async function call(request: string, body: string): Promise<Record<string, string>> {
    const xml =
      '<?xml version="1.0" encoding="utf-8"?>\n' +
      `<API3G>${tag('CompanyToken', options.companyToken)}${tag('Request', request)}${body}</API3G>`;
    const answer = await http<string>('POST', '/API/v6/', xml);
    try {
      const fields = readDpoAnswer(String(answer ?? ''));
      if (!/^\d{3}$/.test(fields['Result'] ?? '')) throw new Error('no Result code');
      return fields;
    } catch (error) {
      // A 200 we cannot read may still mean DPO acted: never a final answer.
      throw new UpstreamError(
        'server',
        'dpo',
        200,
        answer,
        `dpo ${request}: unreadable answer (${error instanceof Error ? error.message : 'bad XML'})`,
      );
    }
  }

  /**
   * DPO's refusal of a request (a Result code that is no payment state): final for a start or a refund (DPO did
   * nothing), indeterminate for a verify (it says nothing about the money).
   */
  const refused = (
    operation: ProviderOperation,
    request: string,
    fields: Record<string, string>,
    kind: FailureKind = operation === 'verify' ? 'indeterminate' : 'final',
  ) =>
    new ProviderFailure(
      kind,
      'dpo',
      operation,
      `dpo ${request}: ${fields['Result']} ${fields['ResultExplanation'] ?? ''}`.trim(),
    );

  /** Runs one operation; whatever it throws leaves as a classified ProviderFailure. */
  async function classified<T>(
    operation: ProviderOperation,
    classify: (error: UpstreamError) => FailureKind,
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw providerFailure('dpo', operation, error, classify);
    }
  }

  return {
    id: 'dpo',
    kind: 'card',
    assignsReferences: true,
    currencies: DPO_CURRENCIES,

    start: (request) => classified('start', classifyWrite, () => start(request)),
    verify: (charge) => classified('verify', classifyRead, () => verify(charge.reference)),
    refund: (charge) =>
      classified('refund', classifyWrite, () => refund(charge.reference, charge.amountKobo)),

    parseWebhook() {
      // DPO has no signed notifications in this design; anything posted to its webhook path is refused.
      return undefined;
    },
  };

  async function start(request: ChargeRequest): Promise<ChargeStart> {
    // The portal's pg-callback finds the transaction by `reference` (our transaction id); DPO adds its own
    // TransID, CCDapproval, PnrID, TransactionToken and CompanyRef.
    const redirectUrl = withQuery(request.callbackUrl, { reference: request.reference });
    const backUrl = withQuery(request.callbackUrl, { reference: request.reference, status: 'CANCELLED' });
    const transaction =
      tag('PaymentAmount', dpoAmount(request.amountKobo)) +
      tag('PaymentCurrency', request.currency) +
      tag('CompanyRef', request.reference) +
      // A reference already paid cannot be paid again, whatever the browser does.
      tag('CompanyRefUnique', '1') +
      tag('RedirectURL', redirectUrl) +
      tag('BackURL', backUrl) +
      tag('PTL', String(PAYMENT_TIME_LIMIT_HOURS)) +
      (request.email ? tag('customerEmail', request.email) : '');
    const service =
      tag('ServiceType', options.serviceType) +
      tag('ServiceDescription', request.description) +
      tag('ServiceDate', serviceDate(now()));
    const fields = await call(
      'createToken',
      `<Transaction>${transaction}</Transaction><Services><Service>${service}</Service></Services>`,
    );
    const token = fields['TransToken'] ?? '';
    if (fields['Result'] !== '000' || !/^[A-Za-z0-9-]{8,100}$/.test(token))
      throw refused('start', 'createToken', fields);
    /*
     * The TransToken is the provider reference, not our transaction id: `verify` and `refund` get only the
     * provider reference, and refundToken takes a TransactionToken (or TransRef), never our CompanyRef. So
     * `verify` reports this token as the verification's reference, which is what the payment service compares
     * with the transaction's providerReference before it gives any value. The browser's return carries our
     * reference as `reference`, by which the service finds the transaction (by its id; a retried start's
     * `<id>-R<n>` is found by nobody until pg-callback also reads DPO's TransactionToken, and is then settled
     * by reconciliation).
     */
    return {
      kind: 'redirect',
      providerReference: token,
      redirectUrl: `${options.baseUrl()}/payv2.php?ID=${encodeURIComponent(token)}`,
    };
  }

  async function verify(reference: string): Promise<Verification> {
    const fields = await call('verifyToken', tag('TransactionToken', reference));
    const status = mapDpoResult(fields['Result']!);
    if (!status) throw refused('verify', 'verifyToken', fields);
    const amountKobo = parseDpoAmount(fields['TransactionAmount']);
    // Value is given only for an amount read exactly; a paid answer without one is asked again later.
    if (status === 'PAID' && amountKobo === undefined) {
      throw new ProviderFailure('retry', 'dpo', 'verify', 'dpo verifyToken: paid without a readable amount');
    }
    return {
      status,
      reference,
      amountKobo: amountKobo ?? 0,
      currency: (fields['TransactionCurrency'] ?? '').toUpperCase(),
      ...(fields['ResultExplanation'] ? { reason: fields['ResultExplanation'] } : {}),
      // verifyToken names the card by its last four digits (CustomerCredit).
      ...lastFourOf(fields['CustomerCredit']),
    };
  }

  async function refund(reference: string, amountKobo: number): Promise<void> {
    const fields = await call(
      'refundToken',
      tag('TransactionToken', reference) +
        tag('refundAmount', dpoAmount(amountKobo)) +
        tag('refundDetails', 'The purchase could not be delivered'),
    );
    if (fields['Result'] === '000') return;
    // A second refund of the same payment is refused ("Refund failed - ... already fully refunded"): the money
    // is back already.
    if (/already (fully )?refunded/i.test(fields['ResultExplanation'] ?? '')) return;
    throw refused('refund', 'refundToken', fields);
  }
}
