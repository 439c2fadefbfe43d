import { describe, expect, it } from 'vitest';
import { canTransition, displayStatusOf, isFinal, sourcesOf, STATES } from './state-machine.js';

describe('payment state machine', () => {
  it('gives value only from PAID and refunds only after a failed fulfilment', () => {
    expect(sourcesOf('FULFILLED')).toEqual(['PAID']);
    expect(sourcesOf('REFUNDED')).toEqual(['REFUND_PENDING']);
    expect(sourcesOf('PAID').sort()).toEqual(['CANCELLED', 'EXPIRED', 'PENDING']);
  });

  it('starts a charge only from a claim (STARTING), which only CREATED can take', () => {
    expect(sourcesOf('STARTING')).toEqual(['CREATED']);
    expect(sourcesOf('PENDING')).toEqual(['STARTING']);
    // A refused start goes back for another try; nothing else returns to CREATED.
    expect(sourcesOf('CREATED')).toEqual(['STARTING']);
  });

  it('reopens a payment closed without money only when the provider confirms it was paid', () => {
    for (const closed of ['CANCELLED', 'EXPIRED'] as const) {
      expect(isFinal(closed)).toBe(false);
      expect(STATES.filter((t) => canTransition(closed, t))).toEqual(['PAID']);
    }
    expect(isFinal('FAILED')).toBe(true);
  });

  it('never leaves a final state', () => {
    for (const s of STATES.filter(isFinal)) for (const t of STATES) expect(canTransition(s, t)).toBe(false);
  });

  it('maps to the statuses users see', () => {
    expect(displayStatusOf('STARTING')).toBe('REQUEST_REGISTERED');
    expect(displayStatusOf('PENDING')).toBe('REQUEST_REGISTERED');
    expect(displayStatusOf('PAID')).toBe('REQUEST_REGISTERED');
    expect(displayStatusOf('FULFILLED')).toBe('SUCCESS');
    for (const s of ['FAILED', 'CANCELLED', 'EXPIRED', 'REFUNDED', 'REFUND_PENDING'] as const) {
      expect(displayStatusOf(s)).toBe('FAILED');
    }
  });
});
