import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { pollPush, PUSH_POLL_INTERVAL_MS } from './poll-push';

function deps(statuses: (string | Error)[], maxTries?: number) {
  const getStatus = vi.fn(async () => {
    const next = statuses.shift() ?? 'SUCCESS';
    if (next instanceof Error) throw next;
    return { status: next };
  });
  const sleep = vi.fn(async () => {});
  return { getStatus, sleep, ...(maxTries !== undefined ? { maxTries } : {}) };
}

describe('push-prompt polling (spec §4 mobile money, MPESA)', () => {
  it('asks every 10 s while IN_PROCESS and answers the first other status', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const d = deps(['IN_PROCESS', 'IN_PROCESS', 'REQUEST_REGISTERED']);
    await expect(pollPush('TX1', d)).resolves.toBe('REQUEST_REGISTERED');
    expect(d.getStatus).toHaveBeenCalledTimes(3);
    expect(d.sleep).toHaveBeenCalledTimes(3);
    expect(d.sleep).toHaveBeenCalledWith(PUSH_POLL_INTERVAL_MS, undefined);
    expect(PUSH_POLL_INTERVAL_MS).toBe(10_000);
  });

  it('MPESA gives up after the maximum tries', async () => {
    const d = deps(Array(20).fill('IN_PROCESS'), 10);
    await expect(pollPush('TX1', d)).resolves.toBe('IN_PROCESS');
    expect(d.getStatus).toHaveBeenCalledTimes(10);
  });

  it('a failed status call is asked again; three in a row end the wait', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new ApiError('down', 'NETWORK', 0);
    const recovered = deps([failure, 'IN_PROCESS', failure, 'FAILED']);
    await expect(pollPush('TX1', recovered)).resolves.toBe('FAILED');
    const down = deps([failure, failure, failure, 'SUCCESS']);
    await expect(pollPush('TX1', down)).rejects.toBe(failure);
    expect(down.getStatus).toHaveBeenCalledTimes(3);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const getStatus = vi.fn(async () => ({ status: 'IN_PROCESS' }));
    const promise = pollPush('TX1', { getStatus, signal: controller.signal, intervalMs: 5 });
    controller.abort(new Error('left the page'));
    await expect(promise).rejects.toThrow('left the page');
    expect(getStatus).not.toHaveBeenCalled();
  });
});
