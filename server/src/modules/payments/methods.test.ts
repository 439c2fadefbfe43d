import { describe, expect, it } from 'vitest';
import type { PaymentProvider, ProviderKind } from '../../upstream/gateways/provider.js';
import { resolveMethod } from './methods.js';

const provider = (id: string, kind: ProviderKind): PaymentProvider => ({
  id,
  kind,
  start: () => Promise.reject(new Error('not used')),
  verify: () => Promise.reject(new Error('not used')),
  refund: () => Promise.reject(new Error('not used')),
  parseWebhook: () => undefined,
});

const providers = new Map(
  [
    provider('paystack', 'card'),
    provider('dpo', 'card'),
    provider('airtime', 'airtime'),
    provider('momo', 'wallet'),
    provider('smartcash', 'wallet'),
    provider('mpesa', 'wallet'),
  ].map((p) => [p.id, p]),
);

/** What a mode may charge, and the proof of the payer it needs, follow from the provider, not the label. */
describe('payment modes resolve to a provider of their kind, with its proof', () => {
  it.each([
    ['PAYMENT_GATEWAY', 'paystack', 'paystack', 'gateway'],
    ['PAYMENT_GATEWAY', 'DPO', 'dpo', 'gateway'],
    ['HBB_LEADS', 'paystack', 'paystack', 'gateway'],
    ['AIR_TIME', 'paystack', 'airtime', 'one-time-code'],
    ['HBB_AIRTIME', '', 'airtime', 'one-time-code'],
    ['NAIJA_MONEY', 'paystack', 'momo', 'pin'],
    ['NAIJA_MONEY_PUSH', '', 'momo', 'prompt'],
    ['SMARTCASH', 'airtime', 'smartcash', 'pin'],
    ['MPESA', '', 'mpesa', 'prompt'],
  ])('%s with gateway "%s" charges through %s and needs %s', (mode, gateway, id, proof) => {
    const method = resolveMethod(providers, mode, gateway);
    expect(method.provider.id).toBe(id);
    expect(method.proof).toBe(proof);
  });

  it.each(['airtime', 'AIRTIME', 'momo', 'mpesa', 'smartcash', '', 'nope'])(
    'card modes refuse "%s" as their gateway',
    (gateway) => {
      for (const mode of ['PAYMENT_GATEWAY', 'HBB_LEADS']) {
        expect(() => resolveMethod(providers, mode, gateway)).toThrow(
          expect.objectContaining({ errorName: 'METHOD_UNAVAILABLE' }),
        );
      }
    },
  );

  it('an unknown mode, or a provider this deployment lacks, is unavailable', () => {
    expect(() => resolveMethod(providers, 'BARTER', 'paystack')).toThrow();
    expect(() => resolveMethod(new Map(), 'AIR_TIME', null)).toThrow();
  });
});
