import type { TransactionType } from '@portal/contract/api/payments';
import { uuid } from './uuid';

/**
 * The purchase context of spec §3, kept in sessionStorage under `queryData`. A journey page stores it and
 * opens /payment/start; the payment and status pages read it.
 *
 * `attempt` is ours: the Idempotency-Key of the current payment attempt and the fingerprint of the payload
 * it was used for. Retrying the same payload reuses the key (the server answers with the same
 * transaction); changing the details (another gateway, another email) starts a new attempt.
 */
export const PURCHASE_CONTEXT_KEY = 'queryData';

export type BundleInfo = {
  description?: string;
  data?: string;
  dataUnit?: string;
  amount?: number;
  lineType?: string;
};

export type InvoiceDetail = {
  accountNo?: string;
  invoiceNo?: string;
  billingStartDate?: string;
  billingEndDate?: string;
  dueDate?: string;
};

export type PurchaseContext = {
  msisdn: string;
  amount: number;
  transactionType: TransactionType;
  currency: string;
  /** Where Return goes: a path without the language prefix; the page adds the current language's. */
  redirectPage: string;
  rechargeType?: string;
  lineType?: string;
  enableDualCurrency?: boolean;
  usdAmount?: number;
  bundleInfo?: BundleInfo;
  productCode?: string;
  description?: string;
  data?: string;
  dataUnit?: string;
  theme?: string;
  flow?: string;
  emailId?: string;
  invoiceDetail?: InvoiceDetail;
  pgOptions?: { paymentOpt: string }[];
  /**
   * Ours: the home-broadband request a sealed purchase pays (sales-lead mode, spec §6). A plain form has no
   * sessionStorage for the sales-works flag; the server, which sealed the purchase, vouches for the lead.
   */
  leadId?: string;
  attempt?: { key: string; fingerprint: string };
};

/**
 * The purchase context of a journey page that sells an amount to a line (a prepaid recharge, a postpaid
 * bill): the line and amount as the page checked them, and what `purchase` says is bought and where Return
 * goes. One builder, so that the pages store their purchases alike.
 */
export function linePurchaseContext(
  line: {
    msisdn: string;
    amount: number;
    lineType: string | undefined;
    currency: string;
    enableDualCurrency: boolean;
  },
  purchase: Pick<PurchaseContext, 'transactionType' | 'rechargeType' | 'redirectPage' | 'invoiceDetail'>,
): Omit<PurchaseContext, 'attempt'> {
  return {
    msisdn: line.msisdn,
    amount: line.amount,
    ...(line.lineType ? { lineType: line.lineType } : {}),
    transactionType: purchase.transactionType,
    rechargeType: purchase.rechargeType,
    currency: line.currency,
    redirectPage: purchase.redirectPage,
    productCode: '',
    enableDualCurrency: line.enableDualCurrency,
    ...(purchase.invoiceDetail ? { invoiceDetail: purchase.invoiceDetail } : {}),
  };
}

export function getPurchaseContext(): PurchaseContext | undefined {
  try {
    const raw = sessionStorage.getItem(PURCHASE_CONTEXT_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as PurchaseContext;
    return value && typeof value === 'object' && typeof value.msisdn === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Starts a new purchase: replaces the whole context (and so drops any previous payment attempt). */
export function savePurchaseContext(context: Omit<PurchaseContext, 'attempt'>): void {
  sessionStorage.setItem(PURCHASE_CONTEXT_KEY, JSON.stringify(context));
}

export function updatePurchaseContext(patch: Partial<PurchaseContext>): PurchaseContext | undefined {
  const current = getPurchaseContext();
  if (!current) return undefined;
  const next = { ...current, ...patch };
  sessionStorage.setItem(PURCHASE_CONTEXT_KEY, JSON.stringify(next));
  return next;
}

/** The Idempotency-Key for initiating `payload`: reused while the payload is unchanged. */
export function idempotencyKeyFor(payload: unknown): string {
  const fingerprint = JSON.stringify(payload);
  const current = getPurchaseContext();
  if (current?.attempt?.fingerprint === fingerprint) return current.attempt.key;
  const attempt = { key: uuid(), fingerprint };
  updatePurchaseContext({ attempt });
  return attempt.key;
}

/** Where Cancel on the payment page goes: the stored redirect page, else home. */
export function redirectPageOf(context: PurchaseContext | undefined): string {
  return storedRedirectPage(context) ?? '/';
}

/** The purchase's own page to go back to, when it names one on this site. */
export function storedRedirectPage(context: PurchaseContext | undefined): string | undefined {
  const page = context?.redirectPage;
  return page && page.startsWith('/') && !page.startsWith('//') ? page : undefined;
}

/**
 * A purchase that reached the payment page through a plain HTML form (no JavaScript): the server sealed it
 * into the URL (`?purchase=`), opens it when rendering the page, and adds the Idempotency-Key of the page's
 * card form. The browser keeps it as it keeps any purchase once the page is live.
 */
export type SealedPurchase = { context: PurchaseContext; attempt: string };

export const sealedPurchaseKey = (token: string | null) => ['sealed-purchase', token] as const;

/** A purchase context read from outside (a sealed token): the fields the payment page relies on. */
export function asPurchaseContext(value: unknown): PurchaseContext | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const context = value as Partial<PurchaseContext>;
  const valid =
    typeof context.msisdn === 'string' &&
    typeof context.amount === 'number' &&
    typeof context.transactionType === 'string' &&
    typeof context.currency === 'string' &&
    typeof context.redirectPage === 'string';
  return valid ? (context as PurchaseContext) : undefined;
}
