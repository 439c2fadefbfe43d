import { describe, expect, it } from 'vitest';
import type { PaymentOption } from '@portal/contract/api/payments';
import {
  cardGateways,
  defaultMethod,
  filterForAmount,
  methodGroups,
  methodOfSlug,
  plainPushMode,
  sortAndDedupe,
  worksWithoutScript,
} from './payment-options';

const OPTIONS: PaymentOption[] = [
  { name: 'SmartCash', type: 'SMARTCASH' },
  { name: 'Paystack', type: 'PG', paymentGateway: 'paystack' },
  { name: 'Airtime', type: 'AIRTIME' },
  { name: 'UBA', type: 'PG', paymentGateway: 'uba' },
  { name: 'Naija Money', type: 'AM', ampush: true },
  { name: 'mpesa', type: 'MPESA' },
  { name: 'Cellulant', type: 'PG', paymentGateway: 'cellulant' },
  { name: 'Airtime (duplicate)', type: 'AIRTIME' },
];

describe('payment options', () => {
  it('sorts by name and keeps one option per type', () => {
    expect(sortAndDedupe(OPTIONS).map((o) => o.name)).toEqual([
      'Airtime',
      'Cellulant',
      'mpesa',
      'Naija Money',
      'SmartCash',
    ]);
  });

  it('lists every card gateway by name, once', () => {
    const withDuplicate = [
      ...OPTIONS,
      { name: 'Paystack again', type: 'PG' as const, paymentGateway: 'PAYSTACK' },
    ];
    expect(cardGateways(withDuplicate).map((o) => o.paymentGateway)).toEqual([
      'cellulant',
      'paystack',
      'uba',
    ]);
  });

  it('opens the first card option by default, else the first listed', () => {
    expect(defaultMethod(OPTIONS)?.slug).toBe('card');
    expect(defaultMethod(OPTIONS.filter((o) => o.type !== 'PG'))?.slug).toBe('airtime');
    expect(defaultMethod([])).toBeUndefined();
  });

  it('maps types to start routes, including the operator money route', () => {
    expect(methodOfSlug('card')?.type).toBe('PG');
    expect(methodOfSlug('naija-money')?.type).toBe('AM');
    expect(methodOfSlug('mpesa')?.type).toBe('MPESA');
    expect(methodOfSlug('smartcash')?.type).toBe('SMARTCASH');
    expect(methodOfSlug('airtime')?.type).toBe('AIRTIME');
    expect(methodOfSlug('cash')).toBeUndefined();
  });

  it('orders the mobile accordion groups as the spec lists them', () => {
    expect(methodGroups(OPTIONS).map((m) => m.groupKey)).toEqual([
      'payment.group.card',
      'payment.group.airtime',
      'payment.group.mobileMoney',
      'payment.group.mpesa',
      'payment.group.smartcash',
    ]);
  });

  it('keeps only mobile money under 1 USD when dual currency is on', () => {
    expect(filterForAmount(OPTIONS, { enableDualCurrency: true, usdAmount: 0.5 }).map((o) => o.type)).toEqual(
      ['AM'],
    );
    expect(filterForAmount(OPTIONS, { enableDualCurrency: true, usdAmount: 5 })).toHaveLength(OPTIONS.length);
    expect(filterForAmount(OPTIONS, { enableDualCurrency: false, usdAmount: 0.5 })).toHaveLength(
      OPTIONS.length,
    );
  });

  it('names the push modes a plain form can start: MPESA, and mobile money by prompt only', () => {
    const money = (ampush?: boolean): PaymentOption => ({
      name: 'Naija Money',
      type: 'AM',
      ...(ampush === undefined ? {} : { ampush }),
    });
    expect(plainPushMode({ name: 'mpesa', type: 'MPESA' }, false)).toBe('MPESA');
    expect(plainPushMode(money(true), true)).toBe('NAIJA_MONEY_PUSH');
    expect(plainPushMode(money(false), false)).toBeUndefined();
    // Without the option's own word, the market's enableAmPin decides (a PIN needs the page).
    expect(plainPushMode(money(), false)).toBe('NAIJA_MONEY_PUSH');
    expect(plainPushMode(money(), true)).toBeUndefined();
    expect(plainPushMode({ name: 'Airtime', type: 'AIRTIME' }, false)).toBeUndefined();
    expect(plainPushMode(undefined, false)).toBeUndefined();
  });

  it('without a script: the card, airtime and the prompts, each only where it is offered', () => {
    const method = (slug: string) => methodOfSlug(slug)!;
    const optionOf = (type: PaymentOption['type']) => OPTIONS.find((o) => o.type === type);
    expect(worksWithoutScript(method('card'), optionOf('PG'), false)).toBe(true);
    expect(worksWithoutScript(method('airtime'), optionOf('AIRTIME'), true)).toBe(true);
    expect(worksWithoutScript(method('mpesa'), optionOf('MPESA'), false)).toBe(true);
    expect(worksWithoutScript(method('smartcash'), optionOf('SMARTCASH'), false)).toBe(false);
    // A method not offered for the purchase is not offered without a script either.
    expect(worksWithoutScript(method('airtime'), undefined, false)).toBe(false);
    expect(worksWithoutScript(method('airtime'), optionOf('PG'), false)).toBe(false);
  });
});
