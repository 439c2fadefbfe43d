import { formatNaira } from '@portal/contract/rules';
import type { TransactionStatusResult } from '@portal/contract/api/payments';

/**
 * What the status page shows for a transaction record (spec §2 "Payment status", §4 "Transaction
 * statuses"), as pure functions: labels are i18n keys, values are display strings.
 */
export const PENDING_STATUSES = ['REQUEST_REGISTERED', 'REQUEST_RAISED', 'ALREADY_PROCESSED', 'IN_PROCESS'];
export const FAILED_STATUSES = ['FAILED', 'FALIURE'];
/** Broadband journeys also show the transaction id. */
const BROADBAND_TYPES = ['HBB_LEADS', 'BROADBAND_RECHARGE'];

/**
 * A payment the payer approves on the phone with the wallet's PIN, at the wallet (a push prompt): the operator's
 * mobile money push ({operator}_MONEY_PUSH) and MPESA, the modes the server answers for them.
 */
export function isPushMode(mode: string | null | undefined): boolean {
  const upper = String(mode ?? '').toUpperCase();
  return upper === 'MPESA' || upper.endsWith('_MONEY_PUSH');
}

export type Tone = 'success' | 'failure' | 'pending' | 'neutral';

export type StatusView = {
  /** i18n key of the heading, or the raw status when there is none. */
  headingKey?: 'status.thankYou' | 'status.inProcessing';
  rawHeading?: string;
  outcomeKey: 'status.outcome.successful' | 'status.outcome.unsuccessful' | 'status.outcome.inProcessing';
  tone: Tone;
};

/** ALREADY_PROCESSED is treated as REQUEST_REGISTERED (spec §4). */
export function normaliseStatus(status: string): string {
  const upper = String(status ?? '').toUpperCase();
  return upper === 'ALREADY_PROCESSED' ? 'REQUEST_REGISTERED' : upper;
}

export function spaced(value: string): string {
  return value.replace(/_/g, ' ');
}

/** The card gateways' own names; the record carries the id the gateway is called by ('paystack'). */
const GATEWAY_NAMES: Record<string, string> = {
  paystack: 'Paystack',
  uba: 'UBA',
  dpo: 'DPO',
  cellulant: 'Cellulant',
};

/** A gateway by its name; one we do not know as it comes, underscores as spaces (spec §2 "Payment status"). */
export function gatewayName(gateway: string): string {
  return GATEWAY_NAMES[gateway.toLowerCase()] ?? spaced(gateway);
}

export function statusView(status: string): StatusView {
  const upper = String(status ?? '').toUpperCase();
  if (upper === 'SUCCESS')
    return { headingKey: 'status.thankYou', outcomeKey: 'status.outcome.successful', tone: 'success' };
  if (PENDING_STATUSES.includes(upper))
    return { headingKey: 'status.inProcessing', outcomeKey: 'status.outcome.inProcessing', tone: 'pending' };
  return {
    rawHeading: status,
    outcomeKey: 'status.outcome.unsuccessful',
    tone: FAILED_STATUSES.includes(upper) ? 'failure' : 'neutral',
  };
}

export type StatusRow = {
  id: string;
  labelKey: string;
  /**
   * A display value, or `valueKey` when the value itself is a translated text; with both, `value` is what a
   * language without that text shows (the spec's raw code, underscores as spaces, which English keeps).
   */
  value?: string;
  valueKey?: string;
  tone?: Tone;
};

/**
 * A status as the page says it: the spec shows the raw code (SUCCESS, REQUEST REGISTERED), which is English
 * words; the page's language has its own for each (`status.value.<STATUS>`), English the code itself.
 */
export function statusValueKey(status: string): string {
  return `status.value.${String(status ?? '').toUpperCase()}`;
}

/**
 * A payment mode as the page says it (a broadband lead paid without a gateway): the spec shows the mode with
 * spaces (AIR TIME, HBB AIRTIME), which English keeps; the page's language has its own words for each
 * (`status.mode.<MODE>`: airtime, card, mobile money), an unknown mode shows as it comes.
 */
export function paymentModeKey(mode: string): string {
  return `status.mode.${String(mode ?? '').toUpperCase()}`;
}

/**
 * Payment type (spec §2: "payment gateway or mode for broadband leads, otherwise transaction type"): a broadband
 * lead shows how it was paid, its gateway or else its mode, as it bought nothing else to name; any other payment
 * shows what was bought, however it was paid (a card recharge showed 'Paystack', never that it was a recharge).
 * A postpaid bill that carries an invoice number is a fixed-internet bill payment.
 */
export function paymentTypeOf(record: TransactionStatusResult): Pick<StatusRow, 'value' | 'valueKey'> {
  if (record.transactionType === 'POSTPAID_BILL' && record.invoiceNumber)
    return { valueKey: 'status.fixedInternetBillPayment' };
  if (record.transactionType === 'HBB_LEADS') {
    if (record.paymentGateway) return { value: gatewayName(record.paymentGateway) };
    const mode = record.paymentMode ?? '';
    return { value: spaced(mode), valueKey: paymentModeKey(mode) };
  }
  // The transaction type's words in the page's language (`status.type.<TYPE>`), the spaced code in English.
  return { value: spaced(record.transactionType ?? ''), valueKey: `status.type.${record.transactionType}` };
}

export function statusRows(record: TransactionStatusResult, language = 'en'): StatusRow[] {
  const view = statusView(record.status);
  const rows: StatusRow[] = [
    { id: 'paymentType', labelKey: 'status.row.paymentType', ...paymentTypeOf(record) },
  ];
  if (record.bundleDescription)
    rows.push({ id: 'bundle', labelKey: 'status.row.bundle', value: record.bundleDescription });
  // ALREADY_PROCESSED is treated as REQUEST_REGISTERED (spec §4), in the row as in the heading.
  const shownStatus = record.status === 'ALREADY_PROCESSED' ? 'REQUEST_REGISTERED' : record.status;
  rows.push({
    id: 'status',
    labelKey: 'status.row.status',
    value: spaced(shownStatus),
    valueKey: statusValueKey(shownStatus),
    tone: view.tone,
  });
  rows.push({
    id: 'amount',
    labelKey: 'status.row.amount',
    value: `${record.currencyCode || 'NGN'} ${formatNaira(Number(record.amount), language)}`,
  });
  const mobile = record.mobileNumber || record.msisdn;
  if (mobile) rows.push({ id: 'mobile', labelKey: 'status.row.mobile', value: mobile });
  if (record.accountId) rows.push({ id: 'account', labelKey: 'status.row.account', value: record.accountId });
  if (record.invoiceNumber)
    rows.push({ id: 'invoice', labelKey: 'status.row.invoice', value: record.invoiceNumber });
  if (BROADBAND_TYPES.includes(record.transactionType))
    rows.push({ id: 'transactionId', labelKey: 'status.row.transactionId', value: record.transactionId });
  const leadId = record.metaInfo?.leadId;
  if (record.transactionType === 'HBB_LEADS' && leadId)
    rows.push({ id: 'leadId', labelKey: 'status.row.leadId', value: leadId });
  if (view.tone !== 'success' && record.statusReason)
    rows.push({
      id: 'reason',
      labelKey: 'status.row.reason',
      value: `*${record.statusReason}`,
      tone: view.tone,
    });
  return rows;
}

/** The summary title: the reference, else the transaction id. */
export function summaryTitle(record: TransactionStatusResult): string {
  return record.refTransactionId || record.transactionId;
}

/**
 * Broadband lead variants (spec §2): a note about the installation, a message when a successful payment
 * carries no lead id, and the contact hint. Undefined for every other transaction.
 */
export type LeadNotes = { noteKey: 'status.lead.note' | 'status.lead.noLeadId'; contact: true };

export function leadNotes(record: TransactionStatusResult): LeadNotes | undefined {
  if (record.transactionType !== 'HBB_LEADS') return undefined;
  const success = statusView(record.status).tone === 'success';
  return {
    noteKey: success && !record.metaInfo?.leadId ? 'status.lead.noLeadId' : 'status.lead.note',
    contact: true,
  };
}
