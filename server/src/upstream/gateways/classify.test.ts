import { describe, expect, it } from 'vitest';
import { UpstreamError, type UpstreamFailureKind } from '../http.js';
import { classifyRead, classifyWrite, providerFailure, ProviderFailure } from './classify.js';

const failure = (kind: UpstreamFailureKind, status?: number) =>
  new UpstreamError(kind, 'gateway', status, undefined, `${kind} ${status ?? ''}`);

/** What a failed call means for the money, by status: the table operators and adapters rely on. */
describe('provider failure classification', () => {
  it.each([
    // [what happened, read (verify), write (start, refund)]
    ['timed out', failure('timeout'), 'retry', 'indeterminate'],
    ['unreachable', failure('network'), 'retry', 'indeterminate'],
    ['500', failure('server', 500), 'retry', 'indeterminate'],
    ['503', failure('server', 503), 'retry', 'indeterminate'],
    ['408', failure('client', 408), 'retry', 'indeterminate'],
    ['429 throttled', failure('client', 429), 'retry', 'retry'],
    ['401 rotated key', failure('client', 401), 'indeterminate', 'indeterminate'],
    ['403 forbidden', failure('client', 403), 'indeterminate', 'indeterminate'],
    ['400 refused', failure('client', 400), 'indeterminate', 'final'],
    ['422 refused', failure('client', 422), 'indeterminate', 'final'],
  ] as const)('%s: read %s, write %s', (_name, error, read, write) => {
    expect(classifyRead(error)).toBe(read);
    expect(classifyWrite(error)).toBe(write);
  });

  it('anything that is not an HTTP failure (an unreadable answer, a bug) is indeterminate', () => {
    const wrapped = providerFailure('paystack', 'verify', new TypeError('no data'), classifyRead);
    expect(wrapped).toBeInstanceOf(ProviderFailure);
    expect(wrapped).toMatchObject({ kind: 'indeterminate', provider: 'paystack', operation: 'verify' });
    const kept = new ProviderFailure('final', 'dpo', 'start', 'refused');
    expect(providerFailure('dpo', 'start', kept, classifyWrite)).toBe(kept);
  });
});
