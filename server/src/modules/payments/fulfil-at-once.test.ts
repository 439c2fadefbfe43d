import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../lib/logger.js';
import { fulfilAtOnce } from './fulfil-at-once.js';

/** A fulfilment that ends when the test says so. */
function heldFulfilments() {
  const ends = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const fulfil = vi.fn(
    (id: string) => new Promise<void>((resolve, reject) => ends.set(id, { resolve, reject })),
  );
  return {
    fulfil,
    end: (id: string) => ends.get(id)!.resolve(),
    fail: (id: string) => ends.get(id)!.reject(new Error('db down')),
  };
}

const quietLog = () => ({ error: vi.fn() }) as unknown as Logger & { error: ReturnType<typeof vi.fn> };

describe('fulfilment at once in the instance that saw the payment paid', () => {
  it('runs up to its limit side by side, then leaves the next to the job queue until one ends', async () => {
    const { fulfil, end } = heldFulfilments();
    const runner = fulfilAtOnce(fulfil, quietLog(), 2);
    expect(runner.start('TX1')).toBe(true);
    expect(runner.start('TX2')).toBe(true);
    expect(runner.start('TX3')).toBe(false);
    expect(fulfil.mock.calls.map(([id]) => id)).toEqual(['TX1', 'TX2']);
    end('TX1');
    await vi.waitFor(() => expect(runner.start('TX3')).toBe(true));
  });

  it('a stop takes no more and waits for the fulfilments under way', async () => {
    const { fulfil, end } = heldFulfilments();
    const runner = fulfilAtOnce(fulfil, quietLog());
    runner.start('TX1');
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    expect(runner.start('TX2')).toBe(false);
    await Promise.resolve();
    expect(stopped).toBe(false);
    end('TX1');
    await stopping;
    expect(stopped).toBe(true);
  });

  it('a fulfilment that throws is logged with its payment, and frees its place', async () => {
    const { fulfil, end, fail } = heldFulfilments();
    const log = quietLog();
    const runner = fulfilAtOnce(fulfil, log, 1);
    runner.start('TX1');
    fail('TX1');
    await vi.waitFor(() => expect(runner.start('TX2')).toBe(true));
    end('TX2');
    await runner.stop();
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ transactionId: 'TX1' }),
      expect.stringContaining('payment watch'),
    );
  });
});
