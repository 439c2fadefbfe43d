import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureAddedScripts } from '@/testing/added-scripts';
import { startTagManager, tagScriptUrls } from './tag-manager';

const added = captureAddedScripts();
afterEach(() => {
  vi.restoreAllMocks();
  delete window.gtag;
});

const scripts = () => added.map((s) => s.getAttribute('src'));

describe('tag manager and analytics scripts', () => {
  it('names a script per configured id, and none without', () => {
    expect(tagScriptUrls({ tagManagerId: '', analyticsId: '' })).toEqual([]);
    expect(tagScriptUrls({ tagManagerId: 'GTM-AB12CD', analyticsId: 'G-XYZ987' })).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
      'https://www.googletagmanager.com/gtag/js?id=G-XYZ987',
    ]);
  });

  it('loads nothing when the market configures no id', async () => {
    await startTagManager(async () => ({ tagManagerId: '', analyticsId: '' }));
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
  });

  it('starts the container and gtag queue, then adds the scripts once the page has painted', async () => {
    const started = startTagManager(async () => ({ tagManagerId: 'GTM-AB12CD', analyticsId: 'G-XYZ987' }));
    await expect
      .poll(scripts)
      .toEqual([
        'https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD',
        'https://www.googletagmanager.com/gtag/js?id=G-XYZ987',
      ]);
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
    expect(Array.from(window.dataLayer?.[2] as unknown as unknown[])).toEqual([
      'config',
      'G-XYZ987',
      { send_page_view: false },
    ]);
    added.forEach((s) => s.dispatchEvent(new Event('load')));
    await started;
  });
});
