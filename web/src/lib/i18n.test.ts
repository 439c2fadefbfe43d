import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATHS } from '@portal/contract/paths';
import { failure, notFound } from '@/testing/answers';
import { createTestQueryClient, mockFetch } from '@/testing/test-utils';
import { addCatalogue, createI18n, hasCatalogue, loadCatalogues } from './i18n';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loadCatalogues', () => {
  it('online, skips a page that cannot be had (logged): the page shows what it has', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ [PATHS.activePackage]: notFound });
    const instance = createI18n('ha');
    await expect(
      loadCatalogues(createTestQueryClient(), instance, 'ha', ['translation']),
    ).resolves.toBeUndefined();
    expect(hasCatalogue(instance, 'ha', 'translation')).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      '[i18n] catalogue failed to load',
      'translation',
      'ha',
      expect.anything(),
    );
  });

  it('offline, fails at once without asking again, so that the route shows the offline page', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = mockFetch({ [PATHS.activePackage]: () => failure('503', 'Try later', 503) });
    await expect(
      loadCatalogues(createTestQueryClient(), createI18n('ha'), 'ha', ['translation']),
    ).rejects.toThrow();
    expect(calls.filter((c) => c.url.pathname === PATHS.activePackage)).toHaveLength(1);
  });
});

describe('createI18n', () => {
  it('gives each instance texts of its own', () => {
    const one = createI18n('en');
    const other = createI18n('en');
    addCatalogue('en', { 'test.only': 'Only in one' }, one);
    expect(one.t('test.only')).toBe('Only in one');
    expect(other.t('test.only')).toBe('test.only');
  });
});
