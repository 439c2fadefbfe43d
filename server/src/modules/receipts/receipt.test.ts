import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { ConfigData } from '@portal/contract';
import { buildReceipt, receiptPdf, type ReceiptSource } from './receipt.js';

const config = { brandName: 'Naija Tel', customerCareNumber: '300', timeZone: 'Africa/Lagos' } as ConfigData;
const row = (state: string, meta: Record<string, unknown> = {}) =>
  ({
    id: 'TXABC123',
    state,
    transactionType: 'PREPAID_BUNDLES',
    paymentMode: 'PAYMENT_GATEWAY',
    msisdn: '2348021000001',
    amountKobo: 150050,
    currency: 'NGN',
    bundleDescription: '1.5GB 30 days',
    createdAt: new Date('2026-11-24T17:05:00Z'),
    meta,
  }) as ReceiptSource;

describe('a receipt', () => {
  it('says what was paid, for which number (last four digits), how and with what result, in Yoruba', () => {
    const receipt = buildReceipt(row('FULFILLED'), config, 'yo');
    expect(receipt.title).toBe('Rìsíìtì ìsanwó');
    expect(Object.fromEntries(receipt.rows)).toMatchObject({
      'Nọ́mbà ìtọ́kasí': 'TXABC123',
      'Ohun tí ẹ rà': 'dátà: 1.5GB 30 days',
      'Fún nọ́mbà': '•••••••••0001',
      'Iye owó': '₦1,500.50',
      'Ẹ fi sanwó': 'Káàdì',
      Àbájáde: 'Ó yọrí sí rere',
      'Ìtọ́jú oníbàárà': 'Naija Tel 300',
    });
    // Lagos time, as the subscriber's clock shows it.
    expect(Object.fromEntries(receipt.rows)['Ọjọ́ àti àkókò']).toMatch(/18:0?5/);
  });

  it('names a card by its last four digits only, when the gateway named them', () => {
    const paidWith = (meta: Record<string, unknown>) =>
      Object.fromEntries(buildReceipt(row('FULFILLED', meta), config, 'en').rows)['Paid with'];
    expect(paidWith({ cardLast4: '4081' })).toBe('Card •••• 4081');
    expect(paidWith({})).toBe('Card');
  });

  it('exists for refunded and failed payments, not for one still under way', () => {
    expect(Object.fromEntries(buildReceipt(row('REFUNDED'), config, 'en').rows)['Result']).toBe(
      'Not successful - money returned',
    );
    expect(Object.fromEntries(buildReceipt(row('FAILED'), config, 'ig').rows)['Nsonaazụ']).toBe(
      'Ọ gaghị nke ọma',
    );
    expect(() => buildReceipt(row('PENDING'), config, 'en')).toThrow();
  });

  it('is a PDF with the Noto Sans font embedded (the standard fonts lack the tone marks)', async () => {
    const pdf = (await receiptPdf(buildReceipt(row('FULFILLED'), config, 'yo'), 'TXABC123')).toString(
      'latin1',
    );
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(pdf).toContain('(TXABC123)');
  });

  it('reads back as the same text from the PDF (copy, search, screen readers), tone marks and all', async () => {
    const pdf = await receiptPdf(
      buildReceipt(row('FULFILLED', { cardLast4: '4081' }), config, 'yo'),
      'TXABC123',
    );
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    for (const line of ['Rìsíìtì ìsanwó', 'Nọ́mbà ìtọ́kasí', 'TXABC123', 'dátà: 1.5GB 30 days', 'Iye owó'])
      expect(text).toContain(line);
    expect(text).toContain('•••••••••0001');
    expect(text).toContain('₦1,500.50');
    expect(text).toContain('Káàdì •••• 4081');
    expect(text).toContain('Naija Tel 300');
  });
});
