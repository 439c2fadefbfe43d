import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PATHS } from '@portal/contract/paths';
import { configData } from '@/testing/fixtures';
import { mockFetch, ok, renderWithProviders } from '@/testing/test-utils';
import { LanguageSwitch } from './language-switch';

describe('the language chooser', () => {
  it('offers more than two languages by their own names, as links to the same page under each prefix', async () => {
    const languages = [
      { code: 'en', label: 'English', prefix: '' },
      { code: 'ha', label: 'Hausa', prefix: '/ha' },
      { code: 'yo', label: 'Yorùbá', prefix: '/yo' },
      { code: 'pcm', label: 'Naijá', prefix: '/pcm' },
    ];
    mockFetch({ [PATHS.config]: () => ok({ configData: { ...configData, languages } }) });
    renderWithProviders(<LanguageSwitch />, { path: '/yo/data-bundle?msisdn=1' });
    const yoruba = await screen.findByRole('link', { name: 'Yorùbá' });
    expect(yoruba.getAttribute('aria-current')).toBe('true');
    expect(yoruba.getAttribute('lang')).toBe('yo');
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/data-bundle?msisdn=1');
    expect(screen.getByRole('link', { name: 'Hausa' }).getAttribute('href')).toBe('/ha/data-bundle?msisdn=1');
    expect(screen.getByRole('link', { name: 'Naijá' }).getAttribute('href')).toBe(
      '/pcm/data-bundle?msisdn=1',
    );
    // The menu's button says what it is and shows the current language.
    expect(screen.getByText('Yorùbá', { selector: 'summary span' })).toBeTruthy();
  });
});
