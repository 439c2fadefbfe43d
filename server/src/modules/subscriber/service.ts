import {
  emailError,
  fixedAccountError,
  fromKobo,
  toInternational,
  toNational,
  type BalanceEntry,
  type BillResult,
  type FixedAccountResult,
  type LineType,
  type OpenInvoiceResult,
  type OtpPurpose,
  type QueryBalanceResult,
} from '@portal/contract';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../lib/app-error.js';
import type { CoreAccount, CoreBalances, CorePort, CoreSubscriber } from '../../upstream/core.js';

/** A number's line as a page shows it (the bundles on offer, the line type). */
export type Line = { lineType: LineType; broadband: boolean };

/** Numbers whose line is kept at once; a few MB at most. */
const MAX_KEPT_LINES = 50_000;

/**
 * What the network knows of a number, read through the core port. A number outside the operator's
 * prefixes is refused before the core is asked.
 *
 * What a page shows of a line (its type, the bundles it may buy) is kept `lineCacheSeconds` per number
 * (docs/decisions/0060): a visitor's journey asks for it twice or more (the number check, then the bundle
 * list), and a crowd of visitors on a campaign day would otherwise be a crowd of core calls. Only found lines
 * are kept, never a refusal or a failure. Every step that moves money asks the core itself (`requireSubscriber`).
 */
export function createSubscriberService(deps: {
  core: CorePort;
  operatorPrefixes: () => Promise<string[]>;
  lineCacheSeconds?: number;
  /** Milliseconds for the kept lines' ages (tests move it by hand). */
  clock?: { now(): number };
}) {
  const ttl = (deps.lineCacheSeconds ?? 0) * 1000;
  const lines =
    ttl > 0
      ? new LRUCache<string, Line>({
          max: MAX_KEPT_LINES,
          ttl,
          ...(deps.clock ? { perf: deps.clock, ttlResolution: 0 } : {}),
        })
      : undefined;

  async function isOperatorNumber(national: string): Promise<boolean> {
    const prefixes = await deps.operatorPrefixes();
    return prefixes.some((p) => national.startsWith(p));
  }

  async function requireSubscriber(national: string): Promise<CoreSubscriber> {
    if (!(await isOperatorNumber(national))) throw new AppError('INVALID_MSISDN');
    const subscriber = await deps.core.findSubscriber(toInternational(national));
    if (!subscriber) throw new AppError('INVALID_MSISDN');
    return subscriber;
  }

  /** The line of a number, as the core held it at most `lineCacheSeconds` ago. */
  async function line(national: string): Promise<Line> {
    const kept = lines?.get(national);
    if (kept) return kept;
    const { lineType, broadband } = await requireSubscriber(national);
    const found = { lineType, broadband };
    lines?.set(national, found);
    return found;
  }

  return {
    isOperatorNumber,
    requireSubscriber,
    line,

    async lineType(national: string, options: { broadband?: boolean } = {}): Promise<LineType> {
      const { lineType, broadband } = await line(national);
      if (options.broadband && !broadband) throw new AppError('INVALID_MSISDN');
      return lineType;
    },
  };
}

export type SubscriberService = ReturnType<typeof createSubscriberService>;

/** The part of the OTP service the account lookups rely on (kept narrow so the two modules stay apart). */
export type OtpChecks = {
  send(input: { msisdn: string; purpose: OtpPurpose; clientIp: string }): Promise<{
    otpId: string;
    otpRecipient: string;
    resendAfterSeconds: number;
    expiresInSeconds: number;
  }>;
  requireVerified(otpId: string, bind: { msisdn: string; purposes: OtpPurpose[] }): Promise<unknown>;
  checkUniqueCode(uniqueCode: string, bind: { msisdn: string; purposes: OtpPurpose[] }): Promise<unknown>;
};

const MB_PER_GB = 1024;

/** 10240 MB -> 10 GB; 1536 MB -> 1.5 GB; 500 MB -> 500 MB. */
export function dataAmount(mb: number): { balance: number; unitType: 'MB' | 'GB' } {
  if (mb >= MB_PER_GB) return { balance: Math.round((mb / MB_PER_GB) * 100) / 100, unitType: 'GB' };
  return { balance: Math.round(mb * 100) / 100, unitType: 'MB' };
}

/** Data balances of spec §3 "Balance query result"; unlimited balances carry balanceType UNLIMITED. */
export function dataBalanceEntries(balances: CoreBalances): BalanceEntry[] {
  return balances.data.map((d) => ({
    serviceType: 'DATA' as const,
    balanceDescription: d.description,
    balanceType: d.mb === null ? 'UNLIMITED' : d.balanceType,
    ...(d.mb === null ? { balance: null, unitType: '' } : dataAmount(d.mb)),
    expireTime: d.expiresAt,
  }));
}

export function airtimeBalanceEntries(balances: CoreBalances, currency = 'NGN'): BalanceEntry[] {
  return [
    {
      serviceType: 'AIRTIME',
      balanceDescription: 'Main account',
      balanceType: 'MAIN',
      balance: fromKobo(balances.airtimeKobo),
      unitType: currency,
      expireTime: null,
    },
  ];
}

function isBroadbandRequest(input: { requestType?: string | undefined; serviceType?: string | undefined }) {
  return /BROADBAND|MIFI|ROUTER|DATA/i.test(`${input.requestType ?? ''} ${input.serviceType ?? ''}`);
}

function isAirtimeRequest(input: { serviceType?: string | undefined }) {
  return /^airtime$/i.test(input.serviceType ?? '');
}

/**
 * Bills, invoices and balances: the reads behind the postpaid, fixed-internet, broadband and airtime-payment
 * journeys. Every read that reveals an account is gated: by a verified one-time code sent to the number, by
 * the account number of that number, or (fixed internet) by the account number with its contact email.
 */
export function createAccountService(deps: {
  core: CorePort;
  subscribers: SubscriberService;
  otp: OtpChecks;
  currency: () => Promise<string>;
}) {
  const { core, subscribers, otp } = deps;

  /**
   * One answer (60005) whether the account does not exist or is not the one of this email or number: a lookup
   * must not tell a stranger which account numbers exist (docs/decisions/0065).
   */
  const noSuchPair = () => new AppError('ACCOUNT_MISMATCH');

  async function requireFixedAccount(accountNo: string, email: string): Promise<CoreAccount> {
    if (fixedAccountError(accountNo)) throw new AppError('INVALID_ACCOUNT');
    if (!email.trim()) throw new AppError('EMAIL_REQUIRED');
    if (emailError(email)) throw new AppError('INVALID_EMAIL');
    const account = await core.findAccount(accountNo.trim().toUpperCase());
    if (!account || account.kind !== 'FIXED') throw noSuchPair();
    if (!account.contactEmail || account.contactEmail.trim().toLowerCase() !== email.trim().toLowerCase()) {
      throw noSuchPair();
    }
    return account;
  }

  function fixedAccountResult(account: CoreAccount): FixedAccountResult {
    const national = account.msisdn ? toNational(account.msisdn) : null;
    return { accountNo: account.accountNo, lineNumber: national, contactPersonMsisdn: national };
  }

  return {
    /** `validate/msisdn-account` with accountNo + contactPersonEmailId: 60005 unless the pair is an account's. */
    async validateFixedAccount(accountNo: string, email: string): Promise<FixedAccountResult> {
      return fixedAccountResult(await requireFixedAccount(accountNo, email));
    },

    async openInvoices(accountNo: string, email: string): Promise<OpenInvoiceResult> {
      const account = await requireFixedAccount(accountNo, email);
      const invoices = await core.openInvoices(account.accountNo);
      // The core's "no such account" is the portal's 60119.
      if (!invoices) throw new AppError('ACCOUNT_NOT_FOUND');
      return {
        ...fixedAccountResult(account),
        response: {
          invoices: invoices.map((i) => ({
            accountNo: i.accountNo,
            invoiceNo: i.invoiceNo,
            dueDate: i.dueDate,
            billingStartDate: i.billingStartDate,
            billingEndDate: i.billingEndDate,
            currency: i.currency,
            outstandingAmount: fromKobo(i.outstandingKobo),
            invoiceStatus: i.invoiceStatus,
          })),
        },
      };
    },

    /**
     * The postpaid bill of a number: after a verified INVOICE code sent to it (`otpId`), or with the number's
     * 10-digit postpaid account number (60005 for an unknown account and another number's alike).
     */
    async bill(input: {
      msisdn: string;
      otpId?: string | undefined;
      accountNo?: string | undefined;
    }): Promise<BillResult> {
      const currency = await deps.currency();
      if (input.otpId !== undefined) {
        await otp.requireVerified(input.otpId, { msisdn: input.msisdn, purposes: ['INVOICE'] });
        const subscriber = await subscribers.requireSubscriber(input.msisdn);
        if (subscriber.lineType === 'PREPAID') throw new AppError('LINE_TYPE_MISMATCH');
        const bill = await core.bill(subscriber.msisdn);
        // The core's "no such account" is the portal's 60119.
        if (!bill) throw new AppError('ACCOUNT_NOT_FOUND');
        return { totalOutstanding: fromKobo(bill.outstandingKobo), accountNo: bill.accountNo, currency };
      }
      const account = await core.findAccount(input.accountNo ?? '');
      if (!account || account.kind !== 'POSTPAID' || account.msisdn !== toInternational(input.msisdn)) {
        throw noSuchPair();
      }
      return { totalOutstanding: fromKobo(account.outstandingKobo), accountNo: account.accountNo, currency };
    },

    /**
     * `v4/query-balance`. Airtime: needs the uniqueCode of a verified payment code for the number. Broadband
     * data: without a uniqueCode it sends a one-time code (purpose BALANCE) and answers where it went; with the
     * uniqueCode of that verified code it answers the data balances.
     */
    async queryBalance(
      input: {
        msisdn: string;
        uniqueCode?: string | undefined;
        serviceType?: string | undefined;
        requestType?: string | undefined;
      },
      clientIp: string,
    ): Promise<QueryBalanceResult> {
      if (isAirtimeRequest(input)) {
        if (!input.uniqueCode) throw new AppError('OTP_REVERIFY');
        await otp.checkUniqueCode(input.uniqueCode, { msisdn: input.msisdn, purposes: ['PAYMENT'] });
        const subscriber = await subscribers.requireSubscriber(input.msisdn);
        return {
          queryBalanceResult: airtimeBalanceEntries(
            await core.balances(subscriber.msisdn),
            await deps.currency(),
          ),
        };
      }
      if (!isBroadbandRequest(input)) {
        throw new AppError('BAD_REQUEST', {
          log: 'serviceType Airtime or a broadband requestType is required',
        });
      }
      await subscribers.lineType(input.msisdn, { broadband: true });
      if (!input.uniqueCode) {
        const sent = await otp.send({ msisdn: input.msisdn, purpose: 'BALANCE', clientIp });
        return {
          otpRecipient: sent.otpRecipient,
          txnRefId: sent.otpId,
          resendAfterSeconds: sent.resendAfterSeconds,
          expiresInSeconds: sent.expiresInSeconds,
        };
      }
      await otp.checkUniqueCode(input.uniqueCode, { msisdn: input.msisdn, purposes: ['BALANCE'] });
      return { queryBalanceResult: dataBalanceEntries(await core.balances(toInternational(input.msisdn))) };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
