import { createHttpClient, UpstreamError } from './http.js';

/**
 * Port to the operator core: subscribers, balances, bills, invoices and the money operations that give
 * value. Every operation carries an `operationId`; the core applies one id once, so a retried
 * fulfilment can never credit twice.
 */
export type CoreLineType = 'PREPAID' | 'POSTPAID' | 'HYBRID';

export type CoreSubscriber = {
  msisdn: string;
  lineType: CoreLineType;
  accountNo: string | null;
  broadband: boolean;
};

export type CoreOperationType =
  'AIRTIME_CREDIT' | 'BUNDLE_PROVISION' | 'BILL_PAYMENT' | 'INVOICE_PAYMENT' | 'AIRTIME_DEBIT' | 'REVERSAL';

export type CoreOperation = {
  operationId: string;
  transactionId: string;
  msisdn: string;
  type: CoreOperationType;
  amountKobo: number;
  productCode?: string;
  dataMb?: number;
  validityDays?: number;
  description?: string;
  accountNo?: string;
  invoiceNo?: string;
  reversesOperationId?: string;
  /**
   * ISO time after which the core must refuse this operation if it has not applied it yet: a request delayed
   * in the network can then never land after the portal stopped waiting for it and refunded instead.
   */
  notAfter?: string;
};

export type CoreOperationResult = { operationId: string; status: 'APPLIED'; duplicate: boolean };

/** An operation as the core recorded it; `reversed` once a REVERSAL took it back. */
export type CoreOperationRecord = {
  operationId: string;
  transactionId: string | null;
  msisdn: string | null;
  type: CoreOperationType;
  amountKobo: number;
  reversed: boolean;
};

export type CoreBalances = {
  airtimeKobo: number;
  data: { balanceType: string; description: string; mb: number | null; expiresAt: string | null }[];
  bundles: { productCode: string; description: string; dataMb: number | null; expiresAt: string | null }[];
};

export type CoreInvoice = {
  invoiceNo: string;
  accountNo: string;
  billingStartDate: string;
  billingEndDate: string;
  dueDate: string;
  currency: string;
  outstandingKobo: number;
  invoiceStatus: 'OPEN' | 'OVERDUE';
};

export type CoreAccount = {
  accountNo: string;
  kind: 'POSTPAID' | 'FIXED';
  msisdn: string | null;
  contactEmail: string | null;
  outstandingKobo: number;
};

export interface CorePort {
  /** Undefined when the network has no such subscriber. */
  findSubscriber(msisdn: string): Promise<CoreSubscriber | undefined>;
  balances(msisdn: string): Promise<CoreBalances>;
  /** Undefined when the number has no postpaid account. */
  bill(msisdn: string): Promise<{ accountNo: string; outstandingKobo: number } | undefined>;
  findAccount(accountNo: string): Promise<CoreAccount | undefined>;
  /** Undefined when the network has no such account. */
  openInvoices(accountNo: string): Promise<CoreInvoice[] | undefined>;
  /**
   * Applies a money operation once per operationId. Throws `CoreRefusedError` when the core refused it (it
   * applied nothing: `InsufficientBalanceError` for a debit beyond the balance); any other error leaves it
   * unknown whether the operation was applied.
   */
  apply(operation: CoreOperation, call?: { timeoutMs?: number }): Promise<CoreOperationResult>;
  /** What the core recorded under this id (a read); undefined when it never applied it. */
  findOperation(operationId: string): Promise<CoreOperationRecord | undefined>;
}

/** The core refused an operation and applied nothing; `code` is the core's reason. */
export class CoreRefusedError extends Error {
  constructor(
    readonly code: string,
    message = `core refused: ${code}`,
  ) {
    super(message);
    this.name = 'CoreRefusedError';
  }
}

export class InsufficientBalanceError extends CoreRefusedError {
  constructor(operationId: string) {
    super('INSUFFICIENT_BALANCE', `insufficient balance for ${operationId}`);
    this.name = 'InsufficientBalanceError';
  }
}

export function createHttpCore(options: { baseUrl: () => string; timeoutMs: number }): CorePort {
  const http = createHttpClient({ service: 'core', ...options });
  const notFoundAsUndefined = async <T>(call: Promise<T>) => {
    try {
      return await call;
    } catch (error) {
      if (error instanceof UpstreamError && error.status === 404) return undefined;
      throw error;
    }
  };
  return {
    findSubscriber: (msisdn) => notFoundAsUndefined(http<CoreSubscriber>('GET', `/subscribers/${msisdn}`)),
    balances: (msisdn) => http<CoreBalances>('GET', `/subscribers/${msisdn}/balances`),
    bill: (msisdn) => notFoundAsUndefined(http('GET', `/subscribers/${msisdn}/bill`)),
    findAccount: (accountNo) =>
      notFoundAsUndefined(http<CoreAccount>('GET', `/accounts/${encodeURIComponent(accountNo)}`)),
    openInvoices: (accountNo) =>
      notFoundAsUndefined(http<CoreInvoice[]>('GET', `/accounts/${encodeURIComponent(accountNo)}/invoices`)),
    async apply(operation, call) {
      try {
        return await http<CoreOperationResult>('POST', '/operations', operation, {}, call);
      } catch (error) {
        if (!(error instanceof UpstreamError) || error.kind !== 'client') throw error;
        const code = (error.body as { error?: string } | undefined)?.error ?? `HTTP_${error.status}`;
        if (code === 'INSUFFICIENT_BALANCE') throw new InsufficientBalanceError(operation.operationId);
        // Reversing what is already reversed is done, not an error.
        if (code === 'ALREADY_REVERSED')
          return { operationId: operation.operationId, status: 'APPLIED', duplicate: true };
        // A request time-out or throttling says nothing of what the core did.
        if (error.status === 408 || error.status === 429) throw error;
        throw new CoreRefusedError(code);
      }
    },
    findOperation: (operationId) =>
      notFoundAsUndefined(http<CoreOperationRecord>('GET', `/operations/${encodeURIComponent(operationId)}`)),
  };
}
