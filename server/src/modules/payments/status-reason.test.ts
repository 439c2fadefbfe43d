import { describe, expect, it } from 'vitest';
import { ERROR_LANGUAGES, errorText } from '@portal/contract/error-texts';
import { REASONS, statusReasonIn } from './status-reason.js';

const locked = async () => ({ wallet: 'Naija Money', care: '300', dial: '*123#' });

describe('a payment status reason in the reader`s language', () => {
  it('answers our own reasons and the providers` words for them in the language asked', async () => {
    expect(await statusReasonIn(REASONS.cancelled, 'yo', locked)).toBe('A fagilé ìsanwó náà');
    expect(await statusReasonIn('Declined', 'ha', locked)).toBe('An ƙi biyan kuɗin');
    expect(await statusReasonIn('Transaction Declined', 'pcm', locked)).toBe('Dem no accept the payment');
    expect(await statusReasonIn(REASONS.refundedLate, 'ig', locked)).toMatch(/^Netwọk anyị/);
  });

  it('says the adapters` own words for an outcome in the language asked, and keeps the bookkeeping of a start unsaid', async () => {
    expect(await statusReasonIn('The airtime debit was reversed', 'ha', locked)).toBe(
      'Ba a kammala biyan kuɗin ba',
    );
    expect(await statusReasonIn('Transaction reference not found', 'pcm', locked)).toBe(
      'The payment no finish',
    );
    expect(await statusReasonIn('Payment not found', 'yo', locked)).toBe('Ìsanwó náà kò parí');
    for (const bookkeeping of [
      'Waiting for the provider',
      'The provider had the start',
      'The provider had the previous start',
      'Start refused',
    ])
      expect(await statusReasonIn(bookkeeping, 'en', locked)).toBeNull();
  });

  it('says a wallet`s insufficient funds in the catalogue`s words, as a refused PIN debit does, in every language', async () => {
    for (const language of ERROR_LANGUAGES) {
      const catalogue = errorText('INSUFFICIENT_BALANCE', language);
      expect(await statusReasonIn('INSUFFICIENT_FUNDS', language, locked)).toBe(catalogue);
      expect(await statusReasonIn('Insufficient funds in the wallet', language, locked)).toBe(catalogue);
    }
    expect(await statusReasonIn('INSUFFICIENT_FUNDS', 'en', locked)).toBe(
      "Looks like you don't have sufficient balance.",
    );
  });

  it('tells a locked wallet how to unlock it, with the market`s numbers', async () => {
    expect(await statusReasonIn('WALLET_LOCKED', 'pcm', locked)).toBe(
      'Dem don block your Naija Money wallet because you put wrong PIN too many times. To open am, call customer care for 300 or dial *123# make you reset your PIN.',
    );
  });

  it('answers a text of the error catalogue in the language asked', async () => {
    expect(await statusReasonIn("Looks like you don't have sufficient balance.", 'ha', locked)).toBe(
      'Da alama ba ku da isasshen kuɗi.',
    );
  });

  it('keeps a provider`s unknown words, English for a language without texts, and no reason as none', async () => {
    expect(await statusReasonIn('Do not honour', 'ha', locked)).toBe('Do not honour');
    expect(await statusReasonIn(REASONS.declined, 'fr', locked)).toBe('Payment declined');
    expect(await statusReasonIn(null, 'ha', locked)).toBeNull();
  });
});
