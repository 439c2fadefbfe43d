import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureAddedScripts } from '@/testing/added-scripts';
import { loadScript } from './load-script';

const added = captureAddedScripts();
afterEach(() => {
  vi.useRealTimers();
});

const scriptsOf = (src: string) => added.filter((s) => s.getAttribute('src') === src);
const scriptOf = (src: string) => scriptsOf(src).at(-1);

describe('third-party script loading (spec §7, §9)', () => {
  it('adds the script once and resolves when it has loaded', async () => {
    const first = loadScript('/x/inline.js', 1000);
    const again = loadScript('/x/inline.js', 1000);
    expect(again).toBe(first);
    scriptOf('/x/inline.js')!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
  });

  it('rejects on a load error, and a later call tries again', async () => {
    const failed = loadScript('/x/broken.js', 1000);
    scriptOf('/x/broken.js')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Script failed to load');
    const retry = loadScript('/x/broken.js', 1000);
    expect(retry).not.toBe(failed);
    expect(scriptsOf('/x/broken.js')).toHaveLength(2);
    scriptOf('/x/broken.js')!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });

  it('rejects after the timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const slow = loadScript('/x/slow.js', 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(slow).rejects.toThrow('timed out');
  });
});
