import { describe, expect, it } from 'vitest';
import { addCatalogue, createI18n } from '@/lib/i18n';
import { pages } from '@/testing/catalogues';
import { renderPageHtml } from '@/testing/server-page';
import { createTestQueryClient } from '@/testing/test-utils';
import type { LeadDetails } from '../utils/lead';
import { AddressStep } from './address-step';

const details: LeadDetails = {
  fullName: 'Ada Obi',
  contactNumber: '8021000004',
  email: 'ada@example.com',
  address: '12 Allen Avenue',
  landmark: '',
  town: 'Ikeja',
  consent: true,
};

/** The map step rendered in `lang` with its page texts. */
function pinText(lang: string): string | undefined {
  const i18n = createI18n(lang);
  addCatalogue(lang, pages[lang]!['hbb-translation'] as Record<string, string>, i18n, 'hbb-translation');
  const html = renderPageHtml(
    <AddressStep
      details={details}
      located={{ point: { lat: 9.057848, lng: 7.495083 }, source: 'town', place: 'Ikeja' }}
      language={lang}
      onEdit={() => {}}
      onConfirmed={() => {}}
    />,
    { i18n, queryClient: createTestQueryClient() },
  );
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.querySelector('.hbb-address__pin')?.textContent ?? undefined;
}

describe('the map step', () => {
  // The pin's longitude was passed to i18next as `lng`, which i18next reads as the language to translate
  // into: the text was looked up in language '7.49508', found only in English, and other pages showed its key.
  it('says where the pin is in the page language, not its key', () => {
    expect(pinText('en')).toBe('Pin: 9.05785, 7.49508');
    expect(pinText('ha')).toBe('Alama: 9.05785, 7.49508');
    expect(pinText('yo')).toBe('Àmì: 9.05785, 7.49508');
    expect(pinText('ig')).toBe('Akara: 9.05785, 7.49508');
    expect(pinText('pcm')).toBe('Pin: 9.05785, 7.49508');
    expect(pinText('sw')).toBe('Alama: 9.05785, 7.49508');
  });
});
