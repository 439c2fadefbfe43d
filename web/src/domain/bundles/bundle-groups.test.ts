import { describe, expect, it } from 'vitest';
import { exampleBundle } from '@portal/contract/testing/examples';
import { categoryIcon, compareBundles, groupBundles, OTHERS, periodOf, periodTypes } from './bundle-groups';

describe('bundle list ordering (spec §2)', () => {
  const bundles = [
    exampleBundle({ name: 'Roam', category: 'Roaming Bundles', validity: 7 }),
    exampleBundle({ name: 'Month', category: 'Data Bundles', validity: 30 }),
    exampleBundle({ name: 'Forever', category: 'Data Bundles', validity: -1, periodType: '' }),
    exampleBundle({ name: 'Day', category: 'Data Bundles', validity: 1, periodType: 'Daily' }),
    exampleBundle({ name: 'Week', category: 'Data Bundles', validity: 7, periodType: 'Weekly' }),
    exampleBundle({ name: 'Combo', category: 'Combo Bundles', validity: 30 }),
    exampleBundle({ name: 'sms', category: 'SMS Bundles', validity: 7, periodType: '  ' }),
    exampleBundle({ name: 'Loose', category: '', validity: 3 }),
    exampleBundle({ name: 'intl', category: 'international calling', validity: 30 }),
  ];

  it('groups by category, groups in alphabetical order (case-insensitive), blank category as Others', () => {
    expect(groupBundles(bundles).map((g) => g.category)).toEqual([
      'Combo Bundles',
      'Data Bundles',
      'international calling',
      OTHERS,
      'Roaming Bundles',
      'SMS Bundles',
    ]);
  });

  it('orders the groups by the names the page shows, keeping the catalogue category of each', () => {
    const hausa: Record<string, string> = {
      'Data Bundles': 'Tsare-tsaren data',
      'SMS Bundles': 'Tsare-tsaren SMS',
    };
    const groups = groupBundles(bundles, {}, (category) => hausa[category] ?? category);
    expect(groups.map((g) => [g.category, g.name])).toEqual([
      ['Combo Bundles', 'Combo Bundles'],
      ['international calling', 'international calling'],
      [OTHERS, OTHERS],
      ['Roaming Bundles', 'Roaming Bundles'],
      ['Data Bundles', 'Tsare-tsaren data'],
      ['SMS Bundles', 'Tsare-tsaren SMS'],
    ]);
  });

  it('orders a group by validity ascending (validity is a number; -1 is the Unlimited one)', () => {
    const data = groupBundles(bundles).find((g) => g.category === 'Data Bundles')!;
    expect(data.bundles.map((b) => b.name)).toEqual(['Forever', 'Day', 'Week', 'Month']);
    expect(data.bundles.map((b) => b.validity)).toEqual([-1, 1, 7, 30]);
  });

  it('breaks validity ties by price, then by name', () => {
    const ties = [
      exampleBundle({ name: 'B', validity: 7, amount: 500 }),
      exampleBundle({ name: 'A', validity: 7, amount: 500 }),
      exampleBundle({ name: 'C', validity: 7, amount: 300 }),
    ];
    expect([...ties].sort(compareBundles).map((b) => b.name)).toEqual(['C', 'A', 'B']);
  });

  it('a blank period type is listed as Others; the filter keeps one period type', () => {
    expect(periodOf({ periodType: '' })).toBe(OTHERS);
    expect(periodOf({ periodType: '  ' })).toBe(OTHERS);
    expect(periodOf({ periodType: 'Daily' })).toBe('Daily');
    expect(periodTypes(bundles)).toEqual(['Daily', 'Monthly', OTHERS, 'Weekly']);
    const others = groupBundles(bundles, { periodType: OTHERS });
    expect(others.flatMap((g) => g.bundles.map((b) => b.name))).toEqual(['Forever', 'sms']);
    expect(groupBundles(bundles, { periodType: 'Yearly' })).toEqual([]);
  });

  it('does not change the list it is given', () => {
    const copy = [...bundles];
    groupBundles(bundles);
    expect(bundles).toEqual(copy);
  });

  it('chooses the category icon by keyword: data, internet, sms, international, roaming, combo', () => {
    expect(categoryIcon('Data Bundles')).toBe('data');
    expect(categoryIcon('Social Data Bundles')).toBe('data');
    expect(categoryIcon('MiFi Internet Plans')).toBe('internet');
    expect(categoryIcon('SMS Bundles')).toBe('sms');
    expect(categoryIcon('International Calling Bundles')).toBe('international');
    expect(categoryIcon('International Data')).toBe('international');
    expect(categoryIcon('Roaming Bundles')).toBe('roaming');
    expect(categoryIcon('Roaming Data Combo')).toBe('roaming');
    expect(categoryIcon('Combo Bundles')).toBe('combo');
    expect(categoryIcon('COMBO')).toBe('combo');
    expect(categoryIcon('Voice')).toBe('bundle');
    expect(groupBundles(bundles).map((g) => g.icon)).toEqual([
      'combo',
      'data',
      'international',
      'bundle',
      'roaming',
      'sms',
    ]);
  });
});
