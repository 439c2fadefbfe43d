import { describe, expect, it } from 'vitest';
import { paymentMode } from '@portal/contract/api/payments';
import { pages } from '@/testing/catalogues';
import { invoicedBill, transaction } from '@/testing/fixtures';
import {
  isPushMode,
  leadNotes,
  normaliseStatus,
  paymentModeKey,
  paymentTypeOf,
  statusRows,
  statusView,
  summaryTitle,
} from './status-view';

describe('status heading and outcome', () => {
  it('SUCCESS: Thank you, Successful., green', () => {
    expect(statusView('SUCCESS')).toEqual({
      headingKey: 'status.thankYou',
      outcomeKey: 'status.outcome.successful',
      tone: 'success',
    });
  });

  it.each(['REQUEST_REGISTERED', 'REQUEST_RAISED', 'ALREADY_PROCESSED', 'IN_PROCESS'])(
    '%s: In Processing',
    (status) => {
      expect(statusView(status)).toEqual({
        headingKey: 'status.inProcessing',
        outcomeKey: 'status.outcome.inProcessing',
        tone: 'pending',
      });
    },
  );

  it.each(['FAILED', 'FALIURE'])('%s: raw status heading, Unsuccessful., red', (status) => {
    expect(statusView(status)).toEqual({
      rawHeading: status,
      outcomeKey: 'status.outcome.unsuccessful',
      tone: 'failure',
    });
  });

  it('any other status shows itself as the heading', () => {
    expect(statusView('CANCELLED')).toEqual({
      rawHeading: 'CANCELLED',
      outcomeKey: 'status.outcome.unsuccessful',
      tone: 'neutral',
    });
  });

  it('treats ALREADY_PROCESSED as REQUEST_REGISTERED', () => {
    expect(normaliseStatus('ALREADY_PROCESSED')).toBe('REQUEST_REGISTERED');
    expect(normaliseStatus('SUCCESS')).toBe('SUCCESS');
  });
});

describe('status rows', () => {
  it('a successful card recharge', () => {
    const rows = statusRows(transaction());
    expect(rows.map((r) => [r.id, r.value ?? r.valueKey, r.tone])).toEqual([
      ['paymentType', 'PREPAID RECHARGE', undefined],
      ['status', 'SUCCESS', 'success'],
      ['amount', 'NGN 500', undefined],
      ['mobile', '8021000001', undefined],
    ]);
    expect(summaryTitle(transaction())).toBe('REF1');
    expect(summaryTitle(transaction({ refTransactionId: null }))).toBe('TXN1');
  });

  it('a failed bundle purchase shows its reason with a star and spaces for underscores', () => {
    const rows = statusRows(
      transaction({
        status: 'FAILED',
        paymentGateway: null,
        paymentMode: 'NAIJA_MONEY',
        transactionType: 'PREPAID_BUNDLES',
        bundleDescription: 'Monthly 10GB',
        amount: 12345.5,
        statusReason: 'Card declined',
      }),
    );
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId.paymentType?.value).toBe('PREPAID BUNDLES');
    expect(byId.bundle?.value).toBe('Monthly 10GB');
    expect(byId.status).toMatchObject({ value: 'FAILED', tone: 'failure' });
    expect(byId.amount?.value).toBe('NGN 12,345.50');
    expect(byId.reason).toMatchObject({ value: '*Card declined', tone: 'failure' });
  });

  it('no reason row when successful', () => {
    expect(statusRows(transaction({ statusReason: 'ok' })).some((r) => r.id === 'reason')).toBe(false);
  });

  it('a postpaid bill with an invoice number is a fixed-internet bill payment', () => {
    const record = invoicedBill();
    expect(paymentTypeOf(record)).toEqual({ valueKey: 'status.fixedInternetBillPayment' });
    const ids = statusRows(record).map((r) => r.id);
    expect(ids).toContain('account');
    expect(ids).toContain('invoice');
    expect(paymentTypeOf({ ...record, invoiceNumber: null })).toEqual({
      value: 'POSTPAID BILL',
      valueKey: 'status.type.POSTPAID_BILL',
    });
    // Paid by card, it is still the fixed-internet bill payment.
    expect(paymentTypeOf({ ...record, paymentGateway: 'paystack' })).toEqual({
      valueKey: 'status.fixedInternetBillPayment',
    });
  });

  it('the status row shows ALREADY_PROCESSED as REQUEST REGISTERED', () => {
    const row = statusRows(transaction({ status: 'ALREADY_PROCESSED' })).find((r) => r.id === 'status');
    expect(row?.value).toBe('REQUEST REGISTERED');
  });

  it('a payment shows what was bought, however it was paid', () => {
    expect(paymentTypeOf(transaction({ paymentGateway: 'paystack' }))).toEqual({
      value: 'PREPAID RECHARGE',
      valueKey: 'status.type.PREPAID_RECHARGE',
    });
    expect(paymentTypeOf(transaction({ paymentGateway: null, paymentMode: 'AIR_TIME' }))).toEqual({
      value: 'PREPAID RECHARGE',
      valueKey: 'status.type.PREPAID_RECHARGE',
    });
  });

  it('a broadband lead paid by card shows its gateway by name; an unknown one as it comes, underscores as spaces', () => {
    const gateway = (paymentGateway: string) =>
      paymentTypeOf(transaction({ paymentGateway, transactionType: 'HBB_LEADS' }));
    expect(['paystack', 'uba', 'dpo', 'cellulant'].map((id) => gateway(id).value)).toEqual([
      'Paystack',
      'UBA',
      'DPO',
      'Cellulant',
    ]);
    expect(gateway('PAYSTACK')).toEqual({ value: 'Paystack' });
    expect(gateway('Flutterwave')).toEqual({ value: 'Flutterwave' });
    expect(gateway('interswitch_web_pay')).toEqual({ value: 'interswitch web pay' });
  });

  it('broadband leads show the payment mode and the transaction id', () => {
    const record = transaction({
      paymentGateway: null,
      paymentMode: 'HBB_AIRTIME',
      transactionType: 'HBB_LEADS',
    });
    expect(paymentTypeOf(record)).toEqual({ value: 'HBB AIRTIME', valueKey: 'status.mode.HBB_AIRTIME' });
    expect(statusRows(record).find((r) => r.id === 'transactionId')?.value).toBe('TXN1');
  });

  it('a broadband lead paid without a gateway: its mode in English as the spec shows it, words in the others', () => {
    const translation = (language: string) =>
      (pages[language]?.['translation'] ?? {}) as Record<string, string>;
    for (const mode of paymentMode.options) {
      const record = transaction({ paymentGateway: null, paymentMode: mode, transactionType: 'HBB_LEADS' });
      const { value, valueKey } = paymentTypeOf(record);
      expect(valueKey).toBe(paymentModeKey(mode));
      // English keeps the spec's mode with spaces ('AIR TIME'), the value every language falls back to.
      expect(translation('en')[valueKey!], mode).toBe(value);
      expect(value).toBe(mode.replace(/_/g, ' '));
      for (const language of ['ha', 'yo', 'ig', 'pcm', 'sw']) {
        const words = translation(language)[valueKey!];
        expect(words, `${language} ${mode}`).toBeTruthy();
        // A name (MPESA, SMARTCASH) is the same in every language; a mode with spaces is not a word of any.
        if (mode.includes('_')) expect(words, `${language} ${mode}`).not.toBe(value);
      }
    }
    expect(translation('pcm')[paymentModeKey('AIR_TIME')]).toBe('AIRTIME');
  });
});

describe('broadband lead variants', () => {
  const lead = (overrides: Parameters<typeof transaction>[0] = {}) =>
    transaction({
      paymentGateway: null,
      paymentMode: 'HBB_LEADS',
      transactionType: 'HBB_LEADS',
      metaInfo: { leadId: 'LEAD-7' },
      ...overrides,
    });

  it('shows the lead id and the installation note', () => {
    expect(statusRows(lead()).find((r) => r.id === 'leadId')?.value).toBe('LEAD-7');
    expect(leadNotes(lead())).toEqual({ noteKey: 'status.lead.note', contact: true });
  });

  it('a successful lead payment without a lead id says so', () => {
    const record = lead({ metaInfo: { leadId: null } });
    expect(statusRows(record).some((r) => r.id === 'leadId')).toBe(false);
    expect(leadNotes(record)?.noteKey).toBe('status.lead.noLeadId');
    expect(leadNotes({ ...record, status: 'FAILED' })?.noteKey).toBe('status.lead.note');
  });

  it('other transactions have no lead notes', () => {
    expect(leadNotes(transaction())).toBeUndefined();
  });
});

describe('a payment approved on the phone (a push prompt)', () => {
  it('is the operator’s mobile money push or MPESA, as the server answers them', () => {
    expect(isPushMode('NAIJA_MONEY_PUSH')).toBe(true);
    expect(isPushMode('MPESA')).toBe(true);
    for (const mode of ['NAIJA_MONEY', 'SMARTCASH', 'PAYMENT_GATEWAY', 'AIR_TIME', 'HBB_LEADS', '', null])
      expect(isPushMode(mode)).toBe(false);
  });
});
