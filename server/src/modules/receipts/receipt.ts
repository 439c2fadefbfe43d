import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { fromKobo, type ConfigData, type TransactionType } from '@portal/contract';
import { formatDateTime, formatMoney } from '../../lib/format.js';
import { purchaseName } from '../payments/sms-texts.js';
import { receiptTexts } from './texts.js';

/**
 * A payment's receipt (decision 0070): final payments only (successful, refunded, failed), in the page's
 * language, the number masked but for its last four digits so that it can be shared.
 */
/** What a receipt needs of a payment (the payments module hands its row). */
export type ReceiptSource = {
  id: string;
  state: string;
  transactionType: string;
  paymentMode: string;
  msisdn: string;
  amountKobo: number;
  currency: string;
  bundleDescription: string | null;
  createdAt: Date;
  /** `cardLast4`: the only part of a card the portal keeps (the gateway's verification names it). */
  meta: Record<string, unknown>;
};

export type Receipt = { title: string; brand: string; rows: [label: string, value: string][] };

const RESULTS = { FULFILLED: 'success', REFUNDED: 'refunded', FAILED: 'failed' } as const;

export function hasReceipt(state: string): state is keyof typeof RESULTS {
  return state in RESULTS;
}

export function maskNumber(msisdn: string): string {
  return `${'•'.repeat(Math.max(0, msisdn.length - 4))}${msisdn.slice(-4)}`;
}

function methodOf(tx: ReceiptSource, texts: ReturnType<typeof receiptTexts>): string {
  if (tx.paymentMode === 'PAYMENT_GATEWAY') {
    const last4 = tx.meta['cardLast4'];
    return typeof last4 === 'string' ? `${texts.card} •••• ${last4}` : texts.card;
  }
  if (tx.paymentMode === 'AIR_TIME' || tx.paymentMode === 'HBB_AIRTIME') return texts.airtime;
  return texts.wallet;
}

export function buildReceipt(tx: ReceiptSource, config: ConfigData, language: string): Receipt {
  if (!hasReceipt(tx.state)) throw new Error(`no receipt for a payment in ${tx.state}`);
  const texts = receiptTexts(language);
  const what = purchaseName(tx.transactionType as TransactionType, language);
  return {
    title: texts.title,
    brand: config.brandName,
    rows: [
      [texts.reference, tx.id],
      [texts.date, formatDateTime(tx.createdAt, language, config.timeZone)],
      [texts.item, tx.bundleDescription ? `${what}: ${tx.bundleDescription}` : what],
      [texts.number, maskNumber(tx.msisdn)],
      [texts.amount, formatMoney(fromKobo(tx.amountKobo), tx.currency, language)],
      [texts.method, methodOf(tx, texts)],
      [texts.result, texts[RESULTS[tx.state]]],
      [texts.care, `${config.brandName} ${config.customerCareNumber}`],
    ],
  };
}

// Noto Sans: the standard PDF fonts have no ẹ, ọ, ṣ, ị, ụ or combining tone marks.
const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
const BOLD = require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf');

/**
 * The PDF's text map (what copy, search and screen readers read) names one character per glyph. Noto Sans
 * draws "ẹ", "ọ", "ṣ" as the plain letter's glyph plus a dot (OpenType `ccmp`), so every plain "e" of the
 * receipt read back as "ẹ" ("Iyẹ ọwó" for "Iye owó"). Without `ccmp` (fontkit takes features as a map, which
 * pdfkit's types do not say) precomposed letters keep glyphs of their own; marks are still placed by `mark`.
 */
const PLAIN_GLYPHS = { features: { ccmp: false } } as unknown as PDFKit.Mixins.TextOptions;

/** Precomposed letters where Unicode has them, so that they too get their own glyph. */
function composed(text: string): string {
  return text.normalize('NFC');
}

/** The receipt as a one-page PDF (A5); its title names the reference so that a saved file says what it is. */
export function receiptPdf(receipt: Receipt, reference: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    info: { Title: `${receipt.title} ${reference}`, Author: receipt.brand, Subject: reference },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('text', FONT).registerFont('bold', BOLD);
  doc.font('bold').fontSize(16).text(composed(receipt.brand), PLAIN_GLYPHS);
  doc.font('text').fontSize(13).text(composed(receipt.title), PLAIN_GLYPHS).moveDown();
  for (const [label, value] of receipt.rows) {
    doc.font('text').fontSize(9).fillColor('#555555').text(composed(label), PLAIN_GLYPHS);
    doc.font('bold').fontSize(11).fillColor('#000000').text(composed(value), PLAIN_GLYPHS).moveDown(0.5);
  }
  doc.end();
  return done;
}
