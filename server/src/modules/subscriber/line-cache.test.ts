import { describe, expect, it } from 'vitest';
import type { CorePort, CoreSubscriber } from '../../upstream/core.js';
import { createSubscriberService } from './service.js';

/** A core that answers from a table and counts the lookups; `failing` makes every lookup throw. */
function countingCore(lines: Record<string, Omit<CoreSubscriber, 'msisdn'>>) {
  const state = { lookups: 0, failing: false };
  const core = {
    findSubscriber: async (msisdn: string) => {
      state.lookups++;
      if (state.failing) throw new Error('core down');
      const line = lines[msisdn];
      return line ? { msisdn, ...line } : undefined;
    },
  } as unknown as CorePort;
  return { core, state };
}

const PREPAID = { lineType: 'PREPAID', accountNo: null, broadband: false } as const;

function service(lineCacheSeconds: number, lines = { '2348021000001': PREPAID }) {
  const { core, state } = countingCore(lines);
  let ms = 1_000_000;
  const clock = { now: () => ms };
  const subscribers = createSubscriberService({
    core,
    operatorPrefixes: async () => ['802', '701'],
    lineCacheSeconds,
    clock,
  });
  return { subscribers, state, advance: (seconds: number) => (ms += seconds * 1000) };
}

describe('what pages show of a line (SUBSCRIBER_LINE_CACHE_SECONDS)', () => {
  it('asks the core once per number while the line is kept, and again once it is older', async () => {
    const { subscribers, state, advance } = service(60);
    expect(await subscribers.line('8021000001')).toEqual({ lineType: 'PREPAID', broadband: false });
    expect(await subscribers.lineType('8021000001')).toBe('PREPAID');
    advance(59);
    await subscribers.line('8021000001');
    expect(state.lookups).toBe(1);
    advance(2);
    await subscribers.line('8021000001');
    expect(state.lookups).toBe(2);
  });

  it('never keeps a refusal or a failure', async () => {
    const { subscribers, state } = service(60);
    await expect(subscribers.line('7011000009')).rejects.toMatchObject({ code: 'INVALID_MSISDN' });
    await expect(subscribers.line('7011000009')).rejects.toMatchObject({ code: 'INVALID_MSISDN' });
    expect(state.lookups).toBe(2);
    state.failing = true;
    await expect(subscribers.line('8021000001')).rejects.toThrow('core down');
    state.failing = false;
    await subscribers.line('8021000001');
    expect(state.lookups).toBe(4);
  });

  it('lets payments ask the core every time, and keeps nothing when set to 0', async () => {
    const kept = service(60);
    await kept.subscribers.line('8021000001');
    await kept.subscribers.requireSubscriber('8021000001');
    expect(kept.state.lookups).toBe(2);
    const off = service(0);
    await off.subscribers.line('8021000001');
    await off.subscribers.line('8021000001');
    expect(off.state.lookups).toBe(2);
  });
});
